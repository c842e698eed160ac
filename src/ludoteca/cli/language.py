"""The terminal's language: `--lang`, else `LC_ALL`, `LC_MESSAGES`, `LANG` (as POSIX orders
them), else English; and `tr`, which renders the terminal's own texts (`cli/messages`) and
any game message in it. `--json` output never goes through here: it stays language-neutral.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.core import i18n

i18n.register_package("ludoteca.cli")

ENV_ORDER = ("LC_ALL", "LC_MESSAGES", "LANG")


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale variables ask for (`pt_BR.UTF-8` -> pt-BR; `C` -> en)."""
    environ = os.environ if environ is None else environ
    for name in ENV_ORDER:
        value = environ.get(name)
        if value:
            return i18n.negotiate(value)
    return i18n.DEFAULT


def from_argv(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """`--lang X` / `--lang=X` anywhere on the command line, else the environment's."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return i18n.negotiate(argv[i + 1])
        if arg.startswith("--lang="):
            return i18n.negotiate(arg.partition("=")[2])
    return from_environment(environ)


_current = [i18n.DEFAULT]


def set_language(lang: str) -> str:
    _current[0] = i18n.negotiate(lang)
    return _current[0]


def language() -> str:
    return _current[0]


def tr(key: str, **params: Any) -> str:
    """A text of the terminal (or of a game) in the current language."""
    return i18n.render(i18n.msg(key, **params), _current[0])


def say(message: i18n.Message, names: Sequence[str] | None = None) -> str:
    """A game's message in the current language; `names` label the seats."""
    return i18n.render(message, _current[0], list(names) if names is not None else None)
