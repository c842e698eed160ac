"""Load: 50 games at once, played through the HTTP API of a real server on loopback.

A real uvicorn server runs in a thread on a free port of 127.0.0.1 (a SQLite file in a
temporary directory). 50 clients, concurrently (httpx2, asyncio), each create a
Carcassonne game on a 12-tile bag with one human seat against the `random` bot and play
the human seat with the first prompt option through `POST /api/games/{id}/actions` until
the game ends. Every action's latency is measured at the client: the time for the server
to check, store and apply it and to move the bot and the draws up to the next decision.
All games must end without a single error, and each record must replay to its scores.

Bounded: at most `MAX_ACTIONS` actions per game and `TIME_LIMIT` seconds in all, and
only 127.0.0.1 is ever contacted. The numbers (p50/p99 latency, actions per second) are
printed; see them with

    .venv/bin/pytest tests/server/test_server_load.py -s -q

`LUDOTECA_LOAD_GAMES` changes the number of games and `LUDOTECA_LOAD_DB_URL` the
database (e.g. the PostgreSQL URL from `source .ci/postgres.sh`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import uvicorn
from server_helpers import SMALL_BAG

from ludoteca.core.record import replay
from ludoteca.server import ServerLimits, create_app

GAMES = int(os.environ.get("LUDOTECA_LOAD_GAMES", "50"))
MAX_ACTIONS = 200  # per game; a 12-tile game needs about 12 human actions
TIME_LIMIT = 60.0  # seconds for all the games together


@contextlib.contextmanager
def running_server(db_url: str) -> Iterator[str]:
    """A real uvicorn server on a free 127.0.0.1 port, in a thread; yields its base URL."""
    # IPPROTO_TCP given explicitly: asyncio sets TCP_NODELAY on accepted connections only for a
    # listening socket whose proto says TCP; with proto 0 every response would wait ~40 ms for
    # a delayed ACK (Nagle), which measures the kernel, not the server
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(db_url, limits=ServerLimits(rate_limits=False))
    config = uvicorn.Config(app, log_level="warning", access_log=False,
                            lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="load-server",
                              daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert thread.is_alive(), "the server stopped while starting"
            assert time.monotonic() < deadline, "the server did not start within 20 s"
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()
    assert not thread.is_alive(), "the server did not stop"


async def _play_one(client: httpx2.AsyncClient, seed: int, latencies: list[float]) -> dict[str, Any]:
    """Create one game against `random` and play it to the end with the first options."""
    body = {"game": "carcassonne", "options": {"bag": SMALL_BAG},
            "seats": [{"kind": "human", "name": f"load {seed}"}, {"kind": "bot", "agent": "random"}],
            "seed": seed}
    response = await client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    game_id, token = created["game_id"], created["seats"][0]["token"]
    response = await client.get(f"/api/games/{game_id}/view", params={"token": token})
    assert response.status_code == 200, response.text
    view = response.json()
    for _ in range(MAX_ACTIONS):
        if view["terminal"]:
            break
        action = view["prompt"]["options"][0]["text"]
        start = time.perf_counter()
        response = await client.post(f"/api/games/{game_id}/actions",
                                     json={"token": token, "state_id": view["state_id"], "action": action})
        latencies.append(time.perf_counter() - start)
        assert response.status_code == 200, f"game {game_id}: {response.status_code} {response.text}"
        view = response.json()
    assert view["terminal"], f"game {game_id} did not end within {MAX_ACTIONS} actions"
    response = await client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200, response.text
    assert replay(response.json()).scores() == view["scores"]
    return view


async def _play_all(base_url: str, games: int) -> tuple[list[dict[str, Any]], list[float], float]:
    latencies: list[float] = []
    limits = httpx2.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx2.AsyncClient(base_url=base_url, timeout=30.0, limits=limits) as client:
        start = time.perf_counter()
        finals = await asyncio.wait_for(
            asyncio.gather(*(_play_one(client, seed, latencies) for seed in range(games))), TIME_LIMIT)
        elapsed = time.perf_counter() - start
        response = await client.get("/api/games", params={"status": "finished", "limit": 1000})
        assert response.status_code == 200
        finished = {g["game_id"] for g in response.json()["games"]}
    assert {f["game_id"] for f in finals} <= finished
    return finals, latencies, elapsed


def test_fifty_concurrent_games_through_the_http_api(tmp_path: Path) -> None:
    db_url = os.environ.get("LUDOTECA_LOAD_DB_URL") or f"sqlite:///{tmp_path / 'load.db'}"
    with running_server(db_url) as base_url:
        finals, latencies, elapsed = asyncio.run(_play_all(base_url, GAMES))

    assert len(finals) == GAMES and all(f["terminal"] for f in finals)
    assert len({f["game_id"] for f in finals}) == GAMES
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    p50, p99 = statistics.median(latencies), cuts[98]
    print(f"\nload: {GAMES} concurrent games (carcassonne, 12-tile bag, human vs random) on "
          f"{db_url.split(':', 1)[0]}: {len(latencies)} actions in {elapsed:.2f} s "
          f"({len(latencies) / elapsed:.0f} actions/s); action latency p50 {p50 * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")
    assert elapsed < TIME_LIMIT
