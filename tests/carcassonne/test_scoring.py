"""Worked scoring examples (docs/carcassonne.md, section 2), each a short game via the `bag` option.

Every position is drawn as a grid, y growing upwards (north), x to the east. A cell
shows the tile at that square and its rotation, e.g. `D0` = base:D r0 (the start
tile at 0,0: city cap north, road west-east, field south). The expected numbers
were worked out by hand from the rules and `tiles.json`:

* completed: road 1 per tile, city 2 per tile + 2 per pennant, monastery 9;
* at the end: road 1 per tile, city 1 per tile + 1 per pennant, monastery 1 + 1 per
  neighbour, field 3 per completed city bordering it;
* the seats with the most meeples on a feature each score its full value.

Seat 0 plays turns 0, 2, 4, ..., seat 1 turns 1, 3, 5, ...
"""

from __future__ import annotations

import pytest
from helpers import do_turn, log, new_state, region_of

import ludoteca
from ludoteca.core.api import CHANCE

# ---------------------------------------------------------------- roads


def test_completed_road_scores_one_per_tile():
    #   y=0   X0 -- D0 -- U0 -- W0        X, W: junctions end the road
    #        x=-1   x=0   x=1   x=2       road = 4 tiles -> 4
    s = new_state(["base:U", "base:W", "base:X"])
    do_turn(s, "base:U", "1,0 r0", "road E")
    assert (s.scores(), s.supply()) == ([0, 0], [6, 7])
    do_turn(s, "base:W", "2,0 r0")  # closes the east end only
    assert (s.scores(), s.supply(), log(s)) == ([0, 0], [6, 7], [])
    do_turn(s, "base:X", "-1,0 r0")  # closes the west end
    assert s.scores() == [4, 0]
    assert s.supply() == [7, 7]
    assert s.meeples_on_board() == []
    assert log(s) == [(2, "road", 4, [0], 4, False)]
    assert s.scoring_log()[0]["at"] == [-1, 0]
    assert s.is_terminal()


def test_road_loop_of_four_curves():
    #   y=0          D0                   the start tile, field south
    #   y=-1   V270 (E,S)   V0 (W,S)      four curves form a closed ring:
    #   y=-2   V180 (N,E)   V90 (N,W)     4 tiles -> 4, complete with no terminus
    #          x=0          x=1
    s = new_state(["base:V"] * 4)
    do_turn(s, "base:V", "0,-1 r270", "road E")
    do_turn(s, "base:V", "1,-1 r0")
    do_turn(s, "base:V", "0,-2 r180")
    assert (s.scores(), s.supply()) == ([0, 0], [6, 7])
    assert region_of(s, "road", 0, -1)["open"] == 2
    do_turn(s, "base:V", "1,-2 r90")  # joins both open ends of the same road
    assert (s.scores(), s.supply()) == ([4, 0], [7, 7])
    assert log(s) == [(3, "road", 4, [0], 4, False)]


def test_road_from_a_monastery_to_a_city():
    #   y=0   T270 -- D0 -- A90          T270: road enters the city from the east (ends);
    #        x=-1    x=0    x=1          A90: road ends at the monastery (west side)
    #   road = 3 tiles -> 3
    s = new_state(["base:A", "base:T"])
    do_turn(s, "base:A", "1,0 r90", "road W")
    assert (s.scores(), s.supply()) == ([0, 0], [6, 7])
    do_turn(s, "base:T", "-1,0 r270")
    assert (s.scores(), s.supply()) == ([3, 0], [7, 7])
    assert log(s) == [(1, "road", 3, [0], 3, False)]
    # The monastery (no meeple) and the open city (no meeple) score nothing at the end.
    assert s.is_terminal() and s.scores() == [3, 0]


# ---------------------------------------------------------------- cities


