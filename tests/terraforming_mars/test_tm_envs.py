"""Terraforming Mars through the research adapters (no adapter code of its own):
PettingZoo's api_test and seed_test, and OpenSpiel's random_sim_test, on games capped
at two generations (`max_generations`) to keep them short."""

from __future__ import annotations

from ludoteca import envs

SHORT = {"players": 2, "max_generations": 2}


def test_pettingzoo_api_and_seed_tests() -> None:
    from pettingzoo.test import api_test, seed_test

    api_test(envs.env("terraforming-mars", **SHORT), num_cycles=200, verbose_progress=False)
    seed_test(lambda render_mode=None: envs.env("terraforming-mars", **SHORT), num_cycles=100)


def test_openspiel_random_sim_test() -> None:
    import pyspiel

    from ludoteca.envs import openspiel

    openspiel.register()
    game = openspiel.load_game("terraforming-mars", **SHORT)
    assert game.num_players() == 2
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
