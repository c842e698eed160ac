"""Carcassonne's encoder writes only what changed since its last call: an observation changed
in place by its caller, and calls alternating between seats, states and games, still give the
vector a fresh encoder gives."""

from __future__ import annotations

import random

import numpy as np

from ludoteca.core.play import sample_chance
from ludoteca.core.registry import load_game


def _states(options: dict, seed: int, decisions: int) -> list:
    game = load_game("carcassonne", **options)
    state, rng, out = game.new_initial_state(), random.Random(seed), []
    while not state.is_terminal() and len(out) < decisions:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return out


def test_an_observation_changed_in_place_is_encoded_again() -> None:
    game = load_game("carcassonne", players=2)
    state = _states({"players": 2}, 3, 30)[-1]
    encoder = game.encoder()
    observation = state.observation(0)
    first = encoder.encode(observation, 0)
    observation["scores"][0] += 50  # the caller's own lists, changed in place
    observation["supply"][1] -= 1
    again = encoder.encode(observation, 0)
    assert not np.array_equal(first, again)
    assert np.array_equal(again, game.encoder().encode(observation, 0))


def test_calls_in_any_order_give_a_fresh_encoders_vector() -> None:
    options = {"players": 3}
    game = load_game("carcassonne", **options)
    states = _states(options, 5, 60) + _states(options, 6, 40)
    order = list(range(len(states)))
    random.Random(1).shuffle(order)
    encoder = game.encoder()
    for i in order:
        for seat in (i % 3, (i + 1) % 3):
            expected = game.encoder().encode_state(states[i], seat)
            assert np.array_equal(encoder.encode_state(states[i], seat), expected)
            assert np.array_equal(encoder.encode(states[i].observation(seat), seat), expected)
