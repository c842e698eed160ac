"""Orbit actions, one worked example per rule (2 players, both seats in Orbit)."""

from __future__ import annotations

from om_helpers import fresh, play, start, texts

from ludoteca.games.on_mars.actions import BASE


def test_orbit_seat_is_offered_orbit_actions_only() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    options = texts(state)
    assert "landing-pod" in options and "resupply" in options
    assert not {"welcome-ship", "hire-scientist-or-contract"} & set(options)


def test_resupply_with_boost_respects_storage_limits() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    play(state, "resupply")
    assert state.slots["resupply"] == [seat] and p.quarters == 2
    assert texts(state) == ["boost 0", "boost 1", "boost 2"]
    play(state, "boost 1", "take battery")
    assert (p.quarters, p.working, p.storage["battery"]) == (1, 1, 2)
    assert "take battery" not in texts(state)  # limit: 1 Shelter on the map + 1 = 2
    play(state, "take crystal")
    assert p.incoming == 1 and p.depot == 1  # crystals wait below the Depot
    assert state.warehouse["battery"] == 1 and state.warehouse["crystal"] == 1


def test_two_player_placement_costs_one_per_colonist_present() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    first = state.current_player()
    play(state, "resupply", "boost 0", "take water")
    second = state.current_player()
    assert second != first
    play(state, "skip", "resupply")  # "skip": the executive window (Private Goals can become crystals)
    assert texts(state) == ["extra crystal", "extra colonist"]
    play(state, "extra crystal")
    assert state.players[second].depot == 0 and state.slots["resupply"] == [first, second]


def test_obtain_blueprint_gains_and_parks_a_marker() -> None:
    state = start(2, seed=3, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    state.missions[0] = [2, 10]  # mission #2 counts Blueprints taken: 1 crystal each
    blueprint = state.display[0]
    card = state.om_game.components.blueprints[blueprint - 1]
    resource, n = card.gain[0]
    before = p.storage.get(resource, 0) if resource != "crystal" else p.incoming
    play(fresh(state), "obtain-blueprint", "boost 1", f"blueprint {blueprint}")
    after = p.storage.get(resource, 0) if resource != "crystal" else p.incoming - 1
    assert after == min(before + n, p.storage_limit())
    assert p.blueprints == [blueprint] and p.markers == 7 and blueprint not in state.display
    assert state.missions[0] == [2, 9]
    assert "skip" in texts(state)  # the boosted second Blueprint is optional
    second = state.display[0]
    play(state, f"blueprint {second}")
    assert p.blueprints == [blueprint, second] and state.missions[0] == [2, 8]


def test_learn_technology_bottom_row_is_free_and_bottom_lab_space_gives_a_crystal() -> None:
    state = start(2, seed=4, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    state.missions = [[1, 5]]  # no Tech mission in play (it would pay a crystal too)
    tile = state.grid[6]
    assert tile is not None
    play(state, "learn-technology", "boost 0", state.action_to_string(BASE["grid"] + 6))
    assert texts(state) == ["lab 0", "lab 1"]
    play(state, "lab 1")
    assert p.lab[tile] == (0, 1) and p.incoming == 1 and state.grid[6] is None
    assert p.storage == dict.fromkeys(p.storage, 1)  # nothing paid


def test_learn_technology_top_row_costs_a_battery_and_one_resource() -> None:
    state = start(2, seed=4, spaces=(1, 2))
    p = state.players[state.current_player()]
    play(state, "learn-technology", "boost 0", state.action_to_string(BASE["grid"] + 0))
    assert state.pending[-1]["k"] == "pay" and texts(state) == ["pay mineral", "pay battery"]
    play(state, "pay battery", "pay oxygen", "lab 0")
    assert p.storage == {"mineral": 1, "battery": 0, "water": 1, "plant": 1, "oxygen": 0}


def test_one_tile_of_each_type() -> None:
    state = start(2, seed=4, spaces=(1, 2))
    p = state.players[state.current_player()]
    tile = state.grid[7]
    assert tile is not None
    p.lab["b:" + tile.split(":")[1]] = (0, 0)
    play(fresh(state), "learn-technology", "boost 0")
    assert f"tech 7 {tile.split(':')[1].replace('_', '-')}" not in texts(state)


def test_research_and_development_moves_a_tile_to_an_adjacent_space() -> None:
    state = start(2, seed=4, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    play(state, "research-and-development", "boost 0", "develop shelter")
    # column 2 (3 spaces) middle -> column 3 (2 spaces): both spaces are adjacent; enter cost 1 water
    assert texts(state) == ["pay mineral", "pay water"]
    play(state, "pay water")
    assert p.storage["water"] == 0
    assert texts(state) == ["lab 0", "lab 1"]
    play(state, "lab 0")  # column 3 top: stand-in benefit "move bots 2"
    assert p.lab["shelter"] == (2, 0)
    assert state.pending[-1]["k"] == "move"


def test_landing_pod_travels_to_the_colony_without_a_discovery_tile() -> None:
    state = start(2, seed=4, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    exploration = list(state.exploration)
    play(state, "landing-pod")
    assert p.side == "colony" and p.space is None
    assert texts(state) == ["space 5", "space 6", "space 7", "space 8"]
    play(state, "space 7")  # stand-in benefit: one colonist
    assert p.space == 7 and p.quarters == 4 and state.exploration == exploration
