"""Fitting a game's value model to self-play: `ludoteca fit-value GAME`.

A game with a value model (`Game.value_input_names`, `Game.value_inputs`) predicts a
seat's final lead as a weighted sum of inputs read off a position. This module finds
the weights:

1. **Self-play.** `games` games between copies of `agent` (default `greedy`), where
   each decision is instead played uniformly at random with probability `explore`.
   The random moves matter: without them the data only show the choices greedy makes
   anyway, and the fit learns what greedy's choices *correlate* with (a farmer placed
   by greedy is in a big field) rather than what a choice is worth.
2. **Positions.** At every chance node after the first decision, each seat's inputs,
   labelled with that seat's final lead (its score minus the best other score).
3. **Ridge regression.** Weights minimising squared error plus `ridge` times their
   squared size, from the sums XᵀX and Xᵀy accumulated game by game (the positions
   themselves are never kept). The last `holdout` share of the games is first left
   out to report how well the model predicts games it has not seen (R²); the weights
   written are then fitted on all games.

Game i draws its chance outcomes and exploration from `derive_seed(seed, i)` and seats
its agents with `derive_seed(seed, i, seat)`, so a fit is the same for any `workers`.
`to_weights_file()` is the `ludoteca-value/1` document the game loads.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ludoteca.agents import make_agent
from ludoteca.core.errors import LudotecaError
from ludoteca.core.play import sample_chance
from ludoteca.core.value_model import VALUE_WEIGHTS_FORMAT
from ludoteca.sim.common import cached_game, derive_seed, map_batches


@dataclass(frozen=True)
class SelfPlayTask:
    game: str
    options: dict[str, Any]
    agent: str
    explore: float
    seed: int
    index: int


def sample_game(task: SelfPlayTask) -> tuple[np.ndarray, np.ndarray]:
    """One self-play game: the inputs of every seat at every recorded position, and its final leads."""
    game = cached_game(task.game, task.options)
    rng = random.Random(derive_seed(task.seed, task.index))
    players = game.num_players()
    agents = [make_agent(task.agent, seed=derive_seed(task.seed, task.index, seat), game=game)
              for seat in range(players)]
    state = game.new_initial_state()
    rows: list[tuple[int, list[float]]] = []
    decided = False
    while not state.is_terminal():
        if state.is_chance_node():
            if decided:
                for seat in range(players):
                    inputs = game.value_inputs(state, seat)
                    if inputs is None:
                        raise LudotecaError(f"{task.game} has no value model for options {task.options}")
                    rows.append((seat, inputs))
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        if rng.random() < task.explore:
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(agents[seat].step(state))
        decided = True
    scores = state.scores()
    lead = [s - max(o for i, o in enumerate(scores) if i != seat) for seat, s in enumerate(scores)]
    x = np.array([inputs for _, inputs in rows], dtype=float).reshape(len(rows), -1)
    return x, np.array([lead[seat] for seat, _ in rows], dtype=float)


@dataclass
class Sums:
    """Sufficient statistics of a least-squares fit over some positions."""

    xtx: np.ndarray
    xty: np.ndarray
    yty: float = 0.0
    ysum: float = 0.0
    n: int = 0

    @classmethod
    def empty(cls, size: int) -> Sums:
        return cls(np.zeros((size, size)), np.zeros(size))

    def add(self, x: np.ndarray, y: np.ndarray) -> None:
        self.xtx += x.T @ x
        self.xty += x.T @ y
        self.yty += float(y @ y)
        self.ysum += float(y.sum())
        self.n += len(y)

    def plus(self, other: Sums) -> Sums:
        return Sums(self.xtx + other.xtx, self.xty + other.xty, self.yty + other.yty,
                    self.ysum + other.ysum, self.n + other.n)

    def solve(self, ridge: float) -> np.ndarray:
        return np.linalg.solve(self.xtx + ridge * np.eye(len(self.xty)), self.xty)

    def r2(self, w: np.ndarray) -> float:
        """1 - squared error / variance of these positions' labels under weights `w`."""
        sse = self.yty - 2 * float(w @ self.xty) + float(w @ self.xtx @ w)
        variance = self.yty - self.ysum * self.ysum / self.n
        return 1 - sse / variance if variance > 0 else 0.0


