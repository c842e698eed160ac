"""The catalogs (issue #20): complete in every language, consistent placeholders, valid
plural categories, every key the code names present, and the rendering rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoteca.core import i18n
from ludoteca.core.i18n import LANGUAGES, MissingMessage, msg, negotiate, render

# the interfaces' catalogs (the server and the terminal register them when imported)
for _package in ("ludoteca.web", "ludoteca.server", "ludoteca.cli"):
    i18n.register_package(_package)

WEB_JS = Path(i18n.__file__).resolve().parents[1] / "web"


def package_catalogs() -> list[tuple[str, dict[str, dict]]]:
    return [(p, {lang: i18n.package_catalog(p, lang) for lang in LANGUAGES}) for p in i18n.packages()]


@pytest.mark.parametrize(("package", "catalogs"), package_catalogs(),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_every_key_in_every_language_with_the_same_placeholders(package: str, catalogs: dict) -> None:
    english = catalogs["en"]
    for lang in LANGUAGES[1:]:
        other = catalogs[lang]
        assert sorted(set(english) - set(other)) == [], f"{package}: missing in {lang}"
        assert sorted(set(other) - set(english)) == [], f"{package}: only in {lang}"
        for key, entry in english.items():
            assert i18n.placeholders(other[key]) == i18n.placeholders(entry), f"{package} {lang} {key}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plurals_use_the_languages_categories(lang: str) -> None:
    allowed = i18n.plural_categories(lang)
    for key, entry in i18n.catalog(lang).items():
        assert isinstance(entry, str | dict), key
        if isinstance(entry, dict):
            assert set(entry) <= allowed, f"{key} in {lang}: {sorted(set(entry) - allowed)}"
            assert "other" in entry and ("one" in entry or "one" not in allowed), key
            assert all(isinstance(v, str) and v for v in entry.values()), key
        else:
            assert entry, f"{key} is empty in {lang}"


def test_a_package_defines_no_key_of_another() -> None:
    for package in i18n.packages():
        prefix = package.rsplit(".", 1)[1]  # core, carcassonne, tm_dice, web, cli...
        for key in i18n.package_catalog(package, "en"):
            assert key.split(".")[0] == prefix, (package, key)


def _web_keys() -> set[str]:
    """Every literal key the browser code and pages name: t('x.y'), data-i18n="x.y"."""
    found: set[str] = set()
    for path in [*WEB_JS.glob("js/**/*.js"), *WEB_JS.glob("*.html")]:
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"\bt\('([\w.]+)'", text))
        found |= set(re.findall(r"data-i18n(?:-[\w-]+)?=\"([\w.]+)\"", text))
        found |= set(re.findall(r"'((?:web|core|server)\.[\w.]+)'", text))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_browser_names_exists(lang: str) -> None:
    keys = _web_keys()
    assert len(keys) > 100
    assert sorted(keys - set(i18n.catalog(lang))) == []
    for kind in ("city", "road", "monastery"):  # keys the browser builds from data
        for done in ("done", "final"):
            assert f"carcassonne.breakdown.{kind}.{done}" in i18n.catalog(lang)
    for colour in ("blue", "red", "yellow", "black", "purple", "orange"):
        assert f"web.colour.{colour}" in i18n.catalog(lang)
    # the lobby's option form names each game's manifest texts and the spec errors' keys
    from ludoteca.core.registry import manifest, registered_games

    for name in registered_games():
        assert sorted(set(manifest(name).message_keys()) - set(i18n.catalog(lang))) == [], name
    for error in ("required", "json", "range", "at_least", "at_most", "whole"):  # js/options_form.js
        assert f"core.option.error.{error}" in i18n.catalog(lang)


PYTHON_KEY = r"[\"']((?:cli|core|carcassonne|terraforming_mars|tm_dice|on_mars|server|web)\.[\w.]*\w)[\"']"


def _python_keys() -> set[str]:
    """Every literal key the terminal and the games' text modules name ("cli.play.help")."""
    src = WEB_JS.parent
    found: set[str] = set()
    for path in [*src.glob("cli/*.py"), *src.glob("core/*.py"), *src.glob("games/*/texts.py"),
                 *src.glob("games/*/terminal*.py"), *src.glob("games/*/display.py"),
                 *src.glob("server/*.py")]:
        text = path.read_text("utf-8")
        found |= set(re.findall(PYTHON_KEY, text))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_python_code_names_exists(lang: str) -> None:
    keys = _python_keys()
    assert {"cli.play.help", "carcassonne.prompt.draw", "core.hidden",
            "terraforming_mars.terminal.players"} <= keys
    assert sorted(keys - set(i18n.catalog(lang))) == []


@pytest.mark.parametrize(("asked", "lang"), [
    ("pt-BR", "pt-BR"), ("pt", "pt-BR"), ("pt_BR.UTF-8", "pt-BR"), ("pt-PT", "pt-BR"), ("fr-FR", "fr"),
    ("fr_CA", "fr"), ("en-GB", "en"), ("de-DE", "en"), (None, "en"), ("", "en"), ("C.UTF-8", "en"),
    ("de-DE,fr;q=0.8,en;q=0.5", "fr"), ("en;q=0.3, pt-BR;q=0.9", "pt-BR"), ("xx;q=abc", "en"),
])
def test_negotiate(asked: str | None, lang: str) -> None:
    assert negotiate(asked) == lang


def test_render_numbers_plurals_and_nested_messages() -> None:
    points = msg("core.points", n=1)
    assert [render(points, lang) for lang in LANGUAGES] == ["1 point", "1 ponto", "1 point"]
    many = msg("core.points", n=1234)
    assert [render(many, lang) for lang in LANGUAGES] == ["1,234 points", "1.234 pontos", "1\u202f234 points"]
    assert render(msg("core.points", n=0), "fr") == "0 point"  # French and Portuguese: 0 is singular
    assert render(msg("core.points", n=0), "en") == "0 points"
    nested = msg("core.scores", scores=msg("core.points", n=2))
    assert render(nested, "pt-BR") == "Pontuação: 2 pontos"
    assert render(msg("core.waiting", name=i18n.seat(1)), "fr") == "En attente de Joueur 2…"
    assert render(msg("core.waiting", name=i18n.seat(1)), "en", ["Ana", "Bia"]) == "Waiting for Bia…"


def test_missing_keys_and_values_raise() -> None:
    with pytest.raises(MissingMessage):
        render(msg("core.no_such_key"), "en")
    with pytest.raises(MissingMessage):
        render(msg("core.waiting"), "fr")  # no {name}
    with pytest.raises(MissingMessage):
        render(msg("core.points"), "en")  # a plural without n


@pytest.mark.parametrize(("lang", "half", "third"), [
    ("en", "50.0%", "33.3%"), ("pt-BR", "50,0%", "33,3%"), ("fr", "50,0\u00a0%", "33,3\u00a0%")])
def test_percentages_read_as_each_language_writes_them(lang: str, half: str, third: str) -> None:
    assert i18n.format_percent(0.5, lang) == half
    assert i18n.format_percent(1 / 3, lang) == third
