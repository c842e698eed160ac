"""Undo: a human seat takes back its own latest actions, back to the last draw, and it is stored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server_helpers import Api
from sqlalchemy import select
from sqlalchemy.orm import Session

from ludoteca.server.live import reveals
from ludoteca.server.store import UNDO, ActionRow, Store

HUMAN_VS_GREEDY = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]
TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}]


def _undo(api: Api, game_id: str, token: str, state_id: int) -> Any:
    return api.client.post(f"/api/games/{game_id}/undo", json={"token": token, "state_id": state_id})


def _create(api: Api, seats: list[dict[str, Any]], undo: bool = True) -> tuple[str, list[str]]:
    body = {"game": "carcassonne", "options": {"bag": [f"base:{c}" for c in "ABCDEFGHIJKL"]},
            "seats": seats, "seed": 1, "undo": undo}
    created = api.client.post("/api/games", json=body).json()
    return created["game_id"], [s["token"] for s in created["seats"] if s["token"]]


def test_undo_is_off_unless_the_game_allows_it(api: Api) -> None:
    game_id, (ana,) = _create(api, HUMAN_VS_GREEDY, undo=False)
    view = api.view(game_id, ana)
    view = api.act(game_id, ana, view["state_id"], view["prompt"]["options"][0]["text"]).json()
    assert view["can_undo"] is False
    response = _undo(api, game_id, ana, view["state_id"])
    assert response.status_code == 409 and "without undo" in response.json()["detail"]


def test_a_seat_takes_back_its_placement_but_not_past_the_draw(api: Api) -> None:
    game_id, (ana,) = _create(api, HUMAN_VS_GREEDY)
    start = api.view(game_id, ana)
    assert start["prompt"]["kind"] == "place" and start["can_undo"] is False
    placed = api.act(game_id, ana, start["state_id"], start["prompt"]["options"][0]["text"]).json()
    assert placed["prompt"]["kind"] == "meeple" and placed["can_undo"] is True

    assert _undo(api, game_id, ana, start["state_id"]).status_code == 409  # stale
    assert _undo(api, game_id, "forged", placed["state_id"]).status_code == 403
    undone = _undo(api, game_id, ana, placed["state_id"])
    assert undone.status_code == 200
    assert undone.json() == start

    again = _undo(api, game_id, ana, start["state_id"])
    assert again.status_code == 409 and "nothing to take back" in again.json()["detail"]

    other = start["prompt"]["options"][-1]["text"]
    placed = api.act(game_id, ana, start["state_id"], other).json()
    assert placed["log"][-1]["action"] == other
    done = api.act(game_id, ana, placed["state_id"], "skip").json()  # the bot and a draw follow
    assert done["state_id"] > placed["state_id"] + 1 and done["can_undo"] is False


def test_only_the_seat_that_moved_may_take_it_back(api: Api) -> None:
    game_id, (ana, bea) = _create(api, TWO_HUMANS)
    view = api.view(game_id, ana)
    placed = api.act(game_id, ana, view["state_id"], view["prompt"]["options"][0]["text"]).json()
    response = _undo(api, game_id, bea, placed["state_id"])
    assert response.status_code == 409
    assert api.view(game_id, bea)["can_undo"] is False
    assert api.view(game_id)["can_undo"] is False  # spectators never


def test_undo_is_stored_and_survives_a_restart(make_api: Callable[..., Api], db_url: str) -> None:
    first = make_api()
    game_id, (ana,) = _create(first, HUMAN_VS_GREEDY)
    start = first.view(game_id, ana)
    options = [o["text"] for o in start["prompt"]["options"]]
    placed = first.act(game_id, ana, start["state_id"], options[0]).json()
    _undo(first, game_id, ana, placed["state_id"])
    placed = first.act(game_id, ana, start["state_id"], options[-1]).json()

    second = make_api()
    assert second.view(game_id, ana) == placed
    final = second.play_first_options(game_id, [ana])
    record = second.client.get(f"/api/games/{game_id}/record").json()
    assert options[-1] in record["actions"] and len(record["actions"]) == final["state_id"]
    if options[0] != options[-1]:
        assert record["actions"][start["state_id"]] == options[-1]

    store = Store(db_url)
    try:
        with Session(store.engine) as session:
            rows = list(session.scalars(select(ActionRow).where(ActionRow.game_id == game_id)))
        undos = [r for r in rows if r.kind == UNDO]
        assert len(undos) == 1 and undos[0].index == start["state_id"] and undos[0].seat == 0
        assert len(rows) == final["state_id"] + 2  # the undone action and the undo stay logged
    finally:
        store.dispose()


def test_an_action_that_showed_the_seat_something_cannot_be_taken_back(api: Api) -> None:
    """A seat may not undo an action that revealed hidden information to it (the corporations
    turned up when the last seat chooses, a draft pack passed on): it would choose again
    knowing it. Other own actions may still be taken back."""
    created = api.client.post("/api/games", json={
        "game": "terraforming-mars", "options": {"draft": True}, "seats": TWO_HUMANS, "undo": True}).json()
    game_id = created["game_id"]
    tokens = [s["token"] for s in created["seats"]]
    undoable: list[str] = []
    sealed: list[str] = []
    for _ in range(80):
        views = [api.view(game_id, t) for t in tokens]
        acting = [(t, v) for t, v in zip(tokens, views, strict=True) if v["prompt"]]
        if not acting:
            break
        token, view = acting[0]
        after = api.act(game_id, token, view["state_id"], view["prompt"]["options"][-1]["text"]).json()
        if after["log"][-1]["seat"] != view["seat"]:
            continue  # chance or the other seat moved after it: undo is off anyway
        live = api.client.app.state.hub._games[game_id]  # type: ignore[attr-defined]
        if reveals(live.state, view["seat"]):
            sealed.append(view["prompt"]["kind"])
            assert after["can_undo"] is False
            response = _undo(api, game_id, token, after["state_id"])
            assert response.status_code == 409
        else:
            undoable.append(view["prompt"]["kind"])
            assert after["can_undo"] is True
    # the second corporation chosen turns both up; the second pick of a draft round passes a pack
    assert sealed.count("corporation") == 1 and "draft" in sealed
    assert "corporation" in undoable and "research" in undoable
