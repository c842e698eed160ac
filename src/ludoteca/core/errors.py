"""Errors raised by the core; each message says what was wrong and what is valid."""

from __future__ import annotations

from typing import Any


class LudotecaError(Exception):
    """Base class of every error Ludoteca raises on bad input.

    The text (`str(error)`) is English, for logs and scripts; `message`, when given, is the
    same reason as a catalog message (`ludoteca.core.i18n`), which interfaces show in the
    reader's language."""

    def __init__(self, text: str = "", *, message: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self.message = message


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
        super().__init__(f"{text} {hint}" if hint else text, message=message)
        self.option = option
        self.hint = hint


class RecordError(LudotecaError, ValueError):
    """A malformed record, or one whose actions cannot be replayed."""
