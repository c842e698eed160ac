"""Ludoteca: faithful, fast engines for modern board games.

    >>> import ludoteca
    >>> game = ludoteca.load_game("carcassonne", players=2)
    >>> state = game.new_initial_state()
"""

from ludoteca.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    LudotecaError,
    load_game,
    record_of,
    registered_games,
    replay,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "IllegalActionError",
    "LudotecaError",
    "load_game",
    "record_of",
    "registered_games",
    "replay",
]
__version__ = "0.1.0"
