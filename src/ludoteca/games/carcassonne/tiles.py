"""Carcassonne tile types: loaded from `data/tiles.json`, checked, and pre-rotated.

Geometry (shared with the record notation):

* sides are N, E, S, W (indices 0..3); `x` grows east, `y` grows north;
* a side is cut into thirds numbered 0, 1, 2 clockwise around the tile
  (`N0` is the west third of the north side, `E0` the north third of the east side);
* rotation `rK` turns the tile K degrees clockwise: listed side N goes to E, and
  a third keeps its index (`N0` becomes `E0`);
* across a seam, third `A.X<i>` touches third `B.opposite(X)<2-i>`.

Every feature of a tile is one meeple spot. In board orientation a spot is named by
the first side (city, road) or third (field) it owns, in the order N, E, S, W; the
closed field of `ic:IC03` is `field inner`. The 22 spot names are `SPOTS`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import LudotecaError

SIDES = "NESW"
THIRDS = tuple(f"{side}{i}" for side in SIDES for i in range(3))
CITY, ROAD, FIELD, MONASTERY = "city", "road", "field", "monastery"
KINDS = (CITY, ROAD, FIELD, MONASTERY)

SPOTS: tuple[str, ...] = (
    *(f"city {s}" for s in SIDES),
    *(f"road {s}" for s in SIDES),
    *(f"field {t}" for t in THIRDS),
    "field inner",
    "monastery",
)
SPOT_INDEX = {name: i for i, name in enumerate(SPOTS)}
CITY_SPOT, ROAD_SPOT, FIELD_SPOT = 0, 4, 8
INNER_FIELD_SPOT = SPOT_INDEX["field inner"]
MONASTERY_SPOT = SPOT_INDEX["monastery"]

SETS = ("base", "inns_cathedrals")
START_TILE = "base:D"


class TileDataError(LudotecaError):
    """The packaged tile data breaks one of the format's invariants."""


@dataclass(frozen=True, slots=True)
class Feature:
    """One feature (meeple spot) of a tile in one rotation. Sides/thirds are indices."""

    kind: str
    sides: tuple[int, ...]  # board sides 0..3 (city, road)
    thirds: tuple[int, ...]  # board thirds 0..11, side * 3 + i (field)
    pennants: int
    cities: tuple[int, ...]  # local indices of the cities a field borders
    inn: bool
    cathedral: bool
    spot: int  # canonical spot index (see SPOTS)


@dataclass(frozen=True, slots=True)
class Orientation:
    """A tile type turned by `rotation` quarter turns clockwise."""

    rotation: int
    edges: str  # board edge letters N, E, S, W
    features: tuple[Feature, ...]
    side_feature: tuple[int, ...]  # per board side: local city/road feature, or -1
    third_feature: tuple[int, ...]  # per board third: local field feature, or -1
    spot_feature: dict[int, int]  # every accepted spot index -> local feature


@dataclass(frozen=True, slots=True)
class TileType:
    index: int
    id: str
    set: str
    label: str
    count: int
    start_copies: int
    orientations: tuple[Orientation, ...]  # rotations 0, 90, 180, 270
    fits: tuple[tuple[int, ...], ...]  # per neighbour pattern (see board.py): rotations that match
    # rotation -> the lowest rotation showing the identical oriented tile (a straight road: 0, 1, 0, 1)
    canonical: tuple[int, ...] = (0, 1, 2, 3)
    # `fits` without the rotations that repeat a lower one: each distinct placement once
    place_fits: tuple[tuple[int, ...], ...] = ()

    @property
    def edges(self) -> str:
        return self.orientations[0].edges

    def has(self, kind: str) -> bool:
        return any(f.kind == kind for f in self.orientations[0].features)


def _rotate(raw: dict[str, Any], rotation: int) -> Orientation:
    """The tile turned `rotation` quarter turns clockwise, in board terms."""
    edges = raw["edges"]
    local_ids = [f["id"] for f in raw["features"]]
    board_edges = [""] * 4
    for i, letter in enumerate(edges):
        board_edges[(i + rotation) % 4] = letter
    side_feature = [-1] * 4
    third_feature = [-1] * 12
    spot_feature: dict[int, int] = {}
    features = []
    for index, f in enumerate(raw["features"]):
        kind = f["type"]
        sides = tuple(sorted((SIDES.index(s) + rotation) % 4 for s in f.get("sides", ())))
        thirds = tuple(
            sorted(((SIDES.index(t[0]) + rotation) % 4) * 3 + int(t[1]) for t in f.get("segments", ()))
        )
        if kind in (CITY, ROAD):
            base = CITY_SPOT if kind == CITY else ROAD_SPOT
            spots = [base + s for s in sides]
            for s in sides:
                side_feature[s] = index
        elif kind == FIELD:
            spots = [FIELD_SPOT + t for t in thirds] or [INNER_FIELD_SPOT]
            for t in thirds:
                third_feature[t] = index
        else:
            spots = [MONASTERY_SPOT]
        for spot in spots:
            spot_feature[spot] = index
        features.append(
            Feature(
                kind=kind,
                sides=sides,
                thirds=thirds,
                pennants=int(f.get("pennants", 0)),
                cities=tuple(local_ids.index(c) for c in f.get("cities", ())),
                inn=bool(f.get("inn", False)),
                cathedral=bool(f.get("cathedral", False)),
                spot=min(spots),
            )
        )
    return Orientation(
        rotation=rotation,
        edges="".join(board_edges),
        features=tuple(features),
        side_feature=tuple(side_feature),
        third_feature=tuple(third_feature),
        spot_feature=spot_feature,
    )


