"""Inns & Cathedrals: worked examples of the inn, the cathedral and the big meeple.

The start tile base:D sits at (0,0): city on its north side, road west-east.
"""

from __future__ import annotations

import pytest

from ludoteca import load_game
from ludoteca.core import IllegalActionError, InvalidOptionError, replay

IC = ["inns_cathedrals"]


def play(bag: list[str], actions: list[str], players: int = 2):
    return replay({"format": "ludoteca-record/1", "game": "carcassonne",
                   "options": {"players": players, "expansions": IC, "bag": bag},
                   "actions": actions})


# Road (-1,0) W | (0,0) D | (1,0) IC15 with the inn | (2,0) W: both ends are junctions.
INN_ROAD = ["draw ic:IC15", "place 1,0 r0", "meeple road E",
            "draw base:W", "place -1,0 r0", "skip",
            "draw base:W", "place 2,0 r0", "skip"]


def test_completed_road_with_inn_scores_two_per_tile() -> None:
    state = play(["ic:IC15", "base:W", "base:W"], INN_ROAD)
    assert state.is_terminal()
    assert state.scores() == [8.0, 0.0]  # 4 tiles x 2
    assert state.scoring_log()[0] == {"turn": 2, "kind": "road", "points": 8, "seats": [0],
                                      "tiles": 4, "final": False, "at": [-1, 0]}


def test_unfinished_road_with_inn_scores_nothing() -> None:
    state = play(["ic:IC15"], ["draw ic:IC15", "place 1,0 r0", "meeple road E"])
    assert state.scores() == [0.0, 0.0]
    # the same road without an inn is worth 1 per tile at the end
    plain = play(["base:U"], ["draw base:U", "place 1,0 r0", "meeple road E"])
    assert plain.scores() == [2.0, 0.0]


# City D(0,0) + cathedral IC01 at (0,1), closed by three caps (base:E) around it.
CATHEDRAL = ["draw ic:IC01", "place 0,1 r0", "meeple city N",
             "draw base:E", "place 0,2 r180", "skip",
             "draw base:E", "place 1,1 r270", "skip",
             "draw base:E", "place -1,1 r90", "skip"]


def test_completed_city_with_cathedral_scores_three_per_tile() -> None:
    state = play(["ic:IC01", "base:E", "base:E", "base:E"], CATHEDRAL)
    assert state.scores() == [15.0, 0.0]  # 5 tiles x 3, no pennant
    assert state.supply() == [7, 7]


def test_unfinished_city_with_cathedral_scores_nothing() -> None:
    state = play(["ic:IC01", "base:E", "base:E"], CATHEDRAL[:9])
    assert state.is_terminal()
    assert state.scores() == [0.0, 0.0]
    assert state.meeples_on_board()[0]["feature"] == "city"


def test_big_meeple_returns_after_scoring() -> None:
    actions = [a.replace("meeple road E", "big road E") for a in INN_ROAD]
    game = load_game("carcassonne", players=2, expansions=IC, bag=["ic:IC15", "base:W", "base:W"])
    state = game.new_initial_state()
    for text in actions[:3]:
        state.apply_string(text)
    assert state.big_supply() == [0, 1] and state.supply() == [7, 7]
    for text in actions[3:]:
        state.apply_string(text)
    assert state.scores() == [8.0, 0.0]  # scores the same as a normal meeple
    assert state.big_supply() == [1, 1]


def test_big_meeple_counts_two_for_majority() -> None:
    # Seat 0's big meeple on the road of U(1,0); seat 1's meeple on the road of U(1,1);
    # curves at (2,0) and (2,1) join them into one open road of 5 tiles.
    state = play(["base:U", "base:U", "base:V", "base:V"],
                 ["draw base:U", "place 1,0 r0", "big road E",
                  "draw base:U", "place 1,1 r0", "meeple road E",
                  "draw base:V", "place 2,0 r90", "skip",
                  "draw base:V", "place 2,1 r0", "skip"])
    assert state.scores() == [5.0, 0.0]


def test_big_meeple_offered_once_and_not_on_occupied_features() -> None:
    game = load_game("carcassonne", players=2, expansions=IC, bag=["base:U", "base:U", "base:U"])
    state = game.new_initial_state()
    for text in ["draw base:U", "place 1,0 r0"]:
        state.apply_string(text)
    options = {state.action_to_string(a) for a in state.legal_actions()}
    assert {"big road E", "meeple road E", "big field N0", "skip"} <= options
    state.apply_string("big road E")
    for text in ["draw base:U", "place 2,0 r0"]:
        state.apply_string(text)
    options = {state.action_to_string(a) for a in state.legal_actions()}
    assert "big road E" not in options and "meeple road E" not in options  # road occupied
    state.apply_string("skip")
    state.apply_string("draw base:U")
    state.apply_string("place 3,0 r0")
    options = {state.action_to_string(a) for a in state.legal_actions()}
    assert not any(o.startswith("big") for o in options)  # seat 0's big meeple is on the board
    with pytest.raises(IllegalActionError):
        state.apply_string("big field N0")


def test_expansion_options() -> None:
    game = load_game("carcassonne", players=6, expansions=IC)
    assert game.bag_size == 71 + 18
    assert game.new_initial_state().big_supply() == [1] * 6
    with pytest.raises(InvalidOptionError, match="from 2 to 5"):
        load_game("carcassonne", players=6)
    with pytest.raises(InvalidOptionError, match="inns_cathedrals, which is not switched on"):
        load_game("carcassonne", bag=["ic:IC01"])
