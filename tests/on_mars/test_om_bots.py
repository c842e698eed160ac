"""The bots' evaluation (`OnMarsGame.heuristic`) and `greedy` on On Mars."""

from __future__ import annotations

import random

import pytest
from om_helpers import fresh, play, start

from ludoteca.agents import make_agent
from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars.heuristic import heuristic, worth
from ludoteca.games.on_mars.state import OnMarsState


def two_away(state: OnMarsState, kind: str) -> tuple[int, int]:
    from ludoteca.games.on_mars.board import neighbours, ring

    start_hex = next(h for h, b in state.buildings.items() if b.kind == kind)
    built = set(state.buildings)
    return next(h for h in ring(start_hex, 2) if h not in built and not set(neighbours(h)) & built)


def test_heuristic_is_the_lead_over_the_best_other_seat() -> None:
    state = start(3, seed=1)
    values = [worth(state, s) for s in range(3)]
    for seat in range(3):
        others = max(v for s, v in enumerate(values) if s != seat)
        assert heuristic(state, seat) == pytest.approx(values[seat] - others)
    state.players[0].op += 10
    assert heuristic(state, 0) > heuristic(state, 1)
    assert state.game.heuristic(state, 0) == heuristic(state, 0)


def test_a_construction_waiting_on_its_tile_draw_is_judged_by_the_outcomes() -> None:
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    p.bots[0] = two_away(state, "generator")
    target = p.bots[0]
    before = heuristic(fresh(state), seat)
    play(state, "construct-building", "build generator", f"at {target[0]},{target[1]}")
    assert state.is_chance_node()  # the tile's back is drawn before the building is finished
    assert heuristic(state, seat) > before  # the gains and the LSS move are counted already


def test_greedy_reveals_a_met_private_goal() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.goals, p.shelters_left = [7, 3, 11], 2  # 7: have 3 Shelters
    play(fresh(state), "resupply", "boost 0", "take water")
    while state.pending[-1]["k"] != "goal":
        play(state, "skip")
    action = make_agent("greedy", seed=0).step(state)
    assert state.action_to_string(action).startswith("goal 7")


def test_greedy_builds_when_it_can() -> None:
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    state.players[seat].bots[0] = two_away(state, "generator")
    action = make_agent("greedy", seed=0).step(fresh(state))
    assert state.action_to_string(action) == "construct-building"


@pytest.mark.soak
def test_greedy_against_random_games_finish() -> None:
    from ludoteca.games.on_mars.game import OnMarsGame

    for seed in range(2):
        rng = random.Random(seed)
        state = OnMarsGame(players=2).new_initial_state()
        agents = [make_agent("greedy", seed=seed), make_agent("random", seed=seed)]
        steps = 0
        while not state.is_terminal() and steps < 6000:
            legal_choice = sample_chance(state, rng) if state.is_chance_node() else None
            action = legal_choice if legal_choice is not None else agents[state.current_player()].step(state)
            state.apply_action(action)
            steps += 1
        assert state.is_terminal(), f"seed {seed}: not finished after {steps} actions"
