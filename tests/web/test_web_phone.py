"""The lobby and every table on a 390x844 touch phone and a 1366x768 laptop (issue #24).

Playwright drives Debian's chromium. At both sizes: the page never scrolls sideways, and the
current decision's controls are on the first screen (inside the viewport, the page not
scrolled). On the phone: the decision sits in a bottom sheet that folds to its title, its
pieces are at least 40 px to a finger, the Carcassonne board pinch-zooms and drags (pointer
events, two fingers), a map drawn anew at each view keeps its zoom, and a whole short
Carcassonne game is played by taps alone: tap a square to try the tile, tap it again to turn
it, tap "place it here", tap a marker or "no meeple". Screenshots go to tests/web/artifacts/.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from web_helpers import post_json

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

ARTIFACTS = Path(__file__).parent / "artifacts"  # git-ignored
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 1}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
SIZES = {"phone": PHONE, "laptop": LAPTOP}
MIN_TAP = 40  # px: the smallest piece a finger is asked to hit
TIMEOUT_MS = 15_000
HUMAN = {"kind": "human", "name": "Ana"}
BOT = {"kind": "bot", "agent": "greedy"}

# per table: how to create it, and the controls of its first decision (all must be on screen)
TABLES: dict[str, dict[str, Any]] = {
    "carcassonne": {
        "create": {"game": "carcassonne", "seed": 5, "options": {"bag": [f"base:{c}" for c in "ABCDEFGH"]}},
        "controls": [".target", ".turn-panel button.rotate"],
    },
    "terraforming-mars": {
        "create": {"game": "terraforming-mars", "seed": 1,
                   "options": {"corporations": ["mining_guild", "credicor"]}},
        "controls": [".turn-panel button.primary", ".tm-choice .tm-card >> nth=0"],
    },
    "tm-dice": {
        "create": {"game": "tm-dice", "seed": 1, "options": {"players": 2}},
        "controls": [".turn-panel [data-action]"],
    },
    "on-mars": {
        "create": {"game": "on-mars", "seed": 1, "options": {"players": 2}},
        "controls": [".om-turn [data-action]"],
    },
    "generic": {
        "create": {"game": "carcassonne", "seed": 9, "options": {"bag": ["base:D", "base:E"]}},
        "query": "&view=generic",
        "controls": [".prompt-panel button.choice"],
    },
}


@pytest.fixture
def page_errors() -> list[str]:
    return []


def _page(browser: Any, errors: list[str], size: str) -> Any:
    page = browser.new_context(**SIZES[size]).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return page


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def _assert_no_sideways_scroll(page: Any, size: str) -> None:
    """The page is as wide as the screen: a mobile browser widens its layout viewport (and
    innerWidth) to fit a too-wide page, so both are compared with the device's width."""
    width = SIZES[size]["viewport"]["width"]
    scroll_width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert inner == width and scroll_width <= width, (scroll_width, inner, _too_wide(page, width))


def _too_wide(page: Any, width: int) -> list[str]:
    return list(page.evaluate("""(w) => [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > w + 1
          && !(e instanceof SVGElement && e.ownerSVGElement))
        .slice(0, 5).map((e) => `${e.tagName}.${e.className.baseVal ?? e.className}`)""", width))


def _boxes(page: Any, selector: str) -> list[dict[str, float]]:
    """The bounding boxes (page not scrolled: viewport coordinates) of the visible matches."""
    loc = page.locator(selector)
    boxes = [loc.nth(i).bounding_box() for i in range(loc.count())]
    return [b for b in boxes if b and b["width"] > 0 and b["height"] > 0]


def _assert_on_first_screen(page: Any, size: str, selector: str) -> list[dict[str, float]]:
    vw, vh = SIZES[size]["viewport"]["width"], SIZES[size]["viewport"]["height"]
    assert page.evaluate("scrollY") == 0
    boxes = _boxes(page, selector)
    assert boxes, f"no visible {selector}"
    inside = [b for b in boxes if b["x"] >= 0 and b["y"] >= 0
              and b["x"] + b["width"] <= vw + 0.5 and b["y"] + b["height"] <= vh + 0.5]
    if selector == ".target":  # a board may hold targets beyond its edges: one on screen is enough
        assert inside, boxes
    elif size == "phone" and inside != boxes:
        # a long decision scrolls inside the bottom sheet: the sheet is on the first screen, its
        # first controls are visible, the others are in its own scroll (not the page's)
        assert inside, (selector, boxes)
        sheet = page.evaluate("""(sel) => {
            const s = document.querySelector('.sheet');
            if (!s) return null;
            const r = s.getBoundingClientRect();
            const all = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
            return {top: r.top, bottom: r.bottom, scrolls: s.scrollHeight > s.clientHeight,
                    within: all.every((e) => s.contains(e))};
        }""", selector)
        assert sheet and sheet["scrolls"] and sheet["within"], (selector, sheet, boxes)
        assert sheet["top"] >= 0 and sheet["bottom"] <= vh + 0.5, sheet
    else:
        assert inside == boxes, (selector, boxes)
    return inside


