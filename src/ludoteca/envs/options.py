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
"""

from __future__ import annotations

from ludoteca.core.api import Game
from ludoteca.core.option_features import HashedOptionFeatures, OptionFeatures


def option_features_for(game: Game) -> OptionFeatures:
    """The game's option features: `game.option_features()` (by default `HashedOptionFeatures`)."""
    return game.option_features()


__all__ = ["HashedOptionFeatures", "OptionFeatures", "option_features_for"]
