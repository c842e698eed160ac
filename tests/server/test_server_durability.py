"""Kill -9 durability: every action the server acknowledged survives a SIGKILL of the server.

A real `ludoteca serve` subprocess (`subprocess_server.py`) runs on a SQLite file in
`tmp_path`. A few concurrent clients play Carcassonne on a 12-tile bag (their human seat
against the `random` bot, random prompt options, no think time), starting a new game
when one ends, and record every action answered 200: game, position (the `state_id` it
was sent with), text, and the `state_id` of the answer (after the bot and the draws).
At a seeded random moment the server is SIGKILLed, restarted on the same file, and every
acknowledged action is checked through the HTTP API: the seat's view is at that
`state_id` or later, and the seat's log (which shows its own actions in full) has that
action at that position (or, once the game is over, its record does). The clients then
go on with their games, and the kill is repeated (`KILLS`; the soak variant 40 times).

Bounded: only 127.0.0.1 is contacted, each round plays at most `PLAY_LIMIT` s and the
test at most `time_limit(kills)` s (60 s for 5 kills; it takes about 25 s). Run it with

    PYTHONPATH=$PWD/src .venv/bin/pytest tests/server/test_server_durability.py -q
    PYTHONPATH=$PWD/src .venv/bin/pytest tests/server/test_server_durability.py -q -m soak
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest
from server_helpers import SMALL_BAG
from subprocess_server import ServerProcess, default_server_args, game_body, new_game, random_option

SEED = 20261201
CLIENTS = 4
KILLS = 5
PLAY_LIMIT = 3.0  # s of play per round at most (the kill comes within KILL_WITHIN)
KILL_WITHIN = (0.2, 1.5)  # s after the clients start


def time_limit(kills: int) -> float:
    """Seconds the test may take (a guard against a hang, not a speed test). A round (start-up,
    play, kill, checks) takes 3-6 s: 5 kills take about 25 s on an idle machine, 35 s on a
    busy one and over 60 s at a load average of 11 (server start-ups slow down most)."""
    return 30.0 + 14.0 * kills


@dataclass
class Ack:
    """One action the server answered 200."""

    index: int  # the state_id it was sent with: its position in the log
    action: str
    state_after: int


@dataclass
class Game:
    game_id: str
    token: str
    seat: int
    view: dict[str, Any]
    acks: list[Ack] = field(default_factory=list)


class Clients:
    """The players of the whole test: their games and every acknowledged action."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.games: list[Game] = []
        self.current: dict[int, Game] = {}  # client -> game it is playing
        self.acked = 0

    async def play(self, client: httpx2.AsyncClient, url: str, cid: int, until: float) -> None:
        """Play (new games as they end) until `until` or until the server goes away."""
        rng = random.Random(self.rng.random())
        try:
            while time.monotonic() < until:
                game = self.current.get(cid)
                if game is None or game.view["terminal"]:
                    game = await self.create(client, url, cid)
                    if game is None:
                        continue
                await self.step(client, url, game, rng)
        except httpx2.TransportError:
            return  # killed: what was acknowledged so far is checked after the restart

    async def create(self, client: httpx2.AsyncClient, url: str, cid: int) -> Game | None:
        body = game_body(f"durable {cid}", "random", {"bag": SMALL_BAG}, seed=self.rng.randrange(2**62))
        got = await new_game(client, url, body)
        if isinstance(got, httpx2.Response):
            assert got.status_code == 429, f"{got.request.method} {got.request.url}: {got.text}"
            await asyncio.sleep(0.2)
            return None
        game = Game(got[0], got[1], int(got[2]["seat"]), got[2])
        self.games.append(game)
        self.current[cid] = game
        return game

    async def step(self, client: httpx2.AsyncClient, url: str, game: Game, rng: random.Random) -> None:
        """One action of `game`'s human seat (or a fresh view if it is not prompted)."""
        text = random_option(game.view, rng)
        if text is not None:
            index = int(game.view["state_id"])
            response = await client.post(f"{url}/api/games/{game.game_id}/actions", json={
                "token": game.token, "state_id": index, "action": text})
            if response.status_code == 200:
                game.view = response.json()
                game.acks.append(Ack(index, text, int(game.view["state_id"])))
                self.acked += 1
                return
            if response.status_code == 429:
                await asyncio.sleep(0.2)
                return
            # 409: an action whose answer the kill swallowed may have been applied; look again
            assert response.status_code == 409, f"{game.game_id}: {response.status_code} {response.text}"
        game.view = await fetch_view(client, url, game)

    async def round(self, server: ServerProcess, kill_after: float) -> None:
        """Play with every client until the server is SIGKILLed `kill_after` s from now."""
        limits = httpx2.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
        async with httpx2.AsyncClient(timeout=10.0, limits=limits, trust_env=False) as client:
            for game in self.current.values():  # the answer to the last action may have been lost
                game.view = await fetch_view(client, server.base_url, game)
            until = time.monotonic() + PLAY_LIMIT
            acked = self.acked
            players = [asyncio.create_task(self.play(client, server.base_url, cid, until))
                       for cid in range(CLIENTS)]
            started = time.monotonic()  # the kill comes `kill_after` s after play got going
            while self.acked == acked and time.monotonic() - started < 20:  # the bots' start-up
                await asyncio.sleep(0.02)
            await asyncio.sleep(kill_after)
            server.kill()
            await asyncio.wait_for(asyncio.gather(*players), 15.0)


