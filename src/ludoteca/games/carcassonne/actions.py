"""Carcassonne action ids and their notation (`ludoteca-record/1`).

| ids                       | notation                      | decision                       |
| ------------------------- | ----------------------------- | ------------------------------ |
| `d = 0 .. T-1`            | `draw <tile-id>`              | chance: the tile drawn         |
| `T + square·4 + k`        | `place <x>,<y> r<K>`          | place the drawn tile, K = 90·k |
| `M + spot`                | `meeple <spot>`               | meeple on a feature            |
| `M + 22 + spot`           | `big <spot>`                  | the big meeple                 |
| `M + 44`                  | `skip`                        | no (more) meeple               |

With the Wonders of Humanity (docs/carcassonne.md, section 3), after `M + 44`:

| ids                       | notation                      | decision                       |
| ------------------------- | ----------------------------- | ------------------------------ |
| `M + 45`, `M + 46`        | `hold`, `helper`              | a Wonder holder's turn start   |
| `K + w`                   | `wonder <key>`                | a claimant takes Wonder w      |
| `C + d`                   | `choose <tile-id>`            | Abu Simbel: play this tile     |
| `P + square·4 + k`        | `place-wonder <x>,<y> r<K>`   | the Wonder, centre on x,y      |
| `Q + arm·44 + spot (+22)` | `meeple|big <dx>,<dy> <spot>` | meeple on a Wonder arm         |
| `O + i`                   | `order <s>,<s>,...`           | claim order, i-th seat sequence|

T is the number of land tile types, squares are numbered as in `board.py`,
M = T + 4·W², and spots are `tiles.SPOTS`. Ids depend only on the game's options,
never on the state.
"""

from __future__ import annotations

import re
from itertools import permutations
from typing import NamedTuple

from ludoteca.core.errors import IllegalActionError
from ludoteca.games.carcassonne.tiles import SPOT_INDEX, SPOTS, TileType

DRAW, PLACE, MEEPLE, BIG, SKIP = "draw", "place", "meeple", "big", "skip"
HOLD, HELPER, WONDER, CHOOSE, PLACE_WONDER, ORDER = (
    "hold", "helper", "wonder", "choose", "place-wonder", "order")
N_SPOTS = len(SPOTS)
ARM_OFFSETS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # board sides N, E, S, W of a Wonder centre

_PLACE_RE = re.compile(r"^(place|place-wonder) (-?\d+),(-?\d+) r(0|90|180|270)$")
_ARM_RE = re.compile(r"^(-?\d+),(-?\d+) (.+)$")


class Decoded(NamedTuple):
    verb: str
    tile: int = -1  # draw
    x: int = 0  # place
    y: int = 0
    rotation: int = 0  # quarter turns
    spot: int = -1  # meeple, big
    arm: int = -1  # meeple, big on a Wonder: board side of the arm around the centre
    wonder: int = -1  # wonder
    order: tuple[int, ...] = ()  # order


