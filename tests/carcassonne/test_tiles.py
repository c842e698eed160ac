"""Tile data (`data/tiles.json`) and its pre-rotated form (`tiles.py`).

Geometry (docs/carcassonne.md, section 1): sides N, E, S, W; each side cut into thirds 0, 1, 2 clockwise
around the tile (N0 = west third of the north side); rotation rK turns the tile K
degrees clockwise, so r90 moves N to E and a third keeps its index (N0 -> E0).
The expectations below are computed from the raw JSON with the small rotation
helpers of `helpers.py`, not with the engine's.
"""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest
from helpers import ROTATIONS, SIDES, THIRDS, spot_names, turn_edges, turn_side, turn_third

import ludoteca
from ludoteca.games.carcassonne.tiles import (
    SPOT_INDEX,
    SPOTS,
    TileDataError,
    load_tiles,
    parse_tiles,
    tile_index,
)

BASE_CODES = "ABCDEFGHIJKLMNOPQRSTUVWX"


def raw_data() -> dict:
    text = (resources.files("ludoteca.games.carcassonne") / "data" / "tiles.json").read_text("utf-8")
    return json.loads(text)


RAW = raw_data()
RAW_BY_ID = {t["id"]: t for t in RAW["tiles"]}
BASE_IDS = [f"base:{c}" for c in BASE_CODES]
IC_IDS = [f"ic:IC{i:02d}" for i in range(1, 18)]
ALL_IDS = BASE_IDS + IC_IDS


def side_names(feature) -> list[str]:
    return [SIDES[s] for s in feature.sides]


def third_names(feature) -> list[str]:
    return [THIRDS[t] for t in feature.thirds]


# ---------------------------------------------------------------- the catalogue


def test_base_set_has_24_types_a_to_x_and_72_tiles():
    base = [t for t in load_tiles() if t.set == "base"]
    assert [t.id for t in base] == BASE_IDS
    assert sum(t.count for t in base) == 72
    assert RAW["sets"]["base"]["tiles"] == 72


def test_inns_cathedrals_set_totals():
    ic = [t for t in load_tiles() if t.set == "inns_cathedrals"]
    assert [t.id for t in ic] == IC_IDS
    features = [(t.count, f) for t in ic for f in t.orientations[0].features]
    assert sum(t.count for t in ic) == 18
    assert sum(n * f.pennants for n, f in features) == 3
    assert sum(n for n, f in features if f.kind == "monastery") == 1
    assert sum(n for n, f in features if f.inn) == 6
    assert sum(n for n, f in features if f.cathedral) == 2
    assert len(load_tiles()) == 41 and sum(t.count for t in load_tiles()) == 90


def test_base_totals_pennants_monasteries_start_tile():
    base = [t for t in load_tiles() if t.set == "base"]
    pennants = sum(t.count * sum(f.pennants for f in t.orientations[0].features) for t in base)
    monasteries = sum(t.count for t in base if t.has("monastery"))
    assert pennants == 10
    assert monasteries == 6
    starts = [(t.id, t.start_copies) for t in base if t.start_copies]
    assert starts == [("base:D", 1)]


def test_known_tiles():
    tiles = tile_index()
    assert tiles["base:D"].edges == "CRFR"
    assert tiles["base:C"].edges == "CCCC"
    (city,) = tiles["base:C"].orientations[0].features
    assert (city.kind, side_names(city), city.pennants) == ("city", list("NESW"), 1)
    # Three-sided cities: Q, R, S, T carry 1, 0, 1, 0 pennants.
    for code, pennants, edges in (("Q", 1, "CCFC"), ("R", 0, "CCFC"), ("S", 1, "CCRC"), ("T", 0, "CCRC")):
        tile = tiles[f"base:{code}"]
        cities = [f for f in tile.orientations[0].features if f.kind == "city"]
        assert tile.edges == edges
        assert [(side_names(c), c.pennants) for c in cities] == [(["N", "E", "W"], pennants)]
    # Two separate caps on H (opposite sides) and I (adjacent sides).
    for code, caps in (("H", [["N"], ["S"]]), ("I", [["N"], ["W"]])):
        cities = [f for f in tiles[f"base:{code}"].orientations[0].features if f.kind == "city"]
        assert sorted(side_names(c) for c in cities) == caps
    # Junctions end their roads: W has 3 one-sided roads, X has 4.
    for code, n in (("L", 3), ("W", 3), ("X", 4)):
        roads = [f for f in tiles[f"base:{code}"].orientations[0].features if f.kind == "road"]
        assert len(roads) == n and all(len(r.sides) == 1 for r in roads)
    # Counts of the printed set.
    counts = {t.id[5:]: t.count for t in load_tiles() if t.set == "base"}
    assert counts == {"A": 2, "B": 4, "C": 1, "D": 4, "E": 5, "F": 2, "G": 1, "H": 3, "I": 2,
                      "J": 3, "K": 3, "L": 3, "M": 2, "N": 3, "O": 2, "P": 3, "Q": 1, "R": 3,
                      "S": 2, "T": 1, "U": 8, "V": 9, "W": 4, "X": 1}


