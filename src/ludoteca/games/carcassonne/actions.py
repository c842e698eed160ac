"""Carcassonne action ids and their notation (`ludoteca-record/1`).

| ids                                   | notation            | decision            |
| ------------------------------------- | ------------------- | ------------------- |
| `0 .. T-1`                            | `draw <tile-id>`    | chance: tile drawn  |
| `T + square * 4 + k`                  | `place <x>,<y> r<K>`| place the drawn tile, K = 90·k |
| `M + spot`                            | `meeple <spot>`     | meeple on a feature |
| `M + 22 + spot`                       | `big <spot>`        | the big meeple      |
| `M + 44`                              | `skip`              | no meeple           |

T is the number of tile types in the catalogue, squares are numbered as in
`board.py`, M = T + 4 · W², and spots are `tiles.SPOTS`. Ids depend only on the
game's options, never on the state.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ludoteca.core.errors import IllegalActionError
from ludoteca.games.carcassonne.tiles import SPOT_INDEX, SPOTS, TileType

DRAW, PLACE, MEEPLE, BIG, SKIP = "draw", "place", "meeple", "big", "skip"
N_SPOTS = len(SPOTS)

_PLACE_RE = re.compile(r"^place (-?\d+),(-?\d+) r(0|90|180|270)$")


class Decoded(NamedTuple):
    verb: str
    tile: int = -1  # draw
    x: int = 0  # place
    y: int = 0
    rotation: int = 0  # quarter turns
    spot: int = -1  # meeple, big


class ActionCodec:
    """Maps actions to ids and notation for one game configuration."""

    def __init__(self, tiles: tuple[TileType, ...], radius: int) -> None:
        self.tiles = tiles
        self.tile_ids = {t.id: t.index for t in tiles}
        self.radius = radius
        self.width = 2 * radius + 1
        self.place_base = len(tiles)
        self.meeple_base = self.place_base + 4 * self.width * self.width
        self.skip = self.meeple_base + 2 * N_SPOTS
        self.size = self.skip + 1

    def draw(self, tile: int) -> int:
        return tile

    def place(self, square: int, rotation: int) -> int:
        return self.place_base + square * 4 + rotation

    def meeple(self, spot: int, big: bool = False) -> int:
        return self.meeple_base + spot + (N_SPOTS if big else 0)

    def decode(self, action: int) -> Decoded:
        if 0 <= action < self.place_base:
            return Decoded(DRAW, tile=action)
        if action < self.meeple_base:
            square, rotation = divmod(action - self.place_base, 4)
            sx, sy = divmod(square, self.width)
            return Decoded(PLACE, x=sx - self.radius, y=sy - self.radius, rotation=rotation)
        if action < self.skip:
            spot = action - self.meeple_base
            return Decoded(BIG if spot >= N_SPOTS else MEEPLE, spot=spot % N_SPOTS)
        if action == self.skip:
            return Decoded(SKIP)
        raise IllegalActionError(f"{action} is not a Carcassonne action id (0..{self.size - 1})")

    def to_string(self, action: int) -> str:
        d = self.decode(action)
        if d.verb == DRAW:
            return f"draw {self.tiles[d.tile].id}"
        if d.verb == PLACE:
            return f"place {d.x},{d.y} r{90 * d.rotation}"
        if d.verb in (MEEPLE, BIG):
            return f"{d.verb} {SPOTS[d.spot]}"
        return SKIP

    def parse(self, text: str) -> Decoded:
        """Read notation into its parts; whether it is legal is the state's question."""
        text = " ".join(text.split())
        verb, _, rest = text.partition(" ")
        if verb == DRAW:
            if rest not in self.tile_ids:
                raise IllegalActionError(f"unknown tile {rest!r} in {text!r}")
            return Decoded(DRAW, tile=self.tile_ids[rest])
        if verb == PLACE:
            m = _PLACE_RE.match(text)
            if not m:
                raise IllegalActionError(
                    f"cannot read {text!r}: expected 'place <x>,<y> r<0|90|180|270>'"
                )
            x, y = int(m[1]), int(m[2])
            if not (-self.radius <= x <= self.radius and -self.radius <= y <= self.radius):
                raise IllegalActionError(f"{text!r} is off the board (|x|, |y| <= {self.radius})")
            return Decoded(PLACE, x=x, y=y, rotation=int(m[3]) // 90)
        if verb in (MEEPLE, BIG):
            if rest not in SPOT_INDEX:
                raise IllegalActionError(
                    f"unknown feature {rest!r} in {text!r}; write e.g. 'city N', 'road E', "
                    "'field S2', 'field inner' or 'monastery'"
                )
            return Decoded(verb, spot=SPOT_INDEX[rest])
        if text == SKIP:
            return Decoded(SKIP)
        raise IllegalActionError(
            f"cannot read {text!r}: Carcassonne actions start with draw, place, meeple, big or skip"
        )