def _assert_tap_size(boxes: list[dict[str, float]], what: str) -> None:
    small = [b for b in boxes if min(b["width"], b["height"]) < MIN_TAP]
    assert not small, (what, small)


def _create(base: str, table: str) -> dict[str, Any]:
    return post_json(f"{base}/api/games", {**TABLES[table]["create"], "seats": [HUMAN, BOT]})


def _get_json(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return dict(json.loads(response.read()))


def _state_id(page: Any) -> int:
    return int(page.get_attribute("#app", "data-state-id"))


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_lobby_fits_and_its_form_is_reachable(live_server: str, browser: Any, page_errors: list[str],
                                              size: str) -> None:
    page = _page(browser, page_errors, size)
    page.goto(f"{live_server}/")
    page.wait_for_selector("#game option[value=carcassonne]", state="attached")
    page.wait_for_selector(".seat-row")
    _assert_no_sideways_scroll(page, size)
    controls = _assert_on_first_screen(page, size, "#game, .seat-kind, .seat-name, #create")
    if size == "phone":
        _assert_tap_size(controls, "lobby controls")
        _assert_tap_size(_boxes(page, ".remove-seat, #add-seat, .lang-select"), "lobby buttons")
        _shot(page, "phone-lobby.png")
        # the check itself sees a page that is too wide
        page.evaluate("document.querySelector('.lobby').append(Object.assign(document.createElement('div'),"
                      " { style: 'width: 600px; height: 1px' }))")
        with pytest.raises(AssertionError):
            _assert_no_sideways_scroll(page, size)
    assert page_errors == []


@pytest.mark.parametrize("size", ["phone", "laptop"])
@pytest.mark.parametrize("table", list(TABLES))
def test_table_fits_and_the_decision_is_on_the_first_screen(
        live_server: str, browser: Any, page_errors: list[str], table: str, size: str) -> None:
    spec = TABLES[table]
    created = _create(live_server, table)
    page = _page(browser, page_errors, size)
    page.goto(created["seats"][0]["url"] + spec.get("query", ""))
    for selector in spec["controls"]:
        page.wait_for_selector(selector)
    page.wait_for_timeout(300)  # the sheet and the board settle (ResizeObserver)
    _assert_no_sideways_scroll(page, size)
    for selector in spec["controls"]:
        boxes = _assert_on_first_screen(page, size, selector)
        if size == "phone":
            _assert_tap_size(boxes, selector)
    sheet = page.locator(".sheet")
    if size == "phone":  # the decision is a bottom sheet over the page
        box = sheet.bounding_box()
        assert box is not None and abs(box["y"] + box["height"] - 844) <= 1 and box["width"] == 390
        assert page.evaluate("getComputedStyle(document.querySelector('.sheet')).position") == "fixed"
        _shot(page, f"phone-{table}.png")
    else:  # on a laptop the sheet is no box: the turn panel stays in the side column
        assert page.evaluate("getComputedStyle(document.querySelector('.sheet')).display") == "contents"
        _shot(page, f"laptop-{table}.png")
    assert page_errors == []


def test_the_sheet_folds_to_its_title_and_opens_again(live_server: str, browser: Any,
                                                      page_errors: list[str]) -> None:
    created = _create(live_server, "on-mars")
    page = _page(browser, page_errors, "phone")
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".om-turn [data-action]")
    open_height = page.locator(".sheet").bounding_box()["height"]
    handle = page.locator(".sheet-handle")
    _assert_tap_size(_boxes(page, ".sheet-handle"), "the sheet's handle")
    assert handle.get_attribute("aria-expanded") == "true"
    handle.tap()
    assert handle.get_attribute("aria-expanded") == "false"
    assert page.locator(".om-turn [data-action]").first.is_hidden()
    assert page.locator(".sheet .turn-title").is_visible()  # whose turn it is stays shown
    folded = page.locator(".sheet").bounding_box()["height"]
    assert folded < open_height / 2 and folded < 120
    # the page leaves room for the sheet as it is now (--sheet-h follows its height)
    page.wait_for_function("(h) => Math.abs(parseFloat(getComputedStyle(document.documentElement)"
                           ".getPropertyValue('--sheet-h')) - h) <= 1", arg=folded)
    handle.tap()
    assert page.locator(".om-turn [data-action]").first.is_visible()
    assert page_errors == []


