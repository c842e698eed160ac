"""`greedy` plays the whole game of On Mars, and fast (issue 21).

One seeded greedy-vs-greedy game (the deal of `ludoteca bench on-mars --greedy-games 1
--seed 1`) is played once for the module: both seats take Blueprints, build Advanced
Buildings and construct, Contracts or Scientists are taken, a Private Goal is revealed,
and the game ends by the rules well before the `max_rounds` safety net, within a
generous CPU budget.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass

import pytest

from ludoteca.agents import make_agent
from ludoteca.agents.greedy import turn_ends
from ludoteca.core.api import Game
from ludoteca.core.play import sample_chance
from ludoteca.core.registry import load_game
from ludoteca.games.on_mars.state import OnMarsState
from ludoteca.sim.common import derive_seed

#: issue 21's target is 3 CPU s per 2-player greedy game; tests are not benchmarks
CPU_BUDGET = 3 * 3.0


@dataclass
class Played:
    state: OnMarsState
    actions: list[Counter[str]]  # per seat: the first word of each action it chose
    cpu: float


@pytest.fixture(scope="module")
def played() -> Played:
    game = load_game("on-mars", players=2)
    agents = [make_agent("greedy", seed=derive_seed(1, 0, "greedy", s), game=game) for s in range(2)]
    state = game.new_initial_state()
    assert isinstance(state, OnMarsState)
    rng = random.Random(derive_seed(1, 0, "greedy chance"))
    actions: list[Counter[str]] = [Counter(), Counter()]
    cpu = 0.0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        start = time.process_time()
        action = agents[seat].step(state)
        cpu += time.process_time() - start
        actions[seat][state.action_to_string(action).split()[0]] += 1
        state.apply_action(action)
    return Played(state, actions, cpu)


def test_the_game_ends_by_the_rules(played: Played) -> None:
    assert played.state.stage == "over"
    assert played.state.round < 100  # the safety net is max_rounds=200
    assert played.state.colony_level >= 4 or played.state.remaining_missions == 0


@pytest.mark.parametrize("seat", [0, 1])
def test_each_seat_plays_the_whole_game(played: Played, seat: int) -> None:
    p, chosen = played.state.players[seat], played.actions[seat]
    assert chosen["blueprint"] >= 3 and chosen["upgrade-building"] >= 1
    assert len(p.built_blueprints) >= 2  # Advanced Buildings
    assert chosen["construct-building"] >= 3


def test_the_seats_take_contracts_or_scientists_and_reveal_goals(played: Played) -> None:
    """Since held Private Goals are valued (session 11), a seat may spend its colonists on
    its goal rather than on a Scientist or Contract: in this game seat 1 reveals its goal
    and takes neither, seat 0 takes both kinds of card."""
    players = played.state.players
    assert any(p.contracts_done or p.contracts or p.scientists for p in players)
    assert any(chosen["hire"] + chosen["contract"] >= 1 for chosen in played.actions)
    assert any(p.goal_done is not None for p in players)


def test_a_greedy_game_stays_within_its_cpu_budget(played: Played) -> None:
    assert played.cpu < CPU_BUDGET, f"{played.cpu:.1f} CPU s"


def test_a_turn_ends_at_the_games_horizon() -> None:
    """Mid-movement the search judges each step on its own (`Game.turn_horizon`)."""
    game = load_game("on-mars", players=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or state.top() is None or state.top()["k"] != "move":
        legal = state.legal_actions()
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
        assert not state.is_terminal()
    seat = state.current_player()
    turns = list(turn_ends(state, seat))
    assert len(turns) >= len(state.legal_actions())
    for turn, after in turns:
        position = state.clone()
        for action in turn[:-1]:  # the search went on from each of these: none is a horizon
            position.apply_action(action)
            assert not game.turn_horizon(position)
        frame = after.top()
        if len(turn) == 1 and frame is not None and frame["k"] == "move":
            assert game.turn_horizon(after)


def test_the_default_horizon_is_never() -> None:
    assert Game.turn_horizon(load_game("carcassonne"), load_game("carcassonne").new_initial_state()) is False
