"""Wonders of Humanity turn shapes: Abu Simbel's hidden kept tile, the helper tile, Notre-Dame.

Positions start from example A's first five turns (seat 0 reaches 12 points and
claims a Wonder); Wonder spots are picked from the legal options, so the tests do
not depend on our layouts beyond what they assert.
"""

from __future__ import annotations

import random

import pytest

from ludoteca import load_game
from ludoteca.core import IllegalActionError, record_of, replay
from ludoteca.games.carcassonne import wonder_turns
from ludoteca.games.carcassonne.state import CarcassonneState

FIRST_FIVE_TURNS = [
    "draw base:E", "place 0,1 r180", "meeple city S",
    "draw base:E", "place 1,1 r0", "skip",
    "draw base:F", "place 1,2 r90", "meeple city N",
    "draw base:U", "place 1,0 r0", "meeple road E",
    "draw base:E", "place 1,3 r180", "skip",
]
FIRST_TILES = ["base:E", "base:E", "base:F", "base:U", "base:E"]
EXAMPLE_A_TO_TURN_8 = [  # seat 0 claims and places Tikal, two knights on it; seat 1 closes its east side
    *FIRST_FIVE_TURNS, "wonder tikal",
    "draw base:V", "place 2,0 r0", "skip",
    "place-wonder -2,1 r180", "meeple 0,-1 city E", "meeple -1,0 city W",
    "draw base:K", "place -1,0 r270", "skip",
]


def start(wonders: list[str], bag: list[str], claim: str) -> CarcassonneState:
    game = load_game("carcassonne", players=2, expansions=["wonders"], wonders=wonders,
                     bag=FIRST_TILES + bag)
    state = game.new_initial_state()
    for text in [*FIRST_FIVE_TURNS, f"wonder {claim}"]:
        state.apply_string(text)
    assert isinstance(state, CarcassonneState)
    return state


def options(state: CarcassonneState, prefix: str = "") -> list[str]:
    return [t for t in (state.action_to_string(a) for a in state.legal_actions()) if t.startswith(prefix)]


def first(state: CarcassonneState, prefix: str) -> str:
    text = options(state, prefix)[0]
    state.apply_string(text)
    return text


def test_abu_simbel_choose_keep_hidden_and_last_turn() -> None:
    state = start(["abu_simbel", "tikal"], ["base:U", "base:U", "base:U", "base:V"], "abu_simbel")
    first(state, "draw base:U"), first(state, "place"), state.apply_string("skip")  # seat 1
    first(state, "place-wonder"), state.apply_string("skip")  # seat 0 places Abu Simbel
    first(state, "draw"), first(state, "place"), state.apply_string("skip")  # seat 1
    # seat 0, first Abu Simbel turn: two draws, then a choice
    state.apply_string("draw base:U")
    assert state.is_chance_node() and state.phase() == "draw"
    assert state.observation(0)["wonders"]["hand"] == ["base:U"]
    assert state.observation(1)["wonders"]["hand"] == ["hidden"]
    state.apply_string("draw base:V")
    assert state.phase() == "choose" and state.current_player() == 0
    assert options(state) == ["choose base:U", "choose base:V"]
    state.apply_string("choose base:U")
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["wonders"]["kept_tile"] == ["base:V", None]
    assert theirs["wonders"]["kept_tile"] == ["hidden", None]
    assert mine["bag"] == {} and theirs["bag"] == {"base:V": 1}  # seat 1 has not seen it
    assert mine["tiles_left"] == theirs["tiles_left"] == 0
    first(state, "place"), state.apply_string("skip")
    # the bag is empty, a kept tile remains: seat 1 plays it in one last turn, no draw
    assert state.current_player() == 1 and state.phase() == "place"
    assert state.drawn_tile() == "base:V"
    first(state, "place"), state.apply_string("skip")
    assert state.is_terminal()
    assert replay(record_of(state)).scores() == state.scores()


def test_abu_simbel_resampling_redeals_only_what_the_seat_cannot_see() -> None:
    bag = ["base:U", "base:U", "base:U", "base:V", "base:B", "base:C", "base:K", "base:L"]
    state = start(["abu_simbel", "tikal"], bag, "abu_simbel")
    first(state, "draw base:U"), first(state, "place"), state.apply_string("skip")
    first(state, "place-wonder"), state.apply_string("skip")
    first(state, "draw base:U"), first(state, "place"), state.apply_string("skip")
    state.apply_string("draw base:U")
    state.apply_string("draw base:V")
    state.apply_string("choose base:U")
    seen = state.observation(1)
    kept = set()
    for seed in range(30):
        other = state.resample_from_infostate(1, random.Random(seed))
        assert other.observation(1) == seen
        kept.add(other.observation(0)["wonders"]["kept_tile"][0])
        same = state.resample_from_infostate(0, random.Random(seed))
        assert same.observation(0) == state.observation(0)
        assert same.wonder_track.kept == state.wonder_track.kept  # nothing hidden from the owner
    assert len(kept) > 1 and kept <= {"base:V", "base:B", "base:C", "base:K", "base:L"}
    assert state.game.hidden_information