def _pointer(page: Any, selector: str, kind: str, pointer_id: int, x: float, y: float) -> None:
    """A synthetic touch pointer event (Playwright has no two-finger gestures)."""
    page.evaluate("""([sel, kind, id, x, y]) => document.querySelector(sel).dispatchEvent(
        new PointerEvent(kind, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x,
          clientY: y, button: 0, buttons: kind === 'pointerup' ? 0 : 1, bubbles: true }))""",
                  [selector, kind, pointer_id, x, y])


def _view_box(page: Any) -> list[float]:
    return [float(v) for v in page.get_attribute("svg.board", "viewBox").split()]


def test_board_pinch_zooms_and_drags_with_fingers_and_a_tap_still_tries(
        live_server: str, browser: Any, page_errors: list[str]) -> None:
    created = _create(live_server, "carcassonne")
    page = _page(browser, page_errors, "phone")
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".target")
    board = page.locator("svg.board").bounding_box()
    cx, cy = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
    before = _view_box(page)
    # two fingers spread from 60 px to 180 px apart: the board zooms three times about their centre
    _pointer(page, "svg.board", "pointerdown", 1, cx - 30, cy)
    _pointer(page, "svg.board", "pointerdown", 2, cx + 30, cy)
    for step in range(1, 7):
        _pointer(page, "svg.board", "pointermove", 1, cx - 30 - 10 * step, cy)
        _pointer(page, "svg.board", "pointermove", 2, cx + 30 + 10 * step, cy)
    _pointer(page, "svg.board", "pointerup", 1, cx - 90, cy)
    _pointer(page, "svg.board", "pointerup", 2, cx + 90, cy)
    zoomed = _view_box(page)
    assert zoomed[2] == pytest.approx(before[2] / 3, rel=0.02)  # a third as many units across
    assert zoomed[0] + zoomed[2] / 2 == pytest.approx(before[0] + before[2] / 2, abs=1)  # the centre kept
    # one finger drags 100 px to the right: the view moves 100 px worth of units to the left
    _pointer(page, "svg.board", "pointerdown", 3, cx, cy)
    for step in range(1, 6):
        _pointer(page, "svg.board", "pointermove", 3, cx + 20 * step, cy)
    _pointer(page, "svg.board", "pointerup", 3, cx + 100, cy)
    dragged = _view_box(page)
    assert dragged[0] == pytest.approx(zoomed[0] - 100 * zoomed[2] / board["width"], abs=0.5)
    assert dragged[2] == pytest.approx(zoomed[2])
    # a tap is still a tap: it tries the tile on the square, nothing is sent yet
    state = _state_id(page)
    page.locator(".target").first.tap()
    page.wait_for_selector(".target.candidate")
    assert _state_id(page) == state and page.locator("button.place-here").is_visible()
    assert page_errors == []


def test_a_redrawn_map_keeps_its_pinch_zoom(live_server: str, browser: Any, page_errors: list[str]) -> None:
    created = _create(live_server, "terraforming-mars")
    page = _page(browser, page_errors, "phone")
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".tm-choice .tm-card")
    page.wait_for_selector("#status.live")  # the first push has been drawn too
    page.locator(".tm-map-wrap").scroll_into_view_if_needed()
    box = page.locator(".tm-map-wrap").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    _pointer(page, ".tm-map-wrap", "pointerdown", 1, cx, cy - 20)
    _pointer(page, ".tm-map-wrap", "pointerdown", 2, cx, cy + 20)
    _pointer(page, ".tm-map-wrap", "pointermove", 1, cx, cy - 40)
    _pointer(page, ".tm-map-wrap", "pointermove", 2, cx, cy + 40)
    _pointer(page, ".tm-map-wrap", "pointerup", 1, cx, cy - 40)
    _pointer(page, ".tm-map-wrap", "pointerup", 2, cx, cy + 40)
    scale = page.evaluate("document.querySelector('.tm-map-wrap').style.getPropertyValue('--zs')")
    assert float(scale) == pytest.approx(2, rel=0.02)
    svg_width = page.locator(".tm-map-wrap > svg").bounding_box()["width"]
    assert svg_width == pytest.approx(2 * box["width"], rel=0.03)  # the drawing itself is twice as big
    page.locator(".tm-choice .tm-card").first.click()  # a decision step redraws the table...
    page.wait_for_timeout(200)
    assert page.locator(".tm-map-wrap > svg").bounding_box()["width"] == pytest.approx(svg_width, rel=0.03)
    assert page_errors == []


def _square_to_turn(base: str, created: dict[str, Any], rotation: int) -> tuple[int, int]:
    """A square where the tile in hand fits in `rotation` and, if any such, in another too."""
    seat = created["seats"][0]
    view = _get_json(f"{base}/api/games/{created['game_id']}/view?token={seat['token']}")
    fits: dict[tuple[int, int], set[int]] = {}
    for option in view["prompt"]["options"]:
        p = option["payload"]
        if "rotation" in p:
            fits.setdefault((p["x"], p["y"]), set()).add(p["rotation"])
    here = [sq for sq, turns in fits.items() if rotation in turns]
    return max(here, key=lambda sq: len(fits[sq]))


