"""Tree reuse (`reuse=1`) between a seat's decisions, with and without hidden information."""

from __future__ import annotations

import random

import pytest
from test_search_agents import kuhn_after

from ludoteca.agents import make_agent
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.agents.reuse import KeptTree
from ludoteca.agents.tree import Node
from ludoteca.core.play import sample_chance
from ludoteca.sim.common import cached_game


def _dice_steps(spec: str, decisions: int = 24) -> list[tuple[int, int, str]]:
    """(iterations, reused visits, what happened since the seat's last decision: "" for
    nothing (a sub-decision), "c" chance, "o" the other seat, "co" both) for the first
    decisions with a choice of `spec` in seat 0 of a 2-player Dice Game against greedy."""
    game = cached_game("tm-dice", {"players": 2})
    rng = random.Random(0)
    state = game.new_initial_state()
    agent = make_agent(spec, seed=1, game=game)
    other = make_agent("greedy", seed=2, game=game)
    since: set[str] = set()
    steps: list[tuple[int, int, str]] = []
    while not state.is_terminal() and len(steps) < decisions:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            since.add("c")
            continue
        if state.current_player() == 1:
            state.apply_action(other.step(state))
            since.add("o")
            continue
        action = agent.step(state)
        stats = agent.last_search
        assert stats is not None
        if len(state.legal_actions()) > 1:
            steps.append((stats.iterations, stats.reused, "".join(sorted(since))))
        state.apply_action(action)
        since = set()
    return steps


def test_ismcts_keeps_its_tree_through_sub_decisions_and_observed_chance() -> None:
    kept = _dice_steps("ismcts:iterations=60,reuse=1,settle=0")
    assert any(reused > 0 for _, reused, since in kept if since == "")  # sub-decisions of one action
    assert any(reused > 0 for _, reused, since in kept if "c" in since)  # a die roll, keyed by what it shows
    fresh = _dice_steps("ismcts:iterations=60,reuse=0,settle=0")
    assert all(reused == 0 for _, reused, _ in fresh)
    by_default = _dice_steps("ismcts:iterations=60,settle=0", decisions=6)  # hidden information: off
    assert all(reused == 0 for _, reused, _ in by_default)


def test_kept_visits_count_towards_settle() -> None:
    with_reuse = _dice_steps("ismcts:iterations=60,reuse=1,settle=1")
    without = _dice_steps("ismcts:iterations=60,reuse=0,settle=1")
    assert sum(i for i, _, _ in with_reuse) < sum(i for i, _, _ in without)


def test_plain_mcts_never_follows_a_hidden_chance_outcome() -> None:
    """Plain `mcts` keys chance outcomes by id, hidden ones included: it reuses only
    through decisions."""
    steps = _dice_steps("mcts:preset=none,iterations=60,reuse=1,settle=0")
    assert any(reused > 0 for _, reused, since in steps if since == "")
    assert all(reused == 0 for _, reused, since in steps if "c" in since)


def test_a_decision_settled_by_the_kept_tree_costs_no_iteration() -> None:
    """Kuhn poker, seat 0 holds the middle card: `mcts` passes; after the other seat's
    bet, the kept subtree already settles the answer."""
    agent = MCTSAgent(iterations=1000, seed=1, reuse=1, settle=0)
    state = kuhn_after((1, 2), [])
    first = agent.step(state)
    assert state.action_to_string(first) == "pass"
    state.apply_action(first)
    state.apply_string("bet")
    agent.settle = 0.1
    agent.step(state)
    assert agent.last_search is not None
    assert agent.last_search.iterations == 0 and agent.last_search.reused > 0


def test_a_timed_search_needs_a_rate_before_settling_on_kept_visits() -> None:
    """With `time`, the iterations a budget allows are estimated from a rate: none is known
    before the first search, so kept visits alone never settle it."""
    agent = ISMCTSAgent(time=0.05, seed=1)
    root = Node(2)
    root.children = {0: Node(2), 1: Node(2)}
    root.children[0].visits = 1000
    assert not agent._settled(root, 0, agent._now(), agent._now() + 0.05)
    agent._rate = 1000.0
    assert agent._settled(root, 0, agent._now(), agent._now() + 0.05)


def test_children_illegal_in_the_real_position_are_dropped() -> None:
    state = kuhn_after((1, 2), [])
    game = state.game
    after_pass = Node(2)
    reached = after_pass.children[game.bet_action] = Node(2)  # type: ignore[attr-defined]  # KuhnGame
    reached.visits = 3
    for action in (game.pass_action, game.bet_action, 7):  # type: ignore[attr-defined]
        reached.children[action] = Node(2)
    kept = KeptTree(state, game.pass_action, after_pass)  # type: ignore[attr-defined]
    state.apply_string("pass")
    state.apply_string("bet")
    node = kept.follow(state, 0, lambda after, action: action)
    assert node is reached and sorted(node.children) == sorted(state.legal_actions())
    elsewhere = kuhn_after((1, 2), ["bet"])  # not the kept history
    assert KeptTree(kuhn_after((1, 2), []), game.pass_action, after_pass).follow(  # type: ignore[attr-defined]
        elsewhere, 0, lambda after, action: action) is None


def test_credit_counts_the_kept_visits_towards_the_budget() -> None:
    """`credit=1`: with `iterations=N` a reused root gets only what it lacks of N visits."""
    credited = _dice_steps("ismcts:iterations=60,reuse=1,credit=1,settle=0")
    assert any(reused > 0 for _, reused, _ in credited)
    for iterations, reused, _ in credited:
        assert iterations == max(60 - reused, 0)


def test_another_seats_secret_decision_is_not_followed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Following an opponent's face-down choice by its id would read what the seat cannot see."""
    state = kuhn_after((1, 2), [])
    game = state.game
    after_pass = Node(2)
    reached = after_pass.children[game.bet_action] = Node(2)  # type: ignore[attr-defined]  # KuhnGame
    reached.visits = 3

    def kept_then_follow() -> Node | None:
        before = kuhn_after((1, 2), [])
        kept = KeptTree(before, game.pass_action, after_pass)  # type: ignore[attr-defined]
        before.apply_string("pass")
        before.apply_string("bet")
        return kept.follow(before, 0, lambda after, action: action)

    assert kept_then_follow() is reached
    monkeypatch.setattr(type(state), "public_action_string", lambda self, action: None)
    assert kept_then_follow() is None
