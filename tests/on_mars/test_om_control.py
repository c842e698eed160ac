"""Control Center: bots, rover, crystals for movement, Research and Discovery tiles."""

from __future__ import annotations

from om_helpers import fresh, play, start, texts


def colony_seat(seed: int = 2):
    state = start(2, seed=seed, spaces=(5, 6))
    seat = state.current_player()
    state.missions = [[1, 5], [5, 5]]  # Research tiles (2 crystals each), Discoveries (1 each)
    state.map_research.clear()
    state.map_discoveries.clear()
    return state, seat, state.players[seat]


def test_rover_collects_crystals_and_claims_a_research_tile() -> None:
    state, _seat, p = colony_seat()
    state.crystals.add((0, -1))
    state.map_research[(1, -2)] = "pd_rs_blue_B"
    p.storage["water"] = 0
    play(fresh(state), "control-center")
    assert texts(state) == ["crystals 0", "crystals 1"]
    play(state, "crystals 0", "crystals 0")  # 2 MP for the bots, 2 for the rover
    play(state, "step 0,0 nw")
    assert p.rover == (0, -1) and (0, -1) not in state.crystals and p.incoming == 1
    play(state, "step 0,-1 ne")
    assert p.rover == (1, -2)
    assert p.research == ["pd_rs_blue_B"] and (1, -2) not in state.map_research
    assert p.op == 2 and p.storage["water"] == 1 and p.depot == 0  # paid 1 crystal
    assert state.missions[0] == [1, 4] and p.incoming == 1 + 2


def test_rover_may_not_stop_on_a_research_tile_it_cannot_take() -> None:
    state, _seat, p = colony_seat()
    p.research = ["pd_rs_red_A"]
    state.map_research[(1, -1)] = "pd_rs_red_A"
    play(fresh(state), "control-center", "crystals 0", "crystals 0", "step 0,0 ne")
    assert "skip" not in texts(state) and p.rover == (1, -1)  # must move on


def test_crystals_buy_movement_points() -> None:
    state, _seat, p = colony_seat()
    p.depot = 2
    play(fresh(state), "control-center", "crystals 0", "crystals 2")
    assert p.depot == 0 and state.pending[-1]["rover_mp"] == 4


def test_discovery_tile_gives_its_effect() -> None:
    state, _seat, p = colony_seat()
    state.map_discoveries[(1, 0)] = "crystals_3"
    play(fresh(state), "control-center", "crystals 0", "crystals 0", "step 0,0 e", "skip")
    assert p.discoveries == ["crystals_3"] and p.incoming == 3 + 1  # 3 + the mission's crystal
    assert state.missions[1] == [5, 4]


def test_rover_tech_of_another_seat_adds_its_level_and_pays_oxygen() -> None:
    state, seat, _p = colony_seat()
    other = state.players[1 - seat]
    other.lab["a:rover"] = (2, 0)  # level 3
    other.storage["oxygen"] = 0
    play(fresh(state), "control-center", "crystals 0", "crystals 0")
    assert texts(state) == ["skip", f"use-tech {1 - seat}"]  # optional
    play(state, f"use-tech {1 - seat}")
    assert state.pending[-1]["rover_mp"] == 2 + 3 and other.storage["oxygen"] == 1


def test_lent_tile_owner_may_develop_it_for_free_at_the_end_of_the_turn() -> None:
    state, seat, _ = colony_seat()
    other = state.players[1 - seat]
    other.lab["a:rover"] = (2, 0)  # level 3
    other.storage["oxygen"] = 0
    play(fresh(state), "control-center", "crystals 0", "crystals 0", f"use-tech {1 - seat}", "skip")
    assert state.current_player() == 1 - seat and texts(state) == ["skip", "develop rover"]
    play(state, "develop rover")
    assert state.pending[-1]["k"] == "lab_space" and texts(state) == ["lab 0", "lab 1"]
    play(state, "lab 1")
    assert other.lab["a:rover"] == (3, 1) and other.storage["oxygen"] == 0  # oxygen returned
