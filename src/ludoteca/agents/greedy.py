"""One-turn greedy player: the action whose resulting position the game's heuristic likes best.

When an action leaves the same seat to decide again (in Carcassonne, placing a tile
is followed by the meeple decision), the follow-up is searched too, so the whole turn
is judged as one. Ties are broken at random.

`greedy:judge=value` judges positions by `game.value` (a model fitted to self-play,
where the game has one) instead of `game.heuristic`; `depth` (default 3) bounds the
decisions of one turn searched together. `greedy:explore=P` plays a uniformly random
legal action instead with probability P at each decision (the `easy` level of most
games; 0, the default, draws nothing extra from the generator). `greedy:plan=1` keeps
the rest of the turn the search chose and plays it, without searching again, while
the position is the one the search expected (its history a prefix of the planned
turn's): the turn's later decisions are then as the beam judged them, at a fraction
of the cost. `greedy:plan=2` is `plan=1` except where the chosen turn was cut by
`depth` (its end still the seat's decision, short of `game.turn_horizon`): its last
decision was judged by the position right after it alone, so it is searched afresh
when it comes (in Terraforming Mars as strong as `plan=1` over 400 paired games:
BENCHMARKS.md, "Terraforming Mars greedy (issue 21, session 12)").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError

JUDGES = ("heuristic", "value")


class GreedyAgent:
    name = "greedy"

    def __init__(
        self, seed: int | None = None, depth: int = 3, judge: str = "heuristic", explore: float = 0.0,
        width: int = 0, plan: int = 0,
    ) -> None:
        if judge not in JUDGES:
            raise LudotecaError(f"agent 'greedy': judge must be one of {', '.join(JUDGES)}, got {judge!r}")
        if not isinstance(explore, int | float) or isinstance(explore, bool) or not 0 <= explore <= 1:
            raise LudotecaError(f"agent 'greedy': explore must be a number from 0 to 1, got {explore!r}")
        if type(width) is not int or width < 0:
            raise LudotecaError(f"agent 'greedy': width must be an integer >= 0 (0: all), got {width!r}")
        if plan not in (0, 1, 2) or isinstance(plan, bool):
            raise LudotecaError(f"agent 'greedy': plan must be 0, 1 or 2, got {plan!r}")
        self._plan = plan > 0
        self._replan_cut = plan == 2
        self._planned: list[int] | None = None  # the history at the end of the turn chosen
        self._explore = float(explore)
        self._width = width
        self._seed = seed
        self._rng = random.Random(seed)
        self._depth = depth
        self._judge = judge

    def reset(self, seed: int | None = None) -> None:
        self._rng = random.Random(self._seed if seed is None else seed)
        self._planned = None

    def reseed(self, seed: int) -> None:
        """A new generator; the planned turn is kept (see `agents.reseed`)."""
        self._rng = random.Random(seed)

    def step(self, state: State) -> int:
        if self._explore and self._rng.random() < self._explore:
            return self._rng.choice(state.legal_actions())
        legal = state.legal_actions()
        if not self._plan:
            return best_turn_action(state, legal, self._rng, self._depth, self._judge, self._width)
        planned = self._planned
        if planned is not None:
            done = state.history()
            if len(done) < len(planned) and planned[: len(done)] == done and planned[len(done)] in legal:
                return planned[len(done)]
        action, end = best_turn(state, legal, self._rng, self._depth, self._judge, self._width)
        if end is None:
            self._planned = None
            return action
        planned = end.history()
        if self._replan_cut and len(planned) - len(state.history()) >= self._depth and cut(end, state):
            planned = planned[:-1]
        self._planned = planned
        return action


def cut(end: State, start: State) -> bool:
    """Whether the turn from `start` to `end` stopped short of its natural end: the seat
    that began it still decides at `end`, which is no `game.turn_horizon`."""
    return (not end.is_terminal() and end.current_player() == start.current_player()
            and not end.game.turn_horizon(end))


def best_turn_action(
    state: State, legal: list[int], rng: random.Random, depth: int = 3, judge: str = "heuristic",
    width: int = 0,
) -> int:
    """The action of `legal` with the best whole-turn value for the seat to move (ties at random;
    a single legal action is not searched, but draws from `rng` all the same)."""
    return best_turn(state, legal, rng, depth, judge, width)[0]


def best_turn(
    state: State, legal: list[int], rng: random.Random, depth: int = 3, judge: str = "heuristic",
    width: int = 0,
) -> tuple[int, State | None]:
    """`best_turn_action` and the position at the end of the best turn it begins (None
    when there was a single legal action, not searched)."""
    if len(legal) == 1:
        return rng.choice(legal), None
    seat = state.current_player()
    best: list[tuple[int, State]] = []
    best_value = float("-inf")
    for action in legal:
        value, end = best_turn_end(state, action, seat, depth, judge, width)
        if value > best_value:
            best, best_value = [(action, end)], value
        elif value == best_value:
            best.append((action, end))
    action, end = rng.choice(best)
    return action, end


def best_turn_end(
    state: State, action: int, seat: int, depth: int = 3, judge: str = "heuristic", width: int = 0
) -> tuple[float, State]:
    """`seat`'s value (by `game.heuristic`, or `game.value` with `judge="value"`) after
    `action` and its best follow-ups in the same turn.

    Up to `depth` consecutive decisions of `seat` are searched (all of them, or with
    `width` the beam of `turn_ends`). Returns the value and the position it was found in
    (a new state; `state` is left unchanged)."""
    judged = state.game.value if judge == "value" else state.game.heuristic
    ends = turn_ends(state, seat, depth, action, width, judged)
    return max(
        ((judged(after, seat), after) for _, after in ends),
        key=lambda found: found[0],
    )


def turn_ends(
    state: State, seat: int, depth: int = 3, first: int | None = None, width: int = 0,
    judged: Callable[[State, int], float] | None = None,
) -> Iterator[tuple[tuple[int, ...], State]]:
    """Every way `seat` can finish its turn from `state`: the actions and the position after them.

    A turn is `seat`'s consecutive decisions, up to `depth` of them, and ends early at a
    position where `game.turn_horizon` says the game's heuristic judges it as it stands;
    with `first`, only the turns that begin with that action. `state` is left unchanged.

    With `width=W > 0` the search is a beam: of the options of a decision after the
    turn's first that would lead to a further decision of the turn, only the W whose
    position right after them `judged` (default `game.heuristic`) likes best (the
    earlier on ties) are continued; the others are left out. The turn's first
    decisions and its last are never cut."""

    Turn = tuple[tuple[int, ...], State]
    judge = judged or state.game.heuristic
    horizon = state.game.turn_horizon

    def goes_on(after: State, turn: tuple[int, ...]) -> bool:
        return len(turn) < depth and after.current_player() == seat and not horizon(after)

    def finish(position: State, done: tuple[int, ...], actions: list[int]) -> Iterator[Turn]:
        if width and done and len(actions) > width and len(done) + 1 < depth:
            yield from beam(position, done, actions)
            return
        for action in actions:
            after = position.clone()
            after.apply_action(action)
            turn = (*done, action)
            if goes_on(after, turn):
                yield from finish(after, turn, after.legal_actions())
            else:
                yield turn, after

    def beam(position: State, done: tuple[int, ...], actions: list[int]) -> Iterator[Turn]:
        going: list[tuple[float, int, tuple[int, ...], State]] = []
        for index, action in enumerate(actions):
            after = position.clone()
            after.apply_action(action)
            turn = (*done, action)
            if goes_on(after, turn):
                going.append((-judge(after, seat), index, turn, after))
            else:
                yield turn, after
        going.sort(key=lambda entry: entry[:2])
        for _, _, turn, after in going[:width]:
            yield from finish(after, turn, after.legal_actions())

    yield from finish(state, (), state.legal_actions() if first is None else [first])
