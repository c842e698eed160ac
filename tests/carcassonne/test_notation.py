"""Carcassonne notation (`ludoteca-record/1`): writing, reading, errors, records."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest
from helpers import SIDES, do_turn, new_state, play, record, spot_names, turn, turn_edges

import ludoteca
from ludoteca.core.errors import IllegalActionError, RecordError
from ludoteca.core.record import record_of, replay

RAW_BY_ID = {
    t["id"]: t
    for t in json.loads(
        (resources.files("ludoteca.games.carcassonne") / "data" / "tiles.json").read_text("utf-8")
    )["tiles"]
}
BASE_IDS = [f"base:{c}" for c in "ABCDEFGHIJKLMNOPQRSTUVWX"]


# ---------------------------------------------------------------- round trips


def random_game(seed: int, check, players: int = 2, expansions: tuple[str, ...] = ()):
    """Play a whole game with random moves, calling `check(state)` at every step."""
    rng = random.Random(seed)
    game = ludoteca.load_game("carcassonne", players=players, expansions=list(expansions))
    state = game.new_initial_state()
    while not state.is_terminal():
        check(state)
        state.apply_action(rng.choice(state.legal_actions()))
    return state


IC = ("inns_cathedrals",)


@pytest.mark.parametrize(("seed", "players", "expansions"), [(1, 2, ()), (2, 2, ()), (3, 5, ()), (4, 3, IC)])
def test_every_legal_action_round_trips(seed, players, expansions):
    seen = set()

    def check(state):
        for action in state.legal_actions():
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action, text
            seen.add(text.split()[0])

    final = random_game(seed, check, players, expansions)
    assert final.is_terminal()
    assert {"draw", "place", "meeple", "skip"} | ({"big"} if expansions else set()) == seen


@pytest.mark.parametrize("seed", [5, 6])
def test_record_of_a_random_game_replays_exactly(seed):
    final = random_game(seed, lambda state: None)
    rec = record_of(final)
    assert rec["format"] == "ludoteca-record/1" and rec["game"] == "carcassonne"
    assert len(rec["actions"]) == final.move_number()
    again = replay(json.dumps(rec))
    assert str(again) == str(final)
    assert again.scores() == final.scores()
    assert again.scoring_log() == final.scoring_log()


def test_record_of_a_short_game_is_the_canonical_text():
    # Meeples written in any accepted form come back in the canonical first-side form.
    actions = turn("base:N", "0,1 r180", "city S") + turn("base:U", "1,0 r0", "field W2")
    s = play(["base:N", "base:U"], actions)
    assert record_of(s)["actions"] == [
        "draw base:N", "place 0,1 r180", "meeple city E", "draw base:U", "place 1,0 r0", "meeple field N0",
    ]
    assert record_of(s)["options"] == {"players": 2, "expansions": [], "bag": ["base:N", "base:U"]}


# ---------------------------------------------------------------- meeple names


def start_placements(tile_id: str) -> list[tuple[str, int]]:
    """Legal first placements of `tile_id` next to the start tile, from the raw edges."""
    need = {"0,1": ("S", "C"), "1,0": ("W", "R"), "-1,0": ("E", "R"), "0,-1": ("N", "F")}
    out = []
    for where, (side, letter) in need.items():
        for degrees in (0, 90, 180, 270):
            if turn_edges(RAW_BY_ID[tile_id]["edges"], degrees)[SIDES.index(side)] == letter:
                out.append((where, degrees))
    return out


@pytest.mark.parametrize("tile_id", BASE_IDS)
def test_meeple_accepts_any_side_or_third_and_writes_the_first(tile_id):
    checked = 0
    for where, degrees in start_placements(tile_id):
        state = new_state([tile_id])
        state.apply_string(f"draw {tile_id}")
        state.apply_string(f"place {where} r{degrees}")
        legal = {state.action_to_string(a) for a in state.legal_actions()}
        expected = {"skip"}
        for feature in RAW_BY_ID[tile_id]["features"]:
            canonical, names = spot_names(feature, degrees)
            expected.add(f"meeple {canonical}")
            for name in names:
                action = state.string_to_action(f"meeple {name}")
                assert state.action_to_string(action) == f"meeple {canonical}", (where, degrees, name)
                checked += 1
        # Nothing on the start tile is occupied: every feature of the new tile is free.
        assert legal == expected
    assert checked > 0


def test_rotated_third_name_follows_the_tile():
    # base:V (curve W-S) placed r90 at (1,0): the road now runs W-N.
    # field1, listed N0-N2, E0-E2, S0, W2, becomes E0-E2, S0-S2, W0, N2: its third
    # listed as N0 is now E0, and its canonical name is "field N2" (N2 comes before E0).
    # field2, listed S2, W0, becomes W2, N0: "field N0". The road W, N: "road N".
    state = new_state(["base:V"])
    state.apply_string("draw base:V")
    state.apply_string("place 1,0 r90")
    field1 = ("N2", "E0", "E1", "E2", "S0", "S1", "S2", "W0")
    written = {f"meeple field {t}": "meeple field N2" for t in field1}
    written |= {"meeple field W2": "meeple field N0", "meeple field N0": "meeple field N0",
                "meeple road W": "meeple road N", "meeple road N": "meeple road N"}
    for text, canonical in written.items():
        assert state.action_to_string(state.string_to_action(text)) == canonical, text
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "meeple road N", "meeple field N0", "meeple field N2", "skip"]
    for text in ("meeple field N1", "meeple field W1", "meeple road E", "meeple road S"):
        with pytest.raises(IllegalActionError, match="has no feature at"):
            state.string_to_action(text)


# ---------------------------------------------------------------- errors


def assert_rejected(state, text: str, *fragments: str) -> None:
    """`text` raises IllegalActionError naming every fragment, and changes nothing."""
    before = (str(state), state.history())
    for call in (state.string_to_action, state.apply_string):
        with pytest.raises(IllegalActionError) as info:
            call(text)
        for fragment in fragments:
            assert fragment in str(info.value), (text, str(info.value))
    assert (str(state), state.history()) == before


def test_malformed_draw():
    state = new_state(["base:E", "base:U"])
    assert_rejected(state, "draw base:Z", "unknown tile 'base:Z'", "draw base:Z")
    assert_rejected(state, "draw", "unknown tile ''")
    assert_rejected(state, "draw base:C", "not a legal action here", "draw")  # not in this bag
    assert_rejected(state, "shuffle", "cannot read 'shuffle'", "draw, place, meeple, big or skip")
    assert_rejected(state, "skip", "not a legal action here", "Draw a tile (2 left)")
    state.apply_string("draw base:E")


def test_malformed_place():
    state = new_state(["base:E", "base:U"])
    state.apply_string("draw base:E")
    assert_rejected(state, "place 1,2", "cannot read 'place 1,2'", "place <x>,<y> r<0|90|180|270>")
    assert_rejected(state, "place 1,2 r45", "cannot read", "r<0|90|180|270>")
    assert_rejected(state, "place 1 2 r0", "cannot read")
    assert_rejected(state, "place 999,0 r0", "'place 999,0 r0' is off the board")
    # Well formed but not legal: not touching any tile, or a side that does not match.
    assert_rejected(state, "place 2,2 r0", "not a legal action here", "Place tile base:E")
    assert_rejected(state, "place 0,1 r0", "not a legal action here", "4 legal action(s), e.g.")
    assert_rejected(state, "meeple city N", "not a legal action here")
    state.apply_string("place 0,1 r180")


def test_malformed_meeple():
    state = new_state(["base:E", "base:U"])
    state.apply_string("draw base:U")
    state.apply_string("place 1,0 r0")
    assert_rejected(state, "meeple castle N", "unknown feature 'castle N'", "'city N', 'road E'")
    assert_rejected(state, "meeple road N1", "unknown feature 'road N1'")
    assert_rejected(state, "meeple field E1", "no feature at 'field E1'", "road E, field N0, field E2")
    assert_rejected(state, "meeple city N", "base:U at 1,0 has no feature at 'city N'")
    assert_rejected(state, "meeple monastery", "no feature at 'monastery'")
    assert_rejected(state, "big road E", "not a legal action here")  # no big meeple in the base game
    assert_rejected(state, "place 1,0 r0", "not a legal action here", "skip")
    state.apply_string("meeple road W")
    assert state.meeples_on_board() == [
        {"seat": 0, "x": 1, "y": 0, "spot": "road E", "big": False, "feature": "road"}]


def test_bad_action_ids_change_nothing():
    state = new_state(["base:E"])
    before = str(state)
    for action in (-1, 10**9, "draw base:E", 2.0, True):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    assert str(state) == before


def test_no_actions_after_the_end():
    state = do_turn(new_state(["base:E"]), "base:E", "0,1 r180")
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_string("draw base:E")


# ---------------------------------------------------------------- records


def test_replay_names_the_failing_action():
    actions = [*turn("base:E", "0,1 r180"), "draw base:U", "place 2,2 r0", "skip"]
    with pytest.raises(RecordError, match=r"^action 4 \('place 2,2 r0'\): .*not a legal action"):
        replay(record(["base:E", "base:U"], actions))
    with pytest.raises(RecordError, match=r"^action 1 \('place 1,2'\): cannot read"):
        replay(record(["base:E"], ["draw base:E", "place 1,2"]))
    with pytest.raises(RecordError, match=r"^action 0 \('draw base:Z'\): unknown tile"):
        replay(record(["base:E"], ["draw base:Z"]))
    with pytest.raises(RecordError, match=r"^action 2 \('meeple castle N'\): unknown feature"):
        replay(record(["base:E"], ["draw base:E", "place 0,1 r180", "meeple castle N"]))
    with pytest.raises(RecordError, match=r"^action 3: 7 is not a string"):
        replay(record(["base:E", "base:U"], [*turn("base:E", "0,1 r180"), 7]))


def test_record_header_errors():
    with pytest.raises(RecordError, match="unknown tile id 'base:Z' in bag"):
        replay(record(["base:Z"], []))
    with pytest.raises(RecordError, match="format"):
        replay({**record(["base:E"], []), "format": "ludoteca-record/0"})
    with pytest.raises(RecordError, match="not valid JSON"):
        replay("{not json")


def test_partial_record_keeps_scores_so_far():
    # A record may stop before the end: no end-game scoring (the road would be worth 2).
    s = play(["base:U", "base:E"], turn("base:U", "1,0 r0", "road E"))
    assert not s.is_terminal()
    assert s.scores() == [0, 0]
    assert s.supply() == [6, 7]