def _check(raw: dict[str, Any], letters: str = "CRF") -> list[str]:
    """The format's invariants for one tile type (see the module docstring).

    Wonder squares also use `-` for a side facing another square of the same Wonder.
    """
    tid, edges, problems = raw.get("id", "?"), raw.get("edges", ""), []
    if len(edges) != 4 or any(c not in letters for c in edges):
        return [f"{tid}: edges must be 4 letters of {', '.join(letters)}, got {edges!r}"]
    if raw.get("set") not in (*SETS, "wonders"):
        problems.append(f"{tid}: unknown set {raw.get('set')!r}")
    if not isinstance(raw.get("count"), int) or raw["count"] < 1:
        problems.append(f"{tid}: count must be a positive integer")
    ids = [f.get("id") for f in raw["features"]]
    if len(set(ids)) != len(ids):
        problems.append(f"{tid}: duplicate feature ids")
    owner: dict[str, str] = {}
    thirds: dict[str, str] = {}
    for f in raw["features"]:
        kind = f.get("type")
        if kind not in KINDS:
            problems.append(f"{tid}: unknown feature type {kind!r}")
            continue
        for side in f.get("sides", ()):
            want = "C" if kind == CITY else "R"
            if side not in SIDES or edges[SIDES.index(side)] != want or side in owner:
                problems.append(f"{tid}: {f['id']} cannot own side {side}")
            owner[side] = f["id"]
        for third in f.get("segments", ()):
            if third in thirds or third not in THIRDS:
                problems.append(f"{tid}: third {third} is owned twice or unknown")
            thirds[third] = f["id"]
        for city in f.get("cities", ()):
            if city not in ids:
                problems.append(f"{tid}: {f['id']} borders unknown city {city}")
    for i, letter in enumerate(edges):
        if letter in "CR" and SIDES[i] not in owner:
            problems.append(f"{tid}: side {SIDES[i]} ({letter}) belongs to no feature")
    expected = {f"{s}{k}" for i, s in enumerate(SIDES) for k in range(3) if edges[i] == "F"}
    expected |= {f"{s}{k}" for i, s in enumerate(SIDES) for k in (0, 2) if edges[i] == "R"}
    if set(thirds) != expected:
        problems.append(f"{tid}: field thirds {sorted(thirds)} should be {sorted(expected)}")
    return problems


EDGE_CODE = {"C": 1, "R": 2, "F": 3}


def _fit_table(orientations: tuple[Orientation, ...]) -> tuple[tuple[int, ...], ...]:
    """For each of the 256 neighbour patterns, the rotations whose edges match it.

    A pattern packs, per board side d, 2 bits at `2 * d`: 0 = no neighbour there,
    else the `EDGE_CODE` of the letter the neighbour shows on the shared side.
    """
    table = []
    for pattern in range(256):
        needs = [(pattern >> (2 * d)) & 3 for d in range(4)]
        table.append(
            tuple(
                o.rotation
                for o in orientations
                if all(n == 0 or EDGE_CODE.get(o.edges[d]) == n for d, n in enumerate(needs))
            )
        )
    return tuple(table)


def _looks(o: Orientation) -> tuple[str, frozenset[Any]]:
    """What a turned tile shows on the board, whatever the order of its features."""
    features = o.features
    return o.edges, frozenset(
        (f.kind, frozenset(f.sides), frozenset(f.thirds), f.pennants, f.inn, f.cathedral,
         frozenset(frozenset(features[c].sides) for c in f.cities))
        for f in features
    )


def _canonical(orientations: tuple[Orientation, ...]) -> tuple[int, ...]:
    looks = [_looks(o) for o in orientations]
    return tuple(looks.index(look) for look in looks)


def make_tile(raw: dict[str, Any], index: int) -> TileType:
    """One checked, pre-rotated tile type (land tiles and Wonder squares alike)."""
    orientations = tuple(_rotate(raw, r) for r in range(4))
    fits = _fit_table(orientations)
    canonical = _canonical(orientations)
    return TileType(
        index=index,
        id=raw["id"],
        set=raw["set"],
        label=raw.get("label", ""),
        count=raw["count"],
        start_copies=raw.get("start_copies", 0),
        orientations=orientations,
        fits=fits,
        canonical=canonical,
        place_fits=tuple(tuple(r for r in rs if canonical[r] == r) for rs in fits),
    )


def parse_tiles(data: dict[str, Any]) -> tuple[TileType, ...]:
    """Check and pre-rotate a `carcassonne-tiles/1` document."""
    if data.get("schema") != "carcassonne-tiles/1":
        raise TileDataError("tile data must have schema 'carcassonne-tiles/1'")
    problems = [p for raw in data["tiles"] for p in _check(raw)]
    if problems:
        raise TileDataError("tile data is invalid:\n  " + "\n  ".join(problems))
    tiles = [make_tile(raw, i) for i, raw in enumerate(data["tiles"])]
    for set_name, expected in data.get("sets", {}).items():
        if not isinstance(expected, dict) or "tiles" not in expected:
            continue
        found = sum(t.count for t in tiles if t.set == set_name)
        if found != expected["tiles"]:
            raise TileDataError(f"set {set_name}: {found} tiles, the data says {expected['tiles']}")
    return tuple(tiles)


@cache
def load_tiles() -> tuple[TileType, ...]:
    """All tile types of the packaged data, in file order (their index is their draw id)."""
    text = resources.files(__package__).joinpath("data/tiles.json").read_text(encoding="utf-8")
    return parse_tiles(json.loads(text))


@cache
def tile_index() -> dict[str, TileType]:
    return {t.id: t for t in load_tiles()}
