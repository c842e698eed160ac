"""tm-dice through the research adapters (no adapter code of its own): PettingZoo's
api_test and OpenSpiel's random_sim_test, on short end-game scenarios."""

from __future__ import annotations

from ludoteca import envs

END_GAME = {"temperature": 9, "oxygen": 7, "oceans": 7}


def test_pettingzoo_api_test() -> None:
    from pettingzoo.test import api_test

    api_test(envs.env("tm-dice", players=3, start=END_GAME), num_cycles=300, verbose_progress=False)


def test_openspiel_random_sim_test() -> None:
    import pyspiel

    from ludoteca.envs import openspiel

    openspiel.register()
    game = openspiel.load_game("tm-dice", players=2, start=END_GAME)
    assert game.num_players() == 2 and game.num_distinct_actions() > 0
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
