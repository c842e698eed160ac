"""`greedy`'s options: `explore` (random moves, the `easy` level) and `width` (a beam over a turn)."""

from __future__ import annotations

import random

import pytest
from test_search_agents import random_position

import ludoteca
from ludoteca.agents.greedy import GreedyAgent, best_turn_action, turn_ends
from ludoteca.core import LudotecaError, State
from ludoteca.core.play import play


def tm_position(actions: int = 60, seed: int = 1) -> State:
    """A Terraforming Mars decision after some random play (an action there runs to 3 decisions:
    the card, its payment, where its tile goes...)."""
    return random_position("terraforming-mars", seed, actions)


def test_width_keeps_only_the_best_follow_ups_of_a_turn() -> None:
    state = tm_position()
    seat = state.current_player()
    full = list(turn_ends(state, seat))
    for width in (1, 2):
        beam = list(turn_ends(state, seat, width=width))
        assert {turn for turn, _ in beam} <= {turn for turn, _ in full}
        assert len(beam) < len(full)
        assert {turn[0] for turn, _ in beam} == {turn[0] for turn, _ in full}  # first decisions all kept
    assert [t for t, _ in turn_ends(state, seat, width=10_000)] == [t for t, _ in full]


def test_width_0_is_the_full_search_and_a_beam_still_plays_legal_moves() -> None:
    state = tm_position()
    legal = state.legal_actions()
    assert best_turn_action(state, legal, random.Random(1)) == best_turn_action(
        state, legal, random.Random(1), width=0)
    assert best_turn_action(state, legal, random.Random(1), width=1) in legal


def test_explore_plays_random_moves_with_that_probability() -> None:
    game = ludoteca.load_game("carcassonne")
    margins = []
    for explore in (0.0, 1.0):
        state = play(game.new_initial_state(), [GreedyAgent(seed=1, explore=explore), GreedyAgent(seed=2)],
                     random.Random(3))
        margins.append(state.scores()[0] - state.scores()[1])
    assert margins[1] < margins[0]  # all at random: far behind the greedy seat
    with pytest.raises(LudotecaError, match="explore must be a number from 0 to 1"):
        GreedyAgent(explore=1.5)
    with pytest.raises(LudotecaError, match="width must be an integer >= 0"):
        GreedyAgent(width=-1)


def test_plan_plays_the_rest_of_the_chosen_turn_without_searching_again() -> None:
    game = ludoteca.load_game("terraforming-mars")
    calls = [0]
    judge = game.heuristic

    def counted(state: State, seat: int) -> float:
        calls[0] += 1
        return judge(state, seat)

    game.heuristic = counted  # type: ignore[method-assign]
    agent = GreedyAgent(seed=1, width=1, plan=1)
    state = game.new_initial_state()
    rng = random.Random(5)
    followed = 0
    while not state.is_terminal() and followed < 3:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        seat = state.current_player()
        planned = agent._planned
        before = calls[0]
        action = agent.step(state)
        done = state.history()
        if planned is not None and len(done) < len(planned) and done == planned[: len(done)] and seat == 0:
            assert calls[0] == before and action == planned[len(done)]
            followed += 1
        state.apply_action(action)
    assert followed == 3
    with pytest.raises(LudotecaError, match="plan must be 0, 1 or 2"):
        GreedyAgent(plan=3)


def test_plan_2_searches_afresh_the_last_decision_of_a_turn_cut_by_the_depth() -> None:
    # a turn cut by `depth` judged its last decision by the position right after it
    # alone: plan=2 plans the turn without it, so it is searched again when it comes
    game = ludoteca.load_game("terraforming-mars")
    agent = GreedyAgent(seed=1, width=1, plan=2, depth=2)
    state = game.new_initial_state()
    rng = random.Random(5)
    dropped = 0
    while not state.is_terminal() and dropped < 3:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        seat = state.current_player()
        before = agent._planned
        action = agent.step(state)
        planned = agent._planned
        if planned is not None and planned is not before:  # searched: a new plan
            turn = planned[len(state.history()):]
            assert turn[0] == action
            end = state.clone()
            for a in turn:
                end.apply_action(a)
            stopped_short = end.current_player() == seat and not game.turn_horizon(end)
            assert len(turn) <= 2 and (len(turn) == 1 or not stopped_short)
            dropped += len(turn) == 1 and stopped_short
        state.apply_action(action)
    assert dropped == 3
