"""On Mars at the web table in a real headless browser (Debian's chromium through Playwright).

A 2-player game against `random`: the page draws the colony map (91 hexes with their
coordinates, the starting buildings, research hexes), the action spaces, turn order, orbit
boards and player boards with the stand-in label; the human picks a turn-order space on the
track, moves bots by clicking a piece and then a highlighted hex, chooses main actions on the
action spaces and answers the rest through labelled buttons; each click is checked on the
board. Screenshots at 1366x768 and 844x390 go to tests/web/artifacts/.
"""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest
from test_web_e2e import _page, _shot, _state_id, browser, page_errors  # noqa: F401  (fixtures)
from web_helpers import post_json

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
STANDIN = "Ludoteca stand-in (not official)"
READY = "document.querySelector('.om-turn [data-action]') || document.querySelector('.turn-title.over')"
MAX_DECISIONS = 45


def _get(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def _create(live_server: str, seed: int = 1) -> dict[str, Any]:
    return post_json(f"{live_server}/api/games", {
        "game": "on-mars", "seed": seed, "options": {"players": 2},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}]})


def _after(page: Any, before: int) -> None:
    """Wait until the click moved the game on and the table offers the next decision."""
    page.wait_for_function(f"Number(document.getElementById('app').dataset.stateId) > {before}"
                           " || document.querySelector('.turn-title.over')")
    page.wait_for_function(READY)


def test_map_boards_and_decisions_by_clicking(
        live_server: str, browser: Any, page_errors: list[str]) -> None:  # noqa: F811
    game = _create(live_server)
    seat = game["seats"][0]
    view = _get(f"{live_server}/api/games/{game['game_id']}/view?token={seat['token']}")
    page = _page(browser, page_errors)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(seat["url"])
    page.wait_for_selector(".om-track .om-pick")

    # the drawing: every hex with its coordinates, the buildings of the observation, labels
    assert page.locator("svg.om-map .om-cell").count() == 91
    assert page.locator(".om-cell[data-hex='0,0'] .bld-mine").count() == 1
    assert page.locator(".om-bld").count() == len(view["observation"]["buildings"])
    assert page.locator(".om-hex.research-hex").count() == 8
    assert STANDIN in page.inner_text(".om-status")
    assert page.locator(".om-display .om-blueprint").count() == len(view["observation"]["blueprint_display"])
    assert page.locator(".om-action").count() == 10
    assert page.locator(".om-player[data-seat='0'] .om-goal").count() == 3  # own Private Goals only
    assert page.locator(".om-player[data-seat='1'] .om-goal").count() == 0
    _shot(page, "e2e-onmars-start.png")

    # a turn-order space, clicked on the track: Ana's colonist stands on it
    space = page.locator(".om-track .om-space.om-pick").first
    number = space.get_attribute("data-space")
    before = _state_id(page)
    space.click()
    _after(page, before)
    assert page.locator(f".om-space[data-space='{number}'] .om-colonist").count() >= 1
    assert f"space {number}" in page.inner_text(".om-player[data-seat='0'] h3")

    moved, mains, buttons = [], [], 0
    for _ in range(MAX_DECISIONS):
        if len(moved) >= 2 and mains:
            break
        before = _state_id(page)
        targets = page.locator("svg.om-map .om-target")
        actions = page.locator(".om-action.om-pick")
        bots = page.locator(".om-turn button[data-action='executive move-bots']")
        if targets.count():
            dest = page.locator("svg.om-map .om-target.om-dest")
            if not dest.count():  # several pieces can move: choose one, its destinations light up
                targets.first.click()
                dest.first.wait_for()
            hex_key = dest.first.get_attribute("data-hex")
            dest.first.click()
            _after(page, before)
            assert page.locator(f".om-cell[data-hex='{hex_key}'] .om-piece[data-seat='0']").count() >= 1
            moved.append(hex_key)
        elif actions.count():
            main = actions.last  # the colony actions come last: Construct, Welcome a Ship, ...
            name = main.locator(".om-action-name").inner_text()
            main.click()
            _after(page, before)
            mains.append(name)
            assert name in page.inner_text(".om-log")
        elif bots.count():
            bots.click()
            _after(page, before)
        else:
            choice = page.locator(".om-turn .choices button.choice:not(.skip)")
            if not choice.count():
                choice = page.locator(".om-turn button[data-action]")
            choice.first.click()
            _after(page, before)
            buttons += 1
        if page.locator(".turn-title.over").count():
            break
    assert len(moved) >= 2 and mains, (moved, mains, buttons)
    assert "moved the piece" in page.inner_text(".om-log")
    _shot(page, "e2e-onmars-play.png")
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_function(READY)
    assert page.locator("svg.om-map").is_visible()
    assert page.locator(".om-turn button[data-action]").first.is_visible()
    _shot(page, "e2e-onmars-phone.png")
    assert not page_errors, page_errors


