"""Every encoder's fast path (`encode_state`, read from the engine's state) against the
view-based reference (`encode(state.observation(seat), seat)`): identical vectors for
every seat, after every move of random games, with the vector written into `out` too,
and then on a sample of those states in random order (a fast path that keeps caches
must key them on what it reads, not on the order of the calls)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.core.play import sample_chance

CASES = [
    ("tm-dice", {"players": 2}, 2), ("tm-dice", {"players": 1}, 1), ("tm-dice", {"players": 4}, 1),
    ("terraforming-mars", {"players": 2}, 2), ("terraforming-mars", {"players": 1}, 1),
    ("terraforming-mars", {"players": 3, "draft": True}, 1),
    ("carcassonne", {"players": 2}, 2), ("carcassonne", {"players": 3, "expansions": ["wonders"]}, 1),
    ("on-mars", {"players": 2}, 1), ("on-mars", {"players": 1}, 1), ("on-mars", {"players": 3}, 1),
]


@pytest.mark.parametrize(("name", "options", "games"), CASES)
def test_encode_state_is_the_view_encoding(name: str, options: dict, games: int) -> None:
    game = ludoteca.load_game(name, **options)
    fast, slow = game.encoder(), game.encoder()
    assert hasattr(fast, "encode_state")
    out = fast.layout.zeros()
    rng = random.Random(7)
    sample = []
    for g in range(games):
        state = game.new_initial_state()
        moves = 0
        while True:
            for seat in range(game.num_players()):
                expected = slow.encode(state.observation(seat), seat)
                got = fast.encode_state(state, seat)
                assert np.array_equal(got, expected), (g, moves, seat)
                fast.encode_state(state, seat, out)
                assert np.array_equal(out, expected)
            if rng.random() < 0.05:
                sample.append(state.clone())
            if state.is_terminal():
                break
            chance = state.is_chance_node()
            state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))
            moves += 1
    rng.shuffle(sample)
    for state in sample:
        for seat in range(game.num_players()):
            assert np.array_equal(fast.encode_state(state, seat), slow.encode(state.observation(seat), seat))
