"""Carcassonne's option features: one row of `CarcassonneOptionFeatures.width` floats per option.

Its own columns first, then `HashedOptionFeatures(8, 16, 8)` (`ludoteca.envs.options`)
for everything else (the Wonders' decisions, tile draws):

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

import numpy as np

from ludoteca.core.api import State
from ludoteca.core.prompt import Option
from ludoteca.envs.options import HashedOptionFeatures

KINDS = ("place", "meeple", "skip")
FEATURES = ("city", "road", "field", "monastery")
SIDES = "NESW"
COORD_SCALE = 12.0
OWN = ("kind_place", "kind_meeple", "kind_skip", "kind_other", "x", "y", "rot_0", "rot_90", "rot_180",
       "rot_270", *(f"feat_{f}" for f in (*FEATURES, "other")), "big",
       *(f"side_{s}" for s in SIDES), "neighbours")


class CarcassonneOptionFeatures:
    """See the module docstring."""

    def __init__(self) -> None:
        self._hashed = HashedOptionFeatures(verbs=8, categories=16, numbers=8)
        self.width = len(OWN) + self._hashed.width
        self.names = OWN + tuple(f"hashed_{n}" for n in self._hashed.names)

    def features(self, state: State, options: Sequence[Option]) -> np.ndarray:
        out = np.zeros((len(options), self.width), dtype=np.float32)
        own = len(OWN)
        board = getattr(state, "board", None)
        for row, option in enumerate(options):
            verb = option.text.split(" ", 1)[0]
            kind = "meeple" if verb == "big" else verb
            out[row, KINDS.index(kind) if kind in KINDS else 3] = 1.0
            p = option.payload
            if "x" in p:
                out[row, 4] = max(-1.0, min(1.0, p["x"] / COORD_SCALE))
                out[row, 5] = max(-1.0, min(1.0, p["y"] / COORD_SCALE))
            if "rotation" in p:
                out[row, 6 + (p["rotation"] // 90) % 4] = 1.0
                if board is not None and board.in_range(p["x"], p["y"]):
                    out[row, own - 1] = board.neighbours(board.square(p["x"], p["y"])) / 8.0
            if "feature" in p:
                feature = p["feature"]
                out[row, 10 + (FEATURES.index(feature) if feature in FEATURES else 4)] = 1.0
                out[row, 15] = float(bool(p.get("big")))
                side = str(p.get("spot", "")).partition(" ")[2][:1]
                if side and side in SIDES:
                    out[row, 16 + SIDES.index(side)] = 1.0
        self._hashed.fill(options, out[:, own:])
        return out


__all__ = ["CarcassonneOptionFeatures"]
