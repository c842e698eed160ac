"""Executive actions: uncovered Depot spaces, crystal costs, once per turn."""

from __future__ import annotations

from om_helpers import fresh, play, start, texts


def test_only_uncovered_depot_actions_are_offered_after_the_main_action() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.depot = 3
    play(fresh(state), "resupply", "boost 0", "take water")
    assert state.current_player() == seat
    # 5 ships cover the top 5 spaces: the bottom 3 (stand-in order) are open
    assert texts(state) == ["skip", "executive move-bots", "executive warehouse"]
    play(state, "executive warehouse", "take plant")
    assert p.depot == 1 and p.storage["plant"] == 2
    assert state.current_player() != seat  # one executive action per turn


def test_a_ship_leaving_the_depot_uncovers_the_next_action() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.depot, p.ships_depot, p.hangar = 3, 4, 1
    play(fresh(state), "resupply", "boost 0", "take water")
    assert "executive gain-mineral" in texts(state)
    p.storage["mineral"] = 0
    play(fresh(state), "executive gain-mineral")
    assert p.storage["mineral"] == 1 and p.depot == 0


def test_executive_action_before_the_main_action() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    state.pending.pop()  # replace the pending turn of `seat` by a fresh one
    state.players[seat].depot = 2
    state.pending.append({"k": "turn", "seat": seat})
    state.settle()
    assert state.pending[-1] == {"k": "executive", "seat": seat, "when": "before"}
    play(fresh(state), "executive move-bots", "skip")  # no crystals left for extra MP
    assert state.pending[-1]["k"] == "main"
    play(state, "resupply", "boost 0", "take water")
    assert state.current_player() != seat  # no second executive action after the main one
