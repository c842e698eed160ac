"""Game-agnostic core: the Game/State API, manifests, prompts, records and registry."""

from ludoteca.core.api import CHANCE, TERMINAL, Game, State, returns_from_scores, returns_from_winners
from ludoteca.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    LudotecaError,
    RecordError,
    UnknownGameError,
)
from ludoteca.core.manifest import Manifest, ManifestError, OptionSpec
from ludoteca.core.prompt import Option, Prompt
from ludoteca.core.record import RECORD_FORMAT, record_of, replay
from ludoteca.core.registry import load_game, manifest, registered_games

__all__ = [
    "CHANCE",
    "RECORD_FORMAT",
    "TERMINAL",
    "Game",
    "IllegalActionError",
    "InvalidOptionError",
    "LudotecaError",
    "Manifest",
    "ManifestError",
    "Option",
    "OptionSpec",
    "Prompt",
    "RecordError",
    "State",
    "UnknownGameError",
    "load_game",
    "manifest",
    "record_of",
    "registered_games",
    "replay",
    "returns_from_scores",
    "returns_from_winners",
]
