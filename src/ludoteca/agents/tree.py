"""The search tree of `mcts` and `ismcts`: nodes with per-seat value sums, and what a search did."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass


class Node:
    """A tree node: visit count, per-seat value sums and children by key.

    `avail` counts the iterations in which this node's action was legal when its
    parent was visited; only information-set MCTS uses it. `seeded` marks a decision
    node whose children were all created with heuristic priors; `fresh` a child so
    created that no iteration has entered yet. `modelled` caches the choice of a
    decision that is modelled rather than searched (`model=others|all`).
    """

    __slots__ = ("avail", "children", "fresh", "modelled", "seeded", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * players
        self.seeded = False
        self.fresh = False
        self.modelled: int | None = None

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the last `step` did: iterations completed, seconds spent, root visits by action.

    `reused` is the number of visits the root already had from earlier searches."""

    iterations: int
    seconds: float
    visits: dict[int, int]
    reused: int = 0

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else math.inf
