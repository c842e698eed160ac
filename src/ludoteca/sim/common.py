"""What every runner of many games shares: seeds, win shares, game caching, parallel maps.

* `derive_seed(base, *parts)`: a 63-bit seed from a base seed and a path of parts,
  the same in every process and run, so a game's randomness never depends on which
  worker plays it or when.
* `win_shares(returns)`: each seat's share of a game's single win — the k tied top
  scorers get 1/k each (their positive `returns()`), and when every seat ties each of
  the n seats gets 1/n.
* `map_batches(fn, items, workers, ...)`: `fn` over batches of `items`, in this process
  or a process pool, results always in item order.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import lru_cache
from typing import Any, TypeVar

from ludoteca.core.api import Game
from ludoteca.core.registry import load_game

T = TypeVar("T")
R = TypeVar("R")


def derive_seed(base: int, *parts: int | str) -> int:
    text = json.dumps([base, *parts], separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def win_shares(returns: Sequence[float]) -> list[float]:
    shares = [r if r > 0 else 0.0 for r in returns]
    return shares if any(shares) else [1.0 / len(returns)] * len(returns)


@lru_cache(maxsize=8)
def _cached_game(name: str, options_json: str) -> Game:
    return load_game(name, **json.loads(options_json))


def cached_game(name: str, options: dict[str, Any]) -> Game:
    """The game with these options, loaded once per process."""
    return _cached_game(name, json.dumps(options, sort_keys=True))


def map_batches(
    fn: Callable[[list[T]], list[R]],
    items: Sequence[T],
    workers: int,
    on_progress: Callable[[int], None] | None = None,
    max_batch: int = 64,
    on_results: Callable[[list[R]], None] | None = None,
) -> list[R]:
    """`fn` (a picklable top-level function) over batches; `on_progress(n)` as n more
    finish, `on_results(batch_results)` with them."""
    items = list(items)
    if workers <= 1 or len(items) <= 1:
        results: list[R] = []
        for item in items:
            landed = fn([item])
            results.extend(landed)
            if on_results is not None:
                on_results(landed)
            if on_progress is not None:
                on_progress(1)
        return results
    size = max(1, min(max_batch, math.ceil(len(items) / (workers * 4))))
    batches = [items[i:i + size] for i in range(0, len(items), size)]
    done: dict[int, list[R]] = {}
    with ProcessPoolExecutor(max_workers=min(workers, len(batches))) as pool:
        futures = {pool.submit(fn, batch): b for b, batch in enumerate(batches)}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            if on_results is not None:
                on_results(done[futures[future]])
            if on_progress is not None:
                on_progress(len(done[futures[future]]))
    return [r for b in range(len(batches)) for r in done[b]]
