"""What every command shares: its consoles, JSON output and the one way bad input fails.

Every command reports bad input (unknown game, bad agent spec, malformed record) as one
`error: ...` line on stderr and exits with code 2.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.core.i18n import say

EXIT_USAGE = 2

def _stdout() -> Console:
    return Console(highlight=False, markup=False, emoji=False)


def _stderr() -> Console:
    return Console(stderr=True, highlight=False, markup=False, emoji=False)


def fail(message: str) -> NoReturn:
    """Print `error: message` on stderr and exit with code 2."""
    _stderr().print(Text("error: ", style="bold red") + Text(message), soft_wrap=True)
    raise typer.Exit(EXIT_USAGE)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn Ludoteca's bad-input errors into `fail` (no traceback); a refused game option
    reads in the terminal's language, the option named (`--option name=...`)."""
    try:
        yield
    except InvalidOptionError as exc:
        if not (exc.message and exc.option):
            fail(str(exc))
        where = "(--players)" if exc.option == "players" else f"(--option {exc.option}=…)"
        fail(f"{say(exc.message)} {exc.hint or where}")
    except LudotecaError as exc:
        fail(str(exc))


def _echo_json(data: dict[str, Any]) -> None:
    typer.echo(json.dumps(data, sort_keys=False))
