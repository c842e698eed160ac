"""The solo game against Lacerda: setup, his deck (chance), each of the 12 solo cards,
his shuttle rule, level-ups, the end, returns and the core API checks."""

from __future__ import annotations

import random

import pytest
from om_helpers import fresh, texts

from ludoteca.core.play import sample_chance
from ludoteca.core.testing import check_copy_integrity, check_information_safety, check_random_simulation
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.board import hex_ids
from ludoteca.games.on_mars.frames import push
from ludoteca.games.on_mars.game import OnMarsGame
from ludoteca.games.on_mars.model import COLONY, ORBIT
from ludoteca.games.on_mars.shuttle import LACERDA
from ludoteca.games.on_mars.solo import lacerda as solo
from ludoteca.games.on_mars.state import OnMarsState

DECK = OnMarsGame(players=1).components.raw["solo"]["deck"]


def settle_chance(state: OnMarsState, seed: int = 0) -> None:
    """Resolve chance nodes (tile backs, refills, spaces) until a decision is on top."""
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))


def at_solo_draw(seed: int) -> OnMarsState:
    """Play a seeded random solo game until Lacerda's next solo card is to be drawn."""
    rng = random.Random(seed)
    state = OnMarsGame(players=1).new_initial_state()
    while not (state.is_chance_node() and state.pending[-1]["pool"] == "solo"):
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    return state


# ------------------------------------------------------------------ setup
def test_setup_gives_lacerda_a_board_shelter_space_and_the_shuttle_but_no_goals_or_bot() -> None:
    state = OnMarsGame(players=1).new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    assert state.pending[-1]["k"] == "solo_goal" and state.current_player() == 0
    assert texts(state) == [
        "solo-goal first-colonists",
        "solo-goal next-generation",
        "solo-goal hunky-dory",
        "solo-goal martian-potato",
    ]
    state.apply_string("solo-goal hunky-dory")
    assert state.lacerda["goal"] == "hunky_dory"
    board = state.players[LACERDA]
    assert len(state.players) == 2 and state.om_game.num_players() == 1 and len(state.scores()) == 1
    assert board.goals == [] and board.bots == [] and board.lab == {"shelter": (1, 1)}
    assert not any(board.storage.values())  # he never holds resources, from the setup on
    assert state.buildings[(0, 3)].owner == LACERDA  # his Shelter on the 2-player start hex
    fc_spaces = state.om_game.components.standins["first_colonists"]["start_spaces"]
    assert state.lacerda_space in fc_spaces and board.space == state.lacerda_space
    assert state.shuttle[0] == board.side and state.pools["solo"] == [1] * 12


def test_his_starting_space_is_a_chance_draw_over_the_first_colonist_tiles() -> None:
    state = OnMarsGame(players=1).new_initial_state()
    rng = random.Random(4)
    while state.pending[-1].get("pool") != "lacerda_space":
        state.apply_action(sample_chance(state, rng))
    spaces = state.om_game.components.standins["first_colonists"]["start_spaces"]
    assert [a - BASE["draw_space"] + 1 for a, _ in state.chance_outcomes()] == spaces
    assert state.action_to_string(BASE["draw_space"] + 4) == "draw space 5"


# ------------------------------------------------------------------ the deck
def test_each_turn_draws_a_card_from_those_left_and_reshuffles_when_empty() -> None:
    state = at_solo_draw(3)
    left = state.pools["solo"]
    outcomes = state.chance_outcomes()
    assert [a - BASE["draw_solo_card"] for a, _ in outcomes] == [i for i, n in enumerate(left) if n]
    assert all(abs(p - 1 / sum(left)) < 1e-12 for _, p in outcomes)
    state.pools["solo"] = [0] * 12
    state.pools["solo"][7] = 1
    fresh(state).apply_string("draw solo-card 8")
    assert state.lacerda["card"] == 7 and state.lacerda["discard"][-1] == 7
    state = at_solo_draw(3)
    passes = state.lacerda["passes"]
    state.pending.pop()  # replay his turn with an empty deck: a new pass begins
    state.pending.pop()
    state.pending.pop()
    state.pending.pop()
    state.pools["solo"] = [0] * 12
    push(state, {"k": "turn", "seat": LACERDA})
    state.settle()
    assert state.lacerda["passes"] == passes + 1 and state.pools["solo"] == [1] * 12
    assert state.lacerda["discard"] == [] and len(state.chance_outcomes()) == 12


