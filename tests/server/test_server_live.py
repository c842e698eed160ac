"""Live behaviour: WebSocket pushes, concurrent requests, and bots that are slow or broken."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from server_helpers import Api
from starlette.websockets import WebSocketDisconnect

from ludoteca.core.api import State
from ludoteca.server import hub as hub_module
from ludoteca.server import thread_bots

TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}]


def test_the_websocket_sends_each_seat_its_view_after_an_action(api: Api) -> None:
    created = api.create(TWO_HUMANS)
    game_id = created["game_id"]
    ana, bea = (s["token"] for s in created["seats"])
    with api.client.websocket_connect(f"/ws/games/{game_id}?token={bea}") as socket, \
            api.client.websocket_connect(f"/ws/games/{game_id}") as spectator:
        first = socket.receive_json()
        assert first["type"] == "view" and first["view"]["seat"] == 1
        assert first["view"]["prompt"] is None
        assert spectator.receive_json()["view"]["seat"] is None
        view = api.view(game_id, ana)
        assert first["view"]["state_id"] == view["state_id"]
        response = api.act(game_id, ana, view["state_id"], view["prompt"]["options"][0]["text"])
        assert response.status_code == 200
        pushed = socket.receive_json()
        assert pushed["view"]["state_id"] == view["state_id"] + 1
        assert pushed["view"]["seat"] == 1 and pushed["view"]["log"][-1]["seat"] == 0
        assert ana not in str(pushed) and bea not in str(pushed)
        assert spectator.receive_json()["view"]["state_id"] == view["state_id"] + 1


def test_the_websocket_refuses_unknown_games_and_wrong_tokens(api: Api) -> None:
    created = api.create(TWO_HUMANS)
    for url, code in ((f"/ws/games/{created['game_id']}?token=forged", 4403), ("/ws/games/nope", 4404)):
        with api.client.websocket_connect(url) as socket, pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == code


def test_concurrent_actions_on_one_game_are_serialised(api: Api) -> None:
    created = api.create(TWO_HUMANS)
    game_id, ana = created["game_id"], created["seats"][0]["token"]
    view = api.view(game_id, ana)
    options = [o["text"] for o in view["prompt"]["options"]][:8]
    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(lambda text: api.act(game_id, ana, view["state_id"], text).status_code,
                              options))
    assert sorted(codes) == [200] + [409] * (len(options) - 1)
    assert api.view(game_id, ana)["state_id"] == view["state_id"] + 1


class _SleepyAgent:
    name = "sleepy"

    def __init__(self, seconds: float, release: threading.Event) -> None:
        self.seconds, self.release = seconds, release

    def reset(self, seed: int | None = None) -> None:
        pass

    def step(self, state: State) -> int:
        self.release.wait(self.seconds)
        return state.legal_actions()[0]


def _patch_agents(monkeypatch: pytest.MonkeyPatch, factory: Callable[[str], Any]) -> None:
    """Agents named `test-...` come from `factory`; they run in threads (`bots="threads"`)."""
    real = hub_module.make_agent

    def make_agent(spec: str, seed: int | None = None, game: Any = None) -> Any:
        return factory(spec) if spec.startswith("test-") else real(spec, seed, game)

    monkeypatch.setattr(hub_module, "make_agent", make_agent)
    monkeypatch.setattr(thread_bots, "make_agent", make_agent)


def test_a_bot_over_its_time_budget_gets_a_random_move(
    make_api: Callable[..., Api], monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    _patch_agents(monkeypatch, lambda spec: _SleepyAgent(30, release))
    api = make_api(bot_time_budget=0.05, bots="threads")
    try:
        created = api.create([{"kind": "human"}, {"kind": "bot", "agent": "test-sleepy"}])
        final = api.play_first_options(created["game_id"], [created["seats"][0]["token"]])
        assert final["terminal"] and {e["seat"] for e in final["log"]} == {None, 0, 1}
    finally:
        release.set()


def test_a_broken_bot_gets_a_random_move(
    make_api: Callable[..., Api], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Broken:
        name = "broken"

        def reset(self, seed: int | None = None) -> None:
            pass

        def step(self, state: State) -> int:
            raise RuntimeError("bug")

    _patch_agents(monkeypatch, lambda spec: Broken())
    api = make_api(bots="threads")
    created = api.create([{"kind": "bot", "agent": "test-broken"}, {"kind": "human"}])
    final = api.play_first_options(created["game_id"], [created["seats"][1]["token"]])
    assert final["terminal"]


def test_a_slow_bot_does_not_stall_other_games(
    make_api: Callable[..., Api], monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    _patch_agents(monkeypatch, lambda spec: _SleepyAgent(5, release))
    api = make_api(bot_time_budget=10, bots="threads")
    slow = api.create([{"kind": "human"}, {"kind": "bot", "agent": "test-sleepy"}])
    other = api.create(TWO_HUMANS)
    slow_token = slow["seats"][0]["token"]
    slow_view = api.view(slow["game_id"], slow_token)
    assert slow_view["prompt"]["kind"] == "place"  # placing; the meeple decision ends the turn
    slow_view = api.act(slow["game_id"], slow_token, slow_view["state_id"],
                        slow_view["prompt"]["options"][0]["text"]).json()
    with ThreadPoolExecutor(1) as pool:
        pending = pool.submit(api.act, slow["game_id"], slow_token,
                              slow_view["state_id"], slow_view["prompt"]["options"][0]["text"])
        try:
            time.sleep(0.2)  # the bot of the slow game is now thinking
            started = time.monotonic()
            final = api.play_first_options(other["game_id"], [s["token"] for s in other["seats"]])
            assert final["terminal"] and time.monotonic() - started < 4
            assert not pending.done()
            # the slow game's view is still readable while its bot thinks; the request's
            # actions (the human's and the bot's reply) become visible together, when stored
            assert api.view(slow["game_id"])["state_id"] == slow_view["state_id"]
        finally:
            release.set()
        assert pending.result().status_code == 200


def test_a_runaway_bot_in_the_process_pool_is_stopped_at_its_deadline(
    make_api: Callable[..., Api],
) -> None:
    """The default runner: a bot still thinking at the deadline is killed and replaced, a
    random legal move is played for it, and the next bot move is answered again."""
    api = make_api(bots="processes", bot_time_budget=0.3, bot_workers=1)
    pool = api.client.app.state.hub.bots  # type: ignore[attr-defined]
    created = api.create([{"kind": "human"}, {"kind": "bot", "agent": "mcts:time=9"}])
    game_id, token = created["game_id"], created["seats"][0]["token"]
    view = api.view(game_id, token)
    started = time.monotonic()
    while sum(e["seat"] == 1 for e in view["log"]) < 4:  # two bot turns (place, then meeple)
        response = api.act(game_id, token, view["state_id"], view["prompt"]["options"][-1]["text"])
        assert response.status_code == 200, response.text
        view = response.json()
    assert time.monotonic() - started < 8  # four moves stopped at 0.3 s each, not 9 s
    stats = pool.stats()
    assert stats["killed"] >= 4 and stats["timeouts"] >= 4 and stats["workers"] == 1
