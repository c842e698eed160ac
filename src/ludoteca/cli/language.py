"""The terminal's language: `--lang`, else `LC_ALL`, `LC_MESSAGES`, `LANG` (as POSIX orders
them), else English; and `tr`, which renders the terminal's own texts (`cli/messages`) and
any game message in it. `--json` output never goes through here: it stays language-neutral.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

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


set_language = i18n.set_language
language = i18n.language
tr = i18n.tr
say = i18n.say
