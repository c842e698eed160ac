"""Abusive requests get a clear 4xx and change nothing: sizes, rates, sockets, bots, types."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from server_helpers import SMALL_BAG, Api
from starlette.websockets import WebSocketDisconnect

from ludoteca.server import ServerLimits
from ludoteca.server.hub import Hub
from ludoteca.server.limits import Rate

TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}]
HUMAN_VS_RANDOM = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}]


def _games(api: Api) -> list[dict[str, Any]]:
    return api.client.get("/api/games").json()["games"]


def _body(**fields: Any) -> dict[str, Any]:
    return {"game": "carcassonne", "options": {"bag": SMALL_BAG}, "seats": TWO_HUMANS, **fields}


def test_a_body_over_the_limit_is_413_unread_and_creates_nothing(api: Api) -> None:
    huge = {"game": "carcassonne", "options": {"note": "x" * 100_000}, "seats": TWO_HUMANS}
    response = api.client.post("/api/games", json=huge)
    assert response.status_code == 413
    assert "at most 65536 bytes" in response.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: refused as the stream passes the limit
        yield b'{"game": "carcassonne", "options": {"note": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}, "seats": []}'

    response = api.client.post("/api/games", content=chunks(),
                               headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert _games(api) == []


def test_unparsable_and_mistyped_bodies_are_422_without_echoing_them(api: Api) -> None:
    garbage = "{not json " + "y" * 50_000
    response = api.client.post("/api/games", content=garbage, headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert len(response.json()["detail"]) < 500 and "yyyy" not in response.json()["detail"]
    created = api.create(TWO_HUMANS)
    game_id, ana = created["game_id"], created["seats"][0]["token"]
    before = api.view(game_id, ana)
    option = before["prompt"]["options"][0]["text"]
    for state_id in (str(before["state_id"]), float(before["state_id"]), True, None, [before["state_id"]]):
        response = api.client.post(f"/api/games/{game_id}/actions",
                                   json={"token": ana, "state_id": state_id, "action": option})
        assert response.status_code == 422, state_id
        assert "state_id" in response.json()["detail"]
    response = api.client.post("/api/games", json={**_body(), "seed": "7"})
    assert response.status_code == 422 and "seed" in response.json()["detail"]
    assert api.view(game_id, ana) == before


def test_options_and_bags_over_the_caps_are_422(api: Api) -> None:
    response = api.client.post("/api/games", json=_body(options={"bag": ["base:A"] * 1000}))
    assert response.status_code == 422 and "this server takes at most" in response.json()["detail"]
    response = api.client.post("/api/games", json=_body(options={"bag": ["base:A"] * 500}))
    assert response.status_code == 422 and "at most 400 tiles" in response.json()["detail"]
    assert _games(api) == []


@pytest.mark.parametrize("spec, cap", [("mcts:time=100000", "at most 10 s"),
                                       ("mcts:iterations=100000000", "at most 200000")])
def test_bot_specs_over_the_servers_caps_are_422(api: Api, spec: str, cap: str) -> None:
    response = api.client.post("/api/games", json=_body(seats=[{"kind": "human"},
                                                               {"kind": "bot", "agent": spec}]))
    assert response.status_code == 422 and cap in response.json()["detail"], response.text
    assert _games(api) == []


def test_creating_games_too_fast_is_429_with_retry_after(make_api: Callable[..., Api]) -> None:
    limits = ServerLimits(create_rate=Rate(per_second=0.01, burst=3))
    api = make_api(limits=limits)
    codes = [api.client.post("/api/games", json=_body()).status_code for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]
    response = api.client.post("/api/games", json=_body())
    assert int(response.headers["retry-after"]) >= 1 and "too many requests" in response.json()["detail"]
    assert len(_games(api)) == 3


def test_acting_too_fast_is_429_and_changes_nothing(make_api: Callable[..., Api]) -> None:
    api = make_api(limits=ServerLimits(action_rate=Rate(per_second=0.01, burst=2)))
    created = api.create(TWO_HUMANS)
    game_id, ana = created["game_id"], created["seats"][0]["token"]
    view = api.view(game_id, ana)
    assert api.act(game_id, ana, view["state_id"], "fly away").status_code == 422  # spends a token
    view = api.act(game_id, ana, view["state_id"], view["prompt"]["options"][0]["text"]).json()
    response = api.act(game_id, ana, view["state_id"], view["prompt"]["options"][0]["text"])
    assert response.status_code == 429
    assert api.view(game_id, ana) == view


def test_sockets_are_capped_per_game_and_per_client(make_api: Callable[..., Api]) -> None:
    api = make_api(limits=ServerLimits(rate_limits=False, sockets_per_game=2, sockets_per_client=3))
    first, second = (api.create(TWO_HUMANS)["game_id"] for _ in range(2))
    with api.client.websocket_connect(f"/ws/games/{first}") as a, \
            api.client.websocket_connect(f"/ws/games/{first}") as b:
        a.receive_json(), b.receive_json()
        with api.client.websocket_connect(f"/ws/games/{first}") as c, \
                pytest.raises(WebSocketDisconnect) as closed:
            c.receive_json()
        assert closed.value.code == 4429
        with api.client.websocket_connect(f"/ws/games/{second}") as d:
            assert d.receive_json()["type"] == "view"
            with api.client.websocket_connect(f"/ws/games/{second}") as e, \
                    pytest.raises(WebSocketDisconnect) as closed:
                e.receive_json()
            assert closed.value.code == 4429  # the client's fourth socket
    with api.client.websocket_connect(f"/ws/games/{first}") as again:  # closed ones are counted out
        assert again.receive_json()["type"] == "view"


def test_seat_links_never_come_from_the_host_header(make_api: Callable[..., Api]) -> None:
    api = make_api()
    response = api.client.post("/api/games", json=_body(), headers={"host": "evil.example"})
    created = response.json()
    assert "evil" not in response.text
    assert created["seats"][0]["url"].startswith(f"/games/{created['game_id']}?token=")
    assert created["spectator_url"] == f"/games/{created['game_id']}"
    public = make_api(public_url="https://games.example.org/")
    created = public.client.post("/api/games", json=_body(), headers={"host": "evil.example"}).json()
    assert created["seats"][1]["url"].startswith(f"https://games.example.org/games/{created['game_id']}?")


def test_an_all_bot_game_is_created_at_once_and_plays_in_the_background(api: Api) -> None:
    started = time.monotonic()
    response = api.client.post("/api/games", json={
        "game": "carcassonne", "options": {"bag": SMALL_BAG * 3},
        "seats": [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "greedy"}]})
    assert response.status_code == 201 and time.monotonic() - started < 2.0
    game_id = response.json()["game_id"]
    assert not api.view(game_id)["terminal"]
    deadline = time.monotonic() + 60
    while not api.view(game_id)["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    assert api.client.get(f"/api/games/{game_id}/record").status_code == 200


def test_idle_games_leave_memory_and_come_back_unchanged(api: Api) -> None:
    hub: Hub = api.client.app.state.hub  # type: ignore[attr-defined]
    created = api.create(HUMAN_VS_RANDOM)
    game_id, ana = created["game_id"], created["seats"][0]["token"]
    before = api.view(game_id, ana)
    assert hub.sweep(now=time.monotonic() + 60) == 0  # not idle for long enough
    assert hub.sweep(now=time.monotonic() + 16 * 60) == 1 and hub.live_games() == 0
    assert api.view(game_id, ana) == before and hub.live_games() == 1
    final = api.play_first_options(game_id, [ana])
    assert final["terminal"]
    assert hub.sweep(now=time.monotonic() + 61) == 1  # a finished game leaves after a minute


def test_the_least_recently_used_games_leave_when_too_many_are_held(make_api: Callable[..., Api]) -> None:
    api = make_api(limits=ServerLimits(rate_limits=False, max_live_games=3))
    hub: Hub = api.client.app.state.hub  # type: ignore[attr-defined]
    ids = [api.create(TWO_HUMANS)["game_id"] for _ in range(5)]
    api.view(ids[0])  # used again: kept
    assert hub.sweep() == 2 and hub.live_games() == 3
    assert set(hub._games) == {ids[0], ids[3], ids[4]}


def test_the_deal_follows_a_clients_seed_only_with_at_most_one_human(api: Api) -> None:
    def draws(seats: list[dict[str, Any]]) -> tuple[list[str], Any]:
        created = api.create(seats, seed=11)
        game_id = created["game_id"]
        tokens = [s["token"] for s in created["seats"] if s["token"]]
        for _ in range(6):
            views = [api.view(game_id, t) for t in tokens]
            token, view = next((t, v) for t, v in zip(tokens, views, strict=True) if v["prompt"])
            response = api.act(game_id, token, view["state_id"], view["prompt"]["options"][0]["text"])
            assert response.status_code == 200
        view = api.view(game_id, tokens[0])
        return [e["action"] for e in view["log"] if e["seat"] is None], view["seed"]

    solo = [draws(HUMAN_VS_RANDOM) for _ in range(2)]
    assert solo[0] == solo[1] and solo[0][1] == 11  # reproducible, and the seed is shown
    shared = [draws(TWO_HUMANS) for _ in range(3)]
    assert all(seed is None for _, seed in shared)  # the server dealt
    assert len({tuple(d) for d, _ in shared}) > 1  # from its secret: the seed did not fix the deal


def test_each_seats_view_is_built_once_per_change_however_many_watch(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ludoteca.server.live import LiveGame, Subscriber

    hub: Hub = api.client.app.state.hub  # type: ignore[attr-defined]
    created = api.create(TWO_HUMANS)
    live = hub._games[created["game_id"]]
    watchers = [Subscriber(None) for _ in range(200)] + [Subscriber(1) for _ in range(5)]
    live.subscribers.update(watchers)
    built: list[int | None] = []
    real = LiveGame.view
    monkeypatch.setattr(LiveGame, "view", lambda self, seat: built.append(seat) or real(self, seat))
    ana = created["seats"][0]["token"]
    view = api.view(created["game_id"], ana)
    built.clear()
    response = api.act(created["game_id"], ana, view["state_id"], view["prompt"]["options"][0]["text"])
    assert response.status_code == 200
    assert sorted(built, key=str) == sorted([None, 0, 1], key=str)  # spectators, the other seat, the reply
    assert all(w.queue.qsize() == 1 for w in watchers)
    assert watchers[0].queue.get_nowait() is watchers[1].queue.get_nowait()  # one shared text
