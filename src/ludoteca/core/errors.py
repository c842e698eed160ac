"""Errors raised by the core; each message says what was wrong and what is valid."""


class LudotecaError(Exception):
    """Base class of every error Ludoteca raises on bad input."""


class IllegalActionError(LudotecaError, ValueError):
    """An action that is not legal in this state (the state is left unchanged)."""


class UnknownGameError(LudotecaError, ValueError):
    """A game name that is not registered."""


class InvalidOptionError(LudotecaError, ValueError):
    """An unknown option, or a value the game does not accept."""


class RecordError(LudotecaError, ValueError):
    """A malformed record, or one whose actions cannot be replayed."""