def _sample_batch(tasks: list[SelfPlayTask]) -> list[Sums]:
    """Each game's sums (a game's positions are far bigger than its sums)."""
    sums = []
    for task in tasks:
        x, y = sample_game(task)
        one = Sums.empty(x.shape[1])
        one.add(x, y)
        sums.append(one)
    return sums


@dataclass
class ValueFit:
    game: str
    options: dict[str, Any]
    inputs: tuple[str, ...]
    weights: list[float]
    games: int
    positions: int
    agent: str
    explore: float
    seed: int
    ridge: float
    holdout: float
    r2_train: float
    r2_holdout: float | None
    command: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_weights_file(self) -> dict[str, Any]:
        return {
            "format": VALUE_WEIGHTS_FORMAT,
            "about": f"Ours: a linear model of the final lead in {self.game}, fitted by ridge regression "
                     "on our own self-play games; not from any published source.",
            "fitted": {
                "command": self.command, "game": self.game, "options": self.options, "games": self.games,
                "positions": self.positions, "agent": self.agent, "explore": self.explore, "seed": self.seed,
                "ridge": self.ridge, "holdout": self.holdout, "r2_train": round(self.r2_train, 4),
                "r2_holdout": None if self.r2_holdout is None else round(self.r2_holdout, 4),
            },
            "inputs": list(self.inputs),
            "weights": self.weights,
        }


def fit_value(
    game: str,
    options: dict[str, Any] | None = None,
    *,
    games: int,
    agent: str = "greedy",
    explore: float = 0.2,
    seed: int = 0,
    ridge: float = 1.0,
    holdout: float = 0.15,
    workers: int = 1,
    on_progress: Callable[[int, int], None] | None = None,
) -> ValueFit:
    """Self-play `games` games and fit the game's value model (see the module docstring)."""
    options = dict(options or {})
    loaded = cached_game(game, options)
    inputs = loaded.value_input_names
    if not inputs:
        raise LudotecaError(f"{game} has no value model to fit")
    if loaded.value_inputs(loaded.new_initial_state(), 0) is None:
        raise LudotecaError(f"{game} has no value model for options {options}")
    if not 0 <= explore <= 1:
        raise LudotecaError(f"explore must be a share from 0 to 1, got {explore}")
    if not 0 <= holdout < 1:
        raise LudotecaError(f"holdout must be a share from 0 to below 1, got {holdout}")
    if ridge < 0:
        raise LudotecaError(f"ridge must be >= 0, got {ridge}")
    make_agent(agent, game=game)  # a bad spec fails here, not in a worker
    held = int(games * holdout)
    train, test = Sums.empty(len(inputs)), Sums.empty(len(inputs))
    tasks = [SelfPlayTask(game, options, agent, explore, seed, i) for i in range(games)]
    done = 0

    def progress(n: int) -> None:
        nonlocal done
        done += n
        if on_progress is not None:
            on_progress(done, games)

    results = map_batches(_sample_batch, tasks, workers, on_progress=progress)
    for task, sums in zip(tasks, results, strict=True):
        if task.index >= games - held:
            test = test.plus(sums)
        else:
            train = train.plus(sums)
    if train.n == 0:
        raise LudotecaError("no positions to fit: play more games")
    r2_holdout = test.r2(train.solve(ridge)) if test.n else None
    everything = train.plus(test)
    w = everything.solve(ridge)
    return ValueFit(game, options, tuple(inputs), [float(v) for v in w], games, everything.n, agent,
                    explore, seed, ridge, holdout, everything.r2(w), r2_holdout)
