"""Private Goals: checked at the end of the seat's turn, one per game, two reward choices."""

from __future__ import annotations

from om_helpers import fresh, play, start, texts

from ludoteca.games.on_mars.goals import goal_count, met_goals


def test_a_met_goal_is_offered_at_the_end_of_the_turn() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.goals = [7, 3, 11]  # 7: have 3 Shelters -> alternative: 2 colonists to Living Quarters
    p.shelters_left = 2
    play(fresh(state), "resupply", "boost 0", "take water")
    assert texts(state) == ["skip", "goal 7 develop", "goal 7 alternative"]
    quarters = p.quarters
    play(state, "goal 7 alternative")
    assert p.goal_done == 7 and p.goals == [3, 11] and p.quarters == quarters + 2
    assert met_goals(state, seat) == []  # only one Private Goal per game
    assert state.observation(1 - seat)["players"][seat]["goal_done"] == 7  # revealed


def test_develop_twice_for_free_reward() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.goals, p.hangar = [11], 3  # 11: have 3 ships in the Hangar
    p.storage = dict.fromkeys(p.storage, 0)
    play(fresh(state), "landing-pod", "space 7", "goal 11 develop", "develop shelter", "lab 0")
    assert p.lab["shelter"] == (2, 0) and p.storage == dict.fromkeys(p.storage, 0)


def test_goal_counts() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    p = state.players[0]
    p.blueprints, p.built_blueprints = [1, 2], [3]
    assert goal_count(state, 0, "blueprints") == 3
    p.storage["water"] = 4
    assert goal_count(state, 0, "max_resource_of_one_type") == 4
    p.storage = dict.fromkeys(p.storage, 0)
    p.storage["mineral"] = 5
    assert goal_count(state, 0, "max_resource_of_one_type") == 0  # minerals do not count
    p.lab = {"a:mine": (3, 0), "a:rover": (4, 1), "shelter": (5, 0), "a:upgrade": (0, 0)}
    assert goal_count(state, 0, "lab_marked_spaces") == 3 and goal_count(state, 0, "tech_tiles") == 4


def test_delivery_contract_completed_at_the_end_of_the_turn() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    state.missions = [[9, 2]]  # mission #9 counts completed contracts
    p.contracts = [7]  # 4 minerals: +9 / -4
    p.shelters_left = 1  # storage limit 5
    p.storage["mineral"] = 4
    play(fresh(state), "resupply", "boost 0", "take water")
    assert texts(state) == ["skip", "contract 7"]
    play(state, "contract 7")
    assert p.contracts == [] and p.contracts_done == [7] and p.storage["mineral"] == 0
    assert state.missions == [[9, 1]]


def test_resampling_keeps_the_hand_of_a_seat_deciding_on_a_goal() -> None:
    import random

    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.goals, p.shelters_left = [7, 3, 11], 2
    play(fresh(state), "resupply", "boost 0", "take water")
    assert state.pending[-1]["k"] == "goal"
    for i in range(5):
        other = state.resample_from_infostate(1 - seat, random.Random(i))
        assert other.players[seat].goals == [7, 3, 11] and other.legal_actions() == state.legal_actions()
