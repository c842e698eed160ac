"""`decision_features(state)`, the option features read from the state without a prompt, gives
exactly the prompt path's ids and rows (`features(state, state.prompt(words=False).options)`)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ludoteca.core.play import sample_chance
from ludoteca.core.registry import load_game
from ludoteca.envs.options import decision_features, option_features_for

CASES = [
    ("carcassonne", {"players": 2}, 3), ("carcassonne", {"players": 4}, 1),
    ("carcassonne", {"players": 2, "expansions": ["inns_cathedrals"]}, 2),
    ("carcassonne", {"players": 3, "expansions": ["wonders"]}, 1),
    ("tm-dice", {"players": 2}, 3), ("tm-dice", {"players": 1}, 1), ("tm-dice", {"players": 4}, 1),
]


@pytest.mark.parametrize(("name", "options", "games"), CASES)
def test_decision_features_are_the_prompt_path(name: str, options: dict, games: int) -> None:
    game = load_game(name, **options)
    fast, slow = option_features_for(game), option_features_for(game)  # separate caches
    rng = random.Random(7)
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            prompt = state.prompt(words=False).options
            got = decision_features(fast, state)
            if got is not None:
                ids, rows = got
                assert ids.dtype == np.int64 and rows.dtype == np.float32
                assert ids.tolist() == [o.action for o in prompt]
                np.testing.assert_array_equal(rows, slow.features(state, prompt))
                decisions += 1
            else:
                assert "wonders" in options.get("expansions", ())
            state.apply_action(rng.choice(state.legal_actions()))
    assert decisions > 0 or "wonders" in options.get("expansions", ())


def test_decision_features_not_at_chance_or_the_end() -> None:
    game = load_game("carcassonne", players=2)
    featurizer = option_features_for(game)
    state = game.new_initial_state()
    assert state.is_chance_node() and decision_features(featurizer, state) is None
    assert decision_features(option_features_for(load_game("on-mars", players=2)), state) is None
