"""The uniform random player."""

from __future__ import annotations

import random

from ludoteca.core.api import State


class RandomAgent:
    name = "random"
    #: a step costs one pick among the legal actions: a server may run it in place
    instant = True

    def __init__(self, seed: int | None = None) -> None:
        self._seed = seed
        self._rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        self._rng = random.Random(self._seed if seed is None else seed)

    def reseed(self, seed: int) -> None:
        """A new generator, nothing else forgotten (see `agents.reseed`)."""
        self._rng = random.Random(seed)

    def step(self, state: State) -> int:
        return self._rng.choice(state.legal_actions())
