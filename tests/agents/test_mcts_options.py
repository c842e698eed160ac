"""The effect of `mcts` options not shown elsewhere (`c`, `depth`, `scale`), and the removed ones."""

from __future__ import annotations

import math

import pytest
from test_search_agents import SMALL_BAG, carcassonne_midgame

import ludoteca
from ludoteca.agents import mcts_options
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.agents.mcts_options import REMOVED, Evaluator
from ludoteca.core import LudotecaError, State


def _top_share(agent: MCTSAgent, state: State) -> float:
    agent.step(state)
    assert agent.last_search is not None
    visits = agent.last_search.visits
    return max(visits.values()) / sum(visits.values())


def test_c_trades_exploitation_for_exploration() -> None:
    state = carcassonne_midgame(seed=4)
    greedy_share = _top_share(MCTSAgent(iterations=300, c=0.05, seed=1), state)
    spread_share = _top_share(MCTSAgent(iterations=300, c=4.0, seed=1), state)
    assert greedy_share > spread_share


def test_depth_cuts_rollouts_off_and_depth_0_plays_them_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = [0]
    original = Evaluator.__call__

    def counted(self: Evaluator, state: State) -> list[float]:
        calls[0] += 1
        return original(self, state)

    monkeypatch.setattr(mcts_options.Evaluator, "__call__", counted)
    state = ludoteca.load_game("carcassonne", bag=SMALL_BAG).new_initial_state()
    state.apply_action(state.legal_actions()[0])  # the first tile
    MCTSAgent(iterations=30, depth=0, seed=1).step(state)
    assert calls[0] == 0  # every rollout reached the end and its real returns
    MCTSAgent(iterations=30, depth=3, seed=1).step(state)
    assert calls[0] == 30  # every rollout was cut and judged


def test_scale_is_the_heuristic_points_per_unit_of_tanh() -> None:
    state = carcassonne_midgame(seed=5, actions=40)
    lead = state.game.heuristic(state, 0)
    assert lead != 0
    assert Evaluator("heuristic", 10)(state)[0] == pytest.approx(math.tanh(lead / 10))
    assert Evaluator("heuristic", 1000)(state)[0] == pytest.approx(math.tanh(lead / 1000))
    assert MCTSAgent(scale=50).evaluator.scale == 50


@pytest.mark.parametrize("option", sorted(REMOVED))
def test_removed_options_are_refused_with_the_reason(option: str) -> None:
    with pytest.raises(LudotecaError, match=f"agent 'mcts': option '{option}' was removed: .*session"):
        MCTSAgent(**{option: 1})


def test_mixed_rollouts_are_refused_with_the_reason() -> None:
    with pytest.raises(LudotecaError, match="rollout=mixed was removed"):
        MCTSAgent(rollout="mixed")
