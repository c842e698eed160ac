"""Which games exist, and how to load one by name."""

from __future__ import annotations

import importlib
from typing import Any

from ludoteca.core.api import Game
from ludoteca.core.errors import UnknownGameError
from ludoteca.core.manifest import Manifest, check_manifest

#: registry name -> "module:Class" (imported on first use, so loading one game stays cheap)
_GAMES: dict[str, str] = {
    "carcassonne": "ludoteca.games.carcassonne.game:CarcassonneGame",
    "on-mars": "ludoteca.games.on_mars.game:OnMarsGame",
    "terraforming-mars": "ludoteca.games.terraforming_mars.game:TerraformingMarsGame",
    "tm-dice": "ludoteca.games.tm_dice.game:TMDiceGame",
}


def registered_games() -> list[str]:
    return sorted(_GAMES)


#: game classes whose manifest has been checked (`core.manifest.check_manifest`)
_CHECKED: set[type[Game]] = set()


def game_class(name: str) -> type[Game]:
    """The class registered as `name`; its manifest is checked the first time it is loaded
    (a contradiction raises `ManifestError`)."""
    try:
        target = _GAMES[name]
    except KeyError:
        valid = ", ".join(registered_games())
        raise UnknownGameError(f"unknown game {name!r}; registered games: {valid}") from None
    module, attr = target.split(":")
    cls: type[Game] = getattr(importlib.import_module(module), attr)
    if cls not in _CHECKED:
        check_manifest(cls)
        _CHECKED.add(cls)
    return cls


def manifest(name: str) -> Manifest:
    """The checked manifest of game `name` (title, player range, option specs...)."""
    return game_class(name).manifest()


def load_game(name: str, **options: Any) -> Game:
    """`load_game("carcassonne", players=3)`: unknown names or options raise with the valid ones."""
    return game_class(name)(**options)


def game_packages() -> list[str]:
    """The package of each registered game (its `messages/` catalogs live there)."""
    return [_GAMES[name].split(":")[0].rpartition(".")[0] for name in registered_games()]
