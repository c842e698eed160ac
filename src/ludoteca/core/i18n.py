"""Languages: message catalogs, language negotiation and rendering (issue #20).

A **message** is language-neutral data, `{"key": "carcassonne.prompt.place", "params": {...}}`;
a param is a string (shown as it is), a number (formatted for the language) or another
message (rendered first). `render(message, lang)` turns it into text.

A **catalog** is one JSON file per language, `messages/<lang>.json`, in every package that
owns text: `ludoteca.core` (shared words), each game's package (found through the
registry: no game is named here) and the interfaces (`ludoteca.web`, `ludoteca.cli`, added
with `register_package`). Keys are dotted; a value is a string with `{name}` placeholders,
or a plural: an object keyed by CLDR plural categories (`one`, `many`, `other`...), chosen
by the count in param `n` with Babel's plural rules. A key missing in a language raises
`MissingMessage`: there is no silent fallback to English (tests check completeness).

`core.notation` is the fallback of games whose texts are not yet translated: it shows the
language-neutral notation (`{"key": "core.notation", "params": {"text": "place 0,1 r90"}}`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale
from babel.numbers import format_decimal
from babel.numbers import format_percent as _babel_percent

from ludoteca.core.errors import LudotecaError

LANGUAGES = ("en", "pt-BR", "fr")
DEFAULT = "en"
NOTATION = "core.notation"
SEAT = "core.seat"  # {"n": seat number from 1}; interfaces may show the player's name instead

Message = dict[str, Any]

_PACKAGES: list[str] = ["ludoteca.core"]
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


class MissingMessage(LudotecaError):
    """A key (or a plural category) that a catalog lacks."""


def msg(key: str, **params: Any) -> Message:
    """A message: `msg("carcassonne.log.place", x=0, y=1)`."""
    return {"key": key, "params": params}


def notation(text: str) -> Message:
    """The not-yet-translated fallback: the notation itself."""
    return msg(NOTATION, text=text)


def seat(index: int) -> Message:
    """Seat `index` (from 0) as a message ("Seat 1"); a table may show the player's name."""
    return msg(SEAT, n=index + 1, seat=index)


def register_package(package: str) -> None:
    """Add a package's `messages/` directory to every catalog (an interface's own texts)."""
    if package not in _PACKAGES:
        _PACKAGES.append(package)
        catalog.cache_clear()


def packages() -> list[str]:
    """The packages whose catalogs are merged: core, every registered game, the interfaces."""
    from ludoteca.core.registry import game_packages

    return [_PACKAGES[0], *game_packages(), *_PACKAGES[1:]]


def package_catalog(package: str, lang: str) -> dict[str, Any]:
    """One package's catalog for `lang` ({} if the package has none): `messages/<lang>.json`
    merged with any `messages/<part>.<lang>.json` (`cards.fr.json`: a big catalog may be
    split by subject; a key defined in two files is an error)."""
    folder = resources.files(package) / "messages"
    if not folder.is_dir():
        return {}
    merged: dict[str, Any] = {}
    files = sorted((f for f in folder.iterdir()
                    if f.name == f"{lang}.json" or f.name.endswith(f".{lang}.json")), key=lambda f: f.name)
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise LudotecaError(f"{package}/messages/{path.name} must hold one JSON object")
        for key, value in data.items():
            if key in merged:
                raise LudotecaError(f"message key {key!r} is defined twice in {package}/messages")
            merged[key] = value
    return merged


@cache
def catalog(lang: str) -> dict[str, Any]:
    """Every package's messages for `lang`, merged (a key defined twice is an error)."""
    lang = negotiate(lang)
    merged: dict[str, Any] = {}
    for package in packages():
        for key, value in package_catalog(package, lang).items():
            if key in merged:
                raise LudotecaError(f"message key {key!r} is defined twice ({package})")
            merged[key] = value
    return merged