def test_spectator_sees_no_private_goals(
        live_server: str, browser: Any, page_errors: list[str]) -> None:  # noqa: F811
    game = _create(live_server, seed=2)
    page = _page(browser, page_errors)
    page.goto(f"{live_server}/games/{game['game_id']}")
    page.wait_for_selector("svg.om-map .om-cell")
    assert page.locator(".om-goal").count() == 0
    assert "3 hidden cards" in page.inner_text(".om-player[data-seat='0']")
    assert page.locator(".om-turn [data-action]").count() == 0  # nothing to answer
    assert not page_errors, page_errors


def test_first_colonists_cards_are_the_seats_own_and_hidden_from_others(
        live_server: str, browser: Any, page_errors: list[str]) -> None:  # noqa: F811
    game = post_json(f"{live_server}/api/games", {
        "game": "on-mars", "seed": 3, "options": {"players": 2, "first_colonists": True},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]})
    ana = game["seats"][0]
    view = _get(f"{live_server}/api/games/{game['game_id']}/view?token={ana['token']}")
    (card,) = view["observation"]["first_colonists"]["seats"][0]["a_card"]
    page = _page(browser, page_errors)
    page.goto(ana["url"])
    page.wait_for_selector(".om-task")
    assert page.inner_text(".om-player[data-seat='0'] .om-task").startswith(f"A card {card}: ")
    assert "1 hidden A card" in page.inner_text(".om-player[data-seat='1']")
    spectator = _page(browser, page_errors)
    spectator.goto(f"{live_server}/games/{game['game_id']}")
    spectator.wait_for_selector("svg.om-map .om-cell")
    assert spectator.locator(".om-task").count() == 0
    assert "1 hidden A card" in spectator.inner_text(".om-player[data-seat='0']")
    assert not page_errors, page_errors


def _play_to_the_end(base: str, token: str, seed: int) -> dict[str, Any]:
    """The seat plays random options through the API until the game ends; the last view."""
    view = _get(f"{base}/view?token={token}")
    rng = random.Random(seed)
    for _ in range(3000):
        if view["terminal"]:
            break
        choice = rng.choice([o["text"] for o in view["prompt"]["options"]])
        view = post_json(f"{base}/actions", {"token": token, "state_id": view["state_id"], "action": choice})
    assert view["terminal"]
    return view


