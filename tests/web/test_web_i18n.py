"""The lobby and the Carcassonne table in Portuguese and French (issue #20), in a real
headless chromium whose locale (navigator.language and Accept-Language) is pt-BR or
fr-FR: the texts are in that language and the English ones are gone; the selector
switches language and is remembered; two seats of one game read different languages.
Screenshots (also at 390×844) go to tests/web/artifacts/.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from web_helpers import new_page, post_json, render_in_browser

import ludoteca
from ludoteca.core.i18n import LANGUAGES, msg, render
from ludoteca.core.play import sample_chance

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

if not Path("/usr/bin/chromium").exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

ARTIFACTS = Path(__file__).parent / "artifacts"

ENGLISH = ["New game", "Create game", "Your turn", "Rotate", "tiles left", "Moves", "Points so far",
           "No meeple", "In progress", "Take back", "Seats, in playing order"]

# per language: the lobby's texts, the table's texts before and after placing the tile
TEXTS = {
    "pt-BR": {
        "lobby": ["Nova partida", "Criar partida", "Lugares, na ordem de jogo", "Estalagens e Catedrais",
                  "Maravilhas da Humanidade", "Em andamento"],
        "turn": "Sua vez, Ana",
        "table": ["Girar", "no saco", "Jogadas", "Pontos até agora"],
        "meeple": ["Nenhum meeple", "Clique num marcador do tile"],
        "spot": "Colocar ",
        "waiting": "Ana está jogando…",
        "over": ["Fim de jogo", "Detalhe da pontuação final", "Total", "pontuação final"],
    },
    "fr": {
        "lobby": ["Nouvelle partie", "Créer la partie", "Places, dans l’ordre du jeu",
                  "Auberges et Cathédrales", "Merveilles de l’Humanité", "En cours"],
        "turn": "À vous de jouer, Ana",
        "table": ["Tourner", "dans le sac", "Coups", "Points jusqu’ici"],
        "meeple": ["Aucun partisan", "Cliquez sur un repère de la tuile"],
        "spot": "Poser ",
        "waiting": "Ana joue…",
        "over": ["Partie terminée", "Détail du décompte final", "Total", "décompte final"],
    },
}
LOCALES = {"pt-BR": "pt-BR", "fr": "fr-FR"}


def _page(browser: Any, errors: list[str], locale: str, width: int = 1400, height: int = 900) -> Any:
    return new_page(browser, errors, locale, width, height)


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def _no_english(text: str) -> None:
    assert [e for e in ENGLISH if e in text] == []


@pytest.mark.parametrize("lang", ["pt-BR", "fr"])
def test_lobby_and_carcassonne_table_in_the_browsers_language(live_server: str, browser: Any,
                                                              lang: str) -> None:
    errors: list[str] = []
    texts = TEXTS[lang]
    page = _page(browser, errors, LOCALES[lang])
    page.goto(f"{live_server}/")
    page.wait_for_selector("#game option[value=carcassonne]", state="attached")
    assert page.get_attribute("html", "lang") == lang
    assert page.input_value(".lang-select") == lang
    body = page.inner_text("body")
    assert [s for s in texts["lobby"] if s not in body] == []
    _no_english(body)
    _shot(page, f"i18n-lobby-{lang}.png")
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, f"i18n-lobby-{lang}-390.png")
    page.set_viewport_size({"width": 1400, "height": 900})

    page.fill(".seat-name", "Ana")
    page.check("input[value=inns_cathedrals]")
    page.check("input[value=wonders]")
    page.click("#create")
    page.wait_for_selector("#go-to-table")
    page.click("#go-to-table")
    page.wait_for_selector(".target")
    assert texts["turn"] in page.inner_text(".turn-title")
    body = page.inner_text("body")
    assert [s for s in texts["table"] if s not in body] == []
    _no_english(body)
    _shot(page, f"i18n-carcassonne-{lang}.png")

    page.locator(".target").first.click()
    page.wait_for_selector(".spot")
    body = page.inner_text("body")
    assert [s for s in texts["meeple"] if s not in body] == []
    assert page.get_attribute(".spot", "aria-label").startswith(texts["spot"])
    _no_english(body)
    _shot(page, f"i18n-carcassonne-{lang}-meeple.png")
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, f"i18n-carcassonne-{lang}-390.png")
    assert errors == []


def test_the_selector_switches_and_is_remembered(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _page(browser, errors, "en-US")
    page.goto(f"{live_server}/")
    page.wait_for_selector("#game option[value=carcassonne]", state="attached")
    assert "New game" in page.inner_text("h2")
    page.select_option(".lang-select", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_selector("text=Nouvelle partie")
    page.goto(f"{live_server}/")  # remembered
    page.wait_for_selector("text=Nouvelle partie")
    assert page.input_value(".lang-select") == "fr"
    page.goto(f"{live_server}/?lang=pt-BR")  # ?lang= wins for this page
    page.wait_for_selector("text=Nova partida")
    page.select_option(".lang-select", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.wait_for_selector("text=New game")
    assert "lang=" not in page.url
    page.goto(f"{live_server}/")
    page.wait_for_selector("text=New game")
    assert errors == []


def test_two_seats_of_one_game_read_two_languages(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    created = post_json(f"{live_server}/api/games", {
        "game": "carcassonne", "seed": 5, "options": {"bag": [f"base:{c}" for c in "ABCDEFGH"]},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}],
    })
    ana, bea = _page(browser, errors, "pt-BR"), _page(browser, errors, "fr-FR")
    ana.goto(created["seats"][0]["url"])
    bea.goto(created["seats"][1]["url"])
    ana.wait_for_selector(".target")
    bea.wait_for_selector(".layer-tiles g.tile")
    assert TEXTS["pt-BR"]["turn"] in ana.inner_text(".turn-title")
    bea.wait_for_selector(f"text={TEXTS['fr']['waiting']}")
    ana.locator(".target").first.click()
    ana.wait_for_selector(".spot")
    ana.click("button.choice.skip")
    bea.wait_for_selector(".target")
    assert "À vous de jouer, Bea" in bea.inner_text(".turn-title")
    assert "a pioché la tuile" in bea.inner_text(".log") and "aucun partisan" in bea.inner_text(".log")
    assert "comprou o tile" in ana.inner_text(".log") and "nenhum meeple" in ana.inner_text(".log")
    assert errors == []


@pytest.mark.parametrize("lang", ["pt-BR", "fr"])
def test_the_end_screen_and_score_breakdown(live_server: str, browser: Any, lang: str) -> None:
    errors: list[str] = []
    created = post_json(f"{live_server}/api/games", {
        "game": "carcassonne", "seed": 3, "options": {"bag": [f"base:{c}" for c in "ABEJKUVW"]},
        "seats": [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "greedy"}],
    })
    page = _page(browser, errors, LOCALES[lang])
    page.goto(created["spectator_url"])
    page.wait_for_selector(".turn-title.over")
    body = page.inner_text("body")
    assert [s for s in TEXTS[lang]["over"] if s not in body] == []
    _no_english(body)
    assert "Game over" not in body and "Final score breakdown" not in body
    _shot(page, f"i18n-carcassonne-{lang}-end.png")
    assert errors == []


def test_other_games_tables_keep_working_with_translated_chrome_and_stand_in_label(
        live_server: str, browser: Any) -> None:
    """The Dice Game's table in French: its chrome and the stand-in label are French, and
    nothing breaks (its own texts: `test_web_tmdice.py`)."""
    errors: list[str] = []
    created = post_json(f"{live_server}/api/games", {
        "game": "tm-dice", "seed": 3,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}],
    })
    page = _page(browser, errors, "fr-FR")
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".tmdice .tmd-map")
    assert "Remplaçant Ludoteca (non officiel)" in page.inner_text(".map-box")
    assert "Ludoteca stand-in (not official)" not in page.inner_text(".map-box")
    assert page.inner_text("#mode") == "votre place"
    assert page.input_value(".lang-select") == "fr"
    assert errors == []


def test_the_browser_renders_messages_as_python_does(live_server: str, browser: Any) -> None:
    """Two renderers, one result: every message of a seeded Carcassonne game (prompts, options,
    log, scoring events, plurals and numbers) rendered by js/i18n.js and by core/i18n.py."""
    game = ludoteca.load_game("carcassonne", players=2, expansions=["inns_cathedrals"])
    state, rng, messages = game.new_initial_state(), random.Random(4), []
    while not state.is_terminal():
        prompt = state.prompt()
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(prompt.options).action
        messages += [prompt.message, *(o.message for o in prompt.options[:3]), state.action_message(action)]
        state.apply_action(action)
    messages += [state.scoring_message(e) for e in state.scoring_log()]
    messages += [msg("core.points", n=n) for n in (0, 1, 2, 1234, 1_000_000)]
    names = ["Ana", "Bea"]
    page = _page(browser, [], "en-US")
    page.goto(f"{live_server}/")
    for lang in LANGUAGES:
        rendered = render_in_browser(page, lang, messages, names)
        expected = [render(m, lang, names) for m in messages]
        assert [(e, r) for e, r in zip(expected, rendered, strict=True) if e != r] == [], lang
