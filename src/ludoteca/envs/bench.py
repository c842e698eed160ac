"""Environment speed against the engine's: random play through PettingZoo and Gymnasium.

`bench_envs(name, games, seed, **options)` plays `games` uniformly random games
three ways and returns one row per way:

* `engine`: the core API alone (`ludoteca.sim.bench.bench`: random agents, chance
  included), the reference;
* `pettingzoo`: `envs.env(name)`, every agent step through `last()` (so one
  observation encoded per step) and a random legal action read from the mask;
* `gym`: `envs.gym_env(name, opponent="random")` for seat 0, a random action from
  `info["option_actions"]` (the option features computed every step), and
  `gym-bare`, the same with `option_features=False` and the action from
  `action_masks()`.

Each row has `steps` (agent steps; for the engine, every action, chance included),
`games`, `seconds`, `steps_per_second`, `games_per_second`, and `vs_engine`: its
steps/s over the engine's actions/s (what the brief of issue #23 asks to be at least
0.3), and `games_vs_engine`: its games/s over the engine's (the same games' work,
a bot's and chance's moves included). Every row is timed in CPU seconds of this
process (`time.process_time`), so other work on the machine disturbs the figures
less. `scripts/env_bench.py` prints them.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ludoteca.envs import env as pettingzoo_env
from ludoteca.envs.gym_env import gym_env
from ludoteca.sim.bench import bench


def _row(kind: str, steps: int, games: int, seconds: float) -> dict[str, Any]:
    return {"kind": kind, "steps": steps, "games": games, "seconds": seconds,
            "steps_per_second": steps / seconds, "games_per_second": games / seconds}


def _pettingzoo(name: str, games: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    e = pettingzoo_env(name, **options)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.process_time()
    for i in range(games):
        e.reset(seed=seed + i)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"].view(bool))  # a bool view: 30x faster than int8
            e.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return _row("pettingzoo", steps, games, time.process_time() - start)


def _gym(name: str, games: int, seed: int, options: dict[str, Any], features: bool) -> dict[str, Any]:
    e = gym_env(name, opponent="random", option_features=features, **options)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.process_time()
    for i in range(games):
        _, info = e.reset(seed=seed + i)
        terminated = False
        while not terminated:
            legal = info["option_actions"] if features else np.flatnonzero(e.action_masks())
            _, _, terminated, _, info = e.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return _row("gym" if features else "gym-bare", steps, games, time.process_time() - start)


def bench_envs(name: str, games: int = 20, seed: int = 0, **options: Any) -> list[dict[str, Any]]:
    """Rows for the engine, PettingZoo and Gymnasium (see the module docstring)."""
    options.setdefault("players", 2)
    engine = bench(name, games=games, seed=seed, players=options["players"],
                   options={k: v for k, v in options.items() if k != "players"}, clones=1,
                   clock=time.process_time)
    rows = [_row("engine", engine.actions, games, engine.games_seconds),
            _pettingzoo(name, games, seed, options),
            _gym(name, games, seed, options, features=True),
            _gym(name, games, seed, options, features=False)]
    for row in rows:
        row["vs_engine"] = row["steps_per_second"] / rows[0]["steps_per_second"]
        row["games_vs_engine"] = row["games_per_second"] / rows[0]["games_per_second"]
    return rows


__all__ = ["bench_envs"]
