"""An OpenSpiel MCTS `Evaluator` judging leaves with Ludoteca's own position judges.

    >>> import numpy as np
    >>> from open_spiel.python.algorithms import mcts
    >>> from ludoteca.envs import openspiel
    >>> from ludoteca.envs.openspiel_mcts import LudotecaEvaluator
    >>> game = openspiel.load_game("carcassonne", players=2)
    >>> bot = mcts.MCTSBot(game, 1.4, 200, LudotecaEvaluator(prior="greedy"),
    ...                    random_state=np.random.RandomState(1))

`RandomRolloutEvaluator` plays each leaf out at random, which in these games costs
hundreds of actions per simulation and says little. `LudotecaEvaluator` instead:

* `evaluate(state)` -> one value per player: the returns at a terminal state, else
  `tanh(judge(state, p) / scale)` for every seat p, where `judge` is the game's
  `value` (`judge="value"`, the default: a model fitted to self-play where the game
  has one, else the heuristic) or `heuristic` (`judge="heuristic"`); both are a
  lead in points, so `scale` (default 20) is the lead worth about 0.76.
* `prior(state)` -> `[(action, probability)]` over the legal actions: at a chance
  node the chance outcomes; with `prior="uniform"` (the default) equal
  probabilities; with `prior="greedy"` a softmax over the mover's whole-turn value
  after each action (`ludoteca.agents.greedy.best_turn_end`, judged as above) with
  `temperature` points (default 5). The greedy prior costs one look-ahead per legal
  action, once per expanded node.

The states must be `ludoteca.envs.openspiel` states (their `ludoteca_state` is
judged). Needs the `open_spiel` package (the `dev` extra).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from ludoteca.agents.greedy import JUDGES, best_turn_end
from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError
from ludoteca.envs.openspiel import LudotecaSpielState

PRIORS = ("uniform", "greedy")


class LudotecaEvaluator(mcts.Evaluator):
    """Leaf values from `game.value`/`game.heuristic`, priors uniform or greedy (module docstring)."""

    def __init__(self, judge: str = "value", scale: float = 20.0, prior: str = "uniform",
                 temperature: float = 5.0, depth: int = 3) -> None:
        if judge not in JUDGES:
            raise LudotecaError(f"judge must be one of {', '.join(JUDGES)}, got {judge!r}")
        if prior not in PRIORS:
            raise LudotecaError(f"prior must be one of {', '.join(PRIORS)}, got {prior!r}")
        if scale <= 0 or temperature <= 0:
            raise LudotecaError("scale and temperature must be positive")
        self.judge, self.scale, self.prior_kind = judge, scale, prior
        self.temperature, self.depth = temperature, depth

    def evaluate(self, state: Any) -> np.ndarray:
        inner = _engine(state)
        if inner.is_terminal():
            return np.asarray(inner.returns(), dtype=np.float64)
        game = inner.game
        judged = game.value if self.judge == "value" else game.heuristic
        return np.tanh(np.asarray([judged(inner, p) for p in range(game.num_players())]) / self.scale)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        inner = _engine(state)
        if inner.is_chance_node():
            return inner.chance_outcomes()
        legal = inner.legal_actions()
        if self.prior_kind == "uniform" or len(legal) == 1:
            return [(a, 1.0 / len(legal)) for a in legal]
        seat = inner.current_player()
        values = [best_turn_end(inner, a, seat, self.depth, self.judge)[0] / self.temperature for a in legal]
        top = max(values)
        weights = [math.exp(v - top) for v in values]
        total = sum(weights)
        return [(a, w / total) for a, w in zip(legal, weights, strict=True)]


def _engine(state: Any) -> State:
    if not isinstance(state, LudotecaSpielState):
        raise LudotecaError(f"LudotecaEvaluator judges ludoteca OpenSpiel states, got {type(state).__name__}")
    return state.ludoteca_state


__all__ = ["PRIORS", "LudotecaEvaluator"]
