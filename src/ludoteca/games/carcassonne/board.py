"""The Carcassonne board: placed tiles, open squares and connected features.

Squares are integers: `(x + R) * W + (y + R)` with `W = 2R + 1`, where R is the
number of tiles that can ever be placed, so no coordinate overflows. North is `+1`,
south `-1`, east `+W`, west `-W`.

Every feature of every placed tile is a node of a union-find forest. The root of a
tree holds a `Region`: the connected city, road, field or monastery, with what
scoring needs (tiles covered, unmatched sides, pennants, meeples, bordering cities).
Placing a tile joins regions across its four seams; nothing is ever rescanned.

Regions are immutable tuples replaced on change, so copying a board is a handful of
shallow list/dict copies. `manned` keeps the roots of the regions that hold meeples,
so what bots ask most (who holds what) never walks the whole forest.
"""

from __future__ import annotations

from typing import NamedTuple

from ludoteca.games.carcassonne.tiles import CITY, EDGE_CODE, MONASTERY, ROAD, TileType

OPPOSITE = (2, 3, 0, 1)
_NO_CITIES: frozenset[int] = frozenset()


class Meeple(NamedTuple):
    seat: int
    weight: int  # 1 for a normal meeple, 2 for the big meeple (Inns & Cathedrals)
    square: int
    spot: int  # spot index (tiles.SPOTS) on the tile at `square`


class Region(NamedTuple):
    """A board-level feature: one connected city, road, field, or a monastery."""

    kind: str
    tiles: frozenset[int]  # squares covered (a tile counts once)
    open: int  # unmatched city/road sides; 0 = complete (city, road)
    pennants: int
    meeples: tuple[Meeple, ...]
    cities: frozenset[int]  # field: nodes of the cities it borders
    inn: bool
    cathedral: bool