def test_a_whole_carcassonne_game_by_taps_on_a_phone(live_server: str, browser: Any,
                                                     page_errors: list[str]) -> None:
    created = post_json(f"{live_server}/api/games", {
        "game": "carcassonne", "seed": 4, "options": {"bag": [f"base:{c}" for c in "DUVEKB"]},
        "seats": [HUMAN, BOT]})
    page = _page(browser, page_errors, "phone")
    page.goto(created["seats"][0]["url"])
    tiles = meeples = turned = 0
    for _ in range(12):  # three tiles for Ana, each a place and a meeple decision
        page.wait_for_selector(".target, .spot, .turn-title.over")
        if page.locator(".turn-title.over").count():
            break
        _assert_no_sideways_scroll(page, "phone")
        before = _state_id(page)
        if page.locator(".target").count():
            _assert_tap_size(_boxes(page, ".target"), "squares")
            x, y = _square_to_turn(live_server, created, int(page.get_attribute(".hand", "data-rotation")))
            page.locator(f".target[data-x='{x}'][data-y='{y}']").tap()
            square = f".target.candidate[data-x='{x}'][data-y='{y}']"
            page.wait_for_selector(square)
            legal = page.get_attribute(".hand", "data-legal-rotations").split(",")
            rotation = page.get_attribute(".hand", "data-rotation")
            page.locator(square).tap()  # tapped again: turned to the next rotation that fits there
            page.wait_for_selector(square)
            if page.get_attribute(".hand", "data-rotation") != rotation:
                turned += 1
                assert page.get_attribute(".hand", "data-rotation") in legal
            assert _state_id(page) == before  # trying and turning send nothing
            place = page.locator("button.place-here")
            _assert_tap_size(_boxes(page, "button.place-here"), "place it here")
            _assert_on_first_screen(page, "phone", "button.place-here")
            if tiles == 0:
                _shot(page, "phone-carcassonne-try.png")  # the tile tried on its square, the sheet's button
            place.tap()
            tiles += 1
        else:
            spots = _boxes(page, ".spot")
            _assert_tap_size(spots, "meeple markers")  # the board zoomed onto the tile
            _assert_on_first_screen(page, "phone", ".turn-panel button.choice")
            if meeples == 0:
                page.locator(".spot").first.tap()
                meeples += 1
            else:
                page.locator(".turn-panel button.choice.skip").tap()
        page.wait_for_function(f"Number(document.getElementById('app').dataset.stateId) > {before}")
    page.wait_for_selector(".turn-title.over")
    assert tiles == 3 and meeples == 1 and turned >= 1
    assert page.locator(".layer-tiles g.tile").count() == 7  # the start tile and the bag of six
    assert "Ana" in page.inner_text(".scoring-panel")
    _assert_no_sideways_scroll(page, "phone")
    _shot(page, "phone-carcassonne-end.png")
    assert page_errors == []


def test_a_map_too_small_for_a_finger_zooms_onto_the_decision(live_server: str, browser: Any,
                                                              page_errors: list[str]) -> None:
    """On Mars' 91 hexes are about 22 px on a phone: a decision on the map zooms them to 40+."""
    created = post_json(f"{live_server}/api/games", {**TABLES["on-mars"]["create"], "seed": 2,
                                                     "seats": [HUMAN, {"kind": "bot", "agent": "random"}]})
    seat = created["seats"][0]
    base = f"{live_server}/api/games/{created['game_id']}"
    rng = random.Random(1)
    for _ in range(200):  # random choices through the API until a decision is taken on the map
        view = _get_json(f"{base}/view?token={seat['token']}")
        texts = [o["text"] for o in view["prompt"]["options"]] if view["prompt"] else []
        if any(t.startswith(("at ", "step ")) for t in texts):
            break
        if texts:
            post_json(f"{base}/actions", {"token": seat["token"], "state_id": view["state_id"],
                                          "action": rng.choice(texts)})
        else:
            time.sleep(0.1)
    else:
        pytest.fail("no decision on the map")
    page = _page(browser, page_errors, "phone")
    page.goto(seat["url"])
    page.wait_for_selector(".om-target")
    page.wait_for_function("parseFloat(document.querySelector('.om-map-wrap').style"
                           ".getPropertyValue('--zs')) > 1")
    targets = _boxes(page, ".om-target")
    _assert_tap_size(targets, "hexes of the decision")
    assert _assert_on_first_screen(page, "phone", ".om-target")  # the zoom is centred on them
    assert min(b["width"] for b in _boxes(page, ".om-hex")) >= MIN_TAP  # the whole map grew, not only targets
    _assert_no_sideways_scroll(page, "phone")
    assert page_errors == []
