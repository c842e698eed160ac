"""Load benchmark of the game server: N simulated players against real `ludoteca serve` processes.

What it measures: the throughput and latency of `POST /api/games/{id}/actions` as a player
sees it. It starts its own server(s) (`tests/server/subprocess_server.py`) on free ports of
127.0.0.1 (by default on a SQLite file in a temporary directory), then `--clients` players
each create a Carcassonne game (their human seat against the `--bot`, no seed) and play it
with random prompt options, thinking `--think` s on average (uniform in [0.5, 1.5] x mean;
0 = none) between actions (the first actions spread over one think time), and start a new
game when one ends. After `--warmup` s (not measured) it measures for `--duration` s:
human actions/s (each action's latency includes the server moving the draws and the bot
up to the next human decision), p50/p90/p99/max latency, errors by call and status (429
counted apart as rate limited), games created and finished, and the CPU seconds of the
client process(es) and servers over the window, so a reader can tell whether the client
was the bottleneck (client CPU/elapsed near 1.0, or an event loop that wakes up late,
which adds to every latency: use `--client-processes`). CPU ms per
action (client and server) is the figure least disturbed by other work on the machine.

Servers: `--processes K` starts K servers on one `--db` and spreads the players over them
round-robin (PostgreSQL only: the server refuses a second process on a SQLite file).
Each gets `DEFAULT_SERVER_ARGS` (today `--no-rate-limit`, passed only if `serve --help`
offers it; `--no-default-server-args` drops them) plus every `--server-arg`.
`--client-processes M` splits the players over M processes.

Client: one asyncio process, each player with its own httpx2 client and keep-alive
connection. `--shared-pool` gives them one pool of `--clients` connections instead, but
httpcore scans every pooled connection (a poll() each) on every request: at 200 players
that doubled the client's CPU per action (2.6 vs 1.3 ms) and made its event loop wake up
to 300 ms late (20 ms with a client per player).

Bounded: only 127.0.0.1 is contacted, a watchdog ends everything after
warmup + duration + 60 s, and the servers are always stopped (SIGTERM, then SIGKILL), also
on Ctrl-C or an error. Run it as

    PYTHONPATH=$PWD/src .venv/bin/python scripts/server_load.py --clients 5 --duration 3 --warmup 1
    PYTHONPATH=$PWD/src .venv/bin/python scripts/server_load.py --clients 50 --think 0 --json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))
from subprocess_server import (
    DEFAULT_SERVER_ARGS,
    ServerProcess,
    default_server_args,
    game_body,
    new_game,
    random_option,
    running_servers,
)

PASSWORD = re.compile(r"(://[^:/@\s]+:)[^@\s]+@")  # in a database URL: shown as ***
GRACE = 10.0  # s for requests still in flight when the window ends
LEAD = 2.0  # s between starting the client processes and the warm-up


@dataclass
class Plan:
    """What every client process needs: the servers, the players and the clock (wall time)."""

    urls: list[str]
    clients: list[int]
    bot: str
    think: float
    timeout: float
    start: float  # wall time the warm-up starts
    warmup: float
    duration: float
    seed: int | None
    shared_pool: bool


@dataclass
class Tally:
    """One client process's raw figures over the measured window."""

    latencies: list[float] = field(default_factory=list)  # s, human actions answered 200
    errors: Counter[str] = field(default_factory=Counter)  # "action 409", "create 503", "transport ..."
    rate_limited: int = 0
    games_created: int = 0
    games_finished: int = 0
    games_created_total: int = 0  # also in the warm-up and the grace after the window
    games_finished_total: int = 0
    cpu: float = 0.0  # this process's CPU s over the window
    late: float = 0.0  # s this process was ready after the planned start (> 0: LEAD too short)
    elapsed: float = 0.0  # wall s of the window
    loop_lags: list[float] = field(default_factory=list)  # s the event loop woke late (every 50 ms)


