"""Rematch, step-through replay and turn notifications in a real headless browser (issue #24).

Carcassonne games are played to their end over the API; in the browser a seat asks for the
rematch and lands on its new seat while the other seat, on its ended table, is offered to
join; the replay steps (buttons, arrows, a tapped log entry) change the board and the
highlighted move, for Carcassonne and the Dice Game; the tab's title and favicon follow
whose turn it is, the sound toggle is remembered and a hidden tab gets a notification.
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from test_web_e2e import _shot, _state_id
from web_helpers import new_page, post_json

SMALL_BAG = [f"base:{c}" for c in "ABCDEFGHIJKL"]
TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}]
TILES = ".layer-tiles g.tile"


def _get(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return dict(json.loads(response.read()))


def _finished_carcassonne(live_server: str) -> dict[str, Any]:
    """A two-person Carcassonne game of twelve tiles, played to the end with first options."""
    created = post_json(f"{live_server}/api/games", {
        "game": "carcassonne", "seed": 5, "options": {"bag": SMALL_BAG}, "seats": TWO_HUMANS})
    tokens = [s["token"] for s in created["seats"]]
    game = f"{live_server}/api/games/{created['game_id']}"
    for _ in range(200):
        views = [_get(f"{game}/view?token={t}") for t in tokens]
        if views[0]["terminal"]:
            return created
        token, view = next((t, v) for t, v in zip(tokens, views, strict=True) if v["prompt"])
        post_json(f"{game}/actions", {"token": token, "state_id": view["state_id"],
                                      "action": view["prompt"]["options"][0]["text"]})
    raise AssertionError("the game did not end")


def _page(browser: Any, errors: list[str], width: int = 1366, height: int = 768) -> Any:
    return new_page(browser, errors, width=width, height=height)


def _phone(browser: Any, errors: list[str]) -> Any:
    """A 390x844 touch screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return page


def _current_step(page: Any) -> int:
    return int(page.get_attribute(".replay-list li.current", "data-step"))


