"""The read-only fast paths of `State`: `legal_actions_view()` and `apply_chance_sample(r)`."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.api import CHANCE, pick_outcome
from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import load_game, registered_games


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
            checked.apply_action(pick_outcome(checked.chance_outcomes(), r))
            assert state.apply_chance_sample(r) == checked.history()[-1]
            assert state.history() == checked.history()
            assert state.full_state() == checked.full_state()
            assert state.legal_actions() == checked.legal_actions()
        else:
            with pytest.raises(LudotecaError):
                state.apply_chance_sample(0.5)
            state.apply_action(rng.choice(state.legal_actions()))


def test_pick_outcome_takes_the_first_cumulative_probability_above_the_draw() -> None:
    outcomes = [(7, 0.25), (8, 0.5), (9, 0.25)]
    draws = (0.0, 0.2499, 0.25, 0.7499, 0.75, 0.9999)
    assert [pick_outcome(outcomes, r) for r in draws] == [7, 7, 8, 8, 9, 9]
    assert pick_outcome([(1, 0.3), (2, 0.3)], 0.99) == 2  # probabilities short of 1: the last