class Player:
    """One simulated human: creates games and plays them with random options until the end."""

    def __init__(self, plan: Plan, cid: int, client: httpx2.AsyncClient, tally: Tally) -> None:
        self.plan, self.cid, self.client, self.tally = plan, cid, client, tally
        self.url = plan.urls[cid % len(plan.urls)]
        self.rng = random.Random(None if plan.seed is None else f"{plan.seed}:{cid}")
        self.measure_from = plan.start + plan.warmup
        self.end = self.measure_from + plan.duration

    def measuring(self) -> bool:
        return self.measure_from <= time.time() <= self.end

    def error(self, what: str, status: int | None = None) -> None:
        """Count a failed call in the window: 429 as rate limited, else by call and status."""
        if not self.measuring():
            return
        if status == 429:
            self.tally.rate_limited += 1
        else:
            self.tally.errors[what if status is None else f"{what} {status}"] += 1

    async def pause(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, min(seconds, self.end - time.time())))

    async def run(self) -> None:
        await asyncio.sleep(max(0.0, self.plan.start - time.time()))
        await self.pause(self.rng.uniform(0, self.plan.think))  # spread the first requests
        while time.time() < self.end:
            try:
                await self.play_one()
            except httpx2.TransportError as exc:
                self.error(f"transport {type(exc).__name__}")
                await self.pause(0.5)
            except (ValueError, KeyError, TypeError) as exc:  # a malformed answer: shown, not hidden
                self.error(f"client {type(exc).__name__}")
                await self.pause(0.5)

    async def play_one(self) -> None:
        body = game_body(f"load {self.cid}", self.plan.bot)
        got = await new_game(self.client, self.url, body)
        if isinstance(got, httpx2.Response):
            self.error("create" if got.request.method == "POST" else "view", got.status_code)
            await self.pause(0.5)
            return
        game_id, token, view = got
        self.tally.games_created_total += 1
        self.tally.games_created += self.measuring()
        while time.time() < self.end and not view["terminal"]:
            text = random_option(view, self.rng)
            if text is None:  # not prompted (should not happen after a 200): look again
                view = await self.view(game_id, token)
                if view is None:
                    return
                continue
            if self.plan.think > 0:
                await self.pause(self.rng.uniform(0.5, 1.5) * self.plan.think)
                if time.time() >= self.end:
                    return
            sent = time.perf_counter()
            response = await self.client.post(f"{self.url}/api/games/{game_id}/actions", json={
                "token": token, "state_id": view["state_id"], "action": text})
            latency = time.perf_counter() - sent
            if response.status_code == 200:
                view = response.json()
                self.tally.games_finished_total += bool(view["terminal"])
                if self.measuring():
                    self.tally.latencies.append(latency)
                    self.tally.games_finished += bool(view["terminal"])
            elif response.status_code == 429:
                self.error("action", 429)
                await self.pause(0.5)
            else:
                self.error("action", response.status_code)
                view = await self.view(game_id, token)
                if view is None:
                    return

    async def view(self, game_id: str, token: str) -> dict[str, Any] | None:
        response = await self.client.get(f"{self.url}/api/games/{game_id}/view", params={"token": token})
        if response.status_code != 200:
            self.error("view", response.status_code)
            return None
        return dict(response.json())


async def _watch_loop(tally: Tally, since: float, until: float, every: float = 0.05) -> None:
    """Record how late the event loop wakes up: the client's own share of each latency."""
    while time.time() < until:
        asked = time.perf_counter()
        await asyncio.sleep(every)
        if time.time() >= since:
            tally.loop_lags.append(time.perf_counter() - asked - every)


async def _play(plan: Plan) -> Tally:
    tally = Tally(late=time.time() - plan.start)
    async with contextlib.AsyncExitStack() as stack:
        def pool(size: int) -> httpx2.AsyncClient:
            limits = httpx2.Limits(max_connections=size, max_keepalive_connections=size)
            return httpx2.AsyncClient(timeout=plan.timeout, limits=limits, trust_env=False, verify=False)

        if plan.shared_pool:  # one pool of len(clients) connections
            shared = await stack.enter_async_context(pool(len(plan.clients)))
            clients = [shared] * len(plan.clients)
        else:  # a connection per player, as each browser has its own
            clients = [await stack.enter_async_context(pool(1)) for _ in plan.clients]
        players = [asyncio.create_task(Player(plan, cid, client, tally).run())
                   for cid, client in zip(plan.clients, clients, strict=True)]
        measure_from = plan.start + plan.warmup
        players.append(asyncio.create_task(_watch_loop(tally, measure_from, measure_from + plan.duration)))
        await asyncio.sleep(max(0.0, measure_from - time.time()))
        cpu, wall = time.process_time(), time.time()
        await asyncio.sleep(max(0.0, measure_from + plan.duration - time.time()))
        tally.cpu, tally.elapsed = time.process_time() - cpu, time.time() - wall
        _done, late = await asyncio.wait(players, timeout=GRACE)
        for task in late:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
    return tally