def test_rematch_from_the_end_of_a_game(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    created = _finished_carcassonne(live_server)
    ana, bea = _phone(browser, errors), _phone(browser, errors)
    watcher = _page(browser, errors)
    ana.goto(created["seats"][0]["url"])
    bea.goto(created["seats"][1]["url"])
    watcher.goto(created["spectator_url"])
    for page in (ana, bea):
        page.wait_for_selector("#game-bar .end-bar button.rematch")
        assert page.inner_text("button.rematch") == "Rematch"
        box = page.locator("button.rematch").bounding_box()
        assert box["height"] >= 40  # a thumb's target on a phone
    watcher.wait_for_selector("#game-bar .end-bar a.replay-open")
    assert watcher.locator(".rematch").count() == 0  # nothing to join yet, and no seat to ask with
    _shot(ana, "rematch-phone-end.png")

    ana.click("button.rematch")
    ana.wait_for_url(lambda url: created["game_id"] not in url and "token=" in url)
    new_id = ana.url.split("/games/")[1].split("?")[0]
    ana.wait_for_selector(".target")  # Ana's own seat in the new game, and she starts
    assert ana.get_attribute("#app", "data-seat") == "0"
    assert _state_id(ana) < 20 and ana.locator(TILES).count() == 1

    bea.wait_for_selector(".rematch-offer")  # pushed to her ended table
    assert bea.inner_text("button.rematch") == "Join the rematch"
    watcher.wait_for_selector("a.rematch")
    assert watcher.get_attribute("a.rematch", "href") == f"/games/{new_id}"
    bea.click("button.rematch")
    bea.wait_for_url(lambda url: new_id in url)
    bea.wait_for_selector(".turn-title")
    assert bea.get_attribute("#app", "data-seat") == "1"
    assert ana.url.split("token=")[1] != bea.url.split("token=")[1]
    assert errors == []


def test_carcassonne_replay_steps_change_the_board_and_the_highlighted_move(
        live_server: str, browser: Any) -> None:
    errors: list[str] = []
    created = _finished_carcassonne(live_server)
    game_id = created["game_id"]
    page = _page(browser, errors, width=1366, height=768)
    page.goto(f"{live_server}/")
    page.wait_for_selector(f"tr[data-game='{game_id}'] a.replay")
    page.click(f"tr[data-game='{game_id}'] a.replay")
    page.wait_for_selector(".replay-controls")
    page.wait_for_selector(TILES)
    steps = _get(f"{live_server}/api/games/{game_id}/view")["state_id"]
    assert _state_id(page) == 0 and _current_step(page) == 0
    assert page.locator(TILES).count() == 1  # the start tile only
    assert page.is_disabled(".replay-first") and page.is_disabled(".replay-prev")
    assert page.inner_text(".replay-step") == f"Move 0 of {steps}"

    page.click(".replay-last")
    page.wait_for_function(f"document.querySelector('#app').dataset.stateId === '{steps}'")
    tiles_at_end = page.locator(TILES).count()
    assert tiles_at_end == len(SMALL_BAG) + 1 and _current_step(page) == steps
    assert page.is_disabled(".replay-next") and page.is_disabled(".replay-last")
    assert page.locator(".turn-title.over").count() == 1

    page.click(".replay-first")
    page.wait_for_function("document.querySelector('#app').dataset.stateId === '0'")
    assert page.locator(TILES).count() == 1
    for expected in range(1, 4):  # the arrow keys step one move at a time
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.querySelector('#app').dataset.stateId === '{expected}'")
        assert _current_step(page) == expected
    page.click(".replay-next")
    page.wait_for_function("document.querySelector('#app').dataset.stateId === '4'")
    page.click(".replay-prev")
    page.wait_for_function("document.querySelector('#app').dataset.stateId === '3'")
    page.keyboard.press("End")
    page.wait_for_function(f"document.querySelector('#app').dataset.stateId === '{steps}'")
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('#app').dataset.stateId === '0'")

    middle = steps // 2  # tapping a move in the list shows the board just after it
    page.click(f".replay-list li[data-step='{middle}'] button")
    page.wait_for_function(f"document.querySelector('#app').dataset.stateId === '{middle}'")
    assert _current_step(page) == middle
    assert page.get_attribute(".replay-list li.current", "aria-current") == "step"
    assert 1 < page.locator(TILES).count() < tiles_at_end
    assert f"replay={middle}" in page.url  # a reload opens at the same move
    _shot(page, "replay-carcassonne-laptop.png")

    ana = created["seats"][0]["token"]  # a seat's replay: what that seat saw
    page.goto(f"{live_server}/games/{game_id}?replay=3&token={ana}")
    page.wait_for_function("document.querySelector('#app').dataset.stateId === '3'")
    assert page.get_attribute("#app", "data-seat") == "0"
    assert page.inner_text("#mode") == "replay · what your seat saw"
    assert page.get_attribute(".replay-leave", "href") == f"/games/{game_id}?token={ana}"

    phone = _phone(browser, errors)
    phone.goto(f"{live_server}/games/{game_id}?replay={middle}")
    phone.wait_for_function(f"document.querySelector('#app').dataset.stateId === '{middle}'")
    for name in ("first", "prev", "next", "last", "moves"):
        box = phone.locator(f".replay-{name}").bounding_box()
        assert box["height"] >= 40 and box["width"] >= 40 and box["x"] + box["width"] <= 390
    phone.locator(".replay-next").tap()
    phone.wait_for_function(f"document.querySelector('#app').dataset.stateId === '{middle + 1}'")
    phone.click(".replay-moves")
    phone.wait_for_selector(".replay-log:not([hidden])")
    _shot(phone, "replay-carcassonne-phone.png")
    assert errors == []


def test_dice_game_replay_draws_every_step_with_its_own_table(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    created = post_json(f"{live_server}/api/games", {
        "game": "tm-dice", "seed": 2,
        "options": {"players": 2, "start": {"temperature": 9, "oxygen": 7, "oceans": 6}},
        "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]})
    game_id = created["game_id"]
    for _ in range(200):
        if _get(f"{live_server}/api/games/{game_id}/view")["terminal"]:
            break
        time.sleep(0.05)
    page = _page(browser, errors, width=1366, height=768)
    page.goto(f"{live_server}/games/{game_id}?replay=end")
    page.wait_for_selector(".tmdice .tmd-map")
    steps = int(page.inner_text(".replay-step").split()[-1].replace(",", ""))
    assert _state_id(page) == steps and _current_step(page) == steps
    end_map = page.inner_html(".tmd-board")
    page.click(".replay-first")
    page.wait_for_function("document.querySelector('#app').dataset.stateId === '0'")
    page.wait_for_selector(".tmdice .tmd-map")
    assert page.inner_html(".tmd-board") != end_map and _current_step(page) == 0
    page.click(".replay-next")
    page.wait_for_function("document.querySelector('#app').dataset.stateId === '1'")
    assert _current_step(page) == 1
    page.click(".replay-last")
    page.wait_for_function(f"document.querySelector('#app').dataset.stateId === '{steps}'")
    assert page.inner_html(".tmd-board") == end_map
    assert errors == []


NOTIFICATION_STUB = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options.body }); }
  close() {}
  static permission = 'default';
  static async requestPermission() { window.Notification.permission = 'granted'; return 'granted'; }
};
"""


def test_title_favicon_sound_and_notification_follow_the_seats_turn(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    created = post_json(f"{live_server}/api/games", {
        "game": "carcassonne", "seed": 5, "options": {"bag": SMALL_BAG}, "seats": TWO_HUMANS})
    ana, bea = (_page(browser, errors) for _ in range(2))
    bea.add_init_script(NOTIFICATION_STUB)
    ana.goto(created["seats"][0]["url"])
    bea.goto(created["seats"][1]["url"])
    ana.wait_for_selector(".target")
    bea.wait_for_selector(".turn-title")
    assert ana.title().startswith("● ") and not bea.title().startswith("●")
    assert ana.get_attribute("#favicon", "data-state") == "turn"
    assert bea.get_attribute("#favicon", "data-state") == "idle"
    assert ana.get_attribute("#favicon", "href") != bea.get_attribute("#favicon", "href")
    assert ana.get_attribute("#favicon", "href").startswith("data:image/svg+xml,")

    assert bea.get_attribute(".sound-toggle", "aria-pressed") == "false"  # off by default
    bea.click(".sound-toggle")
    assert bea.get_attribute(".sound-toggle", "aria-pressed") == "true"
    assert bea.evaluate("localStorage.getItem('ludoteca.turn.sound')") == "on"
    bea.click(".notify-toggle")  # asks the permission now, and only now
    bea.wait_for_function("document.querySelector('.notify-toggle').getAttribute('aria-pressed') === 'true'")
    chimes = int(bea.evaluate("document.documentElement.dataset.chimes || '0'"))
    bea.evaluate("window.__hidden = true")

    ana.click(".target")  # Ana places her tile and puts no meeple: Bea's turn
    ana.wait_for_selector("button.choice.skip")
    ana.click("button.choice.skip")
    bea.wait_for_selector(".target")
    bea.wait_for_function("document.title.startsWith('● ')")
    assert bea.get_attribute("#favicon", "data-state") == "turn"
    ana.wait_for_function("!document.title.startsWith('●')")
    assert ana.get_attribute("#favicon", "data-state") == "idle"
    assert int(bea.evaluate("document.documentElement.dataset.chimes")) == chimes + 1
    notes = bea.evaluate("window.__notes")
    assert notes == [{"title": "Your turn — Carcassonne", "body": "Bea, it is your turn to play."}]

    bea.reload()  # the toggles are remembered
    bea.wait_for_selector(".sound-toggle")
    assert bea.get_attribute(".sound-toggle", "aria-pressed") == "true"

    ana.goto(f"{live_server}/games/{created['game_id']}?replay=0")  # not over: no replay yet
    ana.wait_for_selector(".error-page")
    assert "still being played" in ana.inner_text(".error-page h2")
    assert ana.locator(".replay-controls").count() == 0
    refused = "the server responded with a status of 409"  # the browser logs the refused call
    assert [e for e in errors if refused not in e] == [] and len(errors) == 1


def test_hot_seat_rematch_takes_every_held_seat_along(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    created = _finished_carcassonne(live_server)
    game_id = created["game_id"]
    page = _page(browser, errors)
    page.goto(f"{live_server}/")
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    page.evaluate("([id, tokens]) => localStorage.setItem(`ludoteca.seats.${id}`, "
                  "JSON.stringify({tokens, hotseat: true}))", [game_id, tokens])
    page.goto(f"{live_server}/games/{game_id}?hotseat=1")
    page.wait_for_selector("button.rematch")
    page.click("button.rematch")
    page.wait_for_url(lambda url: game_id not in url and url.endswith("?hotseat=1"))
    new_id = page.url.split("/games/")[1].split("?")[0]
    page.wait_for_selector(".target")
    assert "hot-seat" in page.inner_text("#mode")
    held = page.evaluate(f"JSON.parse(localStorage.getItem('ludoteca.seats.{new_id}'))")
    assert sorted(held["tokens"]) == ["0", "1"] and held["hotseat"] is True
    for seat, token in held["tokens"].items():  # each works for its own seat only
        assert _get(f"{live_server}/api/games/{new_id}/view?token={token}")["seat"] == int(seat)
    assert errors == []


@pytest.mark.parametrize(("game", "root"), [("on-mars", ".onmars"), ("terraforming-mars", ".tm-table")])
def test_every_games_table_draws_its_replay(live_server: str, browser: Any, game: str, root: str) -> None:
    """No game-specific replay code: On Mars's and Terraforming Mars's own tables draw the
    start, a move picked in the list and the end of a game their bots played."""
    errors: list[str] = []
    created = post_json(f"{live_server}/api/games", {
        "game": game, "seed": 1,
        "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]})
    game_id = created["game_id"]
    for _ in range(600):
        if _get(f"{live_server}/api/games/{game_id}/view")["terminal"]:
            break
        time.sleep(0.05)
    page = _page(browser, errors)
    page.goto(f"{live_server}/games/{game_id}?replay=end")
    page.wait_for_selector(f"#app{root}")
    steps = int(page.inner_text(".replay-step").split()[-1].replace(",", ""))
    assert _state_id(page) == steps
    drawn = {}
    for step in (0, steps // 2, steps):
        if step == steps // 2:
            page.click(f".replay-list li[data-step='{step}'] button")
        else:
            page.click(".replay-first" if step == 0 else ".replay-last")
        page.wait_for_function(f"document.querySelector('#app').dataset.stateId === '{step}'")
        assert _current_step(page) == step
        assert page.locator(f"#app{root}").count() == 1  # the game's own table, at every step
        drawn[step] = page.inner_html("#app")
    assert len(set(drawn.values())) == 3  # each step drew a different table
    assert errors == []
