"""How `mcts`/`ismcts` spend their budget: `settle` stops a search whose choice is settled."""

from __future__ import annotations

import time

import pytest
from test_search_agents import carcassonne_midgame, kuhn_after

from ludoteca.agents import mcts as mcts_module
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.core import LudotecaError, State


def _clear_call() -> State:
    """Seat 1 holds the top card against a bet: calling wins 2 chips, folding loses 1."""
    state = kuhn_after((0, 2), ["bet"])
    assert state.current_player() == 1
    return state


@pytest.mark.parametrize("agent_class", [MCTSAgent, ISMCTSAgent])
def test_settle_stops_once_the_leader_cannot_be_overtaken(agent_class: type[MCTSAgent]) -> None:
    state = _clear_call()
    full = agent_class(iterations=1000, settle=0, seed=1)
    settled = agent_class(iterations=1000, seed=1)  # settle=1, the default
    assert settled.step(state) == full.step(state) == state.game.bet_action  # type: ignore[attr-defined]  # KuhnGame
    assert full.last_search is not None and settled.last_search is not None
    assert full.last_search.iterations == 1000
    assert settled.last_search.iterations < 1000
    visits = sorted(settled.last_search.visits.values())
    # stopped at the first iteration where the runner-up could not catch up any more
    assert visits[-1] - visits[0] > 1000 - settled.last_search.iterations
    assert visits[-1] - visits[0] <= 1000 - settled.last_search.iterations + 2


def test_a_smaller_settle_stops_sooner() -> None:
    state = _clear_call()
    strict = MCTSAgent(iterations=1000, settle=1, seed=1)
    eager = MCTSAgent(iterations=1000, settle=0.2, seed=1)
    strict.step(state)
    eager.step(state)
    assert strict.last_search is not None and eager.last_search is not None
    assert eager.last_search.iterations < strict.last_search.iterations


def test_settle_ends_a_timed_search_early() -> None:
    state = _clear_call()
    agent = MCTSAgent(time=2.0, seed=1)
    start = time.perf_counter()
    agent.step(state)
    assert time.perf_counter() - start < 1.6  # the rate so far says the runner-up cannot catch up
    assert agent.last_search is not None and agent.last_search.iterations > 0


def test_a_contested_choice_uses_nearly_the_whole_budget_and_plays_the_same_move() -> None:
    state = carcassonne_midgame(seed=4)
    full, settled = MCTSAgent(iterations=200, settle=0, seed=1), MCTSAgent(iterations=200, seed=1)
    assert settled.step(state) == full.step(state)  # nine placements: the leader emerges late
    assert settled.last_search is not None and 180 <= settled.last_search.iterations <= 200


def test_a_single_whole_turn_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    original = mcts_module.turn_ends
    monkeypatch.setattr(mcts_module, "turn_ends", lambda state, seat: list(original(state, seat))[:1])
    state = carcassonne_midgame(seed=4)
    agent = MCTSAgent(iterations=300, whole=1, prior=5, model="others", horizon=2, seed=2)
    agent.step(state)
    assert agent.last_search is not None and agent.last_search.iterations == 1


@pytest.mark.parametrize("bad", [-0.1, 1.5, "yes", True])
def test_settle_takes_a_number_from_0_to_1(bad: object) -> None:
    with pytest.raises(LudotecaError, match=r"agent 'mcts': settle must be a number from 0 \(off\) to 1"):
        MCTSAgent(settle=bad)  # type: ignore[arg-type]  # deliberately wrong
