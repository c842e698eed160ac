"""The ludoteca.core.testing checks over seeded games (soak: `make soak`).

On Mars is not registered yet, so the record-replay part of the checks needs a
temporary registry entry (monkeypatched for the test only)."""

from __future__ import annotations

import pytest

from ludoteca.core import registry
from ludoteca.core.testing import check_copy_integrity, check_information_safety, check_random_simulation
from ludoteca.games.on_mars.game import OnMarsGame


@pytest.mark.soak
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_core_checks(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, "on-mars", "ludoteca.games.on_mars.game:OnMarsGame")
    check_random_simulation(lambda: OnMarsGame(players=players), games=10, seed=1000 * players, deep_every=10)
    check_copy_integrity(lambda: OnMarsGame(players=players), games=2, seed=1000 * players)
    check_information_safety(lambda: OnMarsGame(players=players), games=2, seed=1000 * players)


@pytest.mark.soak
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_api_checks_over_50_games_each(players: int) -> None:
    """The per-step checks of check_random_simulation (without the expensive ones) on
    200 seeded games in all, both lengths, with and without Space Oddity."""
    import random

    from ludoteca.core.play import sample_chance
    from ludoteca.core.testing import _check_step

    for seed in range(50):
        game = OnMarsGame(players=players, length=("short", "long")[seed % 2], space_oddity=seed % 3 == 0)
        rng = random.Random(10_000 + seed)
        state = game.new_initial_state()
        move = 0
        while True:
            _check_step(game, state, seed, move, rng, False)
            if state.is_terminal():
                break
            state.apply_action(
                sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
            move += 1
