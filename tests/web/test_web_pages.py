"""The browser table over HTTP: pages, static files, the catalog and the component data."""

from __future__ import annotations

import re
import time
from typing import Any

from fastapi.testclient import TestClient

from ludoteca.games.carcassonne.tiles import load_tiles
from ludoteca.games.carcassonne.wonders import load_wonders
from ludoteca.web import WEB_DIR

HUMAN_VS_GREEDY = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]
WONDERS = ["tikal", "stonehenge", "notre_dame"]
SIDES = "NESW"


def _create(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": "carcassonne", "options": options, "seats": seats,
                                               "seed": 11})
    assert response.status_code == 201, response.text
    return response.json()


def test_lobby_and_game_pages_are_served(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and lobby.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/js/lobby.js">' in lobby.text
    game_id = _create(client, HUMAN_VS_GREEDY)["game_id"]
    page = client.get(f"/games/{game_id}", params={"token": "whatever"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/js/game.js">' in page.text


def test_every_static_file_is_served_and_every_import_resolves() -> None:
    files = sorted(p for p in WEB_DIR.rglob("*") if p.suffix in (".js", ".css", ".html"))
    expected = {"lobby.html", "game.html", "style.css", "game.js", "lobby.js", "generic.js"}
    assert expected <= {p.name for p in files}
    for path in files:
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, f"{path.name} is too long"
        if path.suffix != ".js":
            continue
        for target in re.findall(r"""^import .* from '(\.[^']+)';""", path.read_text(encoding="utf-8"), re.M):
            assert (path.parent / target).resolve().is_file(), f"{path.name} imports missing {target}"


def test_static_assets_respond(client: TestClient) -> None:
    for path, kind in [("/static/js/game.js", "javascript"),
                       ("/static/js/carcassonne/tiles.js", "javascript"),
                       ("/static/css/style.css", "text/css")]:
        response = client.get(path)
        assert response.status_code == 200, path
        assert kind in response.headers["content-type"]
        assert response.headers["cache-control"] == "no-cache"
    assert client.get("/static/js/nothing-here.js").status_code == 404


def test_catalog_lists_games_and_bots(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    carcassonne = next(g for g in catalog["games"] if g["name"] == "carcassonne")
    assert carcassonne["title"] == "Carcassonne" and carcassonne["renderer"] is True
    assert "expansions" in carcassonne["default_options"]
    assert (carcassonne["min_players"], carcassonne["max_players"]) == (2, 6)
    assert carcassonne["title_key"] == "carcassonne.title"
    expansions = next(o for o in carcassonne["options"] if o["name"] == "expansions")
    assert expansions["kind"] == "multi" and expansions["label"] == "carcassonne.setting.expansions"
    assert [c["value"] for c in expansions["choices"]] == ["inns_cathedrals", "wonders"]
    tm = next(g for g in catalog["games"] if g["name"] == "terraforming-mars")
    limit = next(o for o in tm["options"] if o["name"] == "max_generations")
    assert (limit["kind"], limit["min"], limit["advanced"], limit["optional"]) == ("int", 1, True, True)
    assert {"random", "greedy"} <= set(catalog["agents"])


def test_components_describe_every_tile_from_the_tile_data(client: TestClient) -> None:
    created = _create(client, HUMAN_VS_GREEDY, expansions=["inns_cathedrals", "wonders"], wonders=WONDERS)
    game_id = created["game_id"]
    response = client.get(f"/api/games/{game_id}/components")
    assert response.status_code == 200
    data = response.json()
    assert data["game"] == "carcassonne"
    components = data["components"]
    tiles = components["tiles"]
    for tile in load_tiles():
        drawn = tiles[tile.id]
        orientation = tile.orientations[0]
        assert drawn["edges"] == orientation.edges
        assert len(drawn["features"]) == len(orientation.features)
        for mine, theirs in zip(drawn["features"], orientation.features, strict=True):
            assert mine["kind"] == theirs.kind
            assert mine["sides"] == [SIDES[s] for s in theirs.sides]
            assert mine["thirds"] == [f"{SIDES[t // 3]}{t % 3}" for t in theirs.thirds]
            assert (mine["pennants"], mine["inn"], mine["cathedral"]) == (theirs.pennants, theirs.inn,
                                                                         theirs.cathedral)
    assert any(f["inn"] for t in tiles.values() for f in t["features"])
    assert any(f["cathedral"] for t in tiles.values() for f in t["features"])
    assert sorted(components["wonders"]) == sorted(WONDERS)
    for wonder in load_wonders():
        if wonder.key not in WONDERS:
            assert wonder.centre.id not in tiles
            continue
        entry = components["wonders"][wonder.key]
        assert entry["name"] == wonder.name and entry["centre"] == f"wonder:{wonder.key}"
        assert entry["arms"] == [a.id for a in wonder.arms]
        assert tiles[wonder.centre.id]["edges"] == "----" and tiles[wonder.centre.id]["features"] == []
        for arm in wonder.arms:
            assert tiles[arm.id]["edges"] == arm.edges and tiles[arm.id]["wonder"] == wonder.key
    assert components["design_note"].startswith("Wonder layouts: our own design")


def test_components_of_a_base_game_leave_out_expansion_tiles(client: TestClient) -> None:
    game_id = _create(client, HUMAN_VS_GREEDY)["game_id"]
    components = client.get(f"/api/games/{game_id}/components").json()["components"]
    assert {t["set"] for t in components["tiles"].values()} == {"base"}
    assert components["wonders"] == {} and components["design_note"] is None
    assert client.get("/api/games/nope/components").status_code == 404


def test_a_whole_game_shows_only_known_tiles_and_its_scoring_adds_up(client: TestClient) -> None:
    bag = [f"base:{c}" for c in "ABCDEFGHIJKLMNOPQRSTUVWX"]
    created = _create(client, [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "greedy"}],
                      expansions=["inns_cathedrals"], bag=bag)
    game_id = created["game_id"]
    deadline = time.monotonic() + 60  # a game without people plays in the background
    while not (view := client.get(f"/api/games/{game_id}/view").json())["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    tiles = client.get(f"/api/games/{game_id}/components").json()["components"]["tiles"]
    assert all(t["tile"] in tiles for t in view["observation"]["board"])
    scoring = view["scoring"]
    fields = {"turn", "kind", "points", "seats", "tiles", "final", "at"}
    assert scoring and all(set(e) >= fields for e in scoring)
    totals = [0, 0]
    for event in scoring:
        for seat in event["seats"]:
            totals[seat] += event["points"]
    assert totals == [int(s) for s in view["scores"]]
