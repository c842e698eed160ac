"""The options of `mcts` (and `ismcts`): their allowed values and one check for all of them.

`check_options` raises the agent's error, naming the option and what it accepts,
for the first bad value; `MCTSAgent` documents what each option does.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ludoteca.agents.greedy import JUDGES  # how positions are valued: `game.heuristic` or `game.value`
from ludoteca.core.errors import LudotecaError

DEFAULT_ITERATIONS = 1000
DEFAULT_DEPTH = 10  # rollout cut-off; full random rollouts (0) lose to greedy in Carcassonne
ROLLOUTS = ("random", "greedy", "mixed")
DEFAULT_NARROW = 8  # `rollout=mixed`: decisions with at most this many options are played greedily
CUTOFFS = ("decision", "turn")
MODELS = ("none", "others", "all")  # which decisions are modelled as `greedy` plays them
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def check_options(
    error: Callable[[str], LudotecaError],
    *,
    iterations: Any, time: Any, c: Any, rollout: Any, depth: Any, scale: Any, seed: Any, clock: Any,
    cutoff: Any, prior: Any, reuse: Any, share: Any, narrow: Any, sample: Any, model: Any, horizon: Any,
    whole: Any, paired: Any, judge: Any,
) -> None:
    """Raise `error(message)` for the first option out of its range."""
    if iterations is not None and (type(iterations) is not int or iterations < 1):
        raise error(f"iterations must be a positive integer, got {iterations!r}")
    if time is not None and (not _is_number(time) or not time > 0):
        raise error(f"time must be a positive number of seconds, got {time!r}")
    if not _is_number(c) or c < 0:
        raise error(f"c must be a number >= 0, got {c!r}")
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
    if reuse not in (0, 1) or isinstance(reuse, bool):
        raise error(f"reuse must be 1 or 0, got {reuse!r}")
    if not _is_number(share) or not 0 < share <= 1:
        raise error(f"share must be a number in (0, 1], got {share!r}")
    if type(narrow) is not int or narrow < 1:
        raise error(f"narrow must be a positive integer, got {narrow!r}")
    if type(sample) is not int or sample < 1:
        raise error(f"sample must be a positive integer (1: uniform), got {sample!r}")
    for flag, value in (("whole", whole), ("paired", paired)):
        if value not in (0, 1) or isinstance(value, bool):
            raise error(f"{flag} must be 1 or 0, got {value!r}")
    if model not in MODELS:
        raise error(f"model must be one of {', '.join(MODELS)}, got {model!r}")
    if type(horizon) is not int or horizon < 0:
        raise error(f"horizon must be an integer >= 0 (0: none), got {horizon!r}")
    if share < 1 and time is None:
        raise error("share needs a time budget (time=SECONDS per turn)")
    if judge not in JUDGES:
        raise error(f"judge must be one of {', '.join(JUDGES)}, got {judge!r}")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