def run_clients(plan: Plan) -> Tally:
    """The players of `plan` in this process (the entry point of each client process)."""
    return asyncio.run(_play(plan))


def measure(args: argparse.Namespace, servers: list[ServerProcess]) -> dict[str, Any]:
    """Run the players over `servers` and return the figures of the measured window."""
    procs = max(1, min(args.client_processes, args.clients))
    start = time.time() + (LEAD if procs > 1 else 0.2)
    plans = [Plan([s.base_url for s in servers], list(range(j, args.clients, procs)), args.bot, args.think,
                  args.timeout, start, args.warmup, args.duration, args.seed, args.shared_pool)
             for j in range(procs)]
    server_cpu: list[float | None] = []

    def sample_servers() -> None:  # the servers' CPU over the window, from a thread
        time.sleep(max(0.0, start + args.warmup - time.time()))
        before = [s.cpu_seconds() for s in servers]
        time.sleep(max(0.0, start + args.warmup + args.duration - time.time()))
        after = [s.cpu_seconds() for s in servers]
        server_cpu.extend(None if a is None or b is None else a - b
                          for a, b in zip(after, before, strict=True))

    sampler = threading.Thread(target=sample_servers, daemon=True)
    sampler.start()
    if procs == 1:
        tallies = [run_clients(plans[0])]
    else:
        with ProcessPoolExecutor(procs, mp_context=multiprocessing.get_context("spawn")) as pool:
            tallies = list(pool.map(run_clients, plans))
    sampler.join(5)
    return summarize(args, tallies, server_cpu)


