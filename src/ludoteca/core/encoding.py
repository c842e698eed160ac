"""Fixed-shape numeric observations: what every game's encoder builds on.

An encoder turns the JSON-able view a seat gets (`observation(seat)`) into one flat
`float32` vector whose length depends only on the game's options, never on the
state. The PettingZoo and Gymnasium environments (`ludoteca.envs`) and the OpenSpiel
observer (`ludoteca.envs.openspiel`) use the same encoder, so every API sees the
same tensor.

Finding an encoder
------------------
`Game.encoder()` (a hook of `ludoteca.core.api.Game`) gives a fresh encoder for the
game's options. A game with its own layout overrides it (its encoder lives in
`ludoteca/games/<game>/encoder.py`); the default is `GenericEncoder`, so adding a
game needs no adapter code, and an encoder of its own is an optional extra.

Layout
------
Every encoder is a `Layout`: named `Segment`s laid end to end in one flat vector,
each with a shape (the flat slice is reshaped in C order) and an upper bound (every
value is >= 0 and <= its segment's bound, so the PettingZoo `Box` can check it).
`layout.describe()` lists them; `layout.views(vector)` gives the named, reshaped
views of a vector (OpenSpiel's observer exposes them as its `dict`).

Generic fallback (`GenericEncoder`)
-----------------------------------
Without a game-specific encoder nothing generic can describe a board without
hashing it, so the fallback is a small vector, read from the observation's
conventional keys (missing keys encode as zeros):

| segment          | size | content                                                     |
| ---------------- | ---- | ----------------------------------------------------------- |
| `seat`           | P    | one-hot of the observing seat                               |
| `current_player` | P+2  | one-hot of `observation["current_player"]`: seats, chance, terminal |
| `scores`         | P    | `observation["scores"]`, shifted by +`SCORE_SHIFT` and divided by `SCORE_SCALE` |

P is the number of players.

Incremental encoding (`SeatBlocks`)
-----------------------------------
A fast `encode_state` may keep one vector per seat and rebuild only the blocks
(groups of segments) whose inputs changed since that seat's last call:
`blocks.stale(seat, block, key)` compares the block's key (a tuple of the values it
is computed from: scalars, tuples, lists of immutable items, which are copied when
kept, or containers built afresh for the call and never changed afterwards) with the
last one and, if it differs, zeroes the block's segments and says so; `result` clips
the seat's vector if a block was rebuilt and returns it. Keys are compared by value,
so any state may be encoded in any order (a clone, an earlier position).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from ludoteca.core.api import CHANCE, TERMINAL, Game, State

SCORE_SCALE = 100.0
SCORE_SHIFT = 1000.0


@dataclass(frozen=True)
class Segment:
    """One named block of the flat vector."""

    name: str
    shape: tuple[int, ...]
    high: float
    offset: int = 0

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Layout:
    """Named segments laid end to end; `size`, bounds and reshaped views."""

    def __init__(self, segments: list[tuple[str, tuple[int, ...], float]]) -> None:
        laid: list[Segment] = []
        offset = 0
        for name, shape, high in segments:
            segment = Segment(name, shape, high, offset)
            laid.append(segment)
            offset += segment.size
        self.segments: tuple[Segment, ...] = tuple(laid)
        self.size = offset
        self.index = {s.name: s for s in laid}
        self._slices = [(s.name, s.offset, s.offset + s.size, s.shape) for s in laid]
        self._scratch: tuple[np.ndarray, dict[str, np.ndarray]] | None = None

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.size,)

    def low(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def high(self) -> np.ndarray:
        high = np.empty(self.size, dtype=np.float32)
        for s in self.segments:
            high[s.offset:s.offset + s.size] = s.high
        return high

    def zeros(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def views(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Named views into `vector` (writing to a view writes to the vector)."""
        return {name: vector[start:stop].reshape(shape) for name, start, stop, shape in self._slices}

    def blank(self, out: np.ndarray | None = None) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """A zeroed vector (`out` cleared, or a new one) and its segment views."""
        vector = self.zeros() if out is None else out
        vector.fill(0.0)
        return vector, self.views(vector)

    def scratch(self) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """The layout's own zeroed work vector and its views (made once, so cheap): write
        into them, then `finish`. Not re-entrant: one encode at a time per layout."""
        if self._scratch is None:
            work = self.zeros()
            self._scratch = (work, self.views(work))
        work, views = self._scratch
        work.fill(0.0)
        return work, views

    def finish(self, work: np.ndarray, high: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """`work` clipped to [0, high], copied into `out` (or a new vector), which is returned."""
        np.clip(work, 0.0, high, out=work)
        if out is None:
            return work.copy()
        out[:] = work
        return out

    def describe(self) -> list[dict[str, Any]]:
        return [{"name": s.name, "offset": s.offset, "shape": list(s.shape), "high": s.high}
                for s in self.segments]


class Encoder(Protocol):
    """What the environments need from an encoder.

    An encoder may also offer `encode_state(state, seat, out=None)`, the same vector
    as `encode(state.observation(seat), seat, out)` computed faster from the state
    (without writing the whole view out as JSON); `encode_seat` uses it when there."""

    layout: Layout

    def encode(self, observation: dict[str, Any], seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat float32 vector for `observation` (as seen by `seat`), written into `out` if given."""
        ...


def encode_seat(encoder: Encoder, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
    """`seat`'s vector of `state`: the encoder's `encode_state` if it has one, else `encode` of the view."""
    fast = getattr(encoder, "encode_state", None)
    if fast is not None:
        vector: np.ndarray = fast(state, seat, out)
        return vector
    return encoder.encode(state.observation(seat), seat, out)


def _snapshot(key: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(item.copy() if type(item) is list else item for item in key)


class SeatBlocks:
    """One vector per seat, rebuilt block by block (see the module docstring)."""

    def __init__(self, layout: Layout, players: int, blocks: dict[str, tuple[str, ...]]) -> None:
        covered = [name for names in blocks.values() for name in names]
        assert sorted(covered) == sorted(s.name for s in layout.segments), "every segment in one block"
        self._high = layout.high()
        index = layout.index
        self._regions = {block: tuple((index[n].offset, index[n].offset + index[n].size) for n in names)
                         for block, names in blocks.items()}
        self._vectors = [layout.zeros() for _ in range(players)]
        self.views = [layout.views(vector) for vector in self._vectors]
        self._keys: list[dict[str, tuple[Any, ...]]] = [{} for _ in range(players)]
        self._fresh: list[str] = []  # blocks rebuilt since the last `result`

    def vector(self, seat: int) -> np.ndarray:
        """The seat's own vector (write a stale block's values into it; `result` copies it out)."""
        return self._vectors[seat]

    def stale(self, seat: int, block: str, key: tuple[Any, ...]) -> bool:
        """True (the block's segments zeroed, to be written now) if `key` is not the last one."""
        keys = self._keys[seat]
        if keys.get(block) == key:
            return False
        keys[block] = _snapshot(key)
        vector = self._vectors[seat]
        for start, stop in self._regions[block]:
            vector[start:stop] = 0.0
        self._fresh.append(block)
        return True

    def result(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The seat's vector, the blocks rebuilt since the last call clipped to [0, high];
        copied into `out` (or a new vector), which is returned."""
        vector = self._vectors[seat]
        if self._fresh:  # clipping the clipped blocks again changes nothing: clip all at once
            np.minimum(vector, self._high, out=vector)
            np.maximum(vector, 0.0, out=vector)
            self._fresh.clear()
        if out is None:
            return vector.copy()
        out[:] = vector
        return out


class SeatRelative:
    """Base of the encoders that number seats from the observer: itself 0, the next 1, ..."""

    players: int

    def _rel(self, s: int, seat: int) -> int:
        return (s - seat) % self.players

    def _mark_current_player(self, target: np.ndarray, observation: dict[str, Any], seat: int) -> None:
        """One-hot the observation's `current_player` in `target` (see `player_slot`)."""
        slot = player_slot(observation.get("current_player"), seat, self.players)
        if slot is not None:
            target[slot] = 1.0


class GenericEncoder:
    """The fallback for games without an encoder of their own (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        self.players = players = game.num_players()
        self.layout = Layout([
            ("seat", (players,), 1.0),
            ("current_player", (players + 2,), 1.0),
            ("scores", (players,), 2 * SCORE_SHIFT / SCORE_SCALE),
        ])

    def encode(self, observation: dict[str, Any], seat: int, out: np.ndarray | None = None) -> np.ndarray:
        vector, v = self.layout.blank(out)
        n = self.players
        v["seat"][seat] = 1.0
        player = observation.get("current_player")
        if isinstance(player, int):
            if 0 <= player < n:
                v["current_player"][player] = 1.0
            elif player == CHANCE:
                v["current_player"][n] = 1.0
            elif player == TERMINAL:
                v["current_player"][n + 1] = 1.0
        scores = observation.get("scores")
        if isinstance(scores, list) and len(scores) == n:
            shifted = (np.asarray(scores, dtype=np.float64) + SCORE_SHIFT) / SCORE_SCALE
            v["scores"][:] = np.clip(shifted, 0.0, 2 * SCORE_SHIFT / SCORE_SCALE)
        return vector


def player_slot(player: object, seat: int, players: int) -> int | None:
    """The slot of `player` in a (P + 2) one-hot as seen by `seat`: relative seat, then chance,
    then terminal (None for anything else)."""
    if type(player) is not int:
        return None
    if 0 <= player < players:
        return (player - seat) % players
    return {CHANCE: players, TERMINAL: players + 1}.get(player)


def slot_of(names: tuple[str, ...], name: object) -> int:
    """The index of `name` in `names`, whose last entry is the catch-all "other"."""
    return names.index(name) if name in names else len(names) - 1


__all__ = ["Encoder", "GenericEncoder", "Layout", "SeatBlocks", "SeatRelative", "Segment", "encode_seat",
           "player_slot", "slot_of"]
