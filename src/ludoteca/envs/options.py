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
`option_features_for(game)` is the game's hook `Game.option_features()`: its own
columns when it has them (Carcassonne: `ludoteca/games/carcassonne/option_features.py`),
else `HashedOptionFeatures` (`ludoteca.core.option_features`), which works for every
game from the payloads alone. Every value lies in [-1, 1]; `names` labels the columns.

Without a prompt
----------------
A featurizer may also have `decision_features(state)`: the legal options' ids (int64,
in the prompt's order) and their feature matrix, exactly `features(state,
state.prompt(words=False).options)`, read from the state without building the
prompt, or None where it does not apply. `decision_features(featurizer, state)`
calls it when there is one (the environments' path; None: build the prompt).
Carcassonne's has one (its games without the Wonders), and the Dice Game's (a row reads only its id).
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from ludoteca.core.api import Game, State
from ludoteca.core.option_features import HashedOptionFeatures, OptionFeatures


def option_features_for(game: Game) -> OptionFeatures:
    """The game's option features: `game.option_features()` (by default `HashedOptionFeatures`)."""
    return game.option_features()


class DecisionFeatures(Protocol):
    """A featurizer that reads the decision's options from the state (see the module docstring)."""

    def decision_features(self, state: State) -> tuple[np.ndarray, np.ndarray] | None: ...


def decision_features(featurizer: OptionFeatures, state: State) -> tuple[np.ndarray, np.ndarray] | None:
    """`featurizer.decision_features(state)` if it has one, else None (see the module docstring)."""
    fast = getattr(featurizer, "decision_features", None)
    if fast is None:
        return None
    pair: tuple[np.ndarray, np.ndarray] | None = fast(state)
    return pair


__all__ = ["DecisionFeatures", "HashedOptionFeatures", "OptionFeatures", "decision_features",
           "option_features_for"]
