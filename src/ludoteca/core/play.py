"""Driving a game: sampling chance outcomes and playing agents against each other."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ludoteca.core.api import State, pick_outcome


class Agent(Protocol):
    """A player: chooses one legal action for the seat to move."""

    @property
    def name(self) -> str: ...

    def reset(self, seed: int | None = None) -> None: ...

    def step(self, state: State) -> int: ...


def sample_chance(state: State, rng: random.Random) -> int:
    """Draw one chance outcome with its probability."""
    return pick_outcome(state.chance_outcomes(), rng.random())


def play(
    state: State,
    agents: Sequence[Agent],
    rng: random.Random,
    on_action: Callable[[State, int], None] | None = None,
) -> State:
    """Play `state` to the end in place: chance from `rng`, seat i played by `agents[i]`."""
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = agents[state.current_player()].step(state)
        if on_action is not None:
            on_action(state, action)
        state.apply_action(action)
    return state
