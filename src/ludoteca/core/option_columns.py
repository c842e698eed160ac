"""A game's own option features: named float columns, one row per legal option.

`Game.option_features()` (`ludoteca.core.api`) returns an object with the interface
of `ludoteca.core.option_features.OptionFeatures`; by default the hashed, game-agnostic
columns, and Terraforming Mars, the Dice Game and On Mars their own, built on this
base. `OptionColumns` is the usual base: a game lists its column names and writes one
option's row; the base adds the three columns every game has and the matrix:

| columns | content |
| --- | --- |
| `bias` | 1 |
| `index` | the option's position in the list / max(1, options - 1) |
| `count` | number of options / 100, at most 1 |

then the game's columns, in the order of its `names`. Every value lies in [-1, 1]
(`scaled` clips); the matrix is float32, rows in the order of
`state.prompt().options`. Only the options' notation and payload and what the
deciding seat may see are read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ludoteca.core.option_features import OptionFeatures
from ludoteca.core.prompt import Option

if TYPE_CHECKING:
    from ludoteca.core.api import State

COMMON = ("bias", "index", "count")


def scaled(value: float, scale: float) -> float:
    """`value / scale` clipped to [-1, 1]."""
    return max(-1.0, min(1.0, value / scale))


def one_hot_names(prefix: str, words: Iterable[str]) -> tuple[str, ...]:
    """Column names `prefix_word` for each word (a one-hot or multi-hot group)."""
    return tuple(f"{prefix}_{w}" for w in words)


class OptionColumns:
    """Base of a game's option features (see the module docstring): subclasses give
    their column `own` names and implement `write`."""

    def __init__(self, own: Sequence[str]) -> None:
        self.names: tuple[str, ...] = (*COMMON, *own)
        if len(set(self.names)) != len(self.names):
            raise ValueError("option feature columns must have distinct names")
        self.width = len(self.names)
        #: column name -> index in a row
        self.column = {name: i for i, name in enumerate(self.names)}

    def features(self, state: State, options: Sequence[Option]) -> np.ndarray:
        n = len(options)
        if n == 0:
            return np.zeros((0, self.width), dtype=np.float32)
        count = min(1.0, n / 100.0)
        last = max(1, n - 1)
        blank = [0.0] * (self.width - len(COMMON))
        rows = []
        for i, option in enumerate(options):
            row = [1.0, i / last, count, *blank]
            self.write(state, option, row)
            rows.append(row)
        return np.array(rows, dtype=np.float32)

    def write(self, state: State, option: Option, row: list[float]) -> None:
        """Fill the game's columns of one option's `row` (a list of `width` floats, the
        common columns already set, the others 0)."""
        raise NotImplementedError


__all__ = ["COMMON", "OptionColumns", "OptionFeatures", "one_hot_names", "scaled"]
