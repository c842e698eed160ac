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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ludoteca.core.api import State
from ludoteca.core.option_features import ROW_CACHE, HashedOptionFeatures
from ludoteca.core.prompt import Option

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
        hashed = out[:, own:]
        n = len(options)
        hashed[:, 0] = 1.0
        hashed[:, 1] = np.arange(n, dtype=np.float32) / max(1, n - 1)
        hashed[:, 2] = min(1.0, n / 100.0)
        if others:
            self._hashed.fill(options, hashed, rows=others)
        return out


def _own_row(option: Option) -> np.ndarray:
    """The own columns of one option read from its notation and payload, `neighbours` (the
    board's) left 0."""
    line = np.zeros(len(OWN), dtype=np.float32)
    line[KIND_COLUMN.get(option.text.split(" ", 1)[0], 3)] = 1.0
    p = option.payload
    if "x" in p:
        line[4] = max(-1.0, min(1.0, p["x"] / COORD_SCALE))
        line[5] = max(-1.0, min(1.0, p["y"] / COORD_SCALE))
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
