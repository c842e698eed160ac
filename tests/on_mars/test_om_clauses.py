"""Rulebook clauses of issue #19, one worked example each (set up through the public API
and the test helpers, chance outcomes chosen where they matter)."""

from __future__ import annotations

from om_helpers import fresh, play, start, texts


def colony_seat(players: int = 2, seed: int = 2):
    spaces = (5, 6, 7, 8)[:players]
    state = start(players, seed=seed, spaces=spaces)
    seat = state.current_player()
    state.missions = []
    state.map_research.clear()
    state.map_discoveries.clear()
    return state, seat, state.players[seat]


# ---------------------------------------------------------------- 1. Hire: placement extra
def test_hire_pays_the_extra_cost_for_the_other_colonist_two_players() -> None:
    state, seat, p = colony_seat()
    other = 1 - seat
    state.slots["hire_scientist_or_contract"].append(other)  # the opponent's colonist is there
    state.science[0] = 3  # a Contract on the first space
    p.quarters, p.depot, p.working = 1, 1, 0
    p.storage["battery"] = 2
    play(fresh(state), "hire-scientist-or-contract")
    # 1 extra unit to pay (2 players: one per colonist there), only with the Depot crystal:
    # the Contract (1 crystal) is then unaffordable, the Hydrologist (2 batteries) is not
    assert "contract 3" not in texts(state) and "hire geologist" not in texts(state)
    assert "hire hydrologist" in texts(state)
    play(state, "hire hydrologist", "pay battery", "pay battery")  # the extra is then forced
    assert p.scientists == ["hydrologist"] and p.depot == 0 and p.quarters == 0
    assert state.slots["hire_scientist_or_contract"] == [other, seat]


def test_hire_extra_cost_counts_other_colours_with_three_players() -> None:
    state, seat, p = colony_seat(players=3)
    others = [s for s in range(3) if s != seat]
    state.slots["hire_scientist_or_contract"].extend(others)  # two other colours: 2 units
    p.quarters, p.depot, p.working = 3, 1, 0
    play(fresh(state), "hire-scientist-or-contract")
    assert "hire geologist" not in texts(state)  # 2 colonists to work + 2 units > 2 + 1
    play(state, texts(state)[0])
    while state.pending[-1]["k"] == "pay":
        play(state, texts(state)[0])
    assert state.pending[-1]["k"] == "extra" and texts(state) == ["extra crystal", "extra colonist"]
    play(state, "extra crystal")  # the second unit can only be a colonist: forced
    assert (p.depot, p.quarters, p.working) == (0, 1, 1)


# ---------------------------------------------------------------- 5. Rover stops on Discovery tiles
def rover_one_step_east(state, p) -> None:
    """Control Center: the rover (on the central Mine) steps onto 1,0."""
    play(fresh(state), "control-center", *NO_CRYSTALS, "step 0,0 e")
    assert p.rover == (1, 0)


NO_CRYSTALS = ("crystals 0", "crystals 0")  # none for the bots, none for the rover


def test_rover_may_not_stop_on_a_discovery_tile_whose_benefit_it_cannot_take() -> None:
    state, _seat, p = colony_seat()
    state.map_discoveries[(1, 0)] = "resources_water_2"
    room = state.clone()
    p.storage["water"] = p.storage_limit()  # no room for the 2 water
    rover_one_step_east(state, p)
    assert "skip" not in texts(state)  # it must move on: it may not stop there
    assert (1, 0) in state.map_discoveries
    q = room.players[room.current_player()]
    q.storage["water"] = q.storage_limit() - 1  # room for 1 of the 2: part of it can be taken
    rover_one_step_east(room, q)
    play(room, "skip")
    assert q.discoveries == ["resources_water_2"] and q.storage["water"] == q.storage_limit()


def test_rover_may_not_stop_on_a_tech_tile_discovery_with_a_full_first_lab_column() -> None:
    state, _seat, p = colony_seat()
    p.lab["a:rover"], p.lab["a:mine"] = (0, 0), (0, 1)  # both spaces of column 1 taken
    state.map_discoveries[(1, 0)] = "tech_tile"
    rover_one_step_east(state, p)
    assert "skip" not in texts(state)


# ---------------------------------------------------------------- 4. Which Discovery tile to place
def test_traveller_chooses_which_face_up_discovery_tile_to_place() -> None:
    state, seat, _p = colony_seat()
    state.exploration = ["develop_twice", "crystals_3"]
    state.pending.append({"k": "discovery", "seat": seat, "optional": False})
    assert texts(fresh(state)) == ["discovery develop-twice", "discovery crystals-3"]
    play(state, "discovery crystals-3")  # the right-hand tile
    assert state.pending[-1]["k"] == "discovery_hex"
    play(state, "at 3,0")  # exactly 3 hexes from the rover (still on the central Mine)
    assert state.map_discoveries == {(3, 0): "crystals_3"}
    assert state.exploration == ["develop_twice"] and state.is_chance_node()  # the gap is refilled


