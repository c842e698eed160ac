"""Step-through replay of a finished game: the view as it was after its first `step` actions.

Only a game that has ended can be replayed (a live game's past would show a spectator
the draws and hands still in play). Step `k` (0 to `steps`, the number of actions in
force, chance outcomes included) is the state after the first `k` actions. What a
replayed view shows follows the live rules at that moment:

* without a token, the spectator view: `observation(-1)` for games without hidden
  information, else only the state's `public_observation()`; the log as the other seats
  read it (secrets stay `core.hidden` / `core.chance_action`). Nothing that was hidden
  from the table at step `k` is revealed by the replay, even though the game is over;
* with a seat's token, that seat's own view at step `k` (what it saw then, no more).

A replayed view is a live view without `prompt` (None) or undo, plus `replay: {step,
steps}` (and, asked for, its whole log). States are rebuilt by applying the game's
history from the nearest checkpoint (`LiveGame.replay_states`, clones made on the way,
at most `MAX_CHECKPOINTS` per game), so stepping through costs a few applied actions
per step, never a whole replay.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.api import State
from ludoteca.core.i18n import msg
from ludoteca.server.live import BadRequest, Conflict, LiveGame

MIN_SPACING = 16  # actions between two checkpoints, at least
MAX_CHECKPOINTS = 64


def replay_state(live: LiveGame, step: int) -> State:
    """The finished game `live` after its first `step` actions (0 <= step <= steps)."""
    history = live.state.history()
    spacing = max(MIN_SPACING, -(-len(history) // MAX_CHECKPOINTS))
    checkpoints = live.replay_states
    if step == len(history):
        return live.state
    start = max((c for c in checkpoints if c <= step), default=None)
    if start is None:
        state = live.state.game.new_initial_state()
        start = 0
    else:
        state = checkpoints[start].clone()
    for index in range(start, step):
        if index % spacing == 0 and index not in checkpoints:
            checkpoints[index] = state.clone()
        state.apply_action(history[index])
    if step % spacing == 0 and step not in checkpoints:
        checkpoints[step] = state.clone()
    return state


def replay_view(live: LiveGame, step: int | None, seat: int | None, full_log: bool = False) -> dict[str, Any]:
    """The view of `seat` (None: a spectator) of the finished game `live` at `step` (None:
    the end); `Conflict` if the game is not over, `BadRequest` if `step` is out of 0..steps.
    `full_log`: every action up to `step` in the log, not only the latest `LOG_LENGTH`
    (the browser's replay lists them all once, to jump to any of them)."""
    if not live.state.is_terminal():
        raise Conflict("the game is not over yet; it can be replayed once it has ended",
                       message=msg("server.error.replay_early"))
    steps = len(live.log)
    step = steps if step is None else step
    if not 0 <= step <= steps:
        raise BadRequest(f"step {step} is out of range: this game has steps 0 to {steps}",
                         message=msg("server.error.replay_step", last=steps))
    state = replay_state(live, step)
    view = live.view_at(state, live.log[:step], seat, live=False)
    if full_log:
        view["log"] = [e.shown(seat, live.seats) for e in live.log[:step]]
    view["replay"] = {"step": step, "steps": steps}
    return view
