"""Which games exist, and how to load one by name."""

from __future__ import annotations

import importlib
from typing import Any

from ludoteca.core.api import Game
from ludoteca.core.errors import UnknownGameError

#: registry name -> "module:Class" (imported on first use, so loading one game stays cheap)
_GAMES: dict[str, str] = {
    "carcassonne": "ludoteca.games.carcassonne.game:CarcassonneGame",
    "on-mars": "ludoteca.games.on_mars.game:OnMarsGame",
    "terraforming-mars": "ludoteca.games.terraforming_mars.game:TerraformingMarsGame",
    "tm-dice": "ludoteca.games.tm_dice.game:TMDiceGame",
}


def registered_games() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    try:
        target = _GAMES[name]
    except KeyError:
        valid = ", ".join(registered_games())
        raise UnknownGameError(f"unknown game {name!r}; registered games: {valid}") from None
    module, cls = target.split(":")
    return getattr(importlib.import_module(module), cls)


def load_game(name: str, **options: Any) -> Game:
    """`load_game("carcassonne", players=3)`: unknown names or options raise with the valid ones."""
    return game_class(name)(**options)


def game_packages() -> list[str]:
    """The package of each registered game (its `messages/` catalogs live there)."""
    return [_GAMES[name].split(":")[0].rpartition(".")[0] for name in registered_games()]
