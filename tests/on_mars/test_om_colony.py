"""Colony actions, turn-order benefits and movement, one worked example per rule."""

from __future__ import annotations

from om_helpers import fresh, play, start, texts

from ludoteca.games.on_mars.board import distance
from ludoteca.games.on_mars.colony import bot_hexes
from ludoteca.games.on_mars.movement import move_frame


def colony_start(seed: int = 2) -> tuple:
    state = start(2, seed=seed, spaces=(5, 6))
    seat = state.current_player()
    return state, seat, state.players[seat]


def test_colony_seat_is_offered_colony_actions_only() -> None:
    state, _, _ = colony_start()
    options = texts(state)
    assert options == ["control-center", "construct-building", "welcome-ship", "hire-scientist-or-contract"]


def test_welcome_a_ship_for_a_colonist_and_a_bot() -> None:
    state, seat, p = colony_start()
    state.missions = [[4, 3]]  # mission #4 counts bots placed: 2 crystals each
    fresh(state)
    play(state, "welcome-ship")
    assert texts(state) == ["ship colonist-bot", "ship two-colonists"]  # boost 0 forced at level 1
    play(state, "ship colonist-bot")
    assert texts(state) == ["pay mineral", "pay water"]
    play(state, "pay water", "pay plant")
    shelter = p.bots[0]
    options = bot_hexes(state, seat)
    assert options and all(distance(h, shelter) == 1 for h in options)  # own Shelter occupied: nearest hex
    play(state, state.action_to_string(state.legal_actions()[0]))
    assert (p.ships_depot, p.hangar, p.quarters, p.bots_off, len(p.bots)) == (4, 1, 3, 2, 2)
    assert p.storage["plant"] == 0 and p.storage["water"] == 0
    assert state.missions == [[4, 2]] and p.incoming == 2


def test_ships_taken_never_exceed_the_colony_level() -> None:
    state, _, p = colony_start()
    p.ships_depot, p.hangar = 4, 1  # one ship already taken at colony level 1
    assert "welcome-ship" not in texts(fresh(state))
    state.colony_level = 2
    assert "welcome-ship" in texts(fresh(state))


def test_hire_a_scientist_paid_with_resources_then_refill_with_a_contract() -> None:
    state, seat, p = colony_start()
    p.storage["battery"] = 2
    fresh(state)
    play(state, "hire-scientist-or-contract")
    assert "hire hydrologist" in texts(state) and "hire systems-engineer" in texts(state)
    play(state, "hire hydrologist", "pay battery", "pay battery")
    assert p.scientists == ["hydrologist"] and p.storage["battery"] == 0
    assert state.science[2] is None and state.current_player() == seat
    assert texts(state) == [f"contract {i}" for i in range(1, 13)]  # the seat chooses from the deck
    play(state, "contract 7")
    assert state.science[2] == 7 and 7 not in state.contract_deck


def test_geologist_costs_two_colonists_to_the_working_area() -> None:
    state, seat, p = colony_start()
    play(state, "hire-scientist-or-contract", "hire geologist")
    assert (p.quarters, p.working) == (0, 2)  # 1 placed on the action + 2 to work
    assert state.slots["hire_scientist_or_contract"] == [seat]


def test_hire_slot_is_one_per_player_and_contracts_cost_a_crystal() -> None:
    state, seat, p = colony_start()
    state.science[0] = 3
    state.slots["hire_scientist_or_contract"].append(seat)
    assert "hire-scientist-or-contract" not in texts(fresh(state))
    state.slots["hire_scientist_or_contract"].clear()
    play(fresh(state), "hire-scientist-or-contract", "contract 3")
    assert p.contracts == [3] and p.depot == 0


def test_move_bots_passes_through_but_does_not_stop_on_pieces() -> None:
    state, seat, p = colony_start()
    other = 1 - seat
    start_hex = p.bots[0]
    blocker = (start_hex[0] + 1, start_hex[1])
    state.players[other].bots.append(blocker)
    state.map_discoveries[(start_hex[0] + 2, start_hex[1])] = "crystals_3"
    state.pending.append(move_frame(seat, bots=2))
    fresh(state)
    step = f"step {start_hex[0]},{start_hex[1]} e"
    assert step in texts(state)  # through the other bot, with 1 MP left to leave
    play(state, step)
    assert "skip" not in texts(state)  # may not stop on the other bot
    play(state, f"step {blocker[0]},{blocker[1]} e")
    assert p.bots[0] == (start_hex[0] + 2, start_hex[1])
    assert (start_hex[0] + 2, start_hex[1]) not in state.map_discoveries  # destroyed by stopping


def test_discovery_tile_goes_exactly_three_hexes_from_the_rover() -> None:
    state, seat, _ = colony_start()
    state.pending.append({"k": "discovery", "seat": seat, "optional": False})
    first = state.exploration[0]
    fresh(state)
    if state.pending[-1]["k"] == "discovery":  # two kinds face up: take the first
        play(state, f"discovery {first.replace('_', '-')}")
    options = texts(state)
    assert options and all(distance(tuple(map(int, o[3:].split(","))), (0, 0)) == 3 for o in options)
    play(state, options[0])
    placed = tuple(map(int, options[0][3:].split(",")))
    assert state.map_discoveries[placed] == first
    assert state.is_chance_node()  # the Exploration space is refilled by a draw