def test_final_scores_and_winner_after_a_whole_game(
        live_server: str, browser: Any, page_errors: list[str]) -> None:  # noqa: F811
    """The human seat plays random options through the API (a few seconds) to the end."""
    game = _create(live_server, seed=1)
    seat = game["seats"][0]
    base = f"{live_server}/api/games/{game['game_id']}"
    view = _play_to_the_end(base, seat["token"], seed=1)
    page = _page(browser, page_errors)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(seat["url"])
    page.wait_for_selector(".om-scoring.final")
    (winner,) = [view["players"][s] for s in view["winners"]]
    points = int(view["scores"][winner["seat"]])
    assert page.inner_text(".turn-title.over") == f"Game over — {winner['name']} wins with {points} points"
    shown = page.locator(".om-scoring.final .om-score").all_inner_texts()
    assert shown == [str(int(s)) for s in view["scores"]]
    # the scoring table: one row per category of rules 9, then the tie-break values
    scoring = view["observation"]["scoring"]
    assert scoring["final"] and scoring["winners"] == [s for s, r in enumerate(view["returns"]) if r > 0]
    for key in ("track", "progress", "ships", "quarters", "tech", "blueprints", "scientists", "contracts",
                "crystals", "advanced_buildings", "progress_cubes"):
        cells = page.locator(f".om-scoring.final tr[data-row='{key}'] td").all_inner_texts()
        assert cells[1:] == [str(column[key]) for column in scoring["players"]], key
    assert "Tech tiles" in page.inner_text(".om-scoring.final")
    assert "Tie-breaks: most crystals" in page.inner_text(".om-scoring.final")
    assert [c["total"] for c in scoring["players"]] == [int(s) for s in view["scores"]]
    assert page.locator(".om-turn [data-action]").count() == 0
    assert page.locator(".om-bld").count() == len(view["observation"]["buildings"])
    _shot(page, "e2e-onmars-final.png")
    assert not page_errors, page_errors


def test_solo_final_scoring_has_lacerdas_column(
        live_server: str, browser: Any, page_errors: list[str]) -> None:  # noqa: F811
    game = post_json(f"{live_server}/api/games", {
        "game": "on-mars", "seed": 4, "options": {"players": 1, "length": "short"},
        "seats": [{"kind": "human", "name": "Ana"}]})
    seat = game["seats"][0]
    base = f"{live_server}/api/games/{game['game_id']}"
    view = _play_to_the_end(base, seat["token"], seed=4)
    lacerda = view["observation"]["scoring"]["lacerda"]
    page = _page(browser, page_errors)
    page.goto(seat["url"])
    page.wait_for_selector(".om-scoring.final")
    heads = page.locator(".om-scoring.final thead th").all_inner_texts()
    assert [t.strip() for t in heads] == ["OP from", "Ana", "Lacerda"]
    assert page.inner_text(".om-scoring.final .om-score-lacerda") == str(lacerda["total"])
    quarters = page.locator(".om-scoring.final tr[data-row='quarters'] td").all_inner_texts()
    assert quarters[2] == str(lacerda["quarters"])
    assert not page_errors, page_errors


#: what a player can click to move the game on: map hexes, board pieces, then the turn panel's buttons
CLICKABLES = ["svg.om-map .om-target", ".om-main .om-pick", ".om-player .om-pick",
              ".om-turn button[data-action]:visible"]


@pytest.mark.soak
@pytest.mark.parametrize(("seed", "players"), [(11, 2), (12, 1), (13, 3)])
def test_a_whole_game_through_the_page_never_dead_ends(
        live_server: str, browser: Any, page_errors: list[str], seed: int, players: int) -> None:  # noqa: F811
    """Click random things the table offers until the game is over: every decision is drawn."""
    rng = random.Random(seed)
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    game = post_json(f"{live_server}/api/games", {"game": "on-mars", "seed": seed, "seats": seats,
                                              "options": {"players": players, "length": "short"}})
    page = _page(browser, page_errors)
    page.goto(game["seats"][0]["url"])
    page.wait_for_function(READY)
    for _ in range(3000):
        if page.locator(".turn-title.over").count():
            break
        before = _state_id(page)
        found = [s for s in CLICKABLES if page.locator(s).count()]
        assert found, f"nothing to click at state {before}: {page.inner_text('.om-turn')}"
        pick = rng.choice(found)
        target = page.locator(pick).nth(rng.randrange(page.locator(pick).count()))
        what = target.get_attribute("data-action") or target.get_attribute("data-hex") or pick
        choosing = "om-source" in (target.get_attribute("class") or "")
        target.click()
        if choosing:
            continue  # a piece was chosen (or unchosen): no answer is sent yet
        try:
            _after(page, before)
        except sync_api.TimeoutError:
            raise AssertionError(f"clicking {what} did nothing: {page.inner_text('.om-turn')}") from None
    assert page.locator(".om-scoring.final").count() == 1
    assert not page_errors, page_errors
