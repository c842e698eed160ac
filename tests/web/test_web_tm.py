"""Terraforming Mars at the web table, end to end in headless chromium (Playwright, Debian's chromium).

A 2-player game against `greedy` with fixed corporations (Mining Guild, which starts with
5 steel, against CrediCor) and a seed whose starting offer holds a city card with a building
tag: the player marks that card in the research picker and buys it, plays it from the hand
paying with steel in the payment widget, places the city by clicking a highlighted space of
the map, uses a standard project, and passes. Screenshots go to tests/web/artifacts/.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium "
                "(`apt-get install chromium`; .ci/run does it)", allow_module_level=True)

ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 20_000
#: city cards with a building tag that Mining Guild can play in generation 1 on a free land space
CITY_CARDS = ("corporate_stronghold", "cupola_city", "domed_crater", "immigrant_city", "research_outpost")
#: English words of the cards' texts, gone once the table speaks French or Portuguese
ENGLISH_CARD_WORDS = ("Requires", "Action:", "Effect:", "Note:", "energy production", "steel production",
                      "M€ production", "plant production", "heat production", "titanium production", "Gain ",
                      "Place ", "Raise ", "VP", "Starts with", "on this card")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _call(url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if body is not None else "GET",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _game_with_city_card(base: str) -> tuple[str, str, str]:
    """(seat url, token, city card) of a new game whose first offer holds one of CITY_CARDS."""
    for seed in range(60):
        game = _call(f"{base}/api/games", {
            "game": "terraforming-mars", "seed": seed,
            "options": {"corporations": ["mining_guild", "credicor"]},
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]})
        seat = game["seats"][0]
        view = _call(f"{base}/api/games/{game['game_id']}/view?token={seat['token']}")
        offer = view["observation"]["players_info"][0]["offer"]
        found = [c for c in CITY_CARDS if c in offer]
        if found:
            return seat["url"], seat["token"], found[0]
    raise AssertionError("no seed below 60 deals a playable city card to Mining Guild")


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def _state_id(page: Any) -> int:
    return int(page.get_attribute("#app", "data-state-id"))


def test_buy_play_with_steel_place_city_standard_project_and_pass(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    url, _token, city = _game_with_city_card(live_server)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(url)

    # the map: 63 spaces, Noctis City and the two off-map cities, bonuses drawn
    page.wait_for_selector(".tm-picker")
    assert page.locator("svg.tm-map .space").count() == 63
    assert page.locator(".space.off-map").count() == 2
    assert page.locator(".space.named .space-name").text_content() == "Noctis City"
    assert page.locator(".space.ocean-space").count() == 12
    assert page.locator(".bonus").count() > 40
    assert "Generation 1" in page.inner_text(".tm-status")

    # research: mark the city card (and unmark a second one again), confirm: only it is bought
    offer = page.locator(".tm-picker .tm-card")
    assert offer.count() == 10
    card = page.locator(f".tm-picker .tm-card[data-card='{city}']")
    card.click()
    assert "selected" in (card.get_attribute("class") or "")
    other = page.locator(f".tm-picker .tm-card:not([data-card='{city}'])").first
    other.click()
    other.click()
    assert "Confirm (1 marked)" in page.inner_text(".tm-confirm")
    _shot(page, "e2e-tm-research.png")
    page.click(".tm-confirm")

    # the action menu: the bought card is in hand and playable, with its price
    hand_card = page.locator(f".tm-hand .tm-card.playable[data-card='{city}']")
    hand_card.wait_for()
    assert page.locator(".tm-hand .tm-card").count() == 1
    assert page.locator(".tm-player[data-seat='0'] .res-megacredits .tm-res-count").inner_text() == "27"
    assert page.locator("button.tm-project[data-action='project power_plant']").is_enabled()
    name = hand_card.locator(".tm-card-name").inner_text()
    hand_card.locator(".tm-zoom").click()  # the card opened larger, then closed
    assert page.locator("dialog.tm-dialog .tm-card-name").inner_text() == name
    page.click("dialog.tm-dialog button.primary")
    assert page.locator("dialog.tm-dialog").count() == 0
    _shot(page, "e2e-tm-action.png")
    hand_card.click()

    # the payment widget: the default spends steel first; one steel back shows more M€
    page.wait_for_selector(".tm-payment")
    assert f"Playing {name} — Pay " in page.inner_text(".tm-whose")  # the status line: what is resolved
    steel = page.locator(".tm-pay-row[data-resource='steel'] .tm-pay-count")
    most = int(steel.inner_text())
    assert most == 5
    mc_then = int(page.inner_text(".tm-pay-mc"))
    page.click(".tm-pay-row[data-resource='steel'] button[data-step='-1']")
    assert int(steel.inner_text()) == most - 1
    assert int(page.inner_text(".tm-pay-mc")) == mc_then + 2
    page.click(".tm-pay-row[data-resource='steel'] button[data-step='1']")
    assert "5 steel" in page.inner_text(".tm-pay-confirm")
    _shot(page, "e2e-tm-payment.png")
    page.click(".tm-pay-confirm")

    # the city: click a highlighted space
    page.wait_for_selector("svg.tm-map .target")
    targets = page.locator("svg.tm-map .target")
    assert targets.count() > 5
    space = targets.first.get_attribute("data-space")
    _shot(page, "e2e-tm-place.png")
    targets.first.click()
    page.wait_for_selector(f".layer-tiles .tile[data-space='{space}'][data-tile='city']")
    assert page.locator(".tm-player[data-seat='0'] .res-steel .tm-res-count").inner_text() != "5"

    # second action: the Power Plant standard project (paid in M€ at once), then the bot plays
    power_plant = "button.tm-project[data-action='project power_plant']"
    project = page.locator(power_plant)
    page.wait_for_function(f"!document.querySelector(\"{power_plant}\").disabled")
    before = _state_id(page)
    project.click()
    page.wait_for_function(f"Number(document.getElementById('app').dataset.stateId) > {before + 1}")
    pass_button = page.locator("button.tm-project[data-action='pass']")
    page.wait_for_function("!document.querySelector(\"button.tm-project[data-action='pass']\").disabled")
    log = page.inner_text(".tm-log")
    assert f"played {name}" in log
    played = page.locator(f".tm-player[data-seat='0'] .tm-played .tm-card[data-card='{city}']")
    played.click()  # a card in play opens larger
    assert page.locator("dialog.tm-dialog .tm-card-name").inner_text() == name
    page.keyboard.press("Escape")
    assert page.locator("dialog.tm-dialog").count() == 0
    assert "used the standard project Power plant; paid 11 M€" in log  # the only payment, still told
    assert f"placed a city tile on space {space}" in log
    _shot(page, "e2e-tm-second-turn.png")
    pass_button.click()
    page.wait_for_function("document.querySelector('.tm-log').innerText.includes('passed for this')")
    page.wait_for_selector(".tm-picker .tm-card")  # the bot passed too: production, then research
    assert "Generation 2" in page.inner_text(".tm-status")
    assert page.locator(".tm-picker .tm-card").count() == 4
    page.set_viewport_size({"width": 844, "height": 390})
    _shot(page, "e2e-tm-phone.png")
    assert page.locator("svg.tm-map").is_visible()
    assert not errors, errors


def test_corporation_choice_then_the_research_picker(live_server: str, browser: Any) -> None:
    game = _call(f"{live_server}/api/games", {
        "game": "terraforming-mars", "seed": 5,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]})
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(game["seats"][0]["url"])
    page.wait_for_selector(".tm-corp-choice")
    choices = page.locator(".tm-corp-choice button.choice")
    assert choices.count() == 2
    chosen = choices.first.get_attribute("data-action").split()[1]
    assert page.locator(f".tm-corp-choice .tm-card[data-card='{chosen}'] .tm-start").count() == 1
    choices.first.click()
    page.wait_for_selector(".tm-picker .tm-card")
    assert page.locator(".tm-picker .tm-card").count() == 10
    own = page.locator(".tm-player[data-seat='0'] .tm-corp .tm-card")
    assert own.get_attribute("data-card") == chosen
    page.close()


def test_final_scoring_at_the_end(live_server: str, browser: Any) -> None:
    game = _call(f"{live_server}/api/games", {
        "game": "terraforming-mars", "seed": 2, "options": {"max_generations": 1},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]})
    seat = game["seats"][0]
    view = _call(f"{live_server}/api/games/{game['game_id']}/view?token={seat['token']}")
    while not view["terminal"]:  # reject every card, pass, skip the final greeneries
        texts = [o["text"] for o in view["prompt"]["options"]]
        choice = next((t for t in texts if t.split()[0] in ("reject", "pass", "done")), texts[0])
        view = _call(f"{live_server}/api/games/{game['game_id']}/actions",
                     {"token": seat["token"], "state_id": view["state_id"], "action": choice})
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(seat["url"])
    page.wait_for_selector(".tm-scoring.final")
    assert "Game over" in page.inner_text(".turn-title")
    totals = page.locator(".tm-scoring.final tfoot th").all_inner_texts()[1:]
    assert totals == [str(row["total"]) for row in view["observation"]["vp"]]
    assert page.locator(".tm-scoring.final tbody tr").count() == 6
    assert page.locator(".layer-tiles .tile").count() == len(view["observation"]["board"])
    assert "passed for this generation" in page.inner_text(".tm-log")
    _shot(page, "e2e-tm-final.png")
    page.close()


#: what a player can click to move the game on, in the order a hurried player would try them
CLICKABLES = [".tm-pay-confirm", ".tm-confirm:not([disabled])", ".tm-amount button.primary",
              "svg.tm-map .target", ".tm-choice .tm-card.clickable", ".tm-player .tm-card.selected.clickable",
              ".tm-player button.choice", ".tm-hand .tm-card.clickable", ".turn-panel button[data-action]",
              ".tm-goals button[data-action]", ".tm-projects button[data-action]:not([disabled])"]

#: the game is over, or the table waits for a click
READY = ("document.querySelector('.turn-title.over') || (!document.querySelector('.busy') && "
         f"document.querySelector(\"{', '.join(CLICKABLES)}\"))")


@pytest.mark.soak
@pytest.mark.parametrize(("seed", "options"), [
    (1, {}), (2, {"corporate_era": True}), (3, {"draft": True}),
    (4, {"corporations": ["helion", "inventrix"]}), (5, {"corporations": ["tharsis_republic", "phobolog"]}),
    (6, {"players": 1}),
])
def test_a_whole_game_through_the_page_never_dead_ends(live_server: str, browser: Any, seed: int,
                                                        options: dict[str, Any]) -> None:
    """Click random things the table offers until the game is over: every decision is drawn."""
    import random

    rng = random.Random(seed)
    errors: list[str] = []
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}][:options.get("players", 2)]
    game = _call(f"{live_server}/api/games", {
        "game": "terraforming-mars", "seed": seed, "seats": seats,
        "options": {"max_generations": 5, **options}})
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(game["seats"][0]["url"])
    page.wait_for_selector(".turn-title")
    for _ in range(400):
        page.wait_for_function(READY)
        if page.locator(".turn-title.over").count():
            break
        before = _state_id(page)
        if page.locator(".tm-confirm").count():
            for card in page.locator(".tm-picker .tm-card").all():
                if rng.random() < 0.2:
                    card.click()
            if page.locator(".tm-confirm[disabled]").count():
                page.locator(".tm-picker .tm-card").first.click()
        found = [s for s in CLICKABLES if page.locator(s).count()]
        assert found, f"nothing to click at state {before}: {page.inner_text('.turn-panel')}"
        pick = found[0] if found[0] in CLICKABLES[:4] else rng.choice(found)
        target = page.locator(pick).nth(rng.randrange(page.locator(pick).count()))
        what = target.get_attribute("data-action") or target.get_attribute("data-card") or pick
        target.click()
        try:
            page.wait_for_function(f"Number(document.getElementById('app').dataset.stateId) > {before} || "
                                   "document.querySelector('.turn-title.over')")
        except sync_api.TimeoutError:
            raise AssertionError(f"clicking {what} did nothing: {page.inner_text('.turn-panel')}") from None
    assert page.locator(".tm-scoring.final").count() == 1
    assert not errors, errors
    page.close()


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", {"starts": "Commence avec", "space": "Case 31", "mayor": "Maire", "volcanic": "volcanique",
            "type": "Automatisée"}),
    ("pt-BR", {"starts": "Começa com", "space": "Área 31", "mayor": "Prefeito", "volcanic": "vulcânica",
               "type": "Automatizada"}),
])
def test_cards_and_map_speak_the_readers_language(live_server: str, browser: Any, lang: str,
                                                  words: dict[str, str]) -> None:
    """The corporations, the 10 offered cards, the map's spaces and the milestones in French and
    Portuguese, as the catalog has them (issue #20), on a phone-sized screen."""
    from ludoteca.core.i18n import catalog

    messages = catalog(lang)
    game = _call(f"{live_server}/api/games", {
        "game": "terraforming-mars", "seed": 5,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]})
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 390, "height": 844}, locale=lang, has_touch=True)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_default_timeout(TIMEOUT_MS)
    url = game["seats"][0]["url"]
    page.goto(f"{url}{'&' if '?' in url else '?'}lang={lang}")
    page.wait_for_selector(".tm-corp-choice")
    corp = page.locator(".tm-corp-choice .tm-card").first
    corp_id = corp.get_attribute("data-card")
    corp_name = messages[f"terraforming_mars.corporation.{corp_id}.name"]
    assert corp.locator(".tm-card-name").inner_text() == corp_name
    assert corp.locator(".tm-start").inner_text().startswith(words["starts"])
    _shot(page, f"tm-corporations-{lang}-390.png")
    page.locator(".tm-corp-choice button.choice").first.click()
    page.wait_for_selector(".tm-picker .tm-card")
    cards = page.locator(".tm-picker .tm-card")
    for i in range(cards.count()):
        card_id = cards.nth(i).get_attribute("data-card")
        assert cards.nth(i).locator(".tm-card-name").inner_text() == \
            messages[f"terraforming_mars.card.{card_id}.name"]
        body = cards.nth(i).inner_text()
        assert not [w for w in ENGLISH_CARD_WORDS if w in body], body
    _shot(page, f"tm-research-{lang}-390.png")
    cards.first.locator(".tm-zoom").click()
    dialog = page.locator("dialog.tm-dialog")
    assert dialog.locator(".tm-card-name").inner_text() == cards.first.locator(".tm-card-name").inner_text()
    assert words["type"] in dialog.locator(".tm-meta").inner_text()
    _shot(page, f"tm-card-dialog-{lang}-390.png")
    dialog.locator("button.primary").click()
    assert words["space"] in page.locator(".space[data-space='31'] title").text_content()
    assert words["volcanic"] in page.locator(".space[data-space='09'] title").text_content()
    assert page.locator(".tm-goal[data-goal='mayor'] .tm-goal-name").inner_text() == words["mayor"]
    assert not [e for e in errors if "no message" in e], errors
    page.close()