def test_completed_city_scores_two_per_tile():
    #   y=1   N180 (city S,E) -- E270 (cap W)
    #   y=0   D0 (cap N)
    #         x=0                x=1        city = 3 tiles, no pennant -> 6
    s = new_state(["base:N", "base:E"])
    do_turn(s, "base:N", "0,1 r180", "city S")  # any side of the feature names it
    assert s.meeples_on_board()[0]["spot"] == "city E"
    assert (s.scores(), s.supply()) == ([0, 0], [6, 7])
    do_turn(s, "base:E", "1,1 r270")  # seat 1 completes seat 0's city
    assert (s.scores(), s.supply()) == ([6, 0], [7, 7])
    assert log(s) == [(1, "city", 6, [0], 3, False)]


def test_two_tile_city_scores_four_and_meeple_returns_at_once():
    #   y=1   E180 (cap S)     the knight goes on the city this tile completes:
    #   y=0   D0   (cap N)     2 tiles -> 4 at once, the meeple is back in the supply
    s = new_state(["base:E", "base:U"])
    do_turn(s, "base:E", "0,1 r180", "city S")
    assert s.scores() == [4, 0]
    assert s.supply() == [7, 7]
    assert s.meeples_on_board() == []
    assert log(s) == [(0, "city", 4, [0], 2, False)]
    assert not s.is_terminal()
    do_turn(s, "base:U", "1,0 r0")
    assert s.is_terminal()
    assert (s.scores(), s.supply(), len(log(s))) == ([4, 0], [7, 7], 1)


def test_city_with_two_pennants():
    #   y=1   M180 (S,E, pennant) -- M270 (W,S, pennant)
    #   y=0   D0   (cap N)        -- D0   (cap N)
    #         x=0                    x=1
    #   city = 4 tiles + 2 pennants -> 2*4 + 2*2 = 12
    s = new_state(["base:M", "base:M", "base:D"])
    do_turn(s, "base:M", "0,1 r180", "city E")
    do_turn(s, "base:M", "1,1 r270")
    assert region_of(s, "city", 0, 1)["pennants"] == 2
    assert (s.scores(), s.supply()) == ([0, 0], [6, 7])
    do_turn(s, "base:D", "1,0 r0")
    assert (s.scores(), s.supply()) == ([12, 0], [7, 7])
    assert log(s) == [(2, "city", 12, [0], 4, False)]


def test_ring_city_closed_by_joining_the_same_city_twice():
    #   y=-1   N180 (S,E) -- N270 (W,S)      four corners around a point; the last one
    #   y=-2   N90  (N,E) -- N0   (N,W)      touches the city on two sides -> 4 tiles = 8
    #          x=0           x=1
    s = new_state(["base:N"] * 4)
    do_turn(s, "base:N", "0,-1 r180", "city E")
    do_turn(s, "base:N", "1,-1 r270")
    do_turn(s, "base:N", "0,-2 r90")
    assert region_of(s, "city", 0, -1)["open"] == 2
    assert s.scores() == [0, 0]
    do_turn(s, "base:N", "1,-2 r0")
    assert (s.scores(), s.supply()) == ([8, 0], [7, 7])
    assert log(s) == [(3, "city", 8, [0], 4, False)]


# ---------------------------------------------------------------- monasteries


def test_completed_monastery_scores_nine():
    #   y=0    U0 -- D0 -- U0
    #   y=-1   B0    B0*   B0         * seat 0's monk on (0,-1); the 8th tile
    #   y=-2   B0    B0    B0           around it completes it -> 9
    #          x=-1  x=0   x=1
    s = new_state(["base:B", "base:U", "base:U"] + ["base:B"] * 5)
    do_turn(s, "base:B", "0,-1 r0", "monastery")
    assert s.supply() == [6, 7]
    for tile, place in [("base:U", "-1,0 r0"), ("base:U", "1,0 r0"), ("base:B", "-1,-1 r0"),
                        ("base:B", "1,-1 r0"), ("base:B", "-1,-2 r0"), ("base:B", "0,-2 r0")]:
        do_turn(s, tile, place)
        assert (s.scores(), s.supply(), log(s)) == ([0, 0], [6, 7], [])
    do_turn(s, "base:B", "1,-2 r0")
    assert (s.scores(), s.supply()) == ([9, 0], [7, 7])
    assert log(s) == [(7, "monastery", 9, [0], 1, False)]
    assert s.scoring_log()[0]["at"] == [0, -1]