def test_the_deck_order_is_never_hidden_state_and_resampling_keeps_the_draw() -> None:
    state = at_solo_draw(5)
    view = state.observation(0)["lacerda"]
    assert view["cards_left"] == sum(state.pools["solo"])
    assert view["discard"] == [i + 1 for i in state.lacerda["discard"]]
    again = state.resample_from_infostate(0, random.Random(9))
    assert again.chance_outcomes() == state.chance_outcomes()
    assert again.pools["solo"] == state.pools["solo"]


@pytest.mark.parametrize("card", range(12))
def test_solo_card(card: int) -> None:
    """Card `card`: its action number on each side, its mission from the second pass on
    and its travel icon."""
    info = DECK[card]
    for side in (ORBIT, COLONY):
        state = at_solo_draw(11)
        board = state.players[LACERDA]
        board.side, board.depot = side, 3
        board.blueprints = [1]  # a Mine Blueprint: Upgrade is possible on the central Mine
        board.markers = 7
        for action in state.slots:
            state.slots[action] = []
        state.pools["solo"] = [1] * 12
        state.lacerda["passes"] = 1
        letter = "ABC".index(info["mission"])
        state.missions[letter][1] = max(state.missions[letter][1], 3)
        tracker = state.missions[letter][1]
        before_lab = sum(col for col, _ in board.lab.values())
        tiles, blueprints, scientists = len(board.lab), len(board.blueprints), len(board.scientists)
        built = len(board.built_blueprints)
        buildings = len(state.buildings)
        fresh(state).apply_string(f"draw solo-card {card + 1}")
        settle_chance(state)
        assert state.missions[letter][1] <= tracker - 1  # second pass: the card's mission moves
        number = info["action"]
        if side == ORBIT:
            slot = ("obtain_blueprint", "learn_technology", "research_and_development")[number - 1]
            if number == 1:
                assert len(board.blueprints) == blueprints + 1
            elif number == 2:
                assert len(board.lab) == tiles + 1
            else:
                assert sum(col for col, _ in board.lab.values()) == before_lab + 2
        else:
            slot = ("construct_building", "upgrade_building", "hire_scientist_or_contract")[number - 1]
            if number == 1:
                assert len(state.buildings) >= buildings + 1
            elif number == 2:
                assert len(board.built_blueprints) == built + 1
            else:
                assert len(board.scientists) == scientists + 1
        assert LACERDA in state.slots[slot]
        # the shuttle phase: he rides for free unless the card shows the cross
        state.shuttle = [COLONY if board.side == ORBIT else ORBIT, 1, True, board.side]
        was = board.side
        push(state, {"k": "travel", "seat": LACERDA})
        state.settle()
        assert (board.side != was) == bool(info["travels"])


def test_first_pass_cards_move_no_mission() -> None:
    state = at_solo_draw(11)
    assert state.lacerda["passes"] == 0
    state.players[LACERDA].side = COLONY
    state.slots["hire_scientist_or_contract"] = [LACERDA]  # action 3 impossible: he moves his rover
    state.pools["solo"] = [1] * 12
    before = [list(m) for m in state.missions]
    fresh(state).apply_string("draw solo-card 11")  # (3, B, ✗)
    assert state.missions == before