def test_start_tile_field_split_by_road():
    # base:D: the field north of the road (E0, W2) touches the city; the south one does not.
    d = tile_index()["base:D"].orientations[0]
    fields = [f for f in d.features if f.kind == "field"]
    by_thirds = {tuple(third_names(f)): [d.features[c].kind for c in f.cities] for f in fields}
    assert by_thirds == {("E0", "W2"): ["city"], ("E2", "S0", "S1", "S2", "W0"): []}


# ---------------------------------------------------------------- per tile type, per rotation


@pytest.mark.parametrize("tile_id", ALL_IDS)
@pytest.mark.parametrize("degrees", ROTATIONS)
def test_rotation_of_edges_and_features(tile_id, degrees):
    raw = RAW_BY_ID[tile_id]
    orient = tile_index()[tile_id].orientations[degrees // 90]
    assert orient.rotation == degrees // 90
    assert orient.edges == turn_edges(raw["edges"], degrees)
    assert len(orient.features) == len(raw["features"])
    for f_raw, f in zip(raw["features"], orient.features, strict=True):
        assert f.kind == f_raw["type"]
        assert sorted(side_names(f)) == sorted(turn_side(s, degrees) for s in f_raw.get("sides", []))
        assert sorted(third_names(f)) == sorted(turn_third(t, degrees) for t in f_raw.get("segments", []))
        assert f.pennants == f_raw.get("pennants", 0)
        assert (f.inn, f.cathedral) == (f_raw.get("inn", False), f_raw.get("cathedral", False))
        local_ids = [g["id"] for g in raw["features"]]
        assert [local_ids[c] for c in f.cities] == f_raw.get("cities", [])


@pytest.mark.parametrize("tile_id", ALL_IDS)
@pytest.mark.parametrize("degrees", ROTATIONS)
def test_every_side_and_third_has_exactly_one_owner(tile_id, degrees):
    orient = tile_index()[tile_id].orientations[degrees // 90]
    for side, letter in zip(SIDES, orient.edges, strict=True):
        owners = [i for i, f in enumerate(orient.features) if side in side_names(f)]
        if letter == "F":
            assert owners == []
            field_thirds = [0, 1, 2]
        else:
            assert len(owners) == 1, (side, owners)
            assert orient.features[owners[0]].kind == ("city" if letter == "C" else "road")
            assert orient.side_feature[SIDES.index(side)] == owners[0]
            field_thirds = [] if letter == "C" else [0, 2]
        for k in range(3):
            third = f"{side}{k}"
            owners = [i for i, f in enumerate(orient.features) if third in third_names(f)]
            if k in field_thirds:
                assert len(owners) == 1, (third, owners)
                assert orient.features[owners[0]].kind == "field"
                assert orient.third_feature[THIRDS.index(third)] == owners[0]
            else:
                assert owners == [], third
                assert orient.third_feature[THIRDS.index(third)] == -1


@pytest.mark.parametrize("tile_id", ALL_IDS)
@pytest.mark.parametrize("degrees", ROTATIONS)
def test_spot_names_are_canonical(tile_id, degrees):
    raw = RAW_BY_ID[tile_id]
    orient = tile_index()[tile_id].orientations[degrees // 90]
    accepted = {}
    for i, (f_raw, f) in enumerate(zip(raw["features"], orient.features, strict=True)):
        canonical, names = spot_names(f_raw, degrees)
        assert SPOTS[f.spot] == canonical
        for name in names:
            accepted[SPOT_INDEX[name]] = i
    # Every side/third of a feature is accepted as its name, and nothing else is.
    assert orient.spot_feature == accepted


@pytest.mark.parametrize("tile_id", ALL_IDS)
def test_first_placements_match_the_start_tile(tile_id):
    """Placements of each tile next to the start tile (D at 0,0 r0: C north, R east/west, F south)."""
    expansions = [] if tile_id.startswith("base:") else ["inns_cathedrals"]
    game = ludoteca.load_game("carcassonne", players=2, expansions=expansions, bag=[tile_id])
    state = game.new_initial_state()
    state.apply_string(f"draw {tile_id}")
    need = {(0, 1): ("S", "C"), (1, 0): ("W", "R"), (-1, 0): ("E", "R"), (0, -1): ("N", "F")}
    expected = set()
    distinct = {90 * r for r in set(tile_index()[tile_id].canonical)}  # symmetric turns listed once
    for (x, y), (side, letter) in need.items():
        for degrees in ROTATIONS:
            if turn_edges(RAW_BY_ID[tile_id]["edges"], degrees)[SIDES.index(side)] == letter:
                expected.add(f"place {x},{y} r{degrees}")
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    assert legal == {e for e in expected if int(e.rsplit(" r", 1)[1]) in distinct}
    for text in expected:  # a repeated rotation still names its placement (older records)
        assert state.action_to_string(state.string_to_action(text)) in legal


# Tiles that look the same turned by 180 degrees (0, 1, 0, 1) or by any turn (0, 0, 0, 0).
SYMMETRIC = {
    "base:B": (0, 0, 0, 0), "base:C": (0, 0, 0, 0), "base:F": (0, 1, 0, 1), "base:G": (0, 1, 0, 1),
    "base:H": (0, 1, 0, 1), "base:U": (0, 1, 0, 1), "base:X": (0, 0, 0, 0), "ic:IC01": (0, 0, 0, 0),
    "ic:IC02": (0, 1, 0, 1), "ic:IC03": (0, 0, 0, 0), "ic:IC05": (0, 1, 0, 1), "ic:IC10": (0, 1, 0, 1),
    "ic:IC15": (0, 1, 0, 1), "ic:IC17": (0, 1, 0, 1),
}


@pytest.mark.parametrize("tile_id", ALL_IDS)
def test_symmetric_rotations_are_merged(tile_id):
    tile = tile_index()[tile_id]
    assert tile.canonical == SYMMETRIC.get(tile_id, (0, 1, 2, 3))
    for pattern, rotations in enumerate(tile.fits):
        assert tile.place_fits[pattern] == tuple(r for r in rotations if tile.canonical[r] == r)
        assert {tile.canonical[r] for r in rotations} == set(tile.place_fits[pattern])


# ---------------------------------------------------------------- invalid data


def broken(tile_id: str, change) -> dict:
    data = copy.deepcopy(RAW)
    tile = next(t for t in data["tiles"] if t["id"] == tile_id)
    change(tile)
    return data


def test_packaged_data_parses():
    assert len(parse_tiles(raw_data())) == len(RAW["tiles"])


def test_wrong_edge_letter_is_rejected():
    data = broken("base:D", lambda t: t.update(edges="CRXR"))
    with pytest.raises(TileDataError, match=r"base:D: edges must be 4 letters of C, R, F, got 'CRXR'"):
        parse_tiles(data)


def test_edge_letter_disagreeing_with_features_is_rejected():
    # base:E with a road letter on the north side where its city is.
    data = broken("base:E", lambda t: t.update(edges="RFFF"))
    with pytest.raises(TileDataError, match=r"base:E: city1 cannot own side N"):
        parse_tiles(data)


def test_field_third_owned_twice_is_rejected():
    data = broken("base:D", lambda t: t["features"][3]["segments"].append("E0"))
    with pytest.raises(TileDataError, match=r"base:D: third E0 is owned twice"):
        parse_tiles(data)


def test_missing_field_third_is_rejected():
    data = broken("base:U", lambda t: t["features"][1]["segments"].remove("N1"))
    with pytest.raises(TileDataError, match=r"base:U: field thirds .* should be"):
        parse_tiles(data)


def test_missing_side_owner_is_rejected():
    # base:U without its road: sides E and W (R) belong to no feature.
    data = broken("base:U", lambda t: t["features"].pop(0))
    with pytest.raises(TileDataError) as info:
        parse_tiles(data)
    assert "base:U: side E (R) belongs to no feature" in str(info.value)
    assert "base:U: side W (R) belongs to no feature" in str(info.value)


def test_unknown_city_reference_and_feature_type_are_rejected():
    data = broken("base:E", lambda t: t["features"][1]["cities"].append("city9"))
    with pytest.raises(TileDataError, match=r"base:E: field1 borders unknown city city9"):
        parse_tiles(data)
    data = broken("base:B", lambda t: t["features"][0].update(type="castle"))
    with pytest.raises(TileDataError, match=r"base:B: unknown feature type 'castle'"):
        parse_tiles(data)


def test_wrong_set_total_and_schema_are_rejected():
    data = broken("base:U", lambda t: t.update(count=7))
    with pytest.raises(TileDataError, match=r"set base: 71 tiles, the data says 72"):
        parse_tiles(data)
    data = copy.deepcopy(RAW)
    data["schema"] = "carcassonne-tiles/0"
    with pytest.raises(TileDataError, match=r"schema"):
        parse_tiles(data)
