"""The terminal view of a game: the game's own (`Game.terminal_view()`), which the play
loop and `replay --board` draw; the views live with their games (`games/<game>/terminal.py`)
on the plain `ludoteca.core.terminal.GameView`."""

from __future__ import annotations

from ludoteca.core.api import Game
from ludoteca.core.registry import load_game
from ludoteca.core.terminal import GameView

__all__ = ["GameView", "view_for"]


def view_for(game: Game | str) -> GameView:
    """A fresh view of `game` (a game, or a registry name with default options)."""
    return (load_game(game) if isinstance(game, str) else game).terminal_view()
