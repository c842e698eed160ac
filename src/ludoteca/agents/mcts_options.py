"""The options of `mcts` (and `ismcts`): their allowed values, one check for all of them,
the options removed and why, and the evaluator that turns a position into values.

`check_options` raises the agent's error, naming the option and what it accepts,
for the first bad value; `MCTSAgent` documents what each option does.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ludoteca.agents.greedy import JUDGES  # how positions are valued: `game.heuristic` or `game.value`
from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError

DEFAULT_ITERATIONS = 1000
DEFAULT_DEPTH = 10  # rollout cut-off; full random rollouts (0) lose to greedy in Carcassonne
ROLLOUTS = ("random", "greedy")
CUTOFFS = ("decision", "turn")
MODELS = ("none", "others", "all")  # which decisions are modelled as `greedy` plays them
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
#: options that were measured, found useless and removed (BENCHMARKS.md) -> why
REMOVED = {
    "share": "a turn's time split between its decisions played no better than time per decision "
             "(session 3); use time=SECONDS per decision, or whole=1 for whole turns",
    "sample": "best-of-K random rollout moves did not help (session 4)",
    "narrow": "it only tuned rollout=mixed, which did not help (session 4)",
}


class Evaluator:
    """Per-seat values in (-1, 1) of a position that is not over: `tanh(judged / scale)`,
    judged by `game.heuristic` or (`judge="value"`) by `game.value`, like `returns()`
    at the end of a game."""

    __slots__ = ("judge", "scale")

    def __init__(self, judge: str, scale: float) -> None:
        self.judge = judge
        self.scale = scale

    def __call__(self, state: State) -> list[float]:
        game = state.game
        judged = game.value if self.judge == "value" else game.heuristic
        scale = self.scale
        return [math.tanh(judged(state, s) / scale) for s in range(game.num_players())]


def refuse_removed(error: Callable[[str], LudotecaError], options: dict[str, object]) -> None:
    """Raise for the first option given that the agent does not take: removed (and why), or unknown."""
    for key in options:
        if key in REMOVED:
            raise error(f"option {key!r} was removed: {REMOVED[key]}")
        raise error(f"unknown option {key!r}")


def check_options(
    error: Callable[[str], LudotecaError],
    *,
    iterations: Any, time: Any, c: Any, rollout: Any, depth: Any, scale: Any, seed: Any, clock: Any,
    cutoff: Any, prior: Any, reuse: Any, credit: Any, model: Any, horizon: Any, whole: Any, paired: Any,
    judge: Any, settle: Any,
) -> None:
    """Raise `error(message)` for the first option out of its range."""
    if iterations is not None and (type(iterations) is not int or iterations < 1):
        raise error(f"iterations must be a positive integer, got {iterations!r}")
    if time is not None and (not _is_number(time) or not time > 0):
        raise error(f"time must be a positive number of seconds, got {time!r}")
    if not _is_number(c) or c < 0:
        raise error(f"c must be a number >= 0, got {c!r}")
    if rollout == "mixed":
        raise error("rollout=mixed was removed: greedy meeples in random rollouts did not help (session 4)")
    if rollout not in ROLLOUTS:
        raise error(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
    if type(depth) is not int or depth < 0:
        raise error(f"depth must be an integer >= 0 (0: no cut-off), got {depth!r}")
    if not _is_number(scale) or not scale > 0:
        raise error(f"scale must be a positive number, got {scale!r}")
    if seed is not None and type(seed) is not int:
        raise error(f"seed must be an integer, got {seed!r}")
    if clock not in CLOCKS:
        raise error(f"clock must be one of {', '.join(CLOCKS)}, got {clock!r}")
    if cutoff not in CUTOFFS:
        raise error(f"cutoff must be one of {', '.join(CUTOFFS)}, got {cutoff!r}")
    if type(prior) is not int or prior < 0:
        raise error(f"prior must be an integer >= 0 (0: off), got {prior!r}")
    if reuse is not None and (reuse not in (0, 1) or isinstance(reuse, bool)):
        raise error(f"reuse must be 1 or 0, got {reuse!r}")
    for flag, value in (("credit", credit), ("whole", whole), ("paired", paired)):
        if value not in (0, 1) or isinstance(value, bool):
            raise error(f"{flag} must be 1 or 0, got {value!r}")
    if model not in MODELS:
        raise error(f"model must be one of {', '.join(MODELS)}, got {model!r}")
    if type(horizon) is not int or horizon < 0:
        raise error(f"horizon must be an integer >= 0 (0: none), got {horizon!r}")
    if judge not in JUDGES:
        raise error(f"judge must be one of {', '.join(JUDGES)}, got {judge!r}")
    if not _is_number(settle) or not 0 <= settle <= 1:
        raise error(f"settle must be a number from 0 (off) to 1, got {settle!r}")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
