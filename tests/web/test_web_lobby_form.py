"""The lobby's option form in headless chromium (issue #24): generated from the declared
options, checked in the browser, a server refusal shown beside the field it names, seats
kept within the game's player range, at 390x844 with touch and at 1366x768; and the end
screen of a lost solo game read from the view's `winners`."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from web_helpers import post_json

#: screenshots to look at (git-ignored); docs/screenshots keeps the chosen ones
SHOTS = Path(__file__).parent / "artifacts"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1366, "height": 768}}


def _page(browser: Any, errors: list[str], lang: str, context: dict[str, Any]) -> Any:
    page = browser.new_context(locale=lang, **context).new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    expected = "the server responded with a status of 422"  # the refusals the tests provoke
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and expected not in m.text else None)
    return page


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


@pytest.mark.parametrize(("lang", "context", "texts"), [
    ("pt-BR", PHONE, {"draft": "O jogo solo não tem draft: desmarque Draft ou acrescente um jogador.",
                      "limit": "Última geração (teste): informe um número inteiro a partir de 1.",
                      "more": "Mais opções (avançadas, pesquisa)"}),
    ("fr", DESKTOP, {"draft": "Pas de draft en solo : décochez Draft ou ajoutez un joueur.",
                     "limit": "Dernière génération (test) : indiquez un nombre entier d’au moins 1.",
                     "more": "Plus d’options (avancées, recherche)"}),
], ids=["390x844-pt-BR", "1366x768-fr"])
def test_the_option_form_creates_a_game_and_shows_refusals_beside_their_fields(
        browser: Any, live_server: str, lang: str, context: dict[str, Any], texts: dict[str, str]) -> None:
    errors: list[str] = []
    page = _page(browser, errors, lang, context)
    page.goto(f"{live_server}/?lang={lang}")
    page.wait_for_selector("#options [data-option=expansions]")  # Carcassonne first: its expansions
    page.select_option("#game", "terraforming-mars")
    page.wait_for_selector("#options [data-option=draft] input[type=checkbox]")
    assert page.locator("#option-corporate_era").get_attribute("type") == "checkbox"
    limit = page.locator("#option-max_generations")
    assert not limit.is_visible()  # an advanced option: behind "More options"
    assert page.inner_text(".more-options > summary") == texts["more"]
    # the seats follow the player range: 1..5
    page.click(".seat-row:nth-child(2) .remove-seat")
    assert page.locator(".seat-row").count() == 1 and page.locator(".remove-seat").is_disabled()
    # a value the browser can check: refused beside its field, nothing sent
    page.click(".more-options > summary")
    assert limit.get_attribute("min") == "1" and limit.get_attribute("type") == "number"
    limit.fill("0")
    page.click("#create")
    error = page.locator("[data-option=max_generations] .field-error")
    assert error.inner_text() == texts["limit"] and page.locator("#created").is_hidden()
    # a cross-check only the game knows: the server's 422 names the option, shown beside it
    limit.fill("1")
    page.check("#option-draft")
    page.click("#create")
    draft_error = page.locator("[data-option=draft] .field-error")
    draft_error.wait_for(state="visible")
    assert draft_error.inner_text() == texts["draft"]
    assert error.is_hidden()  # the fixed field's message is gone
    if context is PHONE:
        for selector in ("#game", "#option-max_generations", ".seat-row select", "#create",
                         ".more-options > summary", "[data-option=draft] label"):
            box = page.locator(selector).first.bounding_box()
            assert box["height"] >= 40, selector  # touch targets
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # one column, no sideways scroll
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "lobby-form-pt-BR-390.png"), full_page=True)
    page.uncheck("#option-draft")
    page.fill("#option-corporations", "beginner")  # not JSON: taken as the text, as the terminal does
    with page.expect_response(lambda r: r.url.endswith("/api/games") and r.request.method == "POST") as sent:
        page.click("#create")
    assert sent.value.status == 201
    assert json.loads(sent.value.request.post_data)["options"] == {  # players: the seats
        "corporate_era": False, "draft": False, "max_generations": 1, "corporations": "beginner"}
    page.wait_for_selector("#created h2")
    assert draft_error.is_hidden()
    assert not errors, errors


def test_carcassonne_expansions_and_the_six_seat_limit(browser: Any, live_server: str) -> None:
    errors: list[str] = []
    page = _page(browser, errors, "en", DESKTOP)
    page.goto(f"{live_server}/?lang=en")
    page.wait_for_selector("#options [data-option=expansions]")
    assert page.inner_text("[data-option=expansions] .field-label") == "Expansions"
    for _ in range(4):
        page.click("#add-seat")
    assert page.locator(".seat-row").count() == 6 and page.locator("#add-seat").is_disabled()
    page.click("#create")  # 6 players without Inns & Cathedrals: refused beside the seats
    seats_error = page.locator("#option-players-error")
    seats_error.wait_for(state="visible")
    assert seats_error.inner_text() == (
        "Six players need the Inns & Cathedrals expansion (without it: 2 to 5).")
    page.check("[data-option=expansions] input[value=inns_cathedrals]")
    with page.expect_response(lambda r: r.url.endswith("/api/games") and r.request.method == "POST") as sent:
        page.click("#create")
    assert sent.value.status == 201
    body = json.loads(sent.value.request.post_data)
    assert body["options"] == {"expansions": ["inns_cathedrals"]} and len(body["seats"]) == 6
    page.wait_for_selector("#created h2")
    assert not errors, errors


def test_a_lost_solo_game_ends_as_the_server_says(browser: Any, live_server: str) -> None:
    created = post_json(f"{live_server}/api/games", {
        "game": "terraforming-mars", "seed": 3, "seats": [{"kind": "human", "name": "Ana"}],
        "options": {"max_generations": 1, "corporations": "beginner"}})
    game_id, token = created["game_id"], created["seats"][0]["token"]
    for _ in range(200):
        view = _get(f"{live_server}/api/games/{game_id}/view?token={token}")
        if view["terminal"]:
            break
        texts = [o["text"] for o in view["prompt"]["options"]]
        post_json(f"{live_server}/api/games/{game_id}/actions", {
            "token": token, "state_id": view["state_id"],
            "action": next((t for t in texts if t.startswith(("pass", "skip"))), texts[0])})
    assert view["terminal"] and view["winners"] == [] and view["scores"][0] > 0
    errors: list[str] = []
    page = _page(browser, errors, "fr", DESKTOP)
    page.goto(f"{live_server}/games/{game_id}?token={token}&lang=fr")
    title = page.locator(".turn-title.over")
    title.wait_for()
    assert title.inner_text() == "Partie terminée — Ana n’a pas gagné la partie solo"
    assert page.inner_text("#game-title").startswith("Terraforming Mars · Ana")
    assert not errors, errors


def test_a_tie_broken_by_the_rules_ends_as_the_server_says(
        browser: Any, live_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game of tests/core (a tie goes to the second seat) at the generic table."""
    import sys

    from ludoteca.core import i18n, registry
    from ludoteca.server import web

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "core"))
    monkeypatch.setitem(registry._GAMES, "ludo-toy", "ludo_toy.game:ToyGame")
    i18n.catalog.cache_clear()
    web.messages_json.cache_clear()
    try:
        seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}]
        created = post_json(f"{live_server}/api/games", {"game": "ludo-toy", "seats": seats})
        tokens = [s["token"] for s in created["seats"]]
        for turn, action in enumerate(["take 2", "take 1", "take 1", "take 2"]):  # 3-3
            post_json(f"{live_server}/api/games/{created['game_id']}/actions",
                      {"token": tokens[turn % 2], "state_id": turn, "action": action})
        errors: list[str] = []
        page = _page(browser, errors, "pt-BR", PHONE)
        page.goto(f"{live_server}/games/{created['game_id']}?lang=pt-BR")
        title = page.locator(".turn-title.over")
        title.wait_for()
        assert title.get_attribute("data-winners") == "1"
        assert title.inner_text() == "Fim de jogo — Bruno vence com 3 pontos"
        assert page.inner_text("#game-title").startswith("Pegue pontos · Ana")
        assert not errors, errors
    finally:
        monkeypatch.undo()
        sys.modules.pop("ludo_toy.game", None)
        i18n.catalog.cache_clear()
        web.messages_json.cache_clear()


