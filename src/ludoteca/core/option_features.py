"""Option features: each legal option of a decision as one row of floats (the game-agnostic parts).

`OptionFeatures` is what the environments need (`ludoteca.envs.options`); a game gives
its own through the hook `Game.option_features()`, by default `HashedOptionFeatures`,
which works for every game from the options' notation and payloads alone.

Hashed features (`HashedOptionFeatures`, every game without its own columns)
----------------------------------------------------------------------------
`width` = 4 + V + C + N columns (V = 16, C = 48, N = 16 by default):

| columns | content |
| --- | --- |
| `bias` | 1 |
| `index` | the option's position in the list / max(1, options - 1) |
| `count` | number of options / 100, at most 1 |
| `skip` | the notation is `skip`, `pass`, `done`, `end` or `stay` |
| `verb_*` (V) | one-hot of the notation's first word, hashed (CRC-32) into V buckets |
| `cat_*` (C) | 1 in bucket CRC-32(`path=value`) mod C for each string leaf of the payload (*) |
| `num_*` (N) | sign(v)·log1p(abs(v))/5 of each numeric or bool leaf, added into bucket CRC-32(`path`) mod N |

(*) and for each string item of a list. Numbers are clipped to [-1, 1] before and
after they are added up.

Paths join nested keys with `.` (`card.cost`). Display text is skipped: the keys
`name`, `text`, `standin`, `standin_parts` and `probability`. Hashing is
deterministic (no per-process salt), so features are the same in every run and
process; buckets may collide (two fields share a column).
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy as np

from ludoteca.core.api import State
from ludoteca.core.prompt import Option

SKIP_WORDS = frozenset({"skip", "pass", "done", "end", "stay"})
IGNORED_KEYS = frozenset({"name", "text", "standin", "standin_parts", "probability"})
ROW_CACHE = 100_000  # rows kept by HashedOptionFeatures before it starts afresh


class OptionFeatures(Protocol):
    """What the environments need: fixed `width`, column `names`, and `features`."""

    width: int
    names: tuple[str, ...]

    def features(self, state: State, options: Sequence[Option]) -> np.ndarray:
        """A (len(options), width) float32 matrix, one row per option, values in [-1, 1]."""
        ...


def _bucket(text: str, buckets: int) -> int:
    return zlib.crc32(text.encode()) % buckets


def _squash(value: float) -> float:
    return max(-1.0, min(1.0, math.copysign(math.log1p(abs(value)), value) / 5.0))


class HashedOptionFeatures:
    """Game-agnostic option features from notation and payload (see the module docstring)."""

    def __init__(self, verbs: int = 16, categories: int = 48, numbers: int = 16) -> None:
        self.verbs, self.categories, self.numbers = verbs, categories, numbers
        self._cat0 = 4 + verbs
        self._num0 = self._cat0 + categories
        self.width = self._num0 + numbers
        self._rows: dict[tuple[Any, ...], np.ndarray] = {}  # hashed columns of the options seen
        self.names = ("bias", "index", "count", "skip",
                      *(f"verb_{i}" for i in range(verbs)),
                      *(f"cat_{i}" for i in range(categories)),
                      *(f"num_{i}" for i in range(numbers)))

    def features(self, state: State, options: Sequence[Option]) -> np.ndarray:
        out = np.zeros((len(options), self.width), dtype=np.float32)
        self.fill(options, out)
        return out

    def fill(self, options: Sequence[Option], out: np.ndarray, rows: Sequence[int] | None = None) -> None:
        """Write the hashed columns of `options` into `out` (rows = options, `width` columns);
        with `rows`, only the verb, category and number columns of those rows."""
        n = len(options)
        if n == 0:
            return
        if rows is None:
            out[:, 0] = 1.0
            out[:, 1] = np.arange(n, dtype=np.float32) / max(1, n - 1)
            out[:, 2] = min(1.0, n / 100.0)
        cache = self._rows
        for row in range(n) if rows is None else rows:
            option = options[row]
            key = _frozen(option)
            hashed = cache.get(key)
            if hashed is None:
                hashed = self._hashed_row(option)
                if len(cache) >= ROW_CACHE:
                    cache.clear()
                cache[key] = hashed
            out[row, 3:] = hashed

    def _hashed_row(self, option: Option) -> np.ndarray:
        """Columns 3.. (skip, verbs, categories, numbers) of one option."""
        row = np.zeros(self.width, dtype=np.float32)
        verb = option.text.split(" ", 1)[0]
        if verb in SKIP_WORDS:
            row[3] = 1.0
        row[4 + _bucket(verb, self.verbs)] = 1.0
        cats, nums = self._leaves(option.payload)
        for column in cats:
            row[column] = 1.0
        for column, value in nums:
            row[column] = max(-1.0, min(1.0, row[column] + value))
        return row[3:]

    def _leaves(self, payload: Mapping[str, Any]) -> tuple[list[int], list[tuple[int, float]]]:
        cats: list[int] = []
        nums: list[tuple[int, float]] = []
        self._walk(payload, "", cats, nums)
        return cats, nums

    def _walk(self, node: Any, path: str, cats: list[int], nums: list[tuple[int, float]]) -> None:
        if isinstance(node, Mapping):
            for key, value in node.items():
                if key not in IGNORED_KEYS:
                    self._walk(value, f"{path}.{key}" if path else str(key), cats, nums)
        elif isinstance(node, bool | int | float):
            nums.append((self._num0 + _bucket(path, self.numbers), _squash(float(node))))
        elif isinstance(node, str):
            cats.append(self._cat0 + _bucket(f"{path}={node}", self.categories))
        elif isinstance(node, list | tuple):
            for item in node:
                if isinstance(item, str):
                    cats.append(self._cat0 + _bucket(f"{path}={item}", self.categories))
                elif isinstance(item, bool | int | float):
                    nums.append((self._num0 + _bucket(path, self.numbers), _squash(float(item))))
                else:
                    self._walk(item, path, cats, nums)


_SCALARS = (str, int, float, bool, type(None))
_PAYLOAD_JSON = json.JSONEncoder(sort_keys=True, default=str)  # made once: `json.dumps` makes one per call


def _frozen(option: Option) -> tuple[Any, ...]:
    """A hashable key of the option's notation and payload (a flat payload keyed as it is)."""
    payload = option.payload
    for value in payload.values():
        if not isinstance(value, _SCALARS):
            return option.text, _PAYLOAD_JSON.encode(payload)
    return option.text, *payload.items()


__all__ = ["HashedOptionFeatures", "OptionFeatures"]
