"""The read-only fast paths of `State`: `legal_actions_view()` and `apply_chance_sample(r)`."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.api import CHANCE
from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import load_game, registered_games


def _pick(outcomes: list[tuple[int, float]], r: float) -> int:
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


@pytest.mark.parametrize("name", registered_games())
def test_chance_sample_and_legal_view_match_the_checked_api(name: str) -> None:
    """Along a random game (first 150 actions): the view equals `legal_actions()`, and
    `apply_chance_sample(r)` gives the state `apply_action` of the outcome `r` picks gives."""
    state = load_game(name, players=2).new_initial_state()
    rng = random.Random(3)
    for _ in range(150):
        if state.is_terminal():
            break
        assert list(state.legal_actions_view()) == state.legal_actions()
        if state.current_player() == CHANCE:
            r = rng.random()
            checked = state.clone()
            checked.apply_action(_pick(checked.chance_outcomes(), r))
            assert state.apply_chance_sample(r) == checked.history()[-1]
            assert state.history() == checked.history()
            assert state.full_state() == checked.full_state()
            assert state.legal_actions() == checked.legal_actions()
        else:
            with pytest.raises(LudotecaError):
                state.apply_chance_sample(0.5)
            state.apply_action(rng.choice(state.legal_actions()))