def percentile(ordered: list[float], q: float) -> float | None:
    """The nearest-rank q-quantile (0 < q <= 1) of sorted values, None if empty."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)] if ordered else None


def summarize(args: argparse.Namespace, tallies: list[Tally],
              server_cpu: list[float | None]) -> dict[str, Any]:
    latencies = sorted(x for t in tallies for x in t.latencies)
    errors: Counter[str] = Counter()
    for t in tallies:
        errors.update(t.errors)

    def ms(x: float | None) -> float | None:
        return None if x is None else round(x * 1000, 2)

    return {
        "actions": len(latencies),
        "actions_per_s": round(len(latencies) / args.duration, 2),
        "latency_ms": {**{f"p{round(q * 100)}": ms(percentile(latencies, q)) for q in (0.5, 0.9, 0.99)},
                       "max": ms(latencies[-1] if latencies else None)},
        "errors": dict(sorted(errors.items())),
        **{k: sum(getattr(t, k) for t in tallies) for k in (
           "rate_limited", "games_created", "games_finished", "games_created_total", "games_finished_total")},
        "client_processes": [{"cpu_s": round(t.cpu, 2), "elapsed_s": round(t.elapsed, 2),
                              "late_s": round(max(0.0, t.late), 2),
                              "loop_lag_ms": {"p99": ms(percentile(sorted(t.loop_lags), 0.99)),
                                              "max": ms(max(t.loop_lags, default=None))},
                              "cpu_per_elapsed": round(t.cpu / t.elapsed, 3) if t.elapsed else None}
                             for t in tallies],
        "client_cpu_ms_per_action": round(1000 * sum(t.cpu for t in tallies) / len(latencies), 3)
                                    if latencies else None,
        "server_cpu_s": [None if c is None else round(c, 2) for c in server_cpu],
        "server_cpu_ms_per_action": round(1000 * sum(c or 0.0 for c in server_cpu) / len(latencies), 3)
                                    if latencies and None not in server_cpu else None,
        "latencies_ms": [ms(x) for x in latencies],
    }


def print_table(result: dict[str, Any]) -> None:
    lat = result["latency_ms"]
    rows = [
        ("server command", result["server_command"]),
        ("setup", f"{result['clients']} clients, think {result['think']} s, bot {result['bot']}, "
                  f"{result['processes']} server(s), {len(result['client_processes'])} client process(es)"),
        ("window", f"{result['duration']} s after {result['warmup']} s warm-up"),
        ("actions/s", f"{result['actions_per_s']}  ({result['actions']} human actions)"),
        ("latency ms", "  ".join(f"{k} {v}" for k, v in lat.items())),
        ("errors", ", ".join(f"{k}: {v}" for k, v in result["errors"].items()) or "none"),
        ("rate limited (429)", result["rate_limited"]),
        ("games (window)", f"{result['games_created']} created, {result['games_finished']} finished"),
        ("games (whole run)", f"{result['games_created_total']} created, "
                              f"{result['games_finished_total']} finished"),
        ("client CPU/elapsed", ", ".join(f"{c['cpu_s']}/{c['elapsed_s']} s = {c['cpu_per_elapsed']}"
                                         + f" (event loop late p99 {c['loop_lag_ms']['p99']} ms, max "
                                           f"{c['loop_lag_ms']['max']} ms)"
                                         + (f" (started {c['late_s']} s late)" if c["late_s"] else "")
                                         for c in result["client_processes"])
                               + f"; {result['client_cpu_ms_per_action']} ms CPU per action"),
        ("server CPU s", ", ".join(str(c) for c in result["server_cpu_s"])
                         + f"; {result['server_cpu_ms_per_action']} ms CPU per action"),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    class Formatter(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
        pass

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=Formatter)
    add = parser.add_argument
    add("--clients", type=int, default=200, help="concurrent simulated players")
    add("--duration", type=float, default=30.0, help="measured seconds")
    add("--warmup", type=float, default=5.0, help="seconds played before measuring")
    add("--think", type=float, default=1.0, help="mean think time (s) between a player's actions; 0 = none")
    add("--bot", default="random", help="agent spec of the bot seat")
    add("--processes", type=int, default=1, help="server processes on the same --db (PostgreSQL)")
    add("--client-processes", type=int, default=1, help="processes the players are split over")
    add("--db", default=None, help="database URL (default: a SQLite file in a temporary directory)")
    add("--server-arg", action="append", default=[], metavar="ARG",
        help="extra argument of `serve` (repeatable, always passed), after the defaults "
             f"{list(DEFAULT_SERVER_ARGS)} (each of those passed only if `serve --help` lists it)")
    add("--no-default-server-args", action="store_true", help="do not pass the default server arguments")
    add("--shared-pool", action="store_true",
        help="one httpx2 pool of --clients connections per client process instead of one client "
             "per player (httpcore scans every pooled connection on each request: slow with many)")
    add("--timeout", type=float, default=30.0, help="seconds per HTTP request")
    add("--seed", type=int, default=None, help="seed of the players' choices (the games are unseeded)")
    add("--json", action="store_true", help="print one JSON object (with the raw latencies)")
    args = parser.parse_args(argv)
    if min(args.clients, args.processes, args.client_processes) < 1 or args.duration <= 0:
        parser.error("--clients, --processes, --client-processes must be >= 1 and --duration > 0")
    if args.warmup < 0 or args.think < 0:
        parser.error("--warmup and --think must be >= 0")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    budget = args.warmup + args.duration + 60
    servers: list[ServerProcess] = []

    def watchdog() -> None:  # the hard bound: stop everything, whatever is stuck
        print(f"server_load: over the {budget:.0f} s budget; stopping", file=sys.stderr, flush=True)
        for server in servers:
            server.kill()
        os._exit(3)

    timer = threading.Timer(budget, watchdog)
    timer.daemon = True
    timer.start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so the `finally`s stop the servers
    try:
        extra = ([] if args.no_default_server_args else default_server_args()) + args.server_arg
        with tempfile.TemporaryDirectory(prefix="ludoteca-load-") as tmp:
            db_url = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
            with running_servers(args.processes, db_url, extra, Path(tmp), into=servers) as started:
                result = measure(args, started)
    except KeyboardInterrupt:
        print("server_load: interrupted; servers stopped", file=sys.stderr)
        return 130
    except (RuntimeError, TimeoutError, subprocess.CalledProcessError) as exc:  # a server did not start
        print(f"server_load: {exc}", file=sys.stderr)
        return 2
    finally:
        timer.cancel()
    shown = servers[0].command
    shown[shown.index("--port") + 1] = "PORT"
    result = {"command": PASSWORD.sub(r"\1***@", shlex.join([sys.executable, *sys.argv])),
              "server_command": PASSWORD.sub(r"\1***@", shlex.join(shown)),
              **{k: getattr(args, k) for k in ("clients", "duration", "warmup", "think", "bot",
                                                "processes", "shared_pool")}, **result}
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
