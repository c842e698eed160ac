"""The core conformance checks over 1,000+ seeded random Carcassonne games."""

from __future__ import annotations

import pytest

from ludoteca import load_game
from ludoteca.core.testing import (
    check_copy_integrity,
    check_information_safety,
    check_random_simulation,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_simulation(players: int) -> None:
    # 4 x 260 = 1,040 games; every 25th game gets the deep checks at every step.
    check_random_simulation(lambda: load_game("carcassonne", players=players), games=260,
                            seed=1000 * players)


def test_copy_integrity() -> None:
    check_copy_integrity(lambda: load_game("carcassonne", players=3), games=20, seed=7)


def test_information_safety() -> None:
    check_information_safety(lambda: load_game("carcassonne", players=4), games=10, seed=11)


def test_short_bag_games() -> None:
    bag = ["base:A", "base:X", "base:C", "base:U", "base:V", "base:H"]
    check_random_simulation(lambda: load_game("carcassonne", players=2, bag=bag), games=100, seed=5,
                            deep_every=5)


@pytest.mark.soak
def test_soak_random_simulation() -> None:
    check_random_simulation(lambda: load_game("carcassonne", players=2), games=5000, seed=99)


@pytest.mark.parametrize("players", [2, 6])
def test_random_simulation_inns_cathedrals(players: int) -> None:
    check_random_simulation(
        lambda: load_game("carcassonne", players=players, expansions=["inns_cathedrals"]),
        games=60, seed=50_000 + players,
    )


def test_copy_integrity_inns_cathedrals() -> None:
    check_copy_integrity(
        lambda: load_game("carcassonne", players=6, expansions=["inns_cathedrals"]), games=10, seed=3
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_simulation_all_expansions(players: int) -> None:
    # 5 x 200 = 1,000 games; the random Wonder offer is drawn when each game is made
    check_random_simulation(
        lambda: load_game("carcassonne", players=players, expansions=["inns_cathedrals", "wonders"]),
        games=200, seed=70_000 + players, deep_every=50,
    )


def test_copy_integrity_and_information_safety_wonders() -> None:
    def factory():
        return load_game("carcassonne", players=4, expansions=["inns_cathedrals", "wonders"])

    check_copy_integrity(factory, games=8, seed=21)
    check_information_safety(factory, games=4, seed=22)
