"""Advanced Building actions (the executive action that uses a built Blueprint)."""

from __future__ import annotations

from om_helpers import fresh, play, start, texts


def test_casino_gains_crystals_boosted_by_colonists() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.built_blueprints, p.depot = [11], 3  # Casino: 2 crystals, +1 per colonist
    play(fresh(state), "resupply", "boost 0", "take water")
    assert "executive advanced-building" in texts(state)
    play(state, "executive advanced-building")
    assert texts(state) == ["blueprint 11"]
    play(state, "blueprint 11")
    assert texts(state) == ["boost 0", "boost 1", "boost 2"]
    play(state, "boost 1")
    assert p.depot == 1 and p.incoming == 3 and p.working == 1


def test_travel_to_orbit_only_before_the_main_action() -> None:
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    p.built_blueprints, p.depot = [22], 2  # Aerial Elevator: travel to Orbit, then the main action
    state.pending.pop()
    state.pending.append({"k": "turn", "seat": seat})
    state.settle()
    play(fresh(state), "executive advanced-building", "blueprint 22")
    assert p.side == "orbit" and texts(state) == ["space 1", "space 2", "space 3", "space 4"]


def test_gym_builds_a_shelter_with_colonists_as_tech_levels() -> None:
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    p.built_blueprints, p.depot = [12], 3
    p.lab.clear()  # no Shelter Tech: only colonists can stand in for the tech level
    home = p.bots[0]
    target = (home[0] + 1, home[1])
    play(fresh(state), "welcome-ship", "ship two-colonists", "pay water", "pay plant")
    play(state, "executive advanced-building", "blueprint 12", "boost 1", "build shelter", "pay oxygen")
    assert f"at {target[0]},{target[1]}" in texts(state)
    play(state, f"at {target[0]},{target[1]}")
    assert state.buildings[target].owner == seat and p.shelters_left == 3