# ------------------------------------------------------------------ shuttle, level-ups, the end
def test_he_travels_only_on_a_free_ride_and_arrives_like_the_rules_say() -> None:
    state = at_solo_draw(2)
    fresh(state).apply_action(
        BASE["draw_solo_card"] + next(i for i, n in enumerate(state.pools["solo"]) if n)
    )
    settle_chance(state)
    board = state.players[LACERDA]
    state.lacerda["card"] = 0  # (1, A, travel)
    board.side = ORBIT
    state.shuttle = [ORBIT, 2, False, ""]  # the shuttle did not travel: no free ride, no ship spent
    push(state, {"k": "travel", "seat": LACERDA})
    state.settle()
    assert board.side == ORBIT
    state.shuttle = [COLONY, 1, True, ORBIT]
    state.exploration = ["tech_tile", "warehouse_2"]
    state.players[0].rover = (3, -3)
    board.rover = None
    buildings = len(state.buildings)
    push(state, {"k": "travel", "seat": LACERDA})
    state.settle()
    # 3 from his rover (centre), 6 from the player's: a tie (his Shelter is on (0, 3))
    far = [(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, 3), (-1, 3)]
    assert state.pending[-1]["pool"] == "lacerda_tie"
    assert state.pending[-1]["options"] == sorted(hex_ids()[h] for h in far)
    settle_chance(state)
    placed = [h for h, k in state.map_discoveries.items() if k == "tech_tile"]
    assert len(placed) == 1 and placed[0] in far
    assert board.side == COLONY and board.space is not None and board.space >= 5
    assert len(state.buildings) == buildings + 1  # he constructs on arrival
    assert board.hangar == 0  # production, retrieving and paying a ship are all skipped


def test_each_colony_level_up_gives_him_a_shelter_a_ship_and_a_bot() -> None:
    state = at_solo_draw(6)
    board = state.players[LACERDA]
    missions = [list(m) for m in state.missions]
    state.missions = [[4, 3]]  # bots placed
    shelters, hangar, crystals = board.shelters_left, board.hangar, board.incoming
    state.colony_level += 1
    solo.lacerda_after_level_check(state)
    state.settle()
    rng = random.Random(0)
    while state.pending[-1].get("pool") == "lacerda_tie":  # where his Shelter goes, if unclear
        state.apply_action(sample_chance(state, rng))
    assert board.shelters_left == shelters - 1 and board.hangar == hangar + 1
    assert state.lacerda["bots"] == 1 and board.bots == [] and state.missions[0][1] == 2
    assert board.incoming > crystals  # his Shelter gave him crystals
    assert state.lacerda["level"] == state.colony_level
    del missions


def test_his_living_quarters_count_as_full_at_the_end() -> None:
    state = at_solo_draw(6)
    board = state.players[LACERDA]
    board.quarters, board.working = 0, 5
    solo.lacerda_before_scoring(state)
    assert board.quarters == board.quarters_capacity() and board.working == 0


def test_returns_follow_the_solo_goal_not_the_single_score() -> None:
    state = play_to_end(0)
    won = solo.lacerda_view(state)["requirements"]
    assert state.returns() == ([1.0] if all(won.values()) else [-1.0])
    assert state.observation(0)["lacerda"]["requirements"] == won
    assert state.observation(0)["lacerda"]["player_wins"] == (state.returns() == [1.0])
    assert state.full_state()["winners"] == ([0] if state.returns() == [1.0] else [])
    assert len(state.observation(0)["players"]) == 1
    assert state.observation(0)["lacerda"]["board"]["op"] == state.players[LACERDA].op


def play_to_end(seed: int) -> OnMarsState:
    rng = random.Random(seed)
    state = OnMarsGame(players=1).new_initial_state()
    while not state.is_terminal():
        state.apply_action(
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    return state


def test_lacerda_plays_whole_games() -> None:
    """Over 20 random games he draws cards, builds, scores and the game ends."""
    for seed in range(20):
        state = play_to_end(seed)
        board = state.players[LACERDA]
        assert state.stage == "over" and state.lacerda["discard"]
        assert board.op > 0 and board.quarters == board.quarters_capacity()
        assert any(b.miner == LACERDA for b in state.buildings.values()) or board.built_blueprints
        assert all(v == 0 for v in board.storage.values())


# ------------------------------------------------------------------ the core checks
@pytest.mark.parametrize("chunk", range(2))
def test_core_checks_over_50_solo_games(chunk: int) -> None:
    """50 seeded solo games in 2 chunks of 25 (so that xdist can spread them); the first
    game of each chunk gets the expensive checks at every step. A solo game ends in +1
    (the Solo Goal met: `winners() == [0]`) or -1, which the core check verifies."""
    seed = 500 + 25 * chunk
    check_random_simulation(lambda: OnMarsGame(players=1), games=25, seed=seed, deep_every=25)
    check_copy_integrity(lambda: OnMarsGame(players=1), games=5, seed=seed)
    check_information_safety(lambda: OnMarsGame(players=1), games=5, seed=seed)
