"""Carcassonne's option features: one row of `CarcassonneOptionFeatures.width` floats per option.

Its own columns first, then the columns of `HashedOptionFeatures(8, 16, 8)`
(`ludoteca.core.option_features`): `bias`, `index` and `count` for every option, the
hashed verb, category and number columns only for the options of the other kinds
(the Wonders' decisions), zero for `place`, `meeple`, `big` and `skip`:

| columns | content |
| --- | --- |
| `kind_place`, `kind_meeple`, `kind_skip`, `kind_other` | one-hot: `place`, `meeple`/`big`, `skip`, other |
| `x`, `y` | the square (placed tile, meeple's tile) / 12, clipped to [-1, 1] |
| `rot_0` .. `rot_270` | one-hot of a placement's rotation |
| `feat_city`, `feat_road`, `feat_field`, `feat_monastery`, `feat_other` | a meeple's feature (one-hot) |
| `big` | the meeple is the big one (Inns & Cathedrals) |
| `side_N` .. `side_W` | side of the meeple's spot (`road E`: E, `field N0`: N; none for the others) |
| `neighbours` | tiles on the 8 squares around a placement / 8 |

Read only from the options' payloads (`x`, `y`, `rotation`, `feature`, `big`,
`spot`) and the public board.

`decision_features(state)` gives the same rows for the decision at hand without a
prompt (the environments' path, `ludoteca.envs.options.decision_features`): the
legal ids read from the state, each id's row computed once from the option the
prompt would hold (`_own_row`, and the hashed block's `bias`) and kept, a placement's
by id (its notation and payload are the id's alone) in one table gathered with numpy,
a meeple's by id, tile and rotation (its feature is the placed tile's; its `x`, `y`,
set per decision, the square's); then the `index`, `count` and `neighbours` columns
(the board's counts kept and brought up to date as tiles are added). Games with the
Wonders take the prompt's path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ludoteca.core.api import State
from ludoteca.core.option_features import ROW_CACHE, HashedOptionFeatures
from ludoteca.core.prompt import Option
from ludoteca.games.carcassonne.board import Board
from ludoteca.games.carcassonne.state import CarcassonneState

FEATURES = ("city", "road", "field", "monastery")
SIDES = "NESW"
COORD_SCALE = 12.0
KIND_COLUMN = {"place": 0, "meeple": 1, "big": 1, "skip": 2}
FEATURE_COLUMN = {f: 10 + i for i, f in enumerate(FEATURES)}
SIDE_COLUMN = {s: 16 + i for i, s in enumerate(SIDES)}
OWN = ("kind_place", "kind_meeple", "kind_skip", "kind_other", "x", "y", "rot_0", "rot_90", "rot_180",
       "rot_270", *(f"feat_{f}" for f in (*FEATURES, "other")), "big",
       *(f"side_{s}" for s in SIDES), "neighbours")


class CarcassonneOptionFeatures:
    """See the module docstring."""

    def __init__(self) -> None:
        self._hashed = HashedOptionFeatures(verbs=8, categories=16, numbers=8)
        self.width = len(OWN) + self._hashed.width
        self.names = OWN + tuple(f"hashed_{n}" for n in self._hashed.names)
        self._own: dict[tuple[Any, ...], np.ndarray] = {}  # own columns but `neighbours`, by option
        # decision_features: the rows by id (placements, skip) in a table, and the
        # meeples' by (id, tile, rotation), x and y set per decision; `_codec` the codec they are for
        self._codec: object = None
        self._slot = np.zeros(0, dtype=np.intp)  # id -> row of `_table`, -1 not yet computed
        self._table = np.zeros((0, len(OWN)), dtype=np.float32)
        self._rows = 0
        self._meeple_rows: dict[tuple[int, int, int], np.ndarray] = {}
        self._index_columns: dict[int, np.ndarray] = {}  # the `index` column by option count
        # `board.neighbours` by square for the board last read (`_near`)
        self._near_counts = np.zeros(0, dtype=np.int64)
        self._near_board: object = None
        self._near_count = 0

    def features(self, state: State, options: Sequence[Option]) -> np.ndarray:
        out = np.zeros((len(options), self.width), dtype=np.float32)
        if not options:
            return out
        own = len(OWN)
        board = getattr(state, "board", None)
        others = []
        cache = self._own
        around: dict[tuple[int, int], float] = {}  # neighbours / 8 by square
        for row, option in enumerate(options):
            p = option.payload
            key = (option.text, p.get("x"), p.get("y"), p.get("rotation"), p.get("feature"), p.get("big"),
                   p.get("spot"))
            line = cache.get(key)
            if line is None:
                if len(cache) >= ROW_CACHE:
                    cache.clear()
                line = cache[key] = _own_row(option)
            out[row, :own] = line
            if line[3]:
                others.append(row)
            if "x" in p and "rotation" in p and board is not None and board.in_range(p["x"], p["y"]):
                xy = p["x"], p["y"]
                near = around.get(xy)
                if near is None:  # a square's rotations share it
                    near = around[xy] = board.neighbours(board.square(*xy)) / 8.0
                out[row, own - 1] = near
        hashed = _fill_common(out)
        if others:
            self._hashed.fill(options, hashed, rows=others)
        return out

    def decision_features(self, state: State) -> tuple[np.ndarray, np.ndarray] | None:
        """`(ids, features(state, options))` for the options of `state.prompt(words=False)`
        at a seat's decision, without the prompt (see the module docstring); None for the
        Wonders' games and any other state, whose callers take the prompt's path."""
        if type(state) is not CarcassonneState or state.current_player() < 0:
            return None
        codec = state.game.codec
        if codec.wonder_keys:
            return None
        if codec is not self._codec:
            self._codec = codec
            self._slot = np.full(codec.size, -1, dtype=np.intp)
            self._table = np.zeros((64, self.width), dtype=np.float32)
            self._rows = 0
            self._meeple_rows.clear()
        ids = state.legal_actions_view()
        n = len(ids)
        actions = np.fromiter(ids, dtype=np.int64, count=n)
        own = len(OWN)
        board = state.board
        base, first_meeple = codec.place_base, codec.meeple_base
        if n and base <= ids[0] and ids[-1] < first_meeple:  # a placement: every id a place id
            slots = self._slot[actions]
            if slots.min() < 0:
                for row in np.flatnonzero(slots < 0).tolist():
                    slots[row] = self._keep(state, ids[row])
            out = self._table[slots]  # a new matrix: the rows, `neighbours` and `index` 0
            out[:, own - 1] = self._near(board)[((actions - base) >> 2) + (board.width + 1)] / 8.0
        else:  # a meeple decision: meeples on the placed tile, and skip
            out = np.empty((n, self.width), dtype=np.float32)
            square = state.placed_square
            tile, rotation, _ = board.squares[square] if square >= 0 else (None, 0, 0)
            tile_index = tile.index if tile is not None else -1
            cache, meeples = self._meeple_rows, []
            for row, action in enumerate(ids):
                if first_meeple <= action < codec.skip:
                    key = (action, tile_index, rotation)
                    line = cache.get(key)
                    if line is None:  # the row of this meeple on this tile, turned so, anywhere
                        if len(cache) >= ROW_CACHE:
                            cache.clear()
                        line = cache[key] = self._full_row(state, action)
                    meeples.append(row)
                else:
                    slot = self._slot[action]
                    line = self._table[slot if slot >= 0 else self._keep(state, action)]
                out[row] = line
            if meeples:  # the square's columns: the placed tile's x and y
                x, y = board.xy(square)
                out[meeples, 4] = _coordinate(x)
                out[meeples, 5] = _coordinate(y)
        if n > 1:
            out[:, own + 1] = self._index_column(n)
        out[:, own + 2] = min(1.0, n / 100.0)
        return actions, out

    def _full_row(self, state: CarcassonneState, action: int) -> np.ndarray:
        """A whole row of a legal `action`'s option as `features` gives it alone in its list
        but for the `index` and `count` columns (0) and `neighbours` (0): its own columns
        (`_own_row`) and the hashed block's `bias`."""
        row = np.zeros(self.width, dtype=np.float32)
        row[:len(OWN)] = _own_row(_option(state, action))
        row[len(OWN)] = 1.0
        return row

    def _index_column(self, n: int) -> np.ndarray:
        """The hashed block's `index` column of `n` options, as `_fill_common` writes it."""
        column = self._index_columns.get(n)
        if column is None:
            column = self._index_columns[n] = np.arange(n, dtype=np.float32) / max(1, n - 1)
        return column

    def _near(self, board: Board) -> np.ndarray:
        """`board.neighbours(square)` of every square (an int array, at index square + width
        + 1: the squares around any square of the board are in range), kept for the board
        object read last, whose squares are only ever added (`Board.place`),
        in order: each new square adds 1 to the 8 around it; another board is read afresh."""
        squares = board.squares
        if board is not self._near_board or len(squares) < self._near_count:
            self._near_counts = np.zeros(board.width * board.width + 2 * (board.width + 1), dtype=np.int64)
            self._near_board, self._near_count = board, 0
        if len(squares) > self._near_count:
            counts, pad = self._near_counts, board.width + 1
            for square in list(squares)[self._near_count:]:
                for other in board.surroundings(square):
                    counts[other + pad] += 1
            self._near_count = len(squares)
        return self._near_counts

    def _keep(self, state: CarcassonneState, action: int) -> int:
        """Compute and keep the row (`_full_row`) of an id whose option depends on the id
        alone (a placement, skip); its index in the table."""
        row = self._rows
        if row == len(self._table):
            self._table = np.concatenate([self._table, np.zeros_like(self._table)])
        self._table[row] = self._full_row(state, action)
        self._slot[action] = row
        self._rows = row + 1
        return row


