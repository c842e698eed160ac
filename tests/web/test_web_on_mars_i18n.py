"""The On Mars table in Portuguese and French (issues #20, #24), in headless chromium whose
locale is pt-BR or fr-FR: headings, stats, the prompt and its options are in that language,
the English ones are gone, and an option says what it gives (its title). Screenshots
(1400×900 and 390×844) go to tests/web/artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_helpers import new_page, post_json

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

if not Path("/usr/bin/chromium").exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

ARTIFACTS = Path(__file__).parent / "artifacts"
ENGLISH = [
    "Action spaces",
    "Turn order",
    "Blueprint display",
    "Tech Grid",
    "Warehouse",
    "Your turn",
    "Choose a turn-order space",
    "Turn-order space",
    "ships on Depot",
    "Private Goals",
    "Life Support System",
    "Missions still needed",
    "Colony level",
]
TEXTS = {
    "pt-BR": {
        "locale": "pt-BR",
        "turn": "Sua vez, Ana",
        "prompt": "Escolha um espaço da Ordem de Turno",
        "table": [
            "Espaços de Ação",
            "Ordem de Turno",
            "Amostra de Projetos",
            "Tabela de Tecnologia",
            "Armazém",
            "Naves no Depósito",
            "Objetivos Particulares",
            "Nível da Colônia 1",
            "Sistema de Suporte à Vida",
        ],
        "option": "Espaço 3 da Ordem de Turno",
        "gives": "benefício: pegue 1 Ficha de Tecnologia",
    },
    "fr": {
        "locale": "fr-FR",
        "turn": "À vous de jouer, Ana",
        "prompt": "Choisissez une case de l'ordre du tour",
        "table": [
            "Cases d'action",
            "Ordre du tour",
            "Étalage des plans",
            "Tableau des technologies",
            "Entrepôt",
            "vaisseaux au dépôt",
            "Objectifs privés",
            "Niveau de colonie 1",
            "Système de support de vie",
        ],
        "option": "Case 3 de l'ordre du tour",
        "gives": "bonus : prenez 1 tuile Technologie",
    },
}


@pytest.mark.parametrize("lang", ["pt-BR", "fr"])
def test_on_mars_table_in_the_browsers_language(live_server: str, browser: Any, lang: str) -> None:
    errors: list[str] = []
    texts = TEXTS[lang]
    game = post_json(
        f"{live_server}/api/games",
        {
            "game": "on-mars",
            "seed": 1,
            "options": {"players": 2},
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}],
        },
    )
    page = new_page(browser, errors, texts["locale"], 1400, 900)
    page.goto(game["seats"][0]["url"])
    page.wait_for_selector(".om-turn [data-action]")
    assert page.get_attribute("html", "lang") == lang
    assert texts["turn"] in page.inner_text(".turn-title")
    assert page.inner_text(".om-prompt-text") == texts["prompt"]
    body = page.inner_text("body")
    assert [s for s in texts["table"] if s not in body] == []
    assert [e for e in ENGLISH if e in body] == []
    button = page.locator(".om-turn button[data-action='space 3']")
    assert button.inner_text().startswith(texts["option"])
    assert texts["gives"] in (button.get_attribute("title") or "")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"i18n-on-mars-{lang}.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / f"i18n-on-mars-{lang}-390.png"))
    page.locator(".om-turn").screenshot(path=str(ARTIFACTS / f"i18n-on-mars-{lang}-390-turn.png"))
    assert errors == []


def test_solo_final_scoring_and_lacerdas_board_in_portuguese(live_server: str, browser: Any) -> None:
    """A short solo game played to the end through the API, then shown in pt-BR."""
    import json
    import random
    import urllib.request

    errors: list[str] = []
    game = post_json(
        f"{live_server}/api/games",
        {
            "game": "on-mars",
            "seed": 4,
            "options": {"players": 1, "length": "short"},
            "seats": [{"kind": "human", "name": "Ana"}],
        },
    )
    seat = game["seats"][0]
    base = f"{live_server}/api/games/{game['game_id']}"
    with urllib.request.urlopen(f"{base}/view?token={seat['token']}", timeout=10) as answer:
        view = json.loads(answer.read())
    rng = random.Random(4)
    while not view["terminal"]:
        choice = rng.choice([o["text"] for o in view["prompt"]["options"]])
        view = post_json(
            f"{base}/actions", {"token": seat["token"], "state_id": view["state_id"], "action": choice}
        )
    page = new_page(browser, errors, "pt-BR", 1400, 900)
    page.goto(seat["url"])
    page.wait_for_selector(".om-scoring.final")
    assert page.inner_text(".turn-title.over").startswith("Fim de jogo — ")
    scoring = page.inner_text(".om-scoring.final")
    for text in (
        "Pontuação final",
        "PO de",
        "Fichas de Tecnologia",
        "Contratos da Terra",
        "Desempate: mais Cristais",
        "Lacerda",
    ):
        assert text in scoring, text
    board = page.inner_text(".om-lacerda")
    assert "Tabuleiro de Lacerda" in board and "Objetivo Solo: " in board and "próxima Construção" in board
    assert "Solo Goal" not in board and "Final scoring" not in scoring
    page.locator(".om-scoring.final").screenshot(path=str(ARTIFACTS / "i18n-on-mars-pt-BR-final.png"))
    assert errors == []