def test_monastery_placed_into_a_full_hole_scores_at_once():
    # Same square as above, but the monastery comes last (seat 1, turn 7) with a monk on
    # it: the tile completes its own monastery -> 9 at once, the monk goes back.
    s = new_state(["base:U", "base:U"] + ["base:B"] * 6)
    do_turn(s, "base:U", "-1,0 r0")
    do_turn(s, "base:U", "1,0 r0")
    for place in ["-1,-1 r0", "1,-1 r0", "-1,-2 r0", "0,-2 r0", "1,-2 r0"]:
        do_turn(s, "base:B", place)
    do_turn(s, "base:B", "0,-1 r0", "monastery")
    assert (s.scores(), s.supply()) == ([0, 9], [7, 7])
    assert log(s) == [(7, "monastery", 9, [1], 1, False)]


def test_unfinished_monastery_scores_one_plus_neighbours_at_the_end():
    #   y=0    D0 -- A90*      A90 at (1,0): neighbours (0,0), (1,-1) -> 1 + 2 = 3
    #   y=-1          B0*      B0 at (1,-1): neighbours (0,0), (1,0)  -> 1 + 2 = 3
    #          x=0    x=1
    s = new_state(["base:A", "base:B"])
    do_turn(s, "base:A", "1,0 r90", "monastery")
    do_turn(s, "base:B", "1,-1 r0", "monastery")
    assert s.is_terminal()
    assert s.scores() == [3, 3]
    assert s.supply() == [6, 6]  # final scoring returns nothing
    assert log(s) == [(2, "monastery", 3, [0], 1, True), (2, "monastery", 3, [1], 1, True)]


# ---------------------------------------------------------------- end of game


def test_unfinished_road_and_city_at_the_end():
    #   y=1   M180 (city S,E, pennant; east side open)
    #   y=0   D0 -- U0         seat 0: road (0,0)-(1,0), open both ends -> 2
    #         x=0   x=1        seat 1: city (0,0)-(0,1) + 1 pennant    -> 2 + 1 = 3
    s = new_state(["base:U", "base:M"])
    do_turn(s, "base:U", "1,0 r0", "road E")
    do_turn(s, "base:M", "0,1 r180", "city E")
    assert s.is_terminal()
    assert s.scores() == [2, 3]
    assert s.supply() == [6, 6]
    assert log(s) == [(2, "road", 2, [0], 2, True), (2, "city", 3, [1], 2, True)]


# ---------------------------------------------------------------- farmers


def test_farmer_scores_three_per_completed_city():
    #   y=1   E180 (cap S)        the city (0,0)-(0,1) is completed, nobody on it
    #   y=0   D0 -- U0 (farmer N0: the field north of the road, on D as E0/W2)
    #         x=0   x=1           that field borders the completed city -> 3
    s = new_state(["base:E", "base:U"])
    do_turn(s, "base:E", "0,1 r180")
    assert log(s) == []  # completed city without meeples scores for nobody
    do_turn(s, "base:U", "1,0 r0", "field N0")
    assert s.is_terminal()
    assert (s.scores(), s.supply()) == ([0, 3], [7, 6])
    assert log(s) == [(2, "field", 3, [1], 2, True)]


