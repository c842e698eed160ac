"""Compact actions: each legal option of a decision as one row of a small float matrix.

A game's flat action ids number in the tens of thousands (81,882 for Carcassonne)
while a decision has a handful of legal options. Instead of emitting one logit per
action id, a policy can score the legal options: `OptionFeatures.features(state,
options)` gives one row of `width` float32 features per option (in the order of
`state.prompt().options`, whose `action` ids are the matching flat ids), built from
each option's notation and payload (`ludoteca.core.prompt.Option`).

    >>> from ludoteca.core.registry import load_game
    >>> from ludoteca.envs.options import option_features_for
    >>> game = load_game("carcassonne", players=2)
    >>> featurizer = option_features_for(game)
    >>> state = game.new_initial_state(); state.apply_action(state.legal_actions()[0])
    >>> prompt = state.prompt()
    >>> featurizer.features(state, prompt.options).shape == (len(prompt.options), featurizer.width)
    True

Finding a game's features
-------------------------
`option_features_for(game)` uses the game's own `game.option_features()` (the hook
of `ludoteca.core.api.Game`; base and protocol in `ludoteca.core.option_columns`),
else `make_option_features(game)` from the game's encoder module
(`ludoteca.envs.encoders.<name>`) when it defines one, else `HashedOptionFeatures`,
which works for every game from the payloads alone. Every value lies in [-1, 1];
`names` labels the columns. `OptionFeatures`, the protocol, is defined in
`ludoteca.core.option_columns` and re-exported here.

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
from typing import Any

import numpy as np

from ludoteca.core.api import Game, State
from ludoteca.core.option_columns import OptionFeatures
from ludoteca.core.prompt import Option
from ludoteca.envs.encoders import game_module

SKIP_WORDS = frozenset({"skip", "pass", "done", "end", "stay"})
IGNORED_KEYS = frozenset({"name", "text", "standin", "standin_parts", "probability"})
ROW_CACHE = 100_000  # rows kept by HashedOptionFeatures before it starts afresh


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


def _frozen(option: Option) -> tuple[Any, ...]:
    """A hashable key of the option's notation and payload (a flat payload keyed as it is)."""
    payload = option.payload
    for value in payload.values():
        if not isinstance(value, _SCALARS):
            return option.text, json.dumps(payload, sort_keys=True, default=str)
    return option.text, *payload.items()


def option_features_for(game: Game) -> OptionFeatures:
    """The game's own option features (`Game.option_features()`, else `make_option_features`
    in its encoder module), else hashed."""
    own = game.option_features()
    if own is not None:
        return own
    module = game_module(game)
    make = getattr(module, "make_option_features", None) if module is not None else None
    featurizer: OptionFeatures = make(game) if make is not None else HashedOptionFeatures()
    return featurizer


__all__ = ["HashedOptionFeatures", "OptionFeatures", "option_features_for"]
