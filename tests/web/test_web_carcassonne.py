"""The Carcassonne table's reading aids (issue #24), in a real headless chromium: the tile in
hand is drawn and described as turned, the board has coordinates along its edges, a log line
shows its square, the bag lists the tiles left by kind, and a score track shows the scores in
the seats' colours; the pieces fit a 390×844 phone with tap targets of at least 40 px."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from web_helpers import new_page, post_json

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

if not Path("/usr/bin/chromium").exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

ARTIFACTS = Path(__file__).parent / "artifacts"
HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}]


def _create(server: str, bag: list[str], first: str | None = None) -> dict[str, Any]:
    """A game of Ana and Bea with `bag`; with `first`, one whose first draw is that tile
    (the server draws at random: the seed is tried until it does)."""
    for seed in range(1, 60):
        created = post_json(f"{server}/api/games", {"game": "carcassonne", "seed": seed,
                                                    "options": {"bag": bag}, "seats": HUMANS})
        if first is None or _view(server, created)["observation"]["tile"] == first:
            return created
    raise AssertionError(f"no seed draws {first} first")


def _view(server: str, created: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    url = f"{server}/api/games/{created['game_id']}/view?token={created['seats'][seat]['token']}"
    with urllib.request.urlopen(url, timeout=10) as response:
        return dict(json.loads(response.read()))


def _act(server: str, created: dict[str, Any], seat: int, action: str) -> dict[str, Any]:
    view = _view(server, created, seat)
    return post_json(f"{server}/api/games/{created['game_id']}/actions", {
        "token": created["seats"][seat]["token"], "state_id": view["state_id"], "action": action})


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


# tile J (city north, road curve east–south) turned 0, 90, 180, 270 degrees
J_TURNED = {
    "en": ["city edge north; road curve east–south", "city edge east; road curve south–west",
           "city edge south; road curve west–north", "city edge west; road curve north–east"],
    "fr": ["bord de ville côté nord\u00a0; virage de route est–sud",
           "bord de ville côté est\u00a0; virage de route sud–ouest",
           "bord de ville côté sud\u00a0; virage de route ouest–nord",
           "bord de ville côté ouest\u00a0; virage de route nord–est"],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hand_shows_and_describes_the_tile_as_turned(live_server: str, browser: Any, lang: str) -> None:
    errors: list[str] = []
    created = _create(live_server, ["base:J", "base:J"])
    page = new_page(browser, errors)
    page.goto(f"{created['seats'][0]['url']}&lang={lang}")
    page.wait_for_selector(".target")
    seen = set()
    for _ in range(5):
        rotation = int(page.get_attribute(".hand", "data-rotation"))
        turned = page.get_attribute(".hand-picture svg > g", "transform")
        assert turned == f"rotate({rotation},50,50)"  # the picture lies as the tile will be placed
        label = page.inner_text(".hand-label")
        assert label == J_TURNED[lang][rotation // 90]
        assert page.get_attribute(".hand-picture", "title") == label
        seen.add(rotation)
        page.click("button.rotate[data-dir='1']")
    assert len(seen) >= 2  # J fits in several rotations next to the start tile
    assert errors == []


def test_board_coordinates_and_the_log_shows_its_square(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    created = _create(live_server, ["base:E", "base:E", "base:U"], first="base:E")
    _act(live_server, created, 0, "place 0,1 r180")  # Ana closes the start tile's city...
    _act(live_server, created, 0, "meeple city S")  # ...with a knight: 4 points
    place = _view(live_server, created, 1)["prompt"]["options"][0]
    bx, by = str(place["payload"]["x"]), str(place["payload"]["y"])
    _act(live_server, created, 1, place["text"])  # Bea: her tile on the first square she may
    _act(live_server, created, 1, "skip")
    page = new_page(browser, errors)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".target")
    xs = [int(v) for v in page.eval_on_selector_all(".coord-x", "els => els.map(e => e.dataset.x)")]
    ys = [int(v) for v in page.eval_on_selector_all(".coord-y", "els => els.map(e => e.dataset.y)")]
    assert {0, int(bx)} <= set(xs) and {0, 1, int(by)} <= set(ys)
    assert xs == sorted(xs) and ys == sorted(ys, reverse=True)  # west to east, north to south
    assert page.locator(".coord-y[data-y='1']").text_content() == "1"
    start = page.locator(".layer-tiles g.tile[data-x='0'][data-y='0'] > title").text_content()
    assert start == "Square (0,\u00a00): city edge north; straight road west–east (start tile)"
    turned = page.locator(".layer-tiles g.tile[data-x='0'][data-y='1'] > title").text_content()
    assert turned == "Square (0,\u00a01): city edge south, field elsewhere"

    lines = page.locator(".log-item.has-square")
    assert lines.count() == 2  # Ana's turn and Bea's turn, each with the square it placed on
    bea = page.locator(f".log-item.has-square[data-x='{bx}'][data-y='{by}']")
    assert "Bea" in bea.inner_text()
    assert page.locator(".log-highlight").count() == 0
    bea.click()
    mark = page.locator(".log-highlight")
    assert mark.count() == 1
    assert (mark.get_attribute("data-x"), mark.get_attribute("data-y")) == (bx, by)
    assert "shown" in (bea.get_attribute("class") or "")
    page.locator(".log-item.has-square[data-x='0'][data-y='1']").click()
    assert (mark.get_attribute("data-x"), mark.get_attribute("data-y")) == ("0", "1")
    assert "shown" not in (bea.get_attribute("class") or "")
    assert errors == []


def test_the_bag_by_kind_and_the_score_track(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    created = _create(live_server, ["base:E", "base:E", "base:U", "base:U", "base:U"], first="base:E")
    _act(live_server, created, 0, "place 0,1 r180")
    _act(live_server, created, 0, "meeple city S")  # the city closes: Ana +4
    view = _view(live_server, created, 1)
    assert view["scores"] == [4, 0]
    page = new_page(browser, errors, "pt-BR")
    page.goto(created["seats"][1]["url"])
    page.wait_for_selector(".target")

    bag = view["observation"]["bag"]
    page.click(".bag-panel summary")
    shown = {e["tile"]: int(e["n"]) for e in page.eval_on_selector_all(
        ".bag-kind", "els => els.map(e => ({tile: e.dataset.tile, n: e.dataset.count}))")}
    assert shown == {k: n for k, n in bag.items() if n}
    assert sum(shown.values()) == view["observation"]["tiles_left"]  # no secret: the bag is public
    assert page.locator(".bag-kind .tile-picture").count() == len(shown)
    summary = page.inner_text(".bag-panel summary")
    left = view["observation"]["tiles_left"]
    assert summary == (f"Saco: restam {left} tiles" if left > 1 else f"Saco: resta {left} tile")
    u = page.locator(".bag-kind[data-tile='base:U']")
    assert u.get_attribute("title") == f"estrada reta oeste–leste: restam {shown['base:U']}"

    assert page.inner_text(".score-track h3") == "Trilha de pontuação"
    rows = page.locator(".track-row")
    assert rows.count() == 2
    assert [rows.nth(i).get_attribute("data-score") for i in range(2)] == ["4", "0"]
    ana = page.locator(".track-row[data-seat='0'] .track-fill")
    style = ana.get_attribute("style") or ""
    assert "width:8%" in style  # 4 of the track's 50 points
    assert page.eval_on_selector(".track-row[data-seat='0'] .track-fill",
                                 "e => getComputedStyle(e).backgroundColor") == "rgb(47, 111, 219)"
    assert page.get_attribute(".track-row[data-seat='0'] .track-bar", "aria-label") == "Ana: 4 pontos"
    assert page.inner_text(".track-row[data-seat='1'] .track-score") == "0"
    _shot(page, "carcassonne-bag-and-track.png")
    assert errors == []


def test_the_new_pieces_fit_a_phone_and_answer_taps(live_server: str, browser: Any) -> None:
    errors: list[str] = []
    created = _create(live_server, ["base:E", "base:E", "base:U"], first="base:E")
    _act(live_server, created, 0, "place 0,1 r180")
    _act(live_server, created, 0, "skip")
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR", has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(created["seats"][1]["url"])
    page.wait_for_selector(".target")
    page.tap(".bag-panel summary")
    assert page.locator(".bag-kind").count() >= 1  # the tap opened the bag
    for selector in (".log-item.has-square", ".bag-panel summary"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["height"] >= 40, (selector, box)
    for selector in (".score-track", ".bag-panel", ".log-panel"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (selector, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sticks out sideways
    line = page.locator(".log-item.has-square").first
    line.scroll_into_view_if_needed()
    page.locator(".score-track").scroll_into_view_if_needed()
    _shot(page, "carcassonne-phone-track-bag.png")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("document.querySelector('.board-wrap').getBoundingClientRect().bottom") < 300
    line.tap()
    assert page.locator(".log-highlight").count() == 1
    assert "shown" in (line.get_attribute("class") or "")
    # the board, scrolled away above the panels, comes back into sight with the square
    page.wait_for_function("document.querySelector('.board-wrap').getBoundingClientRect().bottom > 300")
    assert errors == []
    context.close()


def test_the_wonders_pictures_carry_their_names_in_the_readers_language(live_server: str,
                                                                        browser: Any) -> None:
    errors: list[str] = []
    created = post_json(f"{live_server}/api/games", {
        "game": "carcassonne", "seed": 1, "seats": HUMANS,
        "options": {"bag": ["base:E"] * 8, "expansions": ["wonders"],
                    "wonders": ["abu_simbel", "angkor_wat"]}})
    for seat, turn in [(0, ["place 0,1 r180", "meeple city S"]), (1, ["place 0,-1 r180", "skip"]),
                       (0, ["place 0,-2 r0", "meeple city N"]), (1, ["place 1,-1 r180", "skip"]),
                       (0, ["place 1,-2 r0", "meeple city N"])]:  # Ana closes three small cities: 12
        for action in turn:
            _act(live_server, created, seat, action)
    view = _view(live_server, created)
    assert view["scores"][0] == 12 and {o["text"] for o in view["prompt"]["options"]} == {
        "wonder abu_simbel", "wonder angkor_wat"}
    page = new_page(browser, errors, "fr-FR")
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("button.choice[data-action='wonder angkor_wat'] .wonder-picture")
    for key, name in (("abu_simbel", "Abou Simbel"), ("angkor_wat", "Angkor Vat")):
        lines = page.eval_on_selector_all(f"button.choice[data-action='wonder {key}'] .wonder-name",
                                          "els => els.map(e => e.textContent)")
        assert " ".join(lines) == name
    assert errors == []