def test_two_fields_touching_the_same_city_each_pay_for_it():
    #   y=1   E180 (cap S; farmer on its field N0 = the field around it)   field 1
    #   y=0   D0 -- U0 (farmer N0 = the field north of the road)             field 2
    #   y=-1  B0                                         (seat 1's filler, no meeple)
    #         x=0   x=1
    # Both fields border the completed city (0,0)-(0,1) and are not connected
    # (D's north side is city), so seat 0 scores 3 + 3 = 6.
    s = new_state(["base:E", "base:B", "base:U"])
    do_turn(s, "base:E", "0,1 r180", "field N0")
    do_turn(s, "base:B", "0,-1 r0")
    do_turn(s, "base:U", "1,0 r0", "field N0")
    assert s.is_terminal()
    assert (s.scores(), s.supply()) == ([6, 0], [5, 7])
    assert sorted(log(s)) == [(3, "field", 3, [0], 1, True), (3, "field", 3, [0], 2, True)]


def test_field_bordering_the_same_city_twice_pays_once():
    #   y=1   E180 (cap S, farmer) -- B0
    #   y=0   D0   (cap N)         -- U0
    #         x=0                     x=1
    # One field runs D(north of road) -> U(north) -> B -> E180 and touches the city
    # (0,0)-(0,1) both on D and on E180: still one city -> 3, not 6.
    s = new_state(["base:E", "base:U", "base:B"])
    do_turn(s, "base:E", "0,1 r180", "field N0")
    do_turn(s, "base:U", "1,0 r0")
    do_turn(s, "base:B", "1,1 r0")
    assert s.is_terminal()
    assert (s.scores(), s.supply()) == ([3, 0], [6, 7])
    assert log(s) == [(3, "field", 3, [0], 4, True)]


def test_incomplete_city_pays_farmers_nothing():
    #   y=0   D0 -- U0 (farmer N0)     the field borders only the open start city -> 0
    s = new_state(["base:U"])
    do_turn(s, "base:U", "1,0 r0", "field N0")
    assert s.is_terminal()
    assert (s.scores(), s.supply()) == ([0, 0], [6, 7])
    assert log(s) == [(1, "field", 0, [0], 2, True)]


def test_field_pays_for_the_completed_city_only():
    #   y=2          E180 (cap S)
    #   y=1          E0   (cap N)      city (1,1)-(1,2): completed, nobody on it
    #   y=0   D0 --  U0 (farmer N0)    the field touches the open start city (0 points)
    #         x=0    x=1               and the completed city (3 points) -> 3
    s = new_state(["base:U", "base:E", "base:E"])
    do_turn(s, "base:U", "1,0 r0", "field N0")
    do_turn(s, "base:E", "1,1 r0")
    do_turn(s, "base:E", "1,2 r180")
    assert s.is_terminal()
    assert (s.scores(), s.supply()) == ([3, 0], [6, 7])
    assert log(s) == [(3, "field", 3, [0], 3, True)]


# ---------------------------------------------------------------- majority


def test_tied_majority_pays_both_players_in_full():
    #   y=0    A270 -- D0 -- V0 (W,S)     seat 1's thief on A270's road (ends at the
    #   y=-1           W0 -- V90 (W,N)    monastery), seat 0's on W0's east road (ends at
    #          x=-1    x=0   x=1          the junction). V0 joins and completes:
    #   road = (-1,0), (0,0), (1,0), (1,-1), (0,-1) = 5 tiles, 1 meeple each -> 5 and 5
    s = new_state(["base:W", "base:A", "base:V", "base:V"])
    do_turn(s, "base:W", "0,-1 r0", "road E")
    do_turn(s, "base:A", "-1,0 r270", "road E")
    do_turn(s, "base:V", "1,-1 r90")
    assert (s.scores(), s.supply()) == ([0, 0], [6, 6])
    do_turn(s, "base:V", "1,0 r0")
    assert (s.scores(), s.supply()) == ([5, 5], [7, 7])
    assert log(s) == [(3, "road", 5, [0, 1], 5, False)]


