"""The round: shuttle phase, travel, production, missions, end trigger and final scoring."""

from __future__ import annotations

import random

from om_helpers import fresh, play, start, texts

from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars.board import distance
from ludoteca.games.on_mars.model import Building
from ludoteca.games.on_mars.scoring import final_breakdown, quarters_value


def step(state, rng: random.Random) -> None:
    state.apply_action(
        sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
    )


def both_resupply(state) -> None:
    play(state, "resupply", "boost 0", "take water")
    play(state, "skip", "resupply", "extra crystal", "boost 0", "take plant")  # skip: executive window


def test_shuttle_crosses_from_space_one_and_riders_travel_free() -> None:
    state = start(2, seed=6, spaces=(1, 2))
    order = [state.current_player()]
    both_resupply(state)
    order.append(1 - order[0])
    assert state.stage == "shuttle" and state.shuttle == ["colony", 1, True, "orbit"]
    assert state.current_player() == order[0] and texts(state) == ["stay", "travel"]
    p = state.players[order[0]]
    play(state, "travel")
    assert state.pending[-1]["k"] in ("discovery", "discovery_hex")  # arriving: a Discovery tile first
    if state.pending[-1]["k"] == "discovery":  # two kinds face up: which one
        play(state, texts(state)[0])
    assert all(distance(tuple(map(int, t[3:].split(","))), (0, 0)) == 3 for t in texts(state))
    play(state, texts(state)[0])
    state.apply_action(sample_chance(state, random.Random(0)))
    assert texts(state) == ["space 5", "space 6", "space 7", "space 8"]
    play(state, "space 7")
    assert p.side == "colony" and p.space == 7 and p.hangar == 0


def test_staying_keeps_the_space_and_paid_travel_returns_a_ship() -> None:
    state = start(2, seed=6, spaces=(1, 2))
    both_resupply(state)
    state.shuttle = ["orbit", 2, False, ""]  # as if the shuttle had only moved
    seat = state.current_player()
    assert texts(fresh(state)) == ["stay"]
    state.players[seat].hangar = 1
    assert texts(fresh(state)) == ["stay", "travel"]
    play(state, "stay")
    assert state.players[seat].space in (1, 2) and state.players[seat].side == "orbit"
    other = state.current_player()
    state.players[other].hangar = 1
    play(fresh(state), "travel")
    assert state.players[other].hangar == 0


def test_arriving_in_orbit_produces_and_retrieves_colonists() -> None:
    state = start(2, seed=6, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    state.buildings[(0, 0)].miner = seat
    state.buildings[(4, -4)] = Building("generator", advanced=seat)
    state.buildings[(3, -4)] = Building("shelter", owner=seat, advanced=seat)
    p.working, p.quarters = 2, 1
    state.pending.append({"k": "production", "seat": seat})
    state.pending.append({"k": "retrieve_side", "seat": seat})
    state.settle()
    assert (p.working, p.quarters) == (0, 3)
    assert p.storage["mineral"] == 2 and p.storage["battery"] == 2 and p.incoming == 1


def test_completing_missions_triggers_one_more_round_then_final_scoring() -> None:
    state = start(2, seed=7, spaces=(1, 2))
    state.missions = [[2, 1]]
    state.remaining_missions = 1
    first = state.current_player()
    play(fresh(state), "obtain-blueprint", "boost 0", f"blueprint {state.display[0]}")
    assert state.missions == [[2, 0]] and state.end_rounds == -2
    rng = random.Random(1)
    rounds = state.round
    while not state.is_terminal():
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    assert state.round == rounds + 1  # finish this round, play exactly one more
    assert state.players[first].op != 0 or state.players[1 - first].op != 0
    assert state.returns() != [0.0, 0.0] or state.scores()[0] == state.scores()[1]


def test_living_quarters_ladder() -> None:
    state = start(2, seed=0, spaces=(1, 2))
    assert [quarters_value(state, q) for q in (0, 1, 2, 3, 4, 5, 8, 11, 12)] == [0, 0, 0, 3, 3, 6, 10, 21, 21]


def test_rulebook_tech_example_and_unbuilt_blueprints() -> None:
    state = start(2, seed=0, spaces=(1, 2))
    p = state.players[0]
    p.lab = {"a:mine": (0, 0), "a:rover": (3, 0), "a:upgrade": (3, 1), "shelter": (5, 0)}
    p.blueprints, p.built_blueprints = [1, 13], [2]
    score = final_breakdown(state, 0)
    assert score["tech"] == 1 + 4 + 4 + 9
    assert score["blueprints"] == 3 - 3 - 5


def test_delivery_contract_needs_the_exact_items() -> None:
    state = start(2, seed=0, spaces=(1, 2))
    p = state.players[0]
    p.contracts = [11]  # 3 plants + 2 minerals: +9 / -4
    p.storage.update(plant=3, mineral=2)
    assert final_breakdown(state, 0)["contracts"] == 9
    p.storage.update(plant=2, mineral=3)  # minerals never stand in for a contract
    assert final_breakdown(state, 0)["contracts"] == -4


def test_space_oddity_ends_with_the_colonization_phase() -> None:
    from ludoteca.games.on_mars.game import OnMarsGame

    state = OnMarsGame(players=2, space_oddity=True).new_initial_state()
    rng = random.Random(2)
    while state.stage != "colonization":
        step(state, rng)
    state.missions = [[2, 1]]
    state.remaining_missions = 1
    state.end_rounds = -1
    while state.stage == "colonization" and state.end_rounds == -1:
        legal = texts(state)
        move = "obtain-blueprint" if "obtain-blueprint" in legal else None
        state.apply_action(state.string_to_action(move) if move else rng.choice(state.legal_actions()))
    assert state.end_rounds == -2 and state.stage == "colonization"  # triggered mid-phase
    rounds = state.round
    while not state.is_terminal():
        step(state, rng)
    assert state.round == rounds and state.is_terminal()


def test_final_living_quarters_count_the_current_side_and_the_working_area() -> None:
    from ludoteca.games.on_mars.scoring import final_quarters

    state = start(2, seed=0, spaces=(1, 2))
    p = state.players[0]
    p.side, p.quarters, p.working = "orbit", 1, 1
    state.slots["resupply"] = [0, 1]
    state.slots["welcome_ship"] = [0]  # Colony side: stays out
    assert final_quarters(state, 0) == 3
    p.working = 5
    assert final_quarters(state, 0) == 4  # capacity 4 with one Shelter
    assert final_breakdown(state, 0)["quarters"] == 3


def test_tie_breaks_crystals_then_advanced_buildings_then_cubes() -> None:
    from ludoteca.games.on_mars.scoring import winners

    state = start(2, seed=0, spaces=(1, 2))
    a, b = state.players
    a.op = b.op = 30
    a.depot, b.depot = 2, 2
    state.buildings[(4, -4)] = Building("generator", advanced=1)
    assert winners(state) == [1]
    b.depot = 1
    assert winners(state) == [0]
    a.depot, b.depot = 1, 1
    state.buildings[(4, -4)].advanced = -1
    a.progress = ["battery"]
    assert winners(state) == [0]
    b.progress = ["water"]
    assert winners(state) == [0, 1]  # shared victory
