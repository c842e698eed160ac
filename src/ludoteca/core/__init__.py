"""Game-agnostic core: the Game/State API, prompts, records and registry."""

from ludoteca.core.api import CHANCE, TERMINAL, Game, State, returns_from_scores, returns_from_winners
from ludoteca.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    LudotecaError,
    RecordError,
    UnknownGameError,
)
from ludoteca.core.prompt import Option, Prompt
from ludoteca.core.record import RECORD_FORMAT, record_of, replay
from ludoteca.core.registry import load_game, registered_games

__all__ = [
    "CHANCE",
    "RECORD_FORMAT",
    "TERMINAL",
    "Game",
    "IllegalActionError",
    "InvalidOptionError",
    "LudotecaError",
    "Option",
    "Prompt",
    "RecordError",
    "State",
    "UnknownGameError",
    "load_game",
    "record_of",
    "registered_games",
    "replay",
    "returns_from_scores",
    "returns_from_winners",
]
