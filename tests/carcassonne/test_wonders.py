"""The Wonders of Humanity: worked examples of the rule decisions (docs/carcassonne.md) and the powers.

The start tile base:D lies at 0,0 (city N, road W-E). Wonder layouts are our own design.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca import load_game
from ludoteca.core import IllegalActionError, InvalidOptionError, record_of, replay
from ludoteca.core.play import sample_chance
from ludoteca.games.carcassonne.board import Board
from ludoteca.games.carcassonne.tiles import CITY, FIELD, tile_index
from ludoteca.games.carcassonne.wonders import (
    alhambra,
    circus_maximus,
    load_wonders,
    meeples_in_cities,
    place_wonder,
    terracotta_army,
    wonder_index,
)

FIRST_FIVE_TURNS = [  # example A, turns 1-5: seat 0 reaches 12 points
    "draw base:E", "place 0,1 r180", "meeple city S",
    "draw base:E", "place 1,1 r0", "skip",
    "draw base:F", "place 1,2 r90", "meeple city N",
    "draw base:U", "place 1,0 r0", "meeple road E",
    "draw base:E", "place 1,3 r180", "skip",
]
EXAMPLE_A = [*FIRST_FIVE_TURNS,
             "wonder tikal",
             "draw base:V", "place 2,0 r0", "skip",
             "place-wonder -2,1 r180", "meeple 0,-1 city E", "meeple -1,0 city W",
             "draw base:K", "place -1,0 r270", "skip",
             "draw base:E", "place -2,-1 r0", "meeple field E0"]
EXAMPLE_B = [*FIRST_FIVE_TURNS,
             "wonder angkor_wat",
             "draw base:V", "place 2,0 r0", "skip",
             "place-wonder -2,0 r180", "meeple -1,0 road N", "meeple 0,-1 city S",
             "draw base:U", "place 2,-1 r90", "skip",
             "draw base:V", "place -3,1 r270", "skip",
             "draw base:U", "place 2,-2 r90", "skip",
             "draw base:V", "place -3,-1 r180", "skip"]
EXAMPLE_C = ["draw base:F", "place 0,1 r90", "meeple city N",
             "draw base:E", "place -1,1 r0", "meeple city N",
             "draw base:N", "place 0,2 r270", "skip",
             "draw base:N", "place -1,2 r180", "skip",
             "order 0,1", "wonder circus_maximus", "wonder alhambra",
             "hold", "draw base:E", "place 1,1 r90", "meeple city E",
             "draw base:E", "place 0,-1 r180", "meeple city S",
             "place-wonder -2,0 r180", "meeple 0,-1 city E", "meeple 1,0 road E",
             "hold", "draw base:U", "place 1,0 r0", "meeple field N0",
             "draw base:E", "place 1,2 r0", "meeple city N"]


def record(options: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    return {"format": "ludoteca-record/1", "game": "carcassonne",
            "options": {"expansions": ["wonders"], **options}, "actions": actions}


def drawn(actions: list[str]) -> list[str]:
    return [a.split()[1] for a in actions if a.startswith("draw ")]


@pytest.mark.parametrize(
    ("options", "actions", "so_far", "final"),
    [
        ({"players": 2, "wonders": ["tikal", "circus_maximus"]}, EXAMPLE_A, [22, 0], [26, 4]),
        ({"players": 2, "wonders": ["angkor_wat", "stonehenge"]}, EXAMPLE_B, [12, 0], [28, 6]),
        ({"players": 3, "wonders": ["circus_maximus", "alhambra", "stonehenge"]}, EXAMPLE_C,
         [12, 12, 0], [26, 16, 2]),
    ],
    ids=["A-tikal", "B-angkor-wat", "C-circus-maximus"],
)
def test_worked_examples(options: dict[str, Any], actions: list[str], so_far: list[int],
                         final: list[int]) -> None:
    state = replay(record(options, actions))
    assert not state.is_terminal() and state.scores() == so_far
    # the same actions with a bag of exactly the drawn tiles end the game: final scoring
    ended = replay(record({**options, "bag": drawn(actions)}, actions))
    assert ended.is_terminal() and ended.scores() == final
    assert replay(record_of(ended)).scores() == final  # writing and reading the record


def test_example_a_tikal_pays_for_city_meeples_before_they_return() -> None:
    state = replay(record({"players": 2, "wonders": ["tikal", "circus_maximus"]}, EXAMPLE_A))
    tikal = [e for e in state.scoring_log() if e["kind"] == "wonder:tikal"]
    assert tikal == [{"turn": 8, "kind": "wonder:tikal", "points": 4, "seats": [0], "tiles": 0,
                      "final": False, "at": [-2, -1]}]
    assert state.supply() == [5, 5]  # seat 0: 6 + 1 from the pair - 2 on Tikal - farmer + knight back


def test_claims_threshold_order_and_supply() -> None:
    options = {"players": 3, "wonders": ["circus_maximus", "alhambra", "stonehenge"]}
    state = replay(record(options, EXAMPLE_C[:12]))
    assert state.phase() == "order" and state.current_player() == 0
    assert {state.action_to_string(a) for a in state.legal_actions()} == {"order 0,1", "order 1,0"}
    state.apply_string("order 0,1")
    assert state.current_player() == 0 and state.prompt().kind == "wonder"
    state.apply_string("wonder circus_maximus")
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError):
        state.apply_string("wonder circus_maximus")  # no longer on display
    state.apply_string("wonder alhambra")
    view = state.observation(2)["wonders"]
    assert view["threshold"] == 20 and view["waiting"] == [False, False, True]
    assert view["held"] == ["circus_maximus", "alhambra", None]
    assert view["display"] == ["stonehenge"]
    assert state.supply() == [7, 7, 6]  # 6, knight out and back, +1 from the pair (seats 0, 1)
    # seat 1 holds an unplaced Wonder: its turn starts with hold or place-wonder
    assert state.current_player() == 1 and state.phase() == "start"
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert "hold" in texts and any(t.startswith("place-wonder ") for t in texts)


def test_stonehenge_pays_for_occupied_roads_completed_in_the_owners_turn() -> None:
    actions = [*FIRST_FIVE_TURNS, "wonder stonehenge",
               "draw base:W", "place -1,0 r0", "skip",  # closes the west end of seat 1's road
               "place-wonder -1,-2 r0", "skip",  # completes an empty 2-square road: nothing
               "draw base:B", "place 0,-1 r0", "skip",
               "draw base:W", "place 2,0 r0", "skip"]  # completes seat 1's road in seat 0's turn
    state = replay(record({"players": 2, "wonders": ["stonehenge", "tikal"]}, actions))
    kinds = [(e["kind"], e["points"], e["seats"]) for e in state.scoring_log()]
    assert ("wonder:stonehenge", 3, [0]) in kinds and ("road", 4, [1]) in kinds
    assert [k for k in kinds if k[0] == "wonder:stonehenge"] == [("wonder:stonehenge", 3, [0])]
    assert state.scores() == [15, 4]


def test_terracotta_army_counts_wonder_squares_in_a_row() -> None:
    board = Board(20)
    u, start = tile_index()["base:U"], tile_index()["base:D"]
    board.place(start, board.square(0, 0), 0)
    for x in (1, 2, 3):
        board.place(u, board.square(x, 0), 0)
    assert terracotta_army(board) == 0  # 4 in a row
    place_wonder(board, wonder_index()["terracotta_army"], board.square(5, 0), 0)  # squares 4,5,6
    assert terracotta_army(board) == 2  # row y=0: x = 0..6, unbroken
    board.place(u, board.square(8, 0), 0)
    assert terracotta_army(board) == 2  # a gap at 7: still one row


@pytest.mark.parametrize(("players", "expected"), [(2, 12), (3, 9), (4, 9), (5, 6), (6, 6)])
def test_circus_maximus_rate_by_player_count(players: int, expected: int) -> None:
    options = {"players": 3, "wonders": ["circus_maximus", "alhambra", "stonehenge"]}
    board = replay(record(options, EXAMPLE_C)).board
    assert circus_maximus(board, owner=0, players=players) == expected  # 3 foreign knights


def test_wonder_data_is_ours_and_complete() -> None:
    wonders = load_wonders()
    assert [w.key for w in wonders] == ["stonehenge", "circus_maximus", "notre_dame", "alhambra",
                                        "abu_simbel", "angkor_wat", "terracotta_army", "tikal"]
    for w in wonders:
        assert w.centre.orientations[0].edges == "----" and not w.centre.orientations[0].features
        for side, arm in enumerate(w.arms):
            assert arm.edges[(side + 2) % 4] == "-"  # the side towards the centre is internal


def test_options_are_validated_and_the_random_offer_is_recorded() -> None:
    game = load_game("carcassonne", players=3, expansions=["wonders"])
    assert len(game.options["wonders"]) == 3 and len(set(game.options["wonders"])) == 3
    assert game.meeples == 6
    with pytest.raises(InvalidOptionError, match="at least 3 different Wonders"):
        load_game("carcassonne", players=3, expansions=["wonders"], wonders=["tikal", "alhambra"])
    with pytest.raises(InvalidOptionError, match=r"Wonders on offer: pick among Stonehenge.*'colosseum'"):
        load_game("carcassonne", expansions=["wonders"], wonders=["colosseum", "tikal"])
    with pytest.raises(InvalidOptionError, match="needs the 'wonders' expansion"):
        load_game("carcassonne", wonders=["tikal", "alhambra"])


def test_wonder_notation_round_trips_and_rejects_bad_arms() -> None:
    state = replay(record({"players": 2, "wonders": ["tikal", "circus_maximus"]}, EXAMPLE_A[:19]))
    assert state.phase() == "start"
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action
    state.apply_string("place-wonder -2,1 r180")
    assert state.string_to_action("meeple 0,-1 city S") == state.string_to_action("meeple 0,-1 city E")
    for bad in ("meeple 0,0 city E", "meeple 1,1 city E", "meeple 0,-1 road N", "place-wonder 1,1"):
        with pytest.raises(IllegalActionError):
            state.string_to_action(bad)


def test_terracotta_army_counts_columns_and_each_line_once() -> None:
    board = Board(30)
    u, start = tile_index()["base:U"], tile_index()["base:D"]
    board.place(start, board.square(0, 0), 0)
    for y in range(1, 7):  # column x=0: y = 0..6, seven in a row
        board.place(u, board.square(0, y), 1)
    assert terracotta_army(board) == 2
    for y in range(8, 15):  # a second run of 7 in the same column counts no more
        board.place(u, board.square(0, y), 1)
    assert terracotta_army(board) == 2


def test_angkor_wat_counts_roads_of_five_squares_complete_or_not() -> None:
    from ludoteca.games.carcassonne.wonders import angkor_wat

    board = Board(20)
    u, start = tile_index()["base:U"], tile_index()["base:D"]
    board.place(start, board.square(0, 0), 0)
    for x in (1, 2, 3):
        board.place(u, board.square(x, 0), 0)
    assert angkor_wat(board) == 0  # 4 squares, open at both ends
    board.place(u, board.square(-1, 0), 0)
    assert angkor_wat(board) == 5  # 5 squares, still open: counts
    loop = replay(record({"players": 2, "wonders": ["angkor_wat", "stonehenge"]}, EXAMPLE_B)).board
    assert angkor_wat(loop) == 10  # example B: the gallery (5) and seat 1's road (6)


@pytest.mark.parametrize("seed", range(3))
def test_meeple_counts_of_the_powers_agree_with_a_walk_of_every_region(seed: int) -> None:
    rng = random.Random(seed)
    state = load_game("carcassonne", players=3, expansions=["wonders"]).new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        board = state.board
        every = [r for r in board.regions if r is not None]
        for seat in range(3):
            cities = sum(1 for r in every if r.kind == CITY for m in r.meeples if m.seat == seat)
            open_foreign = sum(1 for r in every if r.kind == CITY and r.open
                               for m in r.meeples if m.seat != seat)
            farmers = sum(1 for r in every if r.kind == FIELD for m in r.meeples if m.seat == seat)
            assert meeples_in_cities(board, seat) == cities
            assert circus_maximus(board, seat, players=3) == 3 * open_foreign
            assert alhambra(board, seat, land_tiles=72) == 5 * farmers
            checked += cities + farmers
    assert checked > 0  # meeples were seen
