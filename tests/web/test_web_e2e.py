"""End to end in a real headless browser: Playwright drives Debian's chromium (no browser download).

The lobby creates a hot-seat game against the `medium` bot (Carcassonne's greedy); the
player turns the tile with the R key and the button, places it by clicking a highlighted
square, puts a meeple on a marker, and sees the bot answer and the board grow. Two
browsers follow one game live, and the generic table plays through its option buttons.
Screenshots go to tests/web/artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import new_page, post_json

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium "
                "(`apt-get install chromium`; .ci/run does it)", allow_module_level=True)

ARTIFACTS = Path(__file__).parent / "artifacts"  # screenshots (git-ignored)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 15_000
TILES = ".layer-tiles g.tile"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page_errors() -> list[str]:
    return []


def _page(browser: Any, errors: list[str]) -> Any:
    return new_page(browser, errors, timeout_ms=TIMEOUT_MS)


def _state_id(page: Any) -> int:
    return int(page.get_attribute("#app", "data-state-id"))


def _target_rotations(page: Any) -> set[int]:
    return {int(r) for r in page.eval_on_selector_all(".target", "els => els.map(e => e.dataset.rotation)")}


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def test_hot_seat_game_against_medium_rotate_place_meeple_and_bot_answers(
        live_server: str, browser: Any, page_errors: list[str]) -> None:
    page = _page(browser, page_errors)
    page.goto(f"{live_server}/")
    page.wait_for_selector("#game option[value=carcassonne]", state="attached")
    page.fill(".seat-name", "Ana")
    assert page.input_value(".seat-row >> nth=1 >> select.seat-kind") == "medium"
    assert page.is_checked("#hotseat")
    page.click("#create")
    page.wait_for_selector("#go-to-table")
    assert page.locator(".links input.link").count() == 2  # Ana's seat link and the spectators'
    page.click("#go-to-table")

    page.wait_for_selector(".target")
    assert "Your turn, Ana" in page.inner_text(".turn-title")
    assert page.locator(TILES).count() == 1  # the start tile
    start_id = _state_id(page)
    legal = [int(r) for r in page.get_attribute(".hand", "data-legal-rotations").split(",")]
    first = int(page.get_attribute(".hand", "data-rotation"))
    assert _target_rotations(page) == {first} and first in legal

    def turned(rotation: int) -> int:  # the next rotation clockwise that fits somewhere
        return legal[(legal.index(rotation) + 1) % len(legal)]

    page.keyboard.press("r")
    assert int(page.get_attribute(".hand", "data-rotation")) == turned(first)
    assert _target_rotations(page) == {turned(first)}
    page.click("button.rotate[data-dir='1']")
    assert int(page.get_attribute(".hand", "data-rotation")) == turned(turned(first))
    assert _target_rotations(page) == {turned(turned(first))}

    target = page.locator(".target").first
    x, y = target.get_attribute("data-x"), target.get_attribute("data-y")
    target.click()
    page.wait_for_selector(".spot")
    assert _state_id(page) == start_id + 1
    assert page.locator(TILES).count() == 2
    placed = page.locator(f"{TILES}[data-x='{x}'][data-y='{y}']")
    assert placed.count() == 1
    assert page.locator("button.choice.skip").inner_text() == "No meeple"

    page.locator(".spot").first.click()
    page.wait_for_function(f"document.querySelectorAll('{TILES}').length >= 3")
    page.wait_for_selector(".target")  # our next tile is in hand again: the bot has answered
    assert _state_id(page) >= start_id + 5  # meeple, bot's draw, place and meeple, our draw
    # Ana's meeple stands on the board, or it came home because her tile closed its road or
    # city at once (the lobby deals a random game) and scored it.
    ana_score = int(page.inner_text(".player[data-seat='0'] .score"))
    assert page.locator(".layer-meeples .meeple").count() >= 1 or ana_score > 0
    assert page.locator(".last-move").count() == 1  # the bot's tile, outlined in its colour
    log = page.inner_text(".log")
    assert "Ana" in log and "medium" in log
    assert page.inner_text("#status") == "live"
    _shot(page, "e2e-carcassonne-hotseat.png")
    assert page_errors == []


def test_two_browsers_follow_one_game_live(live_server: str, browser: Any, page_errors: list[str]) -> None:
    created = post_json(f"{live_server}/api/games", {
        "game": "carcassonne", "seed": 5,
        "options": {"bag": [f"base:{c}" for c in "ABCDEFGHIJKL"]},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}],
    })
    ana, bea = (_page(browser, page_errors) for _ in range(2))
    ana.goto(created["seats"][0]["url"])
    bea.goto(created["seats"][1]["url"])
    ana.wait_for_selector(".target")
    bea.wait_for_selector(TILES)
    assert "Ana is playing" in bea.inner_text(".turn-title")
    before = _state_id(bea)

    ana.locator(".target").first.click()
    bea.wait_for_function(f"Number(document.getElementById('app').dataset.stateId) > {before}")
    assert bea.locator(TILES).count() == 2  # Bea saw Ana's tile arrive without reloading
    ana.wait_for_selector(".spot")
    ana.click("button.choice.skip")
    bea.wait_for_selector(".target")  # now it is Bea's turn, on her own screen
    assert "Your turn, Bea" in bea.inner_text(".turn-title")
    assert "Bea is playing" in ana.inner_text(".turn-title")
    _shot(bea, "e2e-carcassonne-second-browser.png")
    assert page_errors == []


def test_generic_table_plays_through_option_buttons(live_server: str, browser: Any,
                                                    page_errors: list[str]) -> None:
    created = post_json(f"{live_server}/api/games", {
        "game": "carcassonne", "seed": 9, "options": {"bag": ["base:D", "base:E"]},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}],
    })
    page = _page(browser, page_errors)
    page.goto(f"{created['seats'][0]['url']}&view=generic")
    page.wait_for_selector("button.choice")
    assert '"board"' in page.inner_text("pre.observation")
    before = _state_id(page)
    page.locator("button.choice").first.click()
    page.wait_for_function(f"Number(document.getElementById('app').dataset.stateId) > {before}")
    _shot(page, "e2e-generic.png")
    assert page_errors == []


def test_hot_seat_switches_to_the_human_seat_that_must_act(live_server: str, browser: Any,
                                                          page_errors: list[str]) -> None:
    page = _page(browser, page_errors)
    page.goto(f"{live_server}/")
    page.wait_for_selector("#game option[value=carcassonne]", state="attached")
    page.select_option(".seat-row >> nth=1 >> select.seat-kind", "human")
    assert page.locator(".seat-name").count() == 2
    page.click("#create")
    page.click("#go-to-table")
    page.wait_for_selector(".target")
    assert "Your turn, Player 1" in page.inner_text(".turn-title")
    assert "hot-seat: 2 seats" in page.inner_text("#mode")
    before = _state_id(page)
    page.locator(".target").first.click()
    page.wait_for_selector(".spot")
    page.click("button.undo")  # the lobby creates games with take-backs allowed
    page.wait_for_selector(".target")
    assert _state_id(page) == before and page.locator(TILES).count() == 1
    page.locator(".target").first.click()
    page.wait_for_selector(".spot")
    page.click("button.choice.skip")
    page.wait_for_function("document.querySelector('.turn-title').innerText.includes('Your turn, Player 2')")
    assert page.get_attribute("#app", "data-seat") == "1"
    assert page.locator(".target").count() >= 1
    assert page_errors == []


def test_stale_and_illegal_answers_are_explained(live_server: str, browser: Any,
                                                 page_errors: list[str]) -> None:
    created = post_json(f"{live_server}/api/games", {
        "game": "carcassonne", "seed": 3, "options": {"bag": ["base:D", "base:E", "base:U"]},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}],
    })
    page = _page(browser, page_errors)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".target")
    views: list[str] = []
    page.on("request", lambda r: views.append(r.url) if "/view" in r.url else None)

    page.route("**/actions", lambda route: route.fulfill(
        status=422, content_type="application/json", body='{"detail": "that tile does not fit there"}'))
    page.locator(".target").first.click()
    page.wait_for_selector(".toast.error")
    assert "Not allowed: that tile does not fit there" in page.inner_text(".toast.error")

    page.unroute("**/actions")
    page.route("**/actions", lambda route: route.fulfill(
        status=409, content_type="application/json", body='{"detail": "stale state_id 1"}'))
    page.locator(".target").first.click()
    page.wait_for_selector(".toast.info")
    assert "The game moved on" in page.inner_text(".toast.info")
    page.wait_for_timeout(300)  # the refresh that follows
    assert views, "a stale answer makes the page fetch the view again"
    page.unroute("**/actions")
    page_errors[:] = [e for e in page_errors if "422" not in e and "409" not in e]  # the browser logs them
    assert page_errors == []