def test_joined_occupied_roads_keep_both_meeples():
    #   y=0    U0 -- D0 -- V0 (W,S)       two occupied roads, joined by V0 at (1,0);
    #   y=-1          U0 -- V90 (W,N)     both thieves stay on the joined road, which
    #          x=-1   x=0   x=1           stays open at (-1,0) W and (0,-1) W.
    # At the end: 5 tiles, 1 meeple each -> 5 and 5.
    s = new_state(["base:U", "base:U", "base:V", "base:V"])
    do_turn(s, "base:U", "0,-1 r0", "road E")
    do_turn(s, "base:U", "-1,0 r0", "road E")
    do_turn(s, "base:V", "1,-1 r90")
    assert len(region_of(s, "road", 0, -1)["meeples"]) == 1
    s.apply_string("draw base:V")
    s.apply_string("place 1,0 r0")
    road = region_of(s, "road", 0, -1)
    assert road["tiles"] == [(-1, 0), (0, -1), (0, 0), (1, -1), (1, 0)]
    assert sorted(m[0] for m in road["meeples"]) == [0, 1]
    assert road["open"] == 2
    # The joined road is occupied: the player may not add a meeple to it.
    assert [s.action_to_string(a) for a in s.legal_actions()] == [
        "meeple field N0", "meeple field S2", "skip"]
    s.apply_string("skip")
    assert s.is_terminal()
    assert s.scores() == [5, 5]
    assert s.supply() == [6, 6]
    assert log(s) == [(4, "road", 5, [0, 1], 5, True)]


def test_two_meeples_beat_one():
    #   y=2    B0 -- E180*0 -- B0          *0 seat 0's knights on the caps (-1,1) and (0,2)
    #   y=1    E90*0 -- C0 -- E270*1       *1 seat 1's knight on the cap (1,1)
    #   y=0    U0 --   D0  -- U0           C0 (4 city sides, pennant) joins all four caps:
    #          x=-1    x=0    x=1          5 tiles + 1 pennant = 12, seat 0 has 2 vs 1
    s = new_state(["base:U", "base:U", "base:E", "base:E", "base:B", "base:B", "base:E", "base:C"])
    do_turn(s, "base:U", "-1,0 r0")
    do_turn(s, "base:U", "1,0 r0")
    do_turn(s, "base:E", "-1,1 r90", "city E")
    do_turn(s, "base:E", "1,1 r270", "city W")
    do_turn(s, "base:B", "-1,2 r0")
    do_turn(s, "base:B", "1,2 r0")
    do_turn(s, "base:E", "0,2 r180", "city S")
    assert (s.scores(), s.supply()) == ([0, 0], [5, 6])
    do_turn(s, "base:C", "0,1 r0")
    assert (s.scores(), s.supply()) == ([12, 0], [7, 7])
    assert log(s) == [(7, "city", 12, [0], 5, False)]
    assert s.meeples_on_board() == []


def test_one_tile_completes_a_city_and_a_road_for_two_players():
    #   y=1   E180*1 -- F90 (city N-S band, pennant; open north)
    #   y=0   L0     -- D0 -- A90*0
    #         x=-1      x=0   x=1
    # L0 at (-1,0) closes seat 1's city (-1,1)-(-1,0): 2 tiles -> 4, and ends seat 0's
    # road (-1,0)-(0,0)-(1,0) at its junction: 3 tiles -> 3.
    s = new_state(["base:F", "base:E", "base:A", "base:L"])
    do_turn(s, "base:F", "0,1 r90")
    do_turn(s, "base:E", "-1,1 r180", "city S")
    do_turn(s, "base:A", "1,0 r90", "road W")
    assert (s.scores(), s.supply()) == ([0, 0], [6, 6])
    do_turn(s, "base:L", "-1,0 r0")
    assert (s.scores(), s.supply()) == ([3, 4], [7, 7])
    assert sorted(log(s)) == [(3, "city", 4, [1], 2, False), (3, "road", 3, [0], 3, False)]


# ---------------------------------------------------------------- meeple placement


