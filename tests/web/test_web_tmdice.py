"""The Dice Game's table in a real headless browser (Debian's chromium through Playwright).

A 2-player game against `greedy` from a late `start` scenario: the human keeps a
corporation by clicking its card, gives a die, plays turns by clicking dice, cards, map
areas and labelled buttons until the game ends, and the final score breakdown shows.
Stand-in content carries its label. Screenshots at 1366x768 and 844x390 go to
tests/web/artifacts/. The same table opened by a browser in pt-BR or fr-FR reads that
language, its die faces are glyphs and no cost shows as question marks.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_web_e2e import _page, _shot, _state_id, browser  # noqa: F401  (browser: a fixture)
from web_helpers import new_page, post_json, render_in_browser

STANDIN = "Ludoteca stand-in (not official)"
START = {"temperature": 9, "oxygen": 7, "oceans": 6}  # one step from the end on every track
PROMPT_OR_END = ("document.querySelector('.turn-panel [data-action]')"
                 " || document.querySelector('.turn-title.over')")
MAX_DECISIONS = 60


def _create(live_server: str, seed: int) -> dict[str, Any]:
    return post_json(f"{live_server}/api/games", {
        "game": "tm-dice", "seed": seed, "options": {"players": 2, "start": START},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}],
    })


def _choose(page: Any, placed: list[str]) -> str:
    """Click one choice of the current decision: a map area (noted in `placed`), a card, a
    die, else a button. Returns what was clicked ("area", "card", "die", "button")."""
    decision = page.get_attribute(".turn-step", "data-decision")
    targets = page.locator(".tmd-map .area.legal")
    if targets.count():
        placed.append(targets.first.get_attribute("data-area"))
        targets.first.click()
        return "area"
    done = page.locator(".turn-panel button[data-action='done']")
    if decision == "discard" and done.count():
        done.click()
        return "button"
    hand = page.locator(".tmd-mine button.card")
    cards = hand if hand.count() else page.locator(".turn-panel button.card")
    if cards.count():
        cards.first.click()
        return "card"
    dice = page.locator(".turn-panel button.choice-die")
    if dice.count():
        dice.first.click()
        return "die"
    buttons = page.locator(".turn-panel .choices button.choice")
    wanted = ("convert temperature", "convert ocean", "convert forest", "actions", "production")
    preferred = [b for b in wanted if page.locator(f".turn-panel button[data-action='{b}']").count()]
    if preferred:
        page.click(f".turn-panel button[data-action='{preferred[0]}']")
    else:
        buttons.first.click()
    return "button"


def test_tm_dice_game_played_by_clicking_to_the_final_score(live_server: str, browser: Any) -> None:  # noqa: F811
    errors: list[str] = []
    created = _create(live_server, seed=3)  # a seed on which the human places a tile
    page = _page(browser, errors)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".tmdice .tmd-map")
    page.wait_for_function(PROMPT_OR_END)
    assert page.locator(".tmd-map .area").count() == 37
    assert page.locator(".track").count() == 3 and page.locator(".vp-track").count() == 1
    assert STANDIN in page.inner_text(".map-box")  # the map is ours
    assert "Your turn, Ana" in page.inner_text(".turn-title")
    assert page.get_attribute(".turn-step", "data-decision") == "corporation"
    corps = page.locator(".turn-panel button.card[data-kind='corporation']")
    assert corps.count() == 2
    for i in range(2):  # stand-in (pd_) and observed-and-completed corporations say so
        card = corps.nth(i)
        if (card.get_attribute("data-id") or "").startswith("pd_"):
            assert card.locator(".standin").inner_text() == STANDIN
    hand = page.locator(".tmd-mine .hand-row .card")
    assert hand.count() >= 1
    pd_cards = page.locator(".tmd-mine .card[data-id^='pd_']")
    for i in range(pd_cards.count()):
        assert pd_cards.nth(i).locator(".standin").inner_text() == STANDIN
    _shot(page, "e2e-tmdice-start.png")

    clicked: dict[str, int] = {}
    placed: list[str] = []
    shot_mid = False
    for _ in range(MAX_DECISIONS):
        if page.locator(".turn-title.over").count():
            break
        before = _state_id(page)
        kind = _choose(page, placed)
        clicked[kind] = clicked.get(kind, 0) + 1
        page.wait_for_function(f"Number(document.getElementById('app').dataset.stateId) > {before}")
        page.wait_for_function(PROMPT_OR_END)
        if not shot_mid and page.locator(".tmd-map .area.legal").count():
            _shot(page, "e2e-tmdice-place.png")
            shot_mid = True
    else:
        pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions (clicked {clicked})")

    assert {"card", "die", "area", "button"} <= set(clicked), clicked
    assert "Game over" in page.inner_text(".turn-title")
    breakdown = page.locator(".scoring-panel.final")
    assert "Final score breakdown" in breakdown.inner_text()
    text = breakdown.inner_text()
    assert "Awards" in text and "Milestones" in text and "Total" in text
    log = page.inner_text(".log")
    assert "Ana" in log and "greedy" in log and "took an action turn" in log
    for area in placed:  # the areas Ana clicked hold her tiles, marked in her colour
        tile = page.locator(f".tmd-map .area[data-area='{area}']")
        assert "has-" in tile.get_attribute("class") and tile.locator("circle.owner").count() == 1
    _shot(page, "e2e-tmdice-final-1366x768.png")

    page.set_viewport_size({"width": 844, "height": 390})  # phone landscape: the decision panel first
    page.wait_for_timeout(100)
    turn = page.locator(".turn-panel").bounding_box()
    board = page.locator(".tmd-board").bounding_box()
    assert turn["y"] < board["y"] and turn["width"] <= 844
    _shot(page, "e2e-tmdice-final-844x390.png")
    assert errors == []


# issue #20: the table in the browser's language; issue #24: glyphs on the dice, no "? ? ?" costs
TEXTS = {
    "pt-BR": {"turn": "Sua vez, Ana", "prompt": "Escolha uma de suas corporações",
              "table": ["Trilha de PVs", "Estoque de dados", "Marcos (4 PVs) e Prêmios", "Sua mão (5)",
                        "Em jogo", "Temperatura", "Oxigênio", "Oceanos", "Bônus inicial:", "Produção:",
                        "Substituto da Ludoteca (não oficial)", "escolha das corporações"],
              "log": "ficou com", "any": "à sua escolha"},
    "fr": {"turn": "À vous de jouer, Ana", "prompt": "Gardez une de vos corporations",
           "table": ["Piste de PV", "Réserve", "Objectifs (4 PV) et récompenses", "Votre main (5)", "En jeu",
                     "Température", "Oxygène", "Océans", "Départ :", "Production :",
                     "Remplaçant Ludoteca (non officiel)", "choix des corporations"],
           "log": "a gardé", "any": "au choix"},
}
ENGLISH = ["Your turn", "Your hand", "In play", "VP track", "Milestones", "Pool", "choosing", "Start:",
           "stand-in", "Keep one", "wild token", "no dice", "Deck "]


@pytest.mark.parametrize("lang", ["pt-BR", "fr"])
def test_tm_dice_table_in_the_browsers_language(live_server: str, browser: Any, lang: str) -> None:  # noqa: F811
    errors: list[str] = []
    texts = TEXTS[lang]
    created = _create(live_server, seed=3)
    page = new_page(browser, errors, {"pt-BR": "pt-BR", "fr": "fr-FR"}[lang], 1366, 768)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".tmdice .tmd-map")
    page.wait_for_function(PROMPT_OR_END)
    assert texts["turn"] in page.inner_text(".turn-title")
    assert texts["prompt"] in page.inner_text(".turn-panel .prompt-text")
    body = page.inner_text("body")
    assert [s for s in texts["table"] if s not in body] == []
    assert [e for e in ENGLISH if e in body] == []
    # every die face is a glyph, not a three-letter code; no cost shows as question marks
    faces = page.locator(".tmdice .die:not(.blank) .face")
    assert faces.count() > 5
    assert page.locator(".tmdice .die:not(.blank) .face svg.glyph").count() == faces.count()
    assert [f for f in page.locator(".tmdice .die .face").all_inner_texts() if f.strip()] == []
    assert "?" not in "".join(page.locator(".tmdice .cost, .tmdice .card-cost").all_inner_texts())
    any_cost = page.locator(".tmd-mine .card:has(.die.any)")  # a cost of "any resource": said in words too
    assert any_cost.count() >= 1
    assert texts["any"] in any_cost.first.locator(".cost-words").inner_text()
    page.locator(".turn-panel button.card[data-kind='corporation']").first.click()
    page.wait_for_function("document.querySelector('.log li')")
    assert texts["log"] in page.inner_text(".log")
    _shot(page, f"i18n-tmdice-{lang}.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, f"i18n-tmdice-{lang}-390.png")
    assert errors == []


def test_the_browser_renders_dice_game_messages_as_python_does(live_server: str, browser: Any) -> None:  # noqa: F811
    """Two renderers, one result: the components' texts and the prompts, options and log
    lines of a seeded game (plurals, nested messages, lists) by js/i18n.js and core/i18n.py."""
    import random

    from ludoteca import load_game
    from ludoteca.core.i18n import LANGUAGES, render
    from ludoteca.core.play import sample_chance

    game = load_game("tm-dice", players=2)
    components = game.display_components()
    assert components is not None
    messages = [card["name"] for card in components["cards"].values()]
    messages += [e for card in components["cards"].values() for e in card["effects"]]
    messages += [m["requirement"] for m in components["milestones"].values()]
    messages += [c["cost_text"] for c in components["cards"].values() if c["cost_text"]]
    state, rng = game.new_initial_state(), random.Random(7)
    for _ in range(400):
        if state.is_terminal():
            break
        prompt = state.prompt()
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(prompt.options).action
        messages += [prompt.message, *(o.message for o in prompt.options[:3]), state.action_message(action)]
        state.apply_action(action)
    names = ["Ana", "Bea"]
    page = new_page(browser, [], "en-US")
    page.goto(f"{live_server}/")
    for lang in LANGUAGES:
        rendered = render_in_browser(page, lang, messages, names)
        assert rendered == [render(m, lang, names) for m in messages], lang
