"""The Wonders of Humanity: the pieces (OUR OWN DESIGN) and their powers.

The published Wonder layouts could not be found, so every piece in
`data/wonders.json` is Ludoteca's own design (`"design": "ours — published layouts
not found"`); another layout file in the same format can replace it.

A Wonder is a plus of five squares: a centre (the monument, no feature, holds the
owner's marker) and four arms. Each arm is handled as a tile whose side towards the
centre is internal (`-`): never matched, never open, no feature reaches it. So a
Wonder goes on the board as five ordinary squares and every rule that counts tiles
(road and city length, monastery neighbours, rows and columns) counts its squares.

Powers (rule decisions D15–D33 in docs/carcassonne.md): Notre-Dame, Stonehenge and
Tikal act during play from the turn after their Wonder is placed; Circus Maximus,
Alhambra, Angkor Wat and Terracotta Army score at the end, before the final scoring.
Abu Simbel changes how its owner draws.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.games.carcassonne.board import Board, Region
from ludoteca.games.carcassonne.tiles import CITY, FIELD, ROAD, SIDES, TileDataError, TileType, make_tile

ARM_OFFSETS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # rotation-0 arms N, E, S, W: side index = arm index

NOTRE_DAME, STONEHENGE, TIKAL, ABU_SIMBEL = "notre_dame", "stonehenge", "tikal", "abu_simbel"
CIRCUS_MAXIMUS, ALHAMBRA, ANGKOR_WAT, TERRACOTTA_ARMY = (
    "circus_maximus", "alhambra", "angkor_wat", "terracotta_army")
END_POWERS = (CIRCUS_MAXIMUS, ALHAMBRA, ANGKOR_WAT, TERRACOTTA_ARMY)


@dataclass(frozen=True, slots=True)
class Wonder:
    index: int
    key: str
    id: str
    name: str
    power: dict[str, Any]
    design: str  # whose layout this is: ours, until the published layouts are known
    centre: TileType
    arms: tuple[TileType, ...]  # rotation-0 arm N, E, S, W as tiles

    def arm_at(self, side: int, rotation: int) -> TileType:
        """The arm that lies on board side `side` of the centre when turned `rotation`."""
        return self.arms[(side - rotation) % 4]


def _arm_raw(key: str, cell: str, edges: str, features: list[dict[str, Any]]) -> dict[str, Any]:
    prefix = cell + ":"
    mine = []
    for f in features:
        if f.get("cells") != [cell]:
            continue
        g = {k: v for k, v in f.items() if k not in ("cells", "label")}
        for key_name in ("sides", "segments"):
            if key_name in g:
                if not all(x.startswith(prefix) for x in g[key_name]):
                    raise TileDataError(f"wonder {key}: {f['id']} names sides outside its cell {cell}")
                g[key_name] = [x[len(prefix):] for x in g[key_name]]
        mine.append(g)
    return {"id": f"wonder:{key}@{cell}", "set": "wonders", "count": 1, "edges": edges, "features": mine}


def parse_wonders(data: dict[str, Any]) -> tuple[Wonder, ...]:
    if data.get("schema") != "carcassonne-wonders/1":
        raise TileDataError("wonder data must have schema 'carcassonne-wonders/1'")
    from ludoteca.games.carcassonne.tiles import _check

    wonders = []
    for i, w in enumerate(data["wonders"]):
        key, cells, edges = w["key"], w["cells"], w["cell_edges"]
        if sorted(map(tuple, cells)) != sorted([(0, 0), *ARM_OFFSETS]):
            raise TileDataError(f"wonder {key}: only the plus shape is supported, got {cells}")
        placed = {c for f in w["features"] for c in f.get("cells", [])}
        if "0,0" in placed or any(len(f.get("cells", [])) != 1 for f in w["features"]):
            raise TileDataError(f"wonder {key}: features must each lie on exactly one arm")
        arms = []
        for side, (dx, dy) in enumerate(ARM_OFFSETS):
            raw = _arm_raw(key, f"{dx},{dy}", edges[f"{dx},{dy}"], w["features"])
            inner = (side + 2) % 4
            if raw["edges"][inner] != "-" or "-" in raw["edges"].replace("-", "", 1):
                raise TileDataError(
                    f"wonder {key}: arm {dx},{dy} must have exactly its {SIDES[inner]} side internal")
            problems = _check(raw, letters="CRF-")
            if problems:
                raise TileDataError("wonder data is invalid:\n  " + "\n  ".join(problems))
            arms.append(make_tile(raw, 1000 + 10 * i + side))
        if edges["0,0"] != "----":
            raise TileDataError(f"wonder {key}: the centre's sides must all be internal")
        centre = make_tile({"id": f"wonder:{key}", "set": "wonders", "count": 1, "edges": "----",
                            "features": []}, 1000 + 10 * i + 4)
        design = w.get("design") or data.get("design") or "unknown"
        wonders.append(Wonder(i, key, w["id"], w["name"], w["power"], design, centre, tuple(arms)))
    return tuple(wonders)


@cache
def load_wonders() -> tuple[Wonder, ...]:
    text = resources.files(__package__).joinpath("data/wonders.json").read_text(encoding="utf-8")
    return parse_wonders(json.loads(text))


@cache
def wonder_index() -> dict[str, Wonder]:
    return {w.key: w for w in load_wonders()}


@dataclass(frozen=True, slots=True)
class Figures:
    """The numbers of the powers, read from each Wonder's `power` in `data/wonders.json`
    (docs/carcassonne.md, D18–D25, D31); the code holds none of them as literals."""

    notre_dame: int  # points per meeple placed next to a monastery (D18)
    stonehenge: int  # points per road with a meeple completed in the owner's turn (D19)
    abu_simbel_choice: int  # tiles the owner chooses between (D20)
    tikal: int  # points per city meeple of the owner (D21)
    tikal_min_city: int  # squares a scored city needs (D21)
    circus_maximus: dict[int, int]  # points per foreign meeple in an open city, by players (D22)
    alhambra: int  # points per farmer of the owner (D23)
    alhambra_large: int  # ... with at least `alhambra_large_bag` land tiles in the game (D31)
    alhambra_large_bag: int
    angkor_wat: int  # points per road (D24)
    angkor_wat_min_road: int  # squares such a road covers at least (D24)
    terracotta_army: int  # points per row or column (D25)
    terracotta_army_min_run: int  # filled squares in an unbroken line (D25)


def figures_of(wonders: tuple[Wonder, ...]) -> Figures:
    """The powers' numbers of the eight Wonders in `wonders` (all eight must be there)."""
    by_key = {w.key: w.power for w in wonders}
    try:
        circus = by_key[CIRCUS_MAXIMUS]["points_per_meeple_by_players"]
        alhambra_power, angkor, terracotta = by_key[ALHAMBRA], by_key[ANGKOR_WAT], by_key[TERRACOTTA_ARMY]
        found = Figures(
            notre_dame=int(by_key[NOTRE_DAME]["points_per_placement"]),
            stonehenge=int(by_key[STONEHENGE]["points_per_road"]),
            abu_simbel_choice=int(by_key[ABU_SIMBEL]["choice_of"]),
            tikal=int(by_key[TIKAL]["points_per_meeple"]),
            tikal_min_city=int(by_key[TIKAL]["min_city_squares"]),
            circus_maximus={int(n): int(points) for n, points in circus.items()},
            alhambra=int(alhambra_power["points_per_farmer"]),
            alhambra_large=int(alhambra_power["points_per_farmer_with_120_tiles"]),
            alhambra_large_bag=int(alhambra_power["land_tiles_for_6"]),
            angkor_wat=int(angkor["points_per_road"]),
            angkor_wat_min_road=int(angkor["min_road_squares"]),
            terracotta_army=int(terracotta["points_per_line"]),
            terracotta_army_min_run=int(terracotta["min_run"]),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise TileDataError(f"wonder data: a power lacks its numbers ({e!r})") from e
    if found.abu_simbel_choice != 2:  # one tile is played, one kept face down (D20)
        raise TileDataError("wonder data: Abu Simbel's choice_of must be 2")
    return found


@cache
def figures() -> Figures:
    """The powers' numbers of the packaged Wonders."""
    return figures_of(load_wonders())


# ---------------------------------------------------------------- placement
def wonder_spots(board: Board, wonder: Wonder, touching: int | None = None) -> list[tuple[int, int]]:
    """Every (centre square, rotation) where the Wonder may go, sorted.

    All five squares must be empty, every external side that meets a placed square
    must match it, and at least one must meet one (D4). With `touching`, an arm must
    share a side with that square (the helper tile of D13).
    """
    squares, open_ = board.squares, board.open
    steps = [board.step(d) for d in range(4)]
    centres = {o + s for o in open_ for s in steps} if touching is None else {
        touching + a + b for a in steps for b in steps if a != -b}
    spots = []
    for c in sorted(centres):
        if c in squares or c in open_:
            continue
        arm_squares = [c + s for s in steps]
        if any(q in squares for q in arm_squares):
            continue
        if touching is not None and not any(q + s == touching for q in arm_squares for s in steps):
            continue
        patterns = [open_.get(q, 0) for q in arm_squares]
        if not any(patterns):
            continue
        for r in range(4):
            if all(r in wonder.arm_at(d, r).fits[patterns[d]] for d in range(4)):
                spots.append((c, r))
    return spots


def place_wonder(board: Board, wonder: Wonder, centre: int, rotation: int) -> list[int]:
    """Put the five squares down; return them, centre first."""
    placed = [centre]
    board.place(wonder.centre, centre, rotation)
    for d in range(4):
        square = centre + board.step(d)
        board.place(wonder.arm_at(d, rotation), square, rotation)
        placed.append(square)
    return placed


# ---------------------------------------------------------------- powers
def meeples_in_cities(board: Board, seat: int) -> int:
    """Follower figures of `seat` standing in cities (the big meeple counts once, D17)."""
    return sum(1 for r in _manned(board) if r.kind == CITY for m in r.meeples if m.seat == seat)


def _manned(board: Board) -> list[Region]:
    """The regions that hold meeples (from the board's index, not a walk of every node)."""
    return [r for r in map(board.regions.__getitem__, board.manned) if r is not None]


def next_to_monastery(board: Board, square: int) -> bool:
    """Is `square` one of the 8 squares around some monastery (not its own)?"""
    monasteries = board.monasteries
    return any(q in monasteries for q in board.surroundings(square))


def circus_maximus(board: Board, owner: int, players: int) -> int:
    """D22: per meeple of another colour in an incomplete city, by the number of players."""
    per = figures().circus_maximus[players]
    count = sum(1 for r in _manned(board) if r.kind == CITY and r.open for m in r.meeples if m.seat != owner)
    return per * count


def alhambra(board: Board, owner: int, land_tiles: int) -> int:
    """D23, D31: per farmer of the owner; more with a large supply of land tiles."""
    f = figures()
    per = f.alhambra_large if land_tiles >= f.alhambra_large_bag else f.alhambra
    return per * sum(1 for r in _manned(board) if r.kind == FIELD for m in r.meeples if m.seat == owner)


def angkor_wat(board: Board) -> int:
    """D24: per road on the board covering enough squares, complete or not."""
    f = figures()
    least = f.angkor_wat_min_road
    roads = sum(1 for r in board.regions if r is not None and r.kind == ROAD and len(r.tiles) >= least)
    return f.angkor_wat * roads


def terracotta_army(board: Board) -> int:
    """D25: per row and per column holding a long enough unbroken line of filled squares."""
    f = figures()
    rows: dict[int, list[int]] = {}
    cols: dict[int, list[int]] = {}
    for square in board.squares:
        x, y = board.xy(square)
        rows.setdefault(y, []).append(x)
        cols.setdefault(x, []).append(y)
    lines = (*rows.values(), *cols.values())
    return f.terracotta_army * sum(1 for line in lines if _longest_run(line) >= f.terracotta_army_min_run)


def end_power(board: Board, key: str, owner: int, players: int, land_tiles: int) -> int:
    """The points end-game Wonder `key` gives `owner` on `board` now (D16 step 1); 0 for a
    Wonder whose power is not an end-game one."""
    if key == CIRCUS_MAXIMUS:
        return circus_maximus(board, owner, players)
    if key == ALHAMBRA:
        return alhambra(board, owner, land_tiles)
    if key == ANGKOR_WAT:
        return angkor_wat(board)
    if key == TERRACOTTA_ARMY:
        return terracotta_army(board)
    return 0


def _longest_run(values: list[int]) -> int:
    best = run = 0
    previous = None
    for v in sorted(values):
        run = run + 1 if previous is not None and v == previous + 1 else 1
        best = max(best, run)
        previous = v
    return best


# ---------------------------------------------------------------- who has what
FIRST_THRESHOLD, THRESHOLD_STEP, LAST_THRESHOLD = 10, 5, 25


class WonderTrack:
    """The Wonders' part of a game state. Indices `w` are positions in the game's offer."""

    __slots__ = ("active", "claimants", "display", "held", "kept", "meeples", "placed", "qualified",
                 "threshold", "waiting")

    def __init__(self, offered: int, players: int) -> None:
        self.display: tuple[int, ...] = tuple(range(offered))
        self.held = [-1] * players  # per seat: Wonder claimed and not yet placed
        self.waiting = [True] * players  # per seat: the pair still waits beside the track
        self.threshold = FIRST_THRESHOLD
        self.placed: dict[int, tuple[int, int, int, int]] = {}  # w -> (owner, centre, rotation, turn)
        self.active: dict[str, tuple[int, int]] = {}  # key of a placed Wonder -> (owner, turn placed)
        self.qualified: tuple[int, ...] = ()  # seats whose claim order the active player sets
        self.claimants: tuple[int, ...] = ()  # seats still to pick a Wonder, in order
        self.meeples = 0  # meeples put on the Wonder placed this turn
        self.kept = [-1] * players  # Abu Simbel: the tile its owner keeps face down

    def copy(self) -> WonderTrack:
        other = WonderTrack.__new__(WonderTrack)
        other.display = self.display
        other.held = self.held.copy()
        other.waiting = self.waiting.copy()
        other.threshold = self.threshold
        other.placed = self.placed.copy()
        other.active = self.active.copy()
        other.qualified = self.qualified
        other.claimants = self.claimants
        other.meeples = self.meeples
        other.kept = self.kept.copy()
        return other

    def active_owner(self, key: str, turn: int) -> int:
        """The owner of Wonder `key` if it was placed before `turn` (its power works), else -1."""
        placed = self.active.get(key)
        return placed[0] if placed is not None and placed[1] < turn else -1

    def claim(self, seat: int, w: int) -> None:
        self.held[seat] = w
        self.display = tuple(x for x in self.display if x != w)
        self.waiting[seat] = False
        self.threshold = min(LAST_THRESHOLD, self.threshold + THRESHOLD_STEP)
        self.claimants = self.claimants[1:]