def _option(state: CarcassonneState, action: int) -> Option:
    """The option `state.prompt(words=False)` holds for a legal `action`."""
    return Option(action, state.action_to_string(action), state._action_payload(action))


def _coordinate(value: int) -> float:
    """The `x` or `y` column of a square's coordinate."""
    return max(-1.0, min(1.0, value / COORD_SCALE))


def _fill_common(out: np.ndarray) -> np.ndarray:
    """The hashed block of `out` (its columns past the own ones, all 0): `bias`, `index`
    and `count` set, as for every option; return the block."""
    hashed = out[:, len(OWN):]
    n = len(out)
    hashed[:, 0] = 1.0
    hashed[:, 1] = np.arange(n, dtype=np.float32) / max(1, n - 1)
    hashed[:, 2] = min(1.0, n / 100.0)
    return hashed


def _own_row(option: Option) -> np.ndarray:
    """The own columns of one option read from its notation and payload, `neighbours` (the
    board's) left 0."""
    line = np.zeros(len(OWN), dtype=np.float32)
    line[KIND_COLUMN.get(option.text.split(" ", 1)[0], 3)] = 1.0
    p = option.payload
    if "x" in p:
        line[4] = _coordinate(p["x"])
        line[5] = _coordinate(p["y"])
        if "rotation" in p:
            line[6 + (p["rotation"] // 90) % 4] = 1.0
    feature = p.get("feature")
    if feature is not None:
        line[FEATURE_COLUMN.get(feature, 14)] = 1.0
        line[15] = float(bool(p.get("big")))
        side = SIDE_COLUMN.get(str(p.get("spot", "")).partition(" ")[2][:1])
        if side is not None:
            line[side] = 1.0
    return line


__all__ = ["CarcassonneOptionFeatures"]
