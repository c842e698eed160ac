"""The Terraforming Mars table in Portuguese and French (issues #20 and #24), in headless
chromium whose locale is pt-BR or fr-FR: the texts are in that language (the English ones
are gone), the 10 dealt project cards show while the corporation is chosen, tags and
resources are icons (no two-letter codes), the status line shows the decision, and the
bot's ten secret research choices (and the player's own ten) read as one log line each.
(`test_web_tm.py` checks the card being resolved in the status line and a payment the
engine took alone in the log.) Screenshots (also at 390×844) go to tests/web/artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from web_helpers import new_page, post_json

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

if not Path("/usr/bin/chromium").exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

ARTIFACTS = Path(__file__).parent / "artifacts"
ENGLISH = ["Choose your corporation", "Your turn", "Generation", "First player", "Standard projects",
           "Milestones and awards", "Victory points so far", "Log", "Take back", "No cards in play",
           "to start", "Pass (no more"]
TEXTS = {
    "pt-BR": {
        "corporation": ["Escolha sua corporação", "Sua vez, Ana", "Geração 1", "Projetos padrão",
                        "Marcos e prêmios", "Suas cartas de projeto (10)", "M€ iniciais"],
        "research": ["Marque as cartas que você compra", "Comprar"],
        "bot_research": "avaliou 10 cartas para comprar",
        "rejected": "não comprou ",
        "status": "Sua primeira ação do turno (geração 1), ou passe",
    },
    "fr": {
        "corporation": ["Choisissez votre corporation", "À vous de jouer, Ana", "Génération 1",
                        "Projets standard", "Objectifs et récompenses", "Vos cartes Projet (10)",
                        "M€ de départ"],
        "research": ["Marquez les cartes que vous achetez", "Acheter"],
        "bot_research": "a examiné 10 cartes à acheter",
        "rejected": "n’a pas acheté ",
        "status": "Votre première action de ce tour (génération 1), ou passez",
    },
}
LOCALES = {"pt-BR": "pt-BR", "fr": "fr-FR"}
TWO_LETTERS = re.compile(r"^(Bd|Sp|Sc|Pw|Ea|Jv|Pl|Mi|An|Ci|Ev)$")


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=False)


def _no_english(text: str) -> None:
    assert [e for e in ENGLISH if e in text] == []


@pytest.mark.parametrize("lang", ["pt-BR", "fr"])
def test_the_tm_table_in_the_browsers_language(live_server: str, browser: Any, lang: str) -> None:
    errors: list[str] = []
    texts = TEXTS[lang]
    game = post_json(f"{live_server}/api/games", {
        "game": "terraforming-mars", "seed": 5,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]})
    page = new_page(browser, errors, LOCALES[lang], 1366, 900)
    page.goto(game["seats"][0]["url"])
    page.wait_for_selector(".tm-corp-choice")
    # the ten project cards dealt are in view while the corporation is chosen
    assert page.locator(".tm-dealt .tm-card").count() == 10
    body = page.inner_text("body")
    assert [s for s in texts["corporation"] if s not in body] == []
    _no_english(body)
    # tags are icons named in the language, never two-letter codes
    tags = page.locator(".tm-tag")
    assert tags.count() > 0
    assert all(not TWO_LETTERS.match(tags.nth(i).inner_text().strip()) for i in range(min(tags.count(), 20)))
    assert page.locator(".tm-tag svg").count() == tags.count()
    assert page.locator(".tm-res-icon svg").count() >= 6
    _shot(page, f"tm-i18n-corporation-{lang}.png")
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, f"tm-i18n-corporation-{lang}-390.png")
    page.set_viewport_size({"width": 1366, "height": 900})

    page.locator(".tm-corp-choice button.choice").first.click()
    page.wait_for_selector(".tm-picker .tm-card")
    body = page.inner_text("body")
    assert [s for s in texts["research"] if s not in body] == []
    _no_english(body)
    page.click(".tm-confirm")  # buy nothing
    page.wait_for_function("document.querySelector('.tm-log') && "
                           f"document.querySelector('.tm-log').innerText.includes({texts['bot_research']!r})")
    log = page.inner_text(".tm-log")
    assert log.count(texts["bot_research"]) == 1  # ten secret choices, one line
    assert log.count(texts["rejected"]) == 1  # and the ten own cards not bought, one line naming them
    page.wait_for_selector("button.tm-project[data-action='pass']:not([disabled])")
    assert texts["status"] in page.inner_text(".tm-whose")
    _no_english(page.inner_text("body"))
    _shot(page, f"tm-i18n-action-{lang}.png")
    page.locator(".tm-log").screenshot(path=str(ARTIFACTS / f"tm-i18n-log-{lang}.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, f"tm-i18n-action-{lang}-390.png")
    assert errors == []