async def fetch_view(client: httpx2.AsyncClient, url: str, game: Game) -> dict[str, Any]:
    response = await client.get(f"{url}/api/games/{game.game_id}/view", params={"token": game.token})
    assert response.status_code == 200, f"game {game.game_id}: {response.status_code} {response.text}"
    return dict(response.json())


async def check_acknowledged(url: str, games: list[Game]) -> int:
    """Assert every acknowledged action of `games` is on the server at its position."""
    checked = 0
    async with httpx2.AsyncClient(timeout=10.0, trust_env=False) as client:
        for game in games:
            view = await fetch_view(client, url, game)
            where = f"game {game.game_id}"
            if game.acks:
                last = game.acks[-1].state_after
                assert view["state_id"] >= last, f"{where}: at state_id {view['state_id']}, acked {last}"
            log = {entry["index"]: entry for entry in view["log"]}
            actions: list[str] | None = None
            for ack in game.acks:
                entry = log.get(ack.index)
                if entry is not None:
                    assert (entry["seat"], entry["action"]) == (game.seat, ack.action), \
                        f"{where}: log[{ack.index}] is {entry}, acked {ack.action!r}"
                else:
                    if actions is None:
                        assert view["terminal"], f"{where}: action {ack.index} out of the log's window"
                        response = await client.get(f"{url}/api/games/{game.game_id}/record")
                        assert response.status_code == 200, response.text
                        actions = response.json()["actions"]
                    assert actions[ack.index] == ack.action, \
                        f"{where}: record action {ack.index} is {actions[ack.index]!r}, acked {ack.action!r}"
                checked += 1
    return checked


@pytest.mark.parametrize("kills", [KILLS, pytest.param(40, marks=pytest.mark.soak)])
def test_acknowledged_actions_survive_kill_9(tmp_path: Path, kills: int) -> None:
    kill_rng = random.Random(SEED)  # the kill times, apart from the games' draws
    deadline = time.monotonic() + time_limit(kills)
    db_url = f"sqlite:///{tmp_path / 'durable.db'}"
    server = ServerProcess(db_url, default_server_args(), tmp_path / "server.log")
    clients = Clients(random.Random(SEED + 1))
    try:
        for kill in range(kills + 1):
            server.start()
            server.wait_ready(max(1.0, deadline - time.monotonic()))
            checked = asyncio.run(check_acknowledged(server.base_url, clients.games))
            assert checked == clients.acked
            if kill == kills:
                break
            asyncio.run(clients.round(server, kill_rng.uniform(*KILL_WITHIN)))
            assert time.monotonic() < deadline, f"over {time_limit(kills):.0f} s after {kill} kills"
    except BaseException:
        print(f"server log (tail):\n{server.log_tail(40)}")
        raise
    finally:
        server.stop()
    finished = sum(bool(g.view["terminal"]) for g in clients.games)
    print(f"\ndurability: {kills} kills, {clients.acked} acknowledged actions in {len(clients.games)} "
          f"games ({finished} finished), all found after each restart")
    assert clients.acked >= 10 * kills, "too few actions between kills to test anything"