def negotiate(wanted: str | None) -> str:
    """The supported language closest to a tag or an Accept-Language header.

    `pt`, `pt-PT`, `pt_BR.UTF-8` -> pt-BR; `fr-CA` -> fr; anything else -> en."""
    if not wanted:
        return DEFAULT
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(wanted.split(",")):
        tag, _, quality = part.strip().partition(";q=")
        try:
            q = float(quality) if quality else 1.0
        except ValueError:
            q = 0.0
        ranked.append((-q, i, tag.strip()))
    for _, _, tag in sorted(ranked):
        base = tag.split(".")[0].replace("_", "-").lower()
        for lang in LANGUAGES:
            if base == lang.lower() or base.split("-")[0] == lang.split("-")[0].lower():
                return lang
    return DEFAULT


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang.replace("-", "_"))


def _whole(n: float) -> float:
    """12.0 -> 12: scores are floats, and a whole number reads (and agrees) as one."""
    return int(n) if isinstance(n, float) and n.is_integer() else n


def plural_category(n: float, lang: str) -> str:
    """The CLDR plural category of `n` in `lang` ("one", "many", "other"...)."""
    return _locale(lang).plural_form(abs(_whole(n)))


def plural_categories(lang: str) -> set[str]:
    """The CLDR plural categories `lang` uses for whole and decimal numbers."""
    return set(_locale(lang).plural_form.tags) | {"other"}


def format_number(value: float, lang: str) -> str:
    return format_decimal(_whole(value), locale=_locale(lang))


def format_percent(fraction: float, lang: str) -> str:
    """`fraction` as a percentage with one decimal, as `lang` writes it: 0.5 reads
    "50.0%" in English, "50,0%" in Portuguese and "50,0 %" in French."""
    locale = _locale(lang)
    pattern = locale.percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)
    return _babel_percent(fraction, pattern, locale=locale)


def render(message: Message, lang: str, names: list[str] | None = None) -> str:
    """The text of `message` in `lang`. `names`: players' names, shown for `core.seat`."""
    lang = negotiate(lang)
    key = message.get("key")
    params = message.get("params") or {}
    if key == SEAT and names is not None and 0 <= params.get("seat", -1) < len(names):
        return names[params["seat"]]
    template = lookup(key, lang, params.get("n"))
    values = {name: _param(value, lang, names) for name, value in params.items()}

    def fill(match: re.Match[str]) -> str:
        name = match[1]
        if name not in values:
            raise MissingMessage(f"message {key!r} in {lang}: no value for {{{name}}}")
        return values[name]

    return _PLACEHOLDER.sub(fill, template)


def lookup(key: Any, lang: str, count: Any = None) -> str:
    """The template of `key` in `lang` (for a plural, the form for `count`)."""
    entry = catalog(lang).get(key) if isinstance(key, str) else None
    if entry is None:
        raise MissingMessage(f"no message {key!r} in the {lang} catalog")
    if isinstance(entry, str):
        return entry
    if not isinstance(count, int | float):
        raise MissingMessage(f"message {key!r} is a plural: it needs a number 'n'")
    form = entry.get(plural_category(count, lang)) or entry.get("other")
    if form is None:
        raise MissingMessage(f"message {key!r} in {lang} has no 'other' form")
    return form


def _param(value: Any, lang: str, names: list[str] | None) -> str:
    if isinstance(value, dict) and "key" in value:
        return render(value, lang, names)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return format_number(value, lang)
    if isinstance(value, list):
        return ", ".join(_param(v, lang, names) for v in value)
    return str(value)


def placeholders(entry: str | dict[str, str]) -> set[str]:
    """The `{name}`s of a catalog entry (of all its plural forms)."""
    forms = [entry] if isinstance(entry, str) else list(entry.values())
    return {name for form in forms for name in _PLACEHOLDER.findall(form)}


# The process's own language: what a terminal shows (`ludoteca --lang`, the locale variables).
# A server never uses it: each of its readers has a language of their own.
_current = [DEFAULT]


def set_language(lang: str) -> str:
    """Make `lang` (negotiated) the language of `tr` and `say`; returns it."""
    _current[0] = negotiate(lang)
    return _current[0]


def language() -> str:
    return _current[0]


def tr(key: str, **params: Any) -> str:
    """`msg(key, **params)` rendered in the process's language."""
    return render(msg(key, **params), _current[0])


def say(message: Message, names: Sequence[str] | None = None) -> str:
    """A message in the process's language; `names` label the seats."""
    return render(message, _current[0], list(names) if names is not None else None)
