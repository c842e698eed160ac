"""The core conformance checks over 500+ seeded tm-dice games with 1 to 4 players.

Random play terraforms slowly (a full 2-player random game is ~3,300 actions) and
the deep checks replay the whole history at every deep step, so most games start
from a scenario near the end (the `start` option; everything else as in the rules):
`check_random_simulation` runs on those. Mid-game scenarios and full-length games
get the same per-step checks (`_check_step`) with the deep ones at sampled steps.
"""

from __future__ import annotations

import random

import pytest

from ludoteca import load_game
from ludoteca.core.play import sample_chance
from ludoteca.core.record import record_of, replay
from ludoteca.core.testing import (
    _check_step,
    _snapshot,
    check_copy_integrity,
    check_information_safety,
    check_random_simulation,
)

END_GAME = {"temperature": 9, "oxygen": 7, "oceans": 7}  # one parameter done, two one step short
MID_GAME = {"temperature": 7, "oxygen": 5, "oceans": 5}


def play_checked(players: int, seed: int, deep_rate: float, start: dict[str, int] | None = None) -> int:
    """One random game with the per-step API checks; deep checks at `deep_rate` of the steps."""
    rng = random.Random(seed)
    game = load_game("tm-dice", players=players, start=start)
    state = game.new_initial_state()
    move = 0
    while True:
        _check_step(game, state, seed, move, rng, deep=rng.random() < deep_rate)
        if state.is_terminal():
            break
        state.apply_action(sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
        move += 1
    assert _snapshot(replay(record_of(state))) == _snapshot(state), f"seed {seed}: record replay differs"
    return move


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_simulation_end_game(players: int) -> None:
    # 4 x 110 = 440 games; every 55th game gets the deep checks at every step
    check_random_simulation(lambda: load_game("tm-dice", players=players, start=END_GAME), games=110,
                            seed=10_000 * players, deep_every=110 if players == 1 else 55)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_simulation_mid_game(players: int) -> None:
    for g in range(15):  # 4 x 15 = 60 games
        play_checked(players, 20_000 * players + g, deep_rate=0.005, start=MID_GAME)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_full_length_games(players: int) -> None:
    for g in range(2):  # 4 x 2 = 8 games from the rules' own setup
        assert play_checked(players, 30_000 * players + g, deep_rate=0.002) > 0


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_copy_integrity(players: int) -> None:
    check_copy_integrity(lambda: load_game("tm-dice", players=players, start=END_GAME), games=10,
                         seed=40 + players)
    check_copy_integrity(lambda: load_game("tm-dice", players=players, start=MID_GAME), games=1,
                         seed=50 + players)


def test_copy_integrity_full_game() -> None:
    check_copy_integrity(lambda: load_game("tm-dice", players=3), games=1, seed=55)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_information_safety(players: int) -> None:
    check_information_safety(lambda: load_game("tm-dice", players=players, start=MID_GAME), games=4,
                             seed=60 + players)
    check_information_safety(lambda: load_game("tm-dice", players=players), games=1, seed=70 + players)
