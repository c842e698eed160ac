"""The Dice Game's fast paths for the environments against their references, at every
decision of random games (1, 2 and 4 players): the option features' table lookup
(`TMDiceOptionFeatures.features`) is the rows `write` gives one by one
(`OptionColumns.features`), and the prompt payloads built once per id
(`views.action_payload`) are what the payload builder gives afresh, in the same key
order, at every call; `prompt(words=False)`, whose options are shared per id, is the
core `State.prompt`'s; numbers out of their bounds take the encoder's clipping paths and
still give the view encoding's vector."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import ludoteca
from ludoteca.core.api import State
from ludoteca.core.option_columns import OptionColumns
from ludoteca.core.play import sample_chance
from ludoteca.games.tm_dice import views
from ludoteca.games.tm_dice.option_features import TMDiceOptionFeatures


@pytest.mark.parametrize("players", [1, 2, 4])
def test_fast_features_and_payloads_are_the_reference(players: int) -> None:
    game = ludoteca.load_game("tm-dice", players=players)
    features = TMDiceOptionFeatures(game)
    rng = random.Random(players)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        prompt = state.prompt(words=False)
        assert prompt == State.prompt(state, words=False)
        options = prompt.options
        fast = features.features(state, options)
        assert fast.dtype == np.float32
        assert np.array_equal(fast, OptionColumns.features(features, state, options)), decisions
        for option in options:
            game.payloads.clear()  # built afresh: the reference
            fresh = views.action_payload(state, option.action)
            assert json.dumps(option.payload) == json.dumps(fresh), option.text
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    assert decisions > 100
    assert features.features(state, ()).shape == (0, features.width)


def test_encode_state_clips_out_of_bounds_numbers_as_the_reference() -> None:
    """Numbers beyond their segments' bounds (never reached in play) take the fast
    encoder's clipping paths; the vector is still the view encoding's, clipped."""
    game = ludoteca.load_game("tm-dice", players=2)
    fast, slow = game.encoder(), game.encoder()
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(200):
        chance = state.is_chance_node()
        state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))
    for seat in range(2):
        fast.encode_state(state, seat)  # remembered: the changes below must be seen
    state._dice[0] = 30
    state._pool[1] = 40
    state._discard[0] = 15
    state._hand[1] = 12
    state._used[2] = 11
    state._vp[0] = 900
    state._wild[1] = 150
    state._turn = 2000
    for seat in range(2):
        expected = slow.encode(state.observation(seat), seat)
        assert np.array_equal(fast.encode_state(state, seat), expected), seat
        assert np.array_equal(game.encoder().encode_state(state, seat), expected), seat
    views = fast.layout.views(fast.encode_state(state, 0))
    assert views["dice"][0, 0] == 1.0 and views["counters"][0] == 10.0 and views["discard"][0] == 10.0
    assert views["points"][0, 0] == 10.0 and views["private"][0, 1] == 10.0
