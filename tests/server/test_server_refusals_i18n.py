"""The server's refusals are worded in every language (issue #20): each 4xx body carries the
reason as a catalog `message` next to its English `detail`, and the message never repeats
the refused input."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.core.i18n import LANGUAGES, render
from ludoteca.server import create_app
from ludoteca.server.limits import ServerLimits


@pytest.fixture
def client(tmp_path: Any) -> TestClient:
    app = create_app(f"sqlite:///{tmp_path}/refusals.db", limits=ServerLimits(max_body_bytes=2048))
    with TestClient(app) as c:
        yield c


def _game(client: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"game": "carcassonne", "seats": [{"kind": "human"}, {"kind": "human"}],
            "options": {"bag": ["base:D"] * 3}, "seed": 1, **extra}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def _said(answer: Any) -> dict[str, str]:
    message = answer.json()["message"]
    return {lang: render(message, lang) for lang in LANGUAGES}


def test_an_illegal_action_is_refused_in_three_languages_without_echoing_it(client: TestClient) -> None:
    game = _game(client)
    token = game["seats"][0]["token"]
    view = client.get(f"/api/games/{game['game_id']}/view", params={"token": token}).json()
    answer = client.post(f"/api/games/{game['game_id']}/actions", json={
        "token": game["seats"][0]["token"], "state_id": view["state_id"], "action": "place 99,99 r0"})
    assert answer.status_code == 422
    said = _said(answer)
    assert said["en"].startswith("That move is not allowed here (")
    assert said["pt-BR"].startswith("Essa jogada não é permitida aqui (")
    assert said["fr"].startswith("Ce coup n’est pas permis ici (")
    assert all("99,99" not in text for text in said.values())


def test_conflicts_and_forbidden_seats_are_worded(client: TestClient) -> None:
    game = _game(client)
    gid, token = game["game_id"], game["seats"][1]["token"]
    answer = client.post(f"/api/games/{gid}/actions", json={"token": token, "state_id": 0, "action": "x"})
    assert answer.status_code in (403, 409)
    assert _said(answer)["pt-BR"] in ("Não é a sua vez.", "A partida avançou desde que esta página foi "
                                      "desenhada; ela foi atualizada.")
    bad = client.post(f"/api/games/{gid}/actions", json={"token": "nope", "state_id": 0, "action": "x"})
    assert bad.status_code == 403
    assert _said(bad)["fr"] == "Ce lien ne correspond à aucune place de cette partie."
    missing = client.get("/api/games/doesnotexist/view")
    assert missing.status_code == 404
    assert _said(missing)["en"] == "There is no such game on this server."


def test_limits_are_worded(client: TestClient) -> None:
    big = client.post("/api/games", content=b"{" + b" " * 4096 + b"}",
                      headers={"content-type": "application/json"})
    assert big.status_code == 413
    assert _said(big)["pt-BR"] == "Este pedido é grande demais (este servidor aceita no máximo 2.048 bytes)."
    malformed = client.post("/api/games", json={"game": 3})
    assert malformed.status_code == 422
    assert _said(malformed)["fr"] == "Cette requête est mal formée."
    slow = client.post("/api/games", json={"game": "carcassonne", "seats": [
        {"kind": "human"}, {"kind": "bot", "agent": "mcts:time=60"}]})
    assert slow.status_code == 422
    assert "segundos por jogada" in _said(slow)["pt-BR"]
