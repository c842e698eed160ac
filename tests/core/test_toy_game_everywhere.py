"""A game that declares only its manifest and the abstract hooks (no display data, no
terminal view, no messages hooks, no `players` option) works everywhere (issue #22): the
server creates, plays and shows it, the catalog lists it, the terminal plays it, and
PettingZoo's api_test passes on it."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ludoteca.core import i18n, registry
from ludoteca.server import ServerLimits, create_app

NAME = "ludo-toy"
HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}]


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    from ludoteca.server import web

    monkeypatch.setitem(registry._GAMES, NAME, "ludo_toy.game:ToyGame")
    i18n.catalog.cache_clear()
    web.messages_json.cache_clear()
    yield NAME
    monkeypatch.undo()
    i18n.catalog.cache_clear()
    web.messages_json.cache_clear()


@pytest.fixture
def client(toy: str, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'toy.db'}", limits=ServerLimits(rate_limits=False),
                     bots="threads")
    with TestClient(app) as c:
        yield c


def test_the_manifest_is_checked_and_listed(client: TestClient) -> None:
    manifest = registry.manifest(NAME)
    assert (manifest.min_players, manifest.max_players, manifest.options) == (2, 2, ())
    (entry,) = [g for g in client.get("/api/catalog").json()["games"] if g["name"] == NAME]
    assert entry["title_key"] == "ludo_toy.title" and entry["options"] == [] and not entry["renderer"]
    assert (entry["min_players"], entry["max_players"]) == (2, 2)
    messages = client.get("/api/messages", params={"lang": "fr"}).json()["messages"]
    assert messages["ludo_toy.title"] == "Prends des points"


def test_the_server_creates_plays_and_shows_it_with_the_rules_winner(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": NAME, "options": {}, "seats": HUMANS}).json()
    game_id, tokens = created["game_id"], [s["token"] for s in created["seats"]]
    assert client.get(f"/api/games/{game_id}/components").json()["components"] is None
    for turn, action in enumerate(["take 1", "take 2", "take 2", "take 1"]):  # a 3-3 tie
        view = client.get(f"/api/games/{game_id}/view", params={"token": tokens[turn % 2]}).json()
        assert view["prompt"]["message"] == {"key": "core.notation", "params": {"text": "Take 1 or 2 points"}}
        answer = client.post(f"/api/games/{game_id}/actions",
                             json={"token": tokens[turn % 2], "state_id": turn, "action": action})
        assert answer.status_code == 200, answer.text
    view = client.get(f"/api/games/{game_id}/view", params={"lang": "pt-BR"}).json()
    assert view["terminal"] and view["scores"] == [3.0, 3.0]
    assert view["winners"] == [1] and view["returns"] == [-1.0, 1.0]  # the tie goes to the second seat
    assert view["title"] == {"key": "ludo_toy.title", "params": {}}
    assert view["log"][0]["said"] == "take 1"  # the notation fallback
    (summary,) = [g for g in client.get("/api/games").json()["games"] if g["game_id"] == game_id]
    assert summary["winners"] == [1]


def test_a_seat_count_it_cannot_take_is_refused_naming_players(client: TestClient) -> None:
    answer = client.post("/api/games", json={"game": NAME, "options": {}, "seats": HUMANS[:1]})
    assert answer.status_code == 422
    body = answer.json()
    assert body["option"] == "players"
    assert body["message"] == {"key": "core.option.error.seats", "params": {"n": 1, "players": 2}}
    assert i18n.render(body["message"], "fr") == (
        "1 place est prévue pour une partie à 2 joueurs : ajoutez ou retirez des places.")


def test_the_terminal_plays_it(toy: str, tmp_path: Path) -> None:
    from ludoteca.cli.main import app

    args = ["--lang", "pt-BR", "play", NAME, "--players", "random,random", "--seed", "3",
            "--record-dir", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Pegue pontos" in result.output  # the catalog's title
    assert len(list(tmp_path.glob("*.json"))) == 1


def test_pettingzoo_api_test_passes(toy: str) -> None:
    from pettingzoo.test import api_test

    from ludoteca.envs import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice on dict observations
        api_test(env(NAME), num_cycles=200)