def test_bot_seats_play_at_a_difficulty_level_or_a_custom_spec(browser: Any, live_server: str) -> None:
    errors: list[str] = []
    page = _page(browser, errors, "pt-BR", PHONE)
    page.goto(f"{live_server}/?lang=pt-BR")
    page.wait_for_selector("#options [data-option=expansions]")
    second = page.locator(".seat-row").nth(1)
    kind = second.locator("select.seat-kind")
    assert kind.input_value() == "medium"  # a new bot seat: the game's medium level
    assert [o.strip() for o in kind.locator("option").all_inner_texts()] == [
        "Humano", "Robô: fácil", "Robô: médio", "Robô: difícil", "Robô: descrição própria"]
    assert second.locator(".seat-level").inner_text() == "joga o melhor turno que enxerga agora"
    assert second.locator(".seat-agent").count() == 0  # no spec to type for a level
    kind.select_option("hard")
    assert second.locator(".seat-level").inner_text() == (
        "o robô mais forte deste jogo; pode pensar um segundo por jogada")
    page.click("#add-seat")
    third = page.locator(".seat-row").nth(2)
    third.locator("select.seat-kind").select_option("custom")
    third.locator(".seat-agent").fill("mcts:iterations=20")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # at 390 px the custom spec takes its own line, so neither it nor the select is cut off
    select_box = third.locator("select.seat-kind").bounding_box()
    spec_box = third.locator(".seat-agent").bounding_box()
    assert select_box and spec_box and spec_box["y"] >= select_box["y"] + select_box["height"]
    assert select_box["width"] >= 240 and spec_box["width"] >= 280
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lobby-levels-pt-BR-390.png"), full_page=True)
    with page.expect_response(lambda r: r.url.endswith("/api/games") and r.request.method == "POST") as sent:
        page.click("#create")
    assert sent.value.status == 201
    seats = json.loads(sent.value.request.post_data)["seats"]
    # a level's bot is named by its level in the creator's language; a custom one by its spec
    assert seats[1:] == [{"kind": "bot", "agent": "hard", "name": "difícil"},
                         {"kind": "bot", "agent": "mcts:iterations=20"}]
    page.wait_for_selector("#created h2")
    created = page.locator("#created .links li")
    assert created.nth(1).locator("strong").inner_text() == "difícil"
    assert created.nth(1).locator(".muted").inner_text() == "robô · difícil"
    assert created.nth(2).locator(".muted").inner_text() == "robô · mcts:iterations=20"
    assert not errors, errors
