"""Environment speed against the engine's: random play through PettingZoo and Gymnasium.

`bench_envs(name, games, seed, **options)` plays `games` uniformly random games
four ways and returns one row per way:

* `engine`: the core API alone (`ludoteca.core.play.play` between `random` agents,
  chance drawn as `ludoteca bench` draws it), the reference;
* `pettingzoo`: `envs.env(name)`, every agent step through `last()` (so one
  observation encoded per step) and a random legal action read from the mask;
* `gym`: `envs.gym_env(name, opponent="random")` for seat 0, a random action from
  `info["option_actions"]`, reading `info["option_features"]` at every step (what a
  learner of the option features does), and
* `gym-bare`: the same with `option_features=False` and the action from
  `action_masks()`.

Every row plays the same kind of games: the game made once with the same options
(`load_game(name, **options)`, 2 players unless `players` is given), every seat
choosing uniformly among its legal actions, chance drawn with the outcomes'
probabilities.

Two measures, because an env step is not an engine action. A step carries one
decision of a seat, and the engine's action count also holds every chance outcome
(each die rolled, each tile drawn), which the envs resolve inside a step; the Gymnasium
env's step also carries the bots' decisions. So each row has

* `decisions` (decisions of any seat, chance outcomes left out; counted after the
  timing from the games' histories), `decisions_per_second` and `vs_engine`: the
  row's decisions/s over the engine's (for PettingZoo a step is one decision; for
  Gymnasium a step is the learner's decision plus the bots' after it);
* `games_per_second` and `games_vs_engine`: games/s over the engine's, the whole
  work of a game whichever way it is counted (the fair measure when games of the
  same kind have the same length; for the long, variable Mars games it is rough);
* `steps` and `steps_per_second`: env steps (the learner's only, for Gymnasium;
  for the engine, every action, chance included) and `steps_vs_engine`, steps/s
  over the engine's actions/s (the figure earlier tables quoted).

Every row is timed in CPU seconds of this process (`time.process_time`), so other
work on the machine disturbs the figures less; the loops' own reading of the masks
(`_pick`) is timed with the env's. `scripts/env_bench.py` prints the rows.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ludoteca.agents import make_agent
from ludoteca.core.api import CHANCE, Game
from ludoteca.core.play import play
from ludoteca.core.registry import load_game
from ludoteca.envs import env as pettingzoo_env
from ludoteca.envs.gym_env import gym_env
from ludoteca.sim.common import derive_seed


def _row(kind: str, steps: int, decisions: int, games: int, seconds: float) -> dict[str, Any]:
    return {"kind": kind, "steps": steps, "decisions": decisions, "games": games, "seconds": seconds,
            "steps_per_second": steps / seconds, "decisions_per_second": decisions / seconds,
            "games_per_second": games / seconds}


def _decisions(game: Game, history: list[int]) -> int:
    """How many of a finished game's actions were seats' decisions (not chance outcomes)."""
    state = game.new_initial_state()
    count = 0
    for action in history:
        count += state.current_player() != CHANCE
        state.apply_action(action)
    return count


def _pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniformly drawn index where the bool `mask` is True (what a caller of the envs pays
    to read a mask: ~15 µs for Carcassonne's 81,882 ids, faster than any word trick)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def _engine(game: Game, games: int, seed: int) -> dict[str, Any]:
    players = game.num_players()
    histories = []
    start = time.process_time()
    for i in range(games):
        agents = [make_agent("random", seed=derive_seed(seed, i, "seat", s)) for s in range(players)]
        state = game.new_initial_state()
        play(state, agents, random.Random(derive_seed(seed, i, "chance")))
        histories.append(state.history())
    seconds = time.process_time() - start
    actions = sum(len(h) for h in histories)
    return _row("engine", actions, sum(_decisions(game, h) for h in histories), games, seconds)


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
            e.step(_pick(obs["action_mask"].view(bool), rng))
            steps += 1
    return _row("pettingzoo", steps, steps, games, time.process_time() - start)


def _gym(name: str, games: int, seed: int, options: dict[str, Any], features: bool) -> dict[str, Any]:
    e = gym_env(name, opponent="random", option_features=features, **options)
    rng = np.random.default_rng(seed)
    steps = 0
    histories = []
    start = time.process_time()
    for i in range(games):
        _, info = e.reset(seed=seed + i)
        terminated = False
        while not terminated:
            if features:
                info["option_features"]  # read, as a learner of the features reads them
                legal = info["option_actions"]
                action = int(legal[rng.integers(len(legal))])
            else:
                action = _pick(e.action_masks(), rng)
            _, _, terminated, _, info = e.step(action)
            steps += 1
        histories.append(e.game_state.history())
    seconds = time.process_time() - start
    decisions = sum(_decisions(e.game, h) for h in histories)
    return _row("gym" if features else "gym-bare", steps, decisions, games, seconds)


def bench_envs(
    name: str, games: int = 20, seed: int = 0, repeat: int = 1, **options: Any,
) -> list[dict[str, Any]]:
    """Rows for the engine, PettingZoo and Gymnasium (see the module docstring); with
    `repeat` > 1 the four rows are run that many times in turn (engine, pettingzoo,
    gym, gym-bare, engine, ...: the same games each time) and each row keeps its
    fastest run, so a burst of other work on the machine spoils one run, not a row."""
    options.setdefault("players", 2)
    game = load_game(name, **options)
    runs: list[Callable[[], dict[str, Any]]] = [
        lambda: _engine(game, games, seed), lambda: _pettingzoo(name, games, seed, options),
        lambda: _gym(name, games, seed, options, features=True),
        lambda: _gym(name, games, seed, options, features=False)]
    rows: list[dict[str, Any]] = [{}] * len(runs)
    for _ in range(max(1, repeat)):
        for i, run in enumerate(runs):
            row = run()
            if not rows[i] or row["seconds"] < rows[i]["seconds"]:
                rows[i] = row
    engine = rows[0]
    for row in rows:
        row["repeat"] = max(1, repeat)
        row["vs_engine"] = row["decisions_per_second"] / engine["decisions_per_second"]
        row["games_vs_engine"] = row["games_per_second"] / engine["games_per_second"]
        row["steps_vs_engine"] = row["steps_per_second"] / engine["steps_per_second"]
    return rows


__all__ = ["bench_envs"]