class Board:
    __slots__ = ("manned", "monasteries", "open", "parent", "radius", "regions", "squares", "width")

    def __init__(self, radius: int) -> None:
        self.radius = radius
        self.width = 2 * radius + 1
        self.squares: dict[int, tuple[TileType, int, int]] = {}  # square -> (tile, rotation, node)
        self.open: dict[int, int] = {}  # empty square next to a tile -> neighbour pattern
        self.parent: list[int] = []
        self.regions: list[Region | None] = []
        self.monasteries: dict[int, int] = {}  # square -> node of its monastery
        self.manned: frozenset[int] = frozenset()  # roots of the regions with meeples (shared by copies)

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.radius = self.radius
        other.width = self.width
        other.squares = self.squares.copy()
        other.open = self.open.copy()
        other.parent = self.parent.copy()
        other.regions = self.regions.copy()
        other.monasteries = self.monasteries.copy()
        other.manned = self.manned  # immutable: replaced on change, like the regions
        return other

    # ------------------------------------------------------------ geometry
    def square(self, x: int, y: int) -> int:
        return (x + self.radius) * self.width + (y + self.radius)

    def xy(self, square: int) -> tuple[int, int]:
        sx, sy = divmod(square, self.width)
        return sx - self.radius, sy - self.radius

    def in_range(self, x: int, y: int) -> bool:
        return -self.radius <= x <= self.radius and -self.radius <= y <= self.radius

    def step(self, side: int) -> int:
        return (1, self.width, -1, -self.width)[side]

    def surroundings(self, square: int) -> tuple[int, ...]:
        """The 8 squares around `square`."""
        w = self.width
        return (square + 1, square + w + 1, square + w, square + w - 1,
                square - 1, square - w - 1, square - w, square - w + 1)

    def neighbours(self, square: int) -> int:
        """How many of the 8 surrounding squares hold a tile."""
        return sum(map(self.squares.__contains__, self.surroundings(square)))  # map: no Python-level loop

    # ------------------------------------------------------------ placement
    def placements(self, tile: TileType) -> list[tuple[int, int]]:
        """Every distinct (square, rotation) where `tile` may go, by square then rotation
        (a rotation showing the same as a lower one is left out: `TileType.place_fits`)."""
        fits = tile.place_fits
        return [(sq, r) for sq, pattern in sorted(self.open.items()) for r in fits[pattern]]

    def can_place(self, tile: TileType, square: int, rotation: int) -> bool:
        pattern = self.open.get(square)
        return pattern is not None and rotation in tile.fits[pattern]

    def place(self, tile: TileType, square: int, rotation: int) -> int:
        """Put a tile down (legality is the caller's job); return its first node."""
        orient = tile.orientations[rotation]
        node = len(self.parent)
        parent, regions = self.parent, self.regions
        here = frozenset((square,))
        for i, f in enumerate(orient.features):
            parent.append(node + i)
            cities = frozenset([node + c for c in f.cities]) if f.cities else _NO_CITIES
            regions.append(Region(f.kind, here, len(f.sides), f.pennants, (), cities, f.inn, f.cathedral))
            if f.kind == MONASTERY:
                self.monasteries[square] = node + i
        squares, open_ = self.squares, self.open
        squares[square] = (tile, rotation, node)
        open_.pop(square, None)
        edges, side_feature, third_feature = orient.edges, orient.side_feature, orient.third_feature
        w = self.width
        for side, step in enumerate((1, w, -1, -w)):
            edge = edges[side]
            if edge == "-":  # inside a Wonder: never matched, never open
                continue
            there = square + step
            other = squares.get(there)
            back = OPPOSITE[side]
            if other is None:
                open_[there] = open_.get(there, 0) | (EDGE_CODE[edge] << (2 * back))
                continue
            o_tile, o_rot, o_node = other
            o_orient = o_tile.orientations[o_rot]
            if edge != "F":  # city or road seam
                self._join(node + side_feature[side], o_node + o_orient.side_feature[back], 2)
            theirs = o_orient.third_feature
            for i in range(3):
                mine = third_feature[side * 3 + i]
                if mine >= 0:
                    self._join(node + mine, o_node + theirs[back * 3 + 2 - i], 0)
        return node

    # ------------------------------------------------------------ union-find
    def find(self, node: int) -> int:
        parent = self.parent
        root = node
        while parent[root] != root:
            root = parent[root]
        while parent[node] != root:
            parent[node], node = root, parent[node]
        return root

    def region(self, node: int) -> Region:
        region = self.regions[self.find(node)]
        assert region is not None
        return region

    def _join(self, a: int, b: int, closes: int) -> None:
        """Union two nodes; `closes` unmatched sides disappear with the seam."""
        ra, rb = self.find(a), self.find(b)
        regions = self.regions
        A = regions[ra]
        assert A is not None
        if ra == rb:
            if closes:
                regions[ra] = A._replace(open=A.open - closes)
            return
        B = regions[rb]
        assert B is not None
        if len(B.tiles) > len(A.tiles):
            ra, rb, A, B = rb, ra, B, A
        regions[ra] = Region(
            A.kind, A.tiles | B.tiles, A.open + B.open - closes, A.pennants + B.pennants,
            A.meeples + B.meeples, A.cities | B.cities, A.inn or B.inn, A.cathedral or B.cathedral,
        )
        regions[rb] = None
        self.parent[rb] = ra
        if rb in self.manned:
            self.manned = self.manned - {rb} | {ra}

    def set_meeples(self, root: int, meeples: tuple[Meeple, ...]) -> None:
        region = self.regions[root]
        assert region is not None
        self.regions[root] = region._replace(meeples=meeples)
        self.manned = self.manned | {root} if meeples else self.manned - {root}

    def roots(self) -> list[int]:
        return [i for i, r in enumerate(self.regions) if r is not None]

    def is_complete(self, root: int) -> bool:
        region = self.regions[root]
        assert region is not None
        if region.kind == MONASTERY:
            (square,) = region.tiles
            return self.neighbours(square) == 8
        return region.kind in (CITY, ROAD) and region.open == 0