def test_meeple_illegal_on_a_feature_occupied_through_connection():
    #   y=0   U0 -- D0 -- U0 -- U0
    #        x=-1   x=0   x=1   x=2
    s = new_state(["base:U", "base:U", "base:U"])
    do_turn(s, "base:U", "1,0 r0", "road E")  # seat 0's thief on the road through D
    s.apply_string("draw base:U")
    s.apply_string("place -1,0 r0")
    # The road of (-1,0) joins seat 0's road through the start tile: occupied.
    assert [s.action_to_string(a) for a in s.legal_actions()] == [
        "meeple field N0", "meeple field E2", "skip"]
    before = str(s)
    with pytest.raises(ludoteca.IllegalActionError, match="not a legal action"):
        s.apply_string("meeple road W")
    assert str(s) == before
    s.apply_string("meeple field N0")  # seat 1's farmer north of the road
    s.apply_string("draw base:U")
    s.apply_string("place 2,0 r0")
    # Road and north field are both occupied through connection; the south field is free.
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["meeple field E2", "skip"]
    before = str(s)
    for text in ("meeple road E", "meeple field N1", "meeple field W2"):
        with pytest.raises(ludoteca.IllegalActionError, match="not a legal action"):
            s.apply_string(text)
    assert str(s) == before
    s.apply_string("meeple field S1")  # any third of the free south field
    assert s.supply() == [5, 6]
    assert [m["spot"] for m in s.meeples_on_board()] == ["field N0", "road E", "field E2"]


def test_meeple_supply_runs_out():
    #   y=0                     D0
    #   y=-1   B* B* B* B* B* B* B* B      seat 0 puts a monk on each of its 7 monasteries
    #   y=-2   B  B  B  B  B  B  B         (x=-3..3); the 8th tile (4,-1) can take none
    #          x=-3 ...             x=4
    s = new_state(["base:B"] * 15)
    for i, x in enumerate([0, 1, -1, 2, -2, 3, -3]):
        do_turn(s, "base:B", f"{x},-1 r0", "monastery")
        assert s.supply() == [6 - i, 7]
        do_turn(s, "base:B", f"{x},-2 r0")
    s.apply_string("draw base:B")
    s.apply_string("place 4,-1 r0")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["skip"]
    with pytest.raises(ludoteca.IllegalActionError):
        s.apply_string("meeple monastery")
    s.apply_string("skip")
    assert s.is_terminal()
    # Final: 1 + neighbours. x=0, 1, -1: 6 neighbours each -> 7; x=2, -2: 5 -> 6;
    # x=3: 4 -> 5; x=-3: 3 -> 4. Total 7*3 + 6*2 + 5 + 4 = 42.
    assert s.scores() == [42, 0]
    assert s.supply() == [0, 7]
    assert sorted(e[2] for e in log(s)) == [4, 5, 6, 6, 7, 7, 7]


# ---------------------------------------------------------------- discarded tiles


def test_tile_that_fits_nowhere_is_discarded_and_another_is_drawn():
    #   y=1   E180 (cap S)      after it, every open square needs an R or F side:
    #   y=0   D0                base:C (city on all four sides) fits nowhere
    s = new_state(["base:E", "base:C", "base:U"])
    do_turn(s, "base:E", "0,1 r180")
    assert s.turn_seat() == 1
    s.apply_string("draw base:C")
    assert s.observation(0)["discarded"] == ["base:C"]
    assert s.current_player() == CHANCE  # the next action is another draw
    assert s.phase() == "draw"
    assert s.turn_seat() == 1  # by the same player
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["draw base:U"]
    assert s.tiles_left() == 1
    s.apply_string("draw base:U")
    assert s.current_player() == 1
    s.apply_string("place 1,0 r0")
    s.apply_string("skip")
    assert s.is_terminal()
    assert len(s.placed_tiles()) == 3


def test_game_ends_when_the_last_tile_is_discarded():
    s = new_state(["base:E", "base:C"])
    do_turn(s, "base:E", "0,1 r180", "city S")  # 4 points at once
    s.apply_string("draw base:C")
    assert s.is_terminal()
    assert s.observation(1)["discarded"] == ["base:C"]
    assert (s.scores(), s.supply()) == ([4, 0], [7, 7])
