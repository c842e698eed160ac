"""Errors raised by the core; each message says what was wrong and what is valid."""

from __future__ import annotations

from typing import Any


class LudotecaError(Exception):
    """Base class of every error Ludoteca raises on bad input."""


class IllegalActionError(LudotecaError, ValueError):
    """An action that is not legal in this state (the state is left unchanged)."""


class UnknownGameError(LudotecaError, ValueError):
    """A game name that is not registered."""


class InvalidOptionError(LudotecaError, ValueError):
    """An unknown option, or a value the game does not accept.

    `option`: the option's name, when one option is to blame; `message`: the reason as a
    catalog message (`ludoteca.core.i18n`), for interfaces that show it in the reader's
    language (the text itself is English, for logs and scripts); `hint`: what was given and
    what is accepted, in the notation (language-neutral), e.g. "(option 'length', got
    'medium'; choices: short, long)"."""

    def __init__(self, text: str, *, option: str | None = None,
                 message: dict[str, Any] | None = None, hint: str = "") -> None:
        super().__init__(f"{text} {hint}" if hint else text)
        self.option = option
        self.message = message
        self.hint = hint


class RecordError(LudotecaError, ValueError):
    """A malformed record, or one whose actions cannot be replayed."""