def test_helper_tile_when_the_wonder_fits_nowhere(monkeypatch: pytest.MonkeyPatch) -> None:
    real = wonder_turns.wonder_spots

    def nowhere_but_next_to_a_helper(board, wonder, touching=None):  # type: ignore[no-untyped-def]
        if touching is None:
            return []  # as if the landscape left no room for the Wonder
        if board.squares[touching][0].id == "base:X":
            return []  # a crossroads never serves as the helper tile here
        return real(board, wonder, touching)

    monkeypatch.setattr(wonder_turns, "wonder_spots", nowhere_but_next_to_a_helper)
    state = start(["alhambra", "tikal"], ["base:U", "base:X", "base:V", "base:U"], "alhambra")
    first(state, "draw base:U"), first(state, "place"), state.apply_string("skip")
    assert options(state) == ["hold", "helper"]
    state.apply_string("helper")
    state.apply_string("draw base:X")  # cannot serve: removed, draw again
    assert state.is_chance_node() and state.discarded() == ["base:X"]
    state.apply_string("draw base:V")
    helper_place = first(state, "place")
    assert state.phase() == "place-wonder" and state.current_player() == 0
    assert all(t.startswith("place-wonder ") for t in options(state))  # no meeple, no hold
    with pytest.raises(IllegalActionError):
        state.apply_string("skip")
    first(state, "place-wonder")
    assert state.phase() == "wonder-meeple"
    state.apply_string("skip")
    view = state.observation(1)
    x, y = (int(v) for v in helper_place.split()[1].split(","))
    board = [{k: t[k] for k in ("x", "y", "tile")} for t in view["board"]]
    assert {"x": x, "y": y, "tile": "base:V"} in board
    assert view["wonders"]["placed"][0]["key"] == "alhambra"
    assert state.is_chance_node() and state.turn_seat() == 1  # seat 1 draws next


def test_notre_dame_pays_three_for_a_meeple_next_to_a_monastery() -> None:
    state = start(["notre_dame", "tikal"], ["base:U", "base:U", "base:U", "base:U"], "notre_dame")
    first(state, "draw base:U"), first(state, "place"), state.apply_string("skip")
    first(state, "place-wonder")
    state.apply_string("skip")  # meeples placed with Notre-Dame itself earn nothing (D15)
    (monastery,) = state.board.monasteries
    mx, my = state.board.xy(monastery)
    first(state, "draw base:U"), first(state, "place"), state.apply_string("skip")  # seat 1
    state.apply_string("draw base:U")
    near = [t for t in options(state, "place")
            if max(abs(int(c) - m) for c, m in zip(t.split()[1].split(","), (mx, my), strict=True)) == 1]
    assert near, "the test position needs a placement next to the monastery"
    before = state.scores()[0]
    state.apply_string(near[0])
    first(state, "meeple")
    events = [e for e in state.scoring_log() if e["kind"] == "wonder:notre_dame"]
    assert len(events) == 1 and events[0]["points"] == 3 and events[0]["seats"] == [0]
    assert state.scores()[0] >= before + 3


def test_stonehenge_two_roads_completed_at_once() -> None:
    # seat 1: thief on the start road (turn 4), a monk's road from base:A at 2,1 (turn 8);
    # seat 0 closes both with a junction at 2,0: +3 per occupied road for Stonehenge.
    actions = [*FIRST_FIVE_TURNS, "wonder stonehenge",
               "draw base:W", "place -1,0 r0", "skip",
               "place-wonder -1,-2 r0", "skip",
               "draw base:A", "place 2,1 r0", "meeple road S",
               "draw base:W", "place 2,0 r180", "skip"]
    state = replay({"format": "ludoteca-record/1", "game": "carcassonne",
                    "options": {"players": 2, "expansions": ["wonders"], "wonders": ["stonehenge", "tikal"],
                                "bag": [*FIRST_TILES, "base:W", "base:A", "base:W"]},
                    "actions": actions})
    log = [(e["kind"], e["points"], e["seats"], e["final"]) for e in state.scoring_log()]
    assert ("wonder:stonehenge", 6, [0], False) in log
    assert ("road", 4, [1], False) in log and ("road", 2, [1], False) in log
    assert state.is_terminal() and state.scores() == [18, 6]


