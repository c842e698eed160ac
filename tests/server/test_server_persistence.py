"""Storage: restarts resume games exactly, failed writes change nothing, the log is append-only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from server_helpers import Api
from sqlalchemy import select
from sqlalchemy.orm import Session

from ludoteca.core.record import replay
from ludoteca.server.hub import Hub
from ludoteca.server.store import (
    ACTION,
    ActionRow,
    GameRow,
    NewEntry,
    StaleWrite,
    Store,
    StoreError,
    resolve_db_url,
)

HUMAN_VS_GREEDY = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]


def _play(api: Api, game_id: str, token: str, moves: int | None = None) -> dict[str, Any]:
    """Play the human seat with the last prompt option (`moves` times, or to the end)."""
    view = api.view(game_id, token)
    done = 0
    while not view["terminal"] and (moves is None or done < moves):
        response = api.act(game_id, token, view["state_id"], view["prompt"]["options"][-1]["text"])
        assert response.status_code == 200, response.text
        view = response.json()
        done += 1
    return view


def test_restart_continues_the_same_game_exactly(make_api: Callable[..., Api]) -> None:
    first = make_api()
    straight = first.create(HUMAN_VS_GREEDY, seed=5)
    _play(first, straight["game_id"], straight["seats"][0]["token"])
    resumed = first.create(HUMAN_VS_GREEDY, seed=5)
    game_id, token = resumed["game_id"], resumed["seats"][0]["token"]
    before = _play(first, game_id, token, moves=5)
    assert not before["terminal"]

    second = make_api()  # a new app on the same SQLite file: the game is rebuilt from its log
    after = second.view(game_id, token)
    assert after == before
    final = _play(second, game_id, token)
    assert final["terminal"]

    records = [second.client.get(f"/api/games/{g}/record").json()
               for g in (straight["game_id"], game_id)]
    assert records[0]["actions"] == records[1]["actions"]  # same seed and choices: same game
    assert replay(records[1]).scores() == final["scores"]
    listed = {g["game_id"]: g for g in second.client.get("/api/games").json()["games"]}
    assert listed[game_id]["status"] == "finished" and listed[game_id]["scores"] == final["scores"]


def test_restart_lists_stored_games_before_they_are_loaded(make_api: Callable[..., Api]) -> None:
    first = make_api()
    created = first.create(HUMAN_VS_GREEDY, seed=2)
    second = make_api()
    (game,) = second.client.get("/api/games").json()["games"]
    assert game["game_id"] == created["game_id"] and game["status"] == "active"
    assert [p["name"] for p in game["players"]] == ["Ana", "greedy"]
    assert game["state_id"] == first.view(created["game_id"])["state_id"]


def test_a_failed_write_changes_nothing(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    created = api.create(HUMAN_VS_GREEDY, seed=9)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    before = api.view(game_id, token)
    hub: Hub = api.client.app.state.hub  # type: ignore[attr-defined]

    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise StoreError("disk full")

    monkeypatch.setattr(hub.store, "append", broken)
    response = api.act(game_id, token, before["state_id"], before["prompt"]["options"][0]["text"])
    assert response.status_code == 503 and "disk full" in response.json()["detail"]
    assert api.view(game_id, token) == before
    monkeypatch.undo()
    response = api.act(game_id, token, before["state_id"], before["prompt"]["options"][0]["text"])
    assert response.status_code == 200


def test_the_action_log_matches_the_game(api: Api, db_url: str) -> None:
    created = api.create(HUMAN_VS_GREEDY, seed=4)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    view = _play(api, game_id, token, moves=4)
    store = Store(db_url)
    try:
        with Session(store.engine) as session:
            rows = list(session.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.index)))
            game = session.get(GameRow, game_id)
        assert game is not None and game.num_actions == len(rows) == view["state_id"]
        assert [r.index for r in rows] == [r.seq for r in rows] == list(range(len(rows)))
        assert {r.kind for r in rows} == {ACTION}
        assert {r.seat for r in rows} == {None, 0, 1}
        assert all("token" not in s for s in game.seats)  # only hashes are stored
        assert token not in str(game.seats)
        n = len(rows)
        skip = [NewEntry(ACTION, 0, "skip", 0)]
        with pytest.raises(StaleWrite):  # the same entry can never be written twice
            store.append(game_id, 0, 0, skip, "active", [0.0, 0.0])
        with pytest.raises(StaleWrite):  # nor can an entry be skipped
            store.append(game_id, n + 1, n + 1, skip, "active", [0.0, 0.0])
        assert store.count_entries(game_id) == n
    finally:
        store.dispose()


def test_database_url_comes_from_the_argument_the_environment_or_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("LUDOTECA_DB_URL", raising=False)
    assert resolve_db_url(None) == "sqlite:///./ludoteca.db"
    monkeypatch.setenv("LUDOTECA_DB_URL", "sqlite:///elsewhere.db")
    assert resolve_db_url(None) == "sqlite:///elsewhere.db"
    assert resolve_db_url("sqlite://") == "sqlite://"


def test_an_in_memory_database_works_across_threads() -> None:
    from fastapi.testclient import TestClient

    from ludoteca.server import create_app

    with TestClient(create_app("sqlite://")) as client:
        api = Api(client)
        created = api.create([{"kind": "human"}, {"kind": "human"}])
        tokens = [s["token"] for s in created["seats"]]
        assert api.play_first_options(created["game_id"], tokens)["terminal"]


def test_serve_runs_uvicorn_and_names_the_database(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], db_url: str
) -> None:
    import uvicorn
    from fastapi import FastAPI

    from ludoteca.server import serve

    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    serve("127.0.0.1", 8123, db_url)
    ((app, kwargs),) = calls
    assert isinstance(app, FastAPI) and kwargs["host"] == "127.0.0.1" and kwargs["port"] == 8123
    out = capsys.readouterr().out
    assert "SQLite file" in out and "ludoteca.db" in out and "8123" in out


def test_tokens_are_redacted_from_the_access_log() -> None:
    import logging

    from ludoteca.server.app import _redact_tokens

    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s"', (
        "127.0.0.1", "GET", "/api/games/g/view?token=SECRET&x=1"), None)
    assert _redact_tokens(record) and "SECRET" not in record.getMessage()
    assert "token=***&x=1" in record.getMessage()
