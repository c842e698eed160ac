"""Several server processes: refused on one SQLite file, cooperating on one PostgreSQL.

Real `ludoteca serve` subprocesses on 127.0.0.1 (`subprocess_server.py`). On PostgreSQL
(the throwaway cluster of `.ci/postgres.sh`, or one started here) two processes serve
the same games: either can serve any game, a move accepted by one reaches a WebSocket
client of the other within a fraction of a second (LISTEN/NOTIFY), and when both race
on one `state_id` exactly one wins.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
import websockets
from subprocess_server import LUDOTECA, ServerProcess, free_port, running_servers, server_env
from test_server_postgres import db_url, pg_server_url  # noqa: F401 (fixtures)

from ludoteca.server.store import Store

TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}]
ARGS = ["--no-rate-limit", "--bot-workers", "1"]


def test_a_second_process_on_one_sqlite_file_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    store = Store(url)  # this process serves the file
    try:
        done = subprocess.run([*LUDOTECA, "serve", "--port", str(free_port()), "--db", url],
                              env=server_env(), capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode != 0
        message = " ".join(done.stderr.split())
        assert "already used by another Ludoteca server process" in message, done.stderr
        assert "PostgreSQL" in message
    finally:
        store.dispose()
    again = Store(url)  # released: the file can be served again
    again.dispose()


@pytest.fixture
def two_servers(db_url: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:  # noqa: F811
    with running_servers(2, db_url, ARGS, tmp_path) as servers:
        yield servers


def _create(base: str) -> dict[str, Any]:
    response = httpx2.post(f"{base}/api/games", json={"game": "carcassonne", "options": {},
                                                      "seats": TWO_HUMANS}, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()


def _view(base: str, game_id: str, token: str) -> dict[str, Any]:
    response = httpx2.get(f"{base}/api/games/{game_id}/view", params={"token": token}, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_move_on_one_process_reaches_a_socket_on_the_other(two_servers: list[ServerProcess]) -> None:
    a, b = (s.base_url for s in two_servers)
    created = _create(a)
    game_id = created["game_id"]
    ana, bea = (s["token"] for s in created["seats"])

    async def follow() -> list[float]:
        delays = []
        ws_url = b.replace("http", "ws") + f"/ws/games/{game_id}?token={bea}"
        async with websockets.connect(ws_url) as socket, httpx2.AsyncClient(timeout=30) as client:
            seen = json.loads(await asyncio.wait_for(socket.recv(), 10))["view"]["state_id"]
            for move in range(8):
                base = (a, b)[move % 2]  # either process serves the game
                for token in (ana, bea):
                    view = (await client.get(f"{base}/api/games/{game_id}/view",
                                             params={"token": token})).json()
                    if view["prompt"]:
                        break
                response = await client.post(f"{base}/api/games/{game_id}/actions", json={
                    "token": token, "state_id": view["state_id"],
                    "action": view["prompt"]["options"][0]["text"]})
                assert response.status_code == 200, response.text
                accepted = time.perf_counter()
                wanted = response.json()["state_id"]
                while seen < wanted:  # the other process pushes what this one stored
                    seen = json.loads(await asyncio.wait_for(socket.recv(), 10))["view"]["state_id"]
                delays.append(time.perf_counter() - accepted)
        return delays

    delays = asyncio.run(follow())
    print(f"\nanother process's move reached the socket in median {statistics.median(delays) * 1000:.0f} ms, "
          f"max {max(delays) * 1000:.0f} ms")
    assert statistics.median(delays) < 0.2 and max(delays) < 2.0


def test_two_processes_racing_on_one_state_id_exactly_one_wins(two_servers: list[ServerProcess]) -> None:
    a, b = (s.base_url for s in two_servers)
    for _round in range(3):
        created = _create(a)
        game_id, ana = created["game_id"], created["seats"][0]["token"]
        view = _view(a, game_id, ana)
        assert _view(b, game_id, ana) == view  # both hold the game now
        options = [o["text"] for o in view["prompt"]["options"]]
        responses = asyncio.run(_race(game_id, ana, view["state_id"], [(a, options[0]), (b, options[-1])]))
        assert sorted(r.status_code for r in responses) == [200, 409], [r.text for r in responses]
        winner = next(r.json() for r in responses if r.status_code == 200)
        for base in (a, b):  # both processes agree on what was stored
            after = _view(base, game_id, ana)
            assert after["state_id"] == view["state_id"] + 1 and after["log"] == winner["log"]


async def _race(game_id: str, token: str, state_id: int,
                moves: list[tuple[str, str]]) -> list[httpx2.Response]:
    """Send each (server, action) at once for the same `state_id`."""
    async with httpx2.AsyncClient(timeout=30) as client:
        return list(await asyncio.gather(*(
            client.post(f"{base}/api/games/{game_id}/actions",
                        json={"token": token, "state_id": state_id, "action": action})
            for base, action in moves)))