def test_notre_dame_once_per_placement_next_to_two_monasteries() -> None:
    state = start(["notre_dame", "tikal"], ["base:U", "base:B", "base:U", "base:U"], "notre_dame")
    first(state, "draw base:U"), first(state, "place"), state.apply_string("skip")
    first(state, "place-wonder"), state.apply_string("skip")
    (cloister,) = state.board.monasteries
    cx, cy = state.board.xy(cloister)

    def square(text: str) -> tuple[int, int]:
        x, y = text.split()[1].split(",")
        return int(x), int(y)

    def around(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1

    state.apply_string("draw base:B")  # seat 1 lays a monastery next to Notre-Dame's cloister
    monastery = next(square(t) for t in options(state, "place") if around(square(t), (cx, cy)))
    state.apply_string(next(t for t in options(state, "place") if square(t) == monastery))
    state.apply_string("skip")
    state.apply_string("draw base:U")
    both = [t for t in options(state, "place")
            if around(square(t), (cx, cy)) and around(square(t), monastery)]
    assert both, "the test position needs a square next to both monasteries"
    state.apply_string(both[0])
    first(state, "meeple")
    notre_dame = [e for e in state.scoring_log() if e["kind"] == "wonder:notre_dame"]
    assert [(e["points"], e["seats"]) for e in notre_dame] == [(3, [0])]


def test_tikal_at_the_final_scoring() -> None:
    # Example A to turn 8, then seat 0 extends the acropolis city to 3 squares, unfinished.
    actions = [*EXAMPLE_A_TO_TURN_8, "draw base:F", "place -2,-1 r90", "skip"]
    state = replay({"format": "ludoteca-record/1", "game": "carcassonne",
                    "options": {"players": 2, "expansions": ["wonders"], "wonders": ["tikal", "alhambra"],
                                "bag": [*FIRST_TILES, "base:V", "base:K", "base:F"]},
                    "actions": actions})
    assert state.is_terminal()
    log = [(e["kind"], e["points"], e["seats"], e["final"]) for e in state.scoring_log() if e["final"]]
    # two knights of seat 0 in cities -> 2 x 2; only the 3-square city triggers, not the cap
    assert [e for e in log if e[0] == "wonder:tikal"] == [("wonder:tikal", 4, [0], True)]
    assert ("city", 4, [0], True) in log and ("city", 1, [0], True) in log  # 3 tiles + pennant; cap
    assert state.scores() == [21, 4]


def test_alhambra_pays_per_farmer_of_its_owner() -> None:
    from ludoteca.games.carcassonne.wonders import alhambra

    actions = [*EXAMPLE_A_TO_TURN_8, "draw base:E", "place -2,-1 r0", "meeple field E0"]
    state = replay({"format": "ludoteca-record/1", "game": "carcassonne",
                    "options": {"players": 2, "expansions": ["wonders"], "wonders": ["tikal", "alhambra"]},
                    "actions": actions})
    assert alhambra(state.board, owner=0, land_tiles=72) == 5  # one farmer
    assert alhambra(state.board, owner=0, land_tiles=120) == 6
    assert alhambra(state.board, owner=1, land_tiles=72) == 0  # no farmers, no points


def test_spectators_see_no_kept_tile() -> None:
    state = start(["abu_simbel", "tikal"], ["base:U", "base:U", "base:U", "base:V"], "abu_simbel")
    first(state, "draw base:U"), first(state, "place"), state.apply_string("skip")
    first(state, "place-wonder"), state.apply_string("skip")
    first(state, "draw"), first(state, "place"), state.apply_string("skip")
    for text in ("draw base:U", "draw base:V", "choose base:U"):
        state.apply_string(text)
    public = state.public_observation()
    assert public["wonders"]["kept_tile"] == ["hidden", None]
    assert public["bag"] == {"base:V": 1} and public == {**state.observation(1), "seat": -2}


def test_only_the_abu_simbel_draws_are_secret_in_the_log() -> None:
    state = start(["abu_simbel", "tikal"], ["base:U", "base:U", "base:U", "base:V"], "abu_simbel")
    draw = state.legal_actions()[0]
    assert state.is_chance_node() and not state.draw_is_private()
    assert state.public_action_string(draw) == state.action_to_string(draw)  # seat 1's draw is public
    first(state, "draw base:U"), first(state, "place"), state.apply_string("skip")
    first(state, "place-wonder"), state.apply_string("skip")
    first(state, "draw"), first(state, "place"), state.apply_string("skip")
    assert state.draw_is_private()
    assert state.public_action_string(state.legal_actions()[0]) is None  # into seat 0's Abu Simbel hand
