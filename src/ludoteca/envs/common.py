"""What the PettingZoo and Gymnasium environments share: chance, masks and seats.

* `resolve_chance(state, rng)`: applies chance outcomes drawn from a numpy
  `Generator` until a seat must decide (or the game is over). One uniform draw per
  chance node, compared with the outcomes' cumulative probabilities, so the same
  seed gives the same game in both environments.
* `action_mask(state, seat, n)`: int8 vector of length `n`, 1 exactly on
  `legal_actions()` when `seat` is to move, all 0 otherwise.
* `agent_name(seat)`: `"player_<seat>"`, the agents' names.
"""

from __future__ import annotations

import numpy as np

from ludoteca.core.api import CHANCE, State


def resolve_chance(state: State, rng: np.random.Generator) -> int:
    """Apply chance outcomes drawn from `rng` until a seat decides; return how many were applied."""
    applied = 0
    while state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        r = rng.random()
        action = outcomes[-1][0]
        acc = 0.0
        for outcome, p in outcomes:
            acc += p
            if r < acc:
                action = outcome
                break
        state.apply_action(action)
        applied += 1
    return applied


def action_mask(state: State, seat: int, num_actions: int) -> np.ndarray:
    """1 on the legal actions of `seat` if it is to move, else all 0 (int8, length `num_actions`)."""
    mask = np.zeros(num_actions, dtype=np.int8)
    if state.current_player() == seat:
        mask[state.legal_actions()] = 1
    return mask


def agent_name(seat: int) -> str:
    return f"player_{seat}"


__all__ = ["action_mask", "agent_name", "resolve_chance"]
