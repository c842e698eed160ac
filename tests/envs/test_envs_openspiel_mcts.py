"""OpenSpiel extras: the information-state tensor says it is missing; Ludoteca's MCTS evaluator."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

from ludoteca.agents.greedy import best_turn_end  # noqa: E402
from ludoteca.core import LudotecaError  # noqa: E402
from ludoteca.envs import openspiel  # noqa: E402
from ludoteca.envs.openspiel_mcts import LudotecaEvaluator  # noqa: E402

SMALL_BAG = ["base:" + c for c in "ABCDEFGHIJKLMNO"]


def _after_draw(game):
    state = game.new_initial_state()
    state.apply_action(int(state.chance_outcomes()[0][0]))
    return state


def test_information_state_tensor_raises_a_clear_error() -> None:
    game = openspiel.load_game("carcassonne", players=2)
    assert not game.get_type().provides_information_state_tensor
    state = _after_draw(game)
    with pytest.raises(LudotecaError, match=r"no information-state tensor.*observation_tensor"):
        state.information_state_tensor(0)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert state.information_state_string(0)  # the string is provided


def test_evaluate_is_tanh_of_the_judged_lead_and_returns_at_the_end() -> None:
    game = openspiel.load_game("carcassonne", players=2, bag=SMALL_BAG)
    state = _after_draw(game)
    inner = state.ludoteca_state
    for judge in ("value", "heuristic"):
        judged = getattr(inner.game, judge)
        values = LudotecaEvaluator(judge=judge, scale=10.0).evaluate(state)
        assert values == pytest.approx(np.tanh([judged(inner, 0) / 10.0, judged(inner, 1) / 10.0]))
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(state.legal_actions()[0])
    assert LudotecaEvaluator().evaluate(state).tolist() == state.returns()


def test_priors_are_distributions_and_greedy_prefers_the_greedy_turn() -> None:
    game = openspiel.load_game("carcassonne", players=2)
    state = _after_draw(game)
    legal = state.legal_actions()
    uniform = LudotecaEvaluator().prior(state)
    assert [a for a, _ in uniform] == legal and sum(p for _, p in uniform) == pytest.approx(1.0)
    evaluator = LudotecaEvaluator(prior="greedy", judge="heuristic", temperature=1.0)
    rng = np.random.RandomState(3)
    uneven = 0
    for _ in range(30):  # the first decisions of a random game
        while state.is_chance_node():
            state.apply_action(int(state.chance_outcomes()[0][0]))
        legal = state.legal_actions()
        greedy = dict(evaluator.prior(state))
        assert sorted(greedy) == legal and sum(greedy.values()) == pytest.approx(1.0)
        seat, inner = state.current_player(), state.ludoteca_state
        values = {a: best_turn_end(inner, a, seat, 3, "heuristic")[0] for a in legal}
        assert max(greedy, key=greedy.__getitem__) in [a for a in legal if values[a] == max(values.values())]
        uneven += max(greedy.values()) > 1.0 / len(legal) + 1e-9
        state.apply_action(int(rng.choice(legal)))
    assert uneven >= 5
    chance = game.new_initial_state()
    assert LudotecaEvaluator(prior="greedy").prior(chance) == chance.chance_outcomes()
    with pytest.raises(LudotecaError, match="prior must be"):
        LudotecaEvaluator(prior="best")
    with pytest.raises(LudotecaError, match="judges ludoteca OpenSpiel states"):
        LudotecaEvaluator().evaluate(pyspiel.load_game("tic_tac_toe").new_initial_state())


def test_mcts_bot_with_the_evaluator_plays_a_game() -> None:
    """200 simulations a move play a whole short game, against OpenSpiel's random agent."""
    game = openspiel.load_game("carcassonne", players=2, bag=SMALL_BAG)
    bot = mcts.MCTSBot(game, 1.4, 200, LudotecaEvaluator(prior="greedy"),
                       random_state=np.random.RandomState(1))
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.is_terminal() and state.returns()[0] in (1.0, 0.0, -1.0)
