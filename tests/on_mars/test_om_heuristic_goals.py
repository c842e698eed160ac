"""The bots' evaluation of Private Goals held, and the heuristic's shortcuts that must
not change its values (`heuristic.Board`, the tile-draw expectation)."""

from __future__ import annotations

import pytest
from om_helpers import fresh, play, start
from test_om_bots import two_away

from ludoteca.games.on_mars import heuristic_plans as plans
from ludoteca.games.on_mars.goals import discard_goal, goal_count
from ludoteca.games.on_mars.heuristic import Board, heuristic, worth


def test_a_held_goal_is_worth_the_share_of_its_condition_met() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.goals, p.shelters_left = [7], 3  # 7: have 3 Shelters on Mars; 2 there now
    hope = plans.GOAL_HOPE * plans.GOAL_DONE * 2 / 3
    assert plans.goal_value(state, seat) == pytest.approx(hope)
    state.end_rounds = 1  # the end triggered: little time left
    assert plans.goal_value(state, seat) == pytest.approx(hope * plans.LATE)
    state.end_rounds = -1
    p.goal_done, p.goals = 7, []  # revealed: `heuristic.GOAL_DONE` counts it instead
    assert plans.goal_value(state, seat) == 0.0


def test_only_the_best_held_goal_counts_and_the_others_go_for_crystals() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.goals, p.shelters_left = [7, 11], 3  # 7 two thirds met; 11: 3 ships in the Hangar, none yet
    assert goal_count(state, seat, "ships_in_hangar") == 0
    assert plans.goal_value(state, seat) == pytest.approx(plans.GOAL_HOPE * plans.GOAL_DONE * 2 / 3)
    kept_best, kept_other = state.clone(), state.clone()
    discard_goal(kept_best, seat, 11)
    discard_goal(kept_other, seat, 7)
    assert worth(fresh(kept_best), seat) > worth(state, seat) > worth(fresh(kept_other), seat)


def test_the_shared_board_gives_every_seat_the_same_worth() -> None:
    state = start(3, seed=4)
    board = Board.of(state)
    for seat in range(3):
        assert worth(state, seat, board) == worth(state, seat)


def test_tile_draws_placing_the_same_crystals_are_judged_once_with_the_same_expectation() -> None:
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    p.bots[0] = two_away(state, "generator")
    target = p.bots[0]
    play(fresh(state), "construct-building", "build generator", f"at {target[0]},{target[1]}")
    assert state.is_chance_node() and state.top()["to"] == "build"
    expected = 0.0
    for action, chance in state.chance_outcomes():
        child = state.clone()
        child.apply_action(action)
        expected += chance * heuristic(child, seat, 1)
    assert heuristic(state, seat) == expected