class ActionCodec:
    """Maps actions to ids and notation for one game configuration.

    `decode` and `to_string` depend on the action id alone, so each id's result is
    kept once computed (a prompt decodes every legal option twice: notation and
    payload); the ids seen are bounded by `size`."""

    def __init__(
        self, tiles: tuple[TileType, ...], radius: int, wonders: tuple[str, ...] = (), players: int = 2
    ) -> None:
        self.tiles = tiles
        self.tile_ids = {t.id: t.index for t in tiles}
        self.radius = radius
        self.width = 2 * radius + 1
        area = 4 * self.width * self.width
        self.place_base = len(tiles)
        self.meeple_base = self.place_base + area
        self.skip = self.meeple_base + 2 * N_SPOTS
        self.size = self.skip + 1
        self.wonder_keys = wonders
        self.orders: tuple[tuple[int, ...], ...] = ()
        if wonders:
            self.hold, self.helper = self.skip + 1, self.skip + 2
            self.wonder_base = self.skip + 3
            self.choose_base = self.wonder_base + len(wonders)
            self.place_wonder_base = self.choose_base + len(tiles)
            self.arm_meeple_base = self.place_wonder_base + area
            self.order_base = self.arm_meeple_base + 4 * 2 * N_SPOTS
            self.orders = tuple(o for n in range(2, players + 1) for o in permutations(range(players), n))
            self.order_index = {o: i for i, o in enumerate(self.orders)}
            self.size = self.order_base + len(self.orders)
        self._decoded: dict[int, Decoded] = {}
        self._notation: dict[int, str] = {}

    def draw(self, tile: int) -> int:
        return tile

    def place(self, square: int, rotation: int) -> int:
        return self.place_base + square * 4 + rotation

    def meeple(self, spot: int, big: bool = False) -> int:
        return self.meeple_base + spot + (N_SPOTS if big else 0)

    def place_wonder(self, square: int, rotation: int) -> int:
        return self.place_wonder_base + square * 4 + rotation

    def arm_meeple(self, arm: int, spot: int, big: bool = False) -> int:
        return self.arm_meeple_base + arm * 2 * N_SPOTS + spot + (N_SPOTS if big else 0)

    def pick_wonder(self, wonder: int) -> int:
        return self.wonder_base + wonder

    def choose(self, tile: int) -> int:
        return self.choose_base + tile

    def order(self, seats: tuple[int, ...]) -> int:
        return self.order_base + self.order_index[seats]

    def _xy(self, square: int) -> tuple[int, int]:
        sx, sy = divmod(square, self.width)
        return sx - self.radius, sy - self.radius

    def decode(self, action: int) -> Decoded:
        decoded = self._decoded.get(action)
        if decoded is None:
            decoded = self._decoded[action] = self._decode(action)
        return decoded

    def _decode(self, action: int) -> Decoded:
        if 0 <= action < self.place_base:
            return Decoded(DRAW, tile=action)
        if action < self.meeple_base:
            square, rotation = divmod(action - self.place_base, 4)
            x, y = self._xy(square)
            return Decoded(PLACE, x=x, y=y, rotation=rotation)
        if action < self.skip:
            spot = action - self.meeple_base
            return Decoded(BIG if spot >= N_SPOTS else MEEPLE, spot=spot % N_SPOTS)
        if action == self.skip:
            return Decoded(SKIP)
        if self.wonder_keys and self.skip < action < self.size:
            return self._decode_wonders(action)
        raise IllegalActionError(f"{action} is not a Carcassonne action id (0..{self.size - 1})")

    def _decode_wonders(self, action: int) -> Decoded:
        if action == self.hold:
            return Decoded(HOLD)
        if action == self.helper:
            return Decoded(HELPER)
        if action < self.choose_base:
            return Decoded(WONDER, wonder=action - self.wonder_base)
        if action < self.place_wonder_base:
            return Decoded(CHOOSE, tile=action - self.choose_base)
        if action < self.arm_meeple_base:
            square, rotation = divmod(action - self.place_wonder_base, 4)
            x, y = self._xy(square)
            return Decoded(PLACE_WONDER, x=x, y=y, rotation=rotation)
        if action < self.order_base:
            arm, spot = divmod(action - self.arm_meeple_base, 2 * N_SPOTS)
            return Decoded(BIG if spot >= N_SPOTS else MEEPLE, spot=spot % N_SPOTS, arm=arm)
        return Decoded(ORDER, order=self.orders[action - self.order_base])

    def to_string(self, action: int) -> str:
        text = self._notation.get(action)
        if text is None:
            text = self._notation[action] = self._to_string(action)
        return text

    def _to_string(self, action: int) -> str:
        d = self.decode(action)
        verb = d.verb
        if verb in (DRAW, CHOOSE):
            return f"{verb} {self.tiles[d.tile].id}"
        if verb in (PLACE, PLACE_WONDER):
            return f"{verb} {d.x},{d.y} r{90 * d.rotation}"
        if verb in (MEEPLE, BIG):
            if d.arm >= 0:
                dx, dy = ARM_OFFSETS[d.arm]
                return f"{verb} {dx},{dy} {SPOTS[d.spot]}"
            return f"{verb} {SPOTS[d.spot]}"
        if verb == WONDER:
            return f"wonder {self.wonder_keys[d.wonder]}"
        if verb == ORDER:
            return "order " + ",".join(map(str, d.order))
        return verb

    def parse(self, text: str) -> Decoded:
        """Read notation into its parts; whether it is legal is the state's question."""
        text = " ".join(text.split())
        verb, _, rest = text.partition(" ")
        if verb in (DRAW, CHOOSE) and (verb == DRAW or self.wonder_keys):
            if rest not in self.tile_ids:
                raise IllegalActionError(f"unknown tile {rest!r} in {text!r}")
            return Decoded(verb, tile=self.tile_ids[rest])
        if verb == PLACE or (verb == PLACE_WONDER and self.wonder_keys):
            m = _PLACE_RE.match(text)
            if not m:
                raise IllegalActionError(
                    f"cannot read {text!r}: expected '{verb} <x>,<y> r<0|90|180|270>'"
                )
            x, y = int(m[2]), int(m[3])
            if not (-self.radius <= x <= self.radius and -self.radius <= y <= self.radius):
                raise IllegalActionError(f"{text!r} is off the board (|x|, |y| <= {self.radius})")
            return Decoded(verb, x=x, y=y, rotation=int(m[4]) // 90)
        if verb in (MEEPLE, BIG):
            arm = -1
            m = _ARM_RE.match(rest)
            if m and self.wonder_keys:
                offset = (int(m[1]), int(m[2]))
                if offset not in ARM_OFFSETS:
                    raise IllegalActionError(
                        f"{text!r}: a Wonder arm is one of 0,1 / 1,0 / 0,-1 / -1,0 from its centre")
                arm, rest = ARM_OFFSETS.index(offset), m[3]
            if rest not in SPOT_INDEX:
                raise IllegalActionError(
                    f"unknown feature {rest!r} in {text!r}; write e.g. 'city N', 'road E', "
                    "'field S2', 'field inner' or 'monastery'"
                )
            return Decoded(verb, spot=SPOT_INDEX[rest], arm=arm)
        if text == SKIP or (text in (HOLD, HELPER) and self.wonder_keys):
            return Decoded(text)
        if verb == WONDER and self.wonder_keys:
            if rest not in self.wonder_keys:
                raise IllegalActionError(
                    f"{rest!r} is not a Wonder on offer; on offer: {', '.join(self.wonder_keys)}")
            return Decoded(WONDER, wonder=self.wonder_keys.index(rest))
        if verb == ORDER and self.wonder_keys:
            try:
                seats = tuple(int(s) for s in rest.split(","))
            except ValueError:
                raise IllegalActionError(
                    f"cannot read {text!r}: expected 'order <seat>,<seat>,...'") from None
            if seats not in self.order_index:
                raise IllegalActionError(f"{text!r} is not an order of distinct seats")
            return Decoded(ORDER, order=seats)
        verbs = "draw, place, meeple, big or skip"
        if self.wonder_keys:
            verbs = "draw, place, meeple, big, skip, hold, helper, place-wonder, wonder, order or choose"
        raise IllegalActionError(f"cannot read {text!r}: Carcassonne actions start with {verbs}")
