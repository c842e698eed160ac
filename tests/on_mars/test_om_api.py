"""Core API consistency over bounded random walks, clones, observations and resampling
(whole games with the `ludoteca.core.testing` checks: `test_om_checks.py`, `test_om_soak.py`)."""

from __future__ import annotations

import json
import random

import pytest

from ludoteca.core.play import sample_chance
from ludoteca.core.testing import _check_step  # the per-step checks of check_random_simulation
from ludoteca.games.on_mars.game import OnMarsGame


def walk(players: int, seed: int, steps: int, deep_every: int = 15) -> None:
    rng = random.Random(seed)
    game = OnMarsGame(players=players)
    state = game.new_initial_state()
    for move in range(steps):
        _check_step(game, state, seed, move, rng, deep=move % deep_every == 0)
        if state.is_terminal():
            break
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert again.serialize() == state.serialize()
    assert json.dumps(again.full_state(), sort_keys=True) == json.dumps(state.full_state(), sort_keys=True)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_walk_is_consistent(players: int) -> None:
    walk(players, seed=players, steps=250)


def test_clone_is_independent() -> None:
    rng = random.Random(3)
    state = OnMarsGame(players=3).new_initial_state()
    for _ in range(120):
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    before = json.dumps(state.full_state(), sort_keys=True)
    clone = state.clone()
    for _ in range(150):
        clone.apply_action(
            sample_chance(clone, rng) if clone.is_chance_node() else rng.choice(clone.legal_actions())
        )
    assert json.dumps(state.full_state(), sort_keys=True) == before


def test_observation_hides_other_goals_and_resampling_respects_it() -> None:
    rng = random.Random(5)
    state = OnMarsGame(players=3).new_initial_state()
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    view = state.observation(0)
    assert isinstance(view["players"][0]["goals"], list) and view["players"][1]["goals"] == 3
    views = [state.observation(s) for s in range(3)]
    for seat in range(3):
        other = state.resample_from_infostate(seat, random.Random(seat))
        assert other.observation(seat) == views[seat]
        assert other.players[seat].goals == state.players[seat].goals
        dealt = [g for p in other.players for g in p.goals]
        assert len(dealt) == len(set(dealt)) == 9
    assert [state.observation(s) for s in range(3)] == views


@pytest.mark.parametrize("players", [1, 3])
def test_core_information_safety(players: int) -> None:
    from ludoteca.core.testing import check_information_safety

    check_information_safety(lambda: OnMarsGame(players=players), games=1, seed=players)


def test_random_games_reach_the_end_and_score() -> None:
    for players in (1, 2, 3, 4):
        rng = random.Random(players)
        state = OnMarsGame(players=players).new_initial_state()
        while not state.is_terminal():
            step = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            state.apply_action(step)
        assert state.stage == "over" and len(state.returns()) == players
