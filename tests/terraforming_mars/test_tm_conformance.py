"""The core conformance checks over 200+ seeded random Terraforming Mars games (1 to 5 players).

Each game is a complete standard game: corporations dealt and chosen, starting and
research purchases, every project card of the base set, milestones, awards and the
final greenery conversion. The first game of each run (and every `deep_every`-th)
gets the expensive checks at every step; the others at a few random steps.
"""

from __future__ import annotations

import pytest

from ludoteca import load_game
from ludoteca.core.testing import (
    check_copy_integrity,
    check_information_safety,
    check_random_simulation,
)


@pytest.mark.parametrize(("players", "games"), [(1, 30), (2, 70), (3, 50), (4, 36), (5, 24)])
def test_random_simulation(players: int, games: int) -> None:
    # 30 + 70 + 50 + 36 + 24 = 210 whole games, solo to 5 players; the first of each run is
    # checked deeply at every step
    check_random_simulation(lambda: load_game("terraforming-mars", players=players), games=games,
                            seed=1000 * players, deep_every=1000)


def test_five_players_and_beginner_corporations() -> None:
    # a 5-player game checked deeply at every step takes long: the soak run does that
    check_copy_integrity(lambda: load_game("terraforming-mars", players=5), games=1, seed=5000)
    check_information_safety(lambda: load_game("terraforming-mars", players=5), games=2, seed=5001)
    check_random_simulation(lambda: load_game("terraforming-mars", players=2, corporations="beginner"),
                            games=6, seed=77, deep_every=1000)


def test_copy_integrity() -> None:
    check_copy_integrity(lambda: load_game("terraforming-mars", players=3), games=4, seed=7)


@pytest.mark.parametrize("players", [2, 4])
def test_information_safety(players: int) -> None:
    check_information_safety(lambda: load_game("terraforming-mars", players=players), games=6, seed=11)


@pytest.mark.soak
def test_soak_random_simulation() -> None:
    for players in (1, 2, 3, 4, 5):
        check_random_simulation(lambda p=players: load_game("terraforming-mars", players=p), games=500,
                                seed=50_000 + players, deep_every=50)
