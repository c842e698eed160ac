"""Scientists at work, blueprint #15's stand-in, Private Goals spent as crystals, the
First Colonists variant and the tie-breaks in `winners()` (hence `returns()`)."""

from __future__ import annotations

import random

import pytest
from om_helpers import fresh, play, start, texts

from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars.game import OnMarsGame
from ludoteca.games.on_mars.scientists import free_blueprints
from ludoteca.games.on_mars.state import OnMarsState


def at_turn_start(state: OnMarsState) -> int:
    """Restart the current seat's turn (its executive window before the main action)."""
    seat = state.current_player()
    state.pending.pop()
    state.pending.append({"k": "turn", "seat": seat})
    state.settle()
    fresh(state)
    return seat


def test_a_scientist_at_work_gives_both_owners_the_action_for_free() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    other = 1 - seat
    p = state.players[seat]
    p.scientists, p.depot, p.goals = ["geologist"], 0, []
    state.players[other].built_blueprints = [13, 3]  # 13: a Mine blueprint (2 OP); 3: a Generator one
    play(fresh(state), "resupply", "boost 0", "take water")
    assert texts(state) == ["skip", "work geologist"]  # no crystals: no paid executive action
    play(state, "work geologist")
    assert texts(state) == ["blueprint 13"]  # the Geologist works in Mines only
    play(state, "blueprint 13")
    assert state.at_work == {"geologist": 13}
    assert texts(state) == ["skip", "executive scientist-at-work"]  # moved once this turn
    op = p.op
    play(state, "executive scientist-at-work", "blueprint 13")
    assert p.op == op + 2 and p.depot == 0
    assert free_blueprints(state, other, "before") == [13]  # the building's owner too
    assert state.observation(other)["scientists_at_work"] == {"geologist": 13}


def test_radar_stand_in_collects_the_leftmost_exploration_tile() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.built_blueprints, p.depot = [15], 2
    state.exploration = ["crystals_3", "tech_tile"]
    play(fresh(state), "resupply", "boost 0", "take water", "executive advanced-building", "blueprint 15")
    assert p.discoveries == ["crystals_3"] and p.incoming == 3
    assert state.exploration == ["tech_tile"] and state.is_chance_node()  # a new tile is revealed
    state.apply_action(sample_chance(state, random.Random(0)))
    assert len(state.exploration) == 2


def test_a_private_goal_can_be_discarded_as_a_crystal_unseen() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = at_turn_start(state)
    p = state.players[seat]
    p.depot = 1
    g1, g2, g3 = sorted(p.goals)
    assert {f"discard-goal {g}" for g in (g1, g2, g3)} <= set(texts(fresh(state)))
    action = state.string_to_action(f"discard-goal {g3}")
    assert state.public_action_string(action) == "discard-goal"
    state.apply_action(action)
    assert sorted(p.goals) == [g1, g2] and p.discarded_goals == [g3] and p.depot == 2
    assert state.pending[-1]["k"] == "executive"  # still the same window
    view = state.observation(1 - seat)["players"][seat]
    assert view["goals"] == 2 and view["discarded_goals"] == 1
    p.depot = p.depot_capacity()
    assert not any(t.startswith("discard-goal") for t in texts(fresh(state)))  # no Depot room
    other = state.resample_from_infostate(1 - seat, random.Random(4))
    q = other.players[seat]
    assert len(q.goals) == 2 and len(q.discarded_goals) == 1
    dealt = [g for b in other.players for g in b.goals + b.discarded_goals]
    assert len(dealt) == len(set(dealt)) == 6


def test_first_colonists_fixes_the_missions_and_deals_the_start_spaces() -> None:
    for seed in range(5):
        rng = random.Random(seed)
        state = OnMarsGame(players=4, first_colonists=True).new_initial_state()
        kinds = set()
        while state.is_chance_node() or state.pending[-1]["k"] != "main":
            kinds.add("chance" if state.is_chance_node() else state.pending[-1]["k"])
            legal = state.legal_actions()
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
        assert [m[0] for m in state.missions] == [1, 2, 8]
        spaces = [p.space for p in state.players]
        assert len(set(spaces)) == 4 and set(spaces) <= {1, 2, 3, 5, 6, 7}
        assert "space" not in kinds  # nobody chooses a start space


def test_first_colonists_option_is_validated() -> None:
    with pytest.raises(InvalidOptionError, match="first_colonists"):
        OnMarsGame(first_colonists="yes")


def random_step(state: OnMarsState, rng: random.Random) -> None:
    chance = state.is_chance_node()
    state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("limit", [-1, 2.5, "ten"])
def test_max_rounds_is_validated(limit: object) -> None:
    with pytest.raises(InvalidOptionError, match=r"Round limit .* must be a whole number, at least 0"):
        OnMarsGame(max_rounds=limit)


def test_max_rounds_stops_and_scores_a_game_that_would_go_on() -> None:
    """Ludoteca's safety net: after the colonization phase of round `max_rounds` the game
    ends and is scored; no round limit with 0, and 200 by default."""
    assert OnMarsGame().options["max_rounds"] == 200
    rng = random.Random(5)
    state = OnMarsGame(max_rounds=3).new_initial_state()
    while not state.is_terminal():
        assert state.round <= 3
        random_step(state, rng)
    assert state.round == 3 and state.end_rounds != 0  # stopped by the limit, not by the missions
    assert state.observation(0)["scoring"]["final"]
    assert sorted(state.winners()) == state.winners() and state.winners()
    unlimited = OnMarsGame(max_rounds=0).new_initial_state()
    rng = random.Random(5)
    while unlimited.round <= 3 and not unlimited.is_terminal():
        random_step(unlimited, rng)
    assert not unlimited.is_terminal() and unlimited.round == 4


def finished(players: int, seed: int) -> OnMarsState:
    rng = random.Random(seed)
    state = OnMarsGame(players=players).new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
    return state


def test_winners_and_returns_apply_the_tie_breaks() -> None:
    state = finished(3, seed=2)
    for p in state.players:
        p.op, p.depot, p.incoming, p.progress = 40, 2, 0, []
    state.buildings = {h: b for h, b in state.buildings.items() if b.advanced == -1}
    state.players[2].op = 10
    assert state.returns() == [0.5, 0.5, -1.0]  # a full tie among the best is shared
    state.players[1].depot = 3  # most crystals wins the tie
    assert state.winners() == [1] and state.returns() == [-1.0, 1.0, -1.0]
    state.players[1].depot, state.players[0].progress = 2, ["battery"]
    assert state.returns() == [1.0, -1.0, -1.0]  # then progress cubes (no Advanced Buildings)
    state.players[2].op = 40
    state.players[0].progress = []
    assert state.returns() == [0.0, 0.0, 0.0]  # every seat wins: all zero