def test_discovery_benefit_may_be_declined_before_choosing_a_tile() -> None:
    state, seat, _p = colony_seat()
    state.exploration = ["develop_twice", "crystals_3"]
    state.pending.append({"k": "discovery", "seat": seat, "optional": True})  # a turn-order benefit
    assert texts(fresh(state)) == ["skip", "discovery develop-twice", "discovery crystals-3"]


# ---------------------------------------------------------------- 2. Another seat's tech: optional
def test_another_seats_rover_tech_is_offered_and_may_be_declined() -> None:
    state, seat, p = colony_seat()
    other = state.players[1 - seat]
    other.lab["a:rover"] = (2, 0)  # level 3
    other.storage["oxygen"] = 0
    p.depot = 0
    play(fresh(state), "control-center")  # bots: no crystals, no bots tech anywhere (forced)
    assert state.pending[-1]["k"] == "movement_tech"
    assert texts(state) == ["skip", f"use-tech {1 - seat}"]
    play(state, "skip")
    assert state.pending[-1]["rover_mp"] == 2 and other.storage["oxygen"] == 0  # no oxygen
    assert not any(k.startswith("lent:") for k in state.counters)  # no free develop will follow


def test_own_lower_tech_or_the_better_tile_of_another_seat() -> None:
    state, seat, p = colony_seat()
    other = state.players[1 - seat]
    p.lab["a:pd_tech_bots"] = (0, 0)  # level 1
    other.lab["b:pd_tech_bots"] = (3, 0)  # level 4
    p.depot = 0
    play(fresh(state), "control-center")
    assert texts(state) == [f"use-tech {s}" for s in sorted((seat, 1 - seat))]
    play(state, f"use-tech {seat}")  # its own level-1 tile: no oxygen for anyone
    assert other.storage["oxygen"] == 1 and not any(k.startswith("lent:") for k in state.counters)
    # no Rover Tech on the table: nothing to choose for the rover
    assert (state.pending[-1]["bots_mp"], state.pending[-1]["rover_mp"]) == (2 + 1, 2)


def test_another_seats_upgrade_tech_is_optional() -> None:
    state, seat, p = colony_seat()
    other = state.players[1 - seat]
    other.lab["a:upgrade"] = (1, 0)  # level 2
    oxygen = other.storage["oxygen"]
    shelter = next(b.id for b in state.om_game.components.blueprints if b.building == "shelter")
    p.blueprints, p.storage["mineral"] = [shelter], 1  # its own Shelter (under its bot) is upgradable
    play(fresh(state), "upgrade-building")
    assert state.pending[-1]["k"] == "upgrade_tech" and texts(state) == ["skip", f"use-tech {1 - seat}"]
    declined = state.clone()
    play(declined, "skip")
    assert declined.pending[-1]["left"] == 1 and declined.players[1 - seat].storage["oxygen"] == oxygen
    play(state, f"use-tech {1 - seat}")
    assert state.pending[-1]["left"] == 1 + 2 and other.storage["oxygen"] == oxygen + 1


# ---------------------------------------------------------------- 3. Control Center interleaving
def test_control_center_steps_bots_and_rover_in_any_order() -> None:
    state, _seat, p = colony_seat()
    p.depot = 0
    bot = p.bots[0]
    state.map_discoveries[(1, -1)] = "crystals_3"
    play(fresh(state), "control-center")  # no crystals to spend, no tech: straight to the steps
    frame = state.pending[-1]
    assert (frame["k"], frame["bots_mp"], frame["rover_mp"]) == ("move", 2, 2)
    options = texts(state)
    assert "step 0,0 e" in options and f"step {bot[0]},{bot[1]} e" in options  # either piece first
    play(state, f"step {bot[0]},{bot[1]} e")  # a bot step
    play(state, "step 0,0 e")  # then the rover
    play(state, f"step {bot[0] + 1},{bot[1]} e")  # then the bot again: its MP are spent
    assert p.bots[0] == (bot[0] + 2, bot[1]) and p.rover == (1, 0)
    assert (state.pending[-1]["bots_mp"], state.pending[-1]["rover_mp"]) == (0, 1)
    assert all(t == "skip" or t.startswith("step 1,0 ") for t in texts(state))  # only the rover now
    play(state, "step 1,0 nw")  # its last MP: onto the Discovery tile, claimed at once
    assert p.rover == (1, -1) and p.discoveries == ["crystals_3"] and p.incoming == 3
