"""Bots that can really be stopped: a fixed pool of worker processes with a hard deadline per move.

A thread cannot be stopped, so a bot that overruns its budget in a thread pool (`mcts:time=100000`)
holds its worker until the server restarts. `BotPool` runs bots in processes and kills overrunners.

How the pool works
------------------
* `workers` processes start at construction from a `forkserver` (or `spawn`) context, never plain
  fork: the server has threads. The forkserver preloads this module, the agents and every game, so
  a replacement forks in milliseconds; it builds each game once, then says "ready" (not charged).
  As with any forkserver/spawn code, a script that makes a pool needs `if __name__ == "__main__"`.
* One duplex pipe per worker. `move` takes an idle worker (preferring one that holds `key`) or
  queues in arrival order; time in the queue is not charged. The reply is awaited with
  `loop.add_reader` on the pipe's fd, so the loop never blocks: a move costs a small pickle each
  way (0.2-0.4 ms for a random bot on Carcassonne, against ~0.03 ms in-process).
* Deadline: `budget` seconds from the moment the job is sent. Past it the worker is SIGKILLed,
  joined and replaced at once (5-50 ms on the loop; at most `workers / budget` kills a second),
  and `move` returns None. A bot that raises, a worker that dies or a cancelled move also end
  their worker. A bad job (unknown game or options, bad spec, an illegal action in `history`)
  gives None and the worker stays. The caller logs, picks a fallback and checks legality.
* Worker cache: one LRU of `STATES` states, at most 4 per key (so as many games in turn each
  keep their latest). A history that extends a cached one applies only the new actions, to a clone (cached
  states never change, so an older one serves an undo); otherwise the game is replayed.
  `stats()` counts replayed actions and cache hits.
* Agent cache: one LRU of `AGENTS` bots by (key, game signature, spec, seat). A bot that served
  the game's previous move is reused, reseeded from this move's seed (`agents.reseed`), so a
  search that chose a whole turn (`whole=1`, `plan=1`) plays the rest of it instead of thinking
  again from a fresh agent; its moves stay as reproducible as a fresh agent's. `agent_reuses`
  counts them.
* Nothing outlives the pool: `close()` kills and joins every worker. A worker whose parent dies
  exits by itself: a thread in it blocks on a lifeline pipe whose only write end the parent holds
  (EOF = parent gone or pool closed), and EOF on its job pipe ends its loop. Workers ignore SIGINT
  (the server's Ctrl-C is the server's to handle).
* One event loop drives a pool (the hub's); call `close()` from its thread or after it is gone.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
from collections import OrderedDict, deque
from multiprocessing.connection import Connection, wait
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any, cast

from ludoteca.agents import make_agent, reseed
from ludoteca.core.api import State
from ludoteca.core.play import Agent
from ludoteca.core.registry import game_class, load_game, registered_games

log = logging.getLogger("ludoteca.server")

STATES_PER_KEY = 4  # cached states per key in a worker
STATES = 128  # cached states in all, per worker (a busy server holds many games)
AGENTS = 64  # cached bots, per worker
START_TIMEOUT = 60.0  # seconds a new worker may take to say "ready"
JOIN_TIMEOUT = 5.0  # seconds to reap a killed worker

Job = tuple[str, str, dict[str, Any], list[int], str, int]
Snapshot = tuple[list[int], str, State]  # history, game signature, the state it reaches
Cache = OrderedDict[tuple[str, int], Snapshot]  # by (key, len(history)), least recently used first
Bots = OrderedDict[tuple[str, str, str, int], Agent]  # by (key, game signature, spec, seat), LRU first
Answer = tuple[str, Any, int, bool, bool]  # kind, action or why, replayed, cache hit, bot reused


# ------------------------------------------------------------------ worker side
def _watch(lifeline: Connection) -> None:
    wait([lifeline])  # readable only at EOF: the parent is gone or closed the pool
    os._exit(0)


def _signature(game: str, options: dict[str, Any]) -> str:
    return repr((game, sorted(options.items())))


def _position(cache: Cache, key: str, game: str, options: dict[str, Any],
              history: list[int]) -> tuple[State, int, bool]:
    """The state after `history`, from the longest cached prefix; and the actions applied, hit."""
    sig = _signature(game, options)
    best: Snapshot | None = None
    for (k, n), snap in cache.items():
        if (k == key and snap[1] == sig and n <= len(history) and (best is None or n > len(best[0]))
                and history[:n] == snap[0]):
            best = snap
    if best is None:
        state, start = load_game(game, **options).new_initial_state(), 0
    else:
        state, start = best[2].clone(), len(best[0])
        if start == len(history):
            cache.move_to_end((key, start))  # else the new state is the one to keep, the base ages
    for action in history[start:]:
        state.apply_action(action)
    if best is None or start < len(history):
        cache[key, len(history)] = (list(history), sig, state)  # over one that diverged, if any
        cache.move_to_end((key, len(history)))
        for old in [k for k in cache if k[0] == key][:-STATES_PER_KEY]:
            del cache[old]
        while len(cache) > STATES:
            cache.popitem(last=False)
    return state, len(history) - start, best is not None


def _agent(bots: Bots, key: str, sig: str, state: State, spec: str, seed: int) -> tuple[Agent, bool]:
    """The bot for `spec` in the seat to move of game `key`: the one kept from its last move,
    reseeded, or a new one; and whether it was kept."""
    slot = (key, sig, spec, state.current_player())
    agent = bots.get(slot)
    if agent is not None and reseed(agent, seed):
        bots.move_to_end(slot)
        return agent, True
    bots[slot] = agent = make_agent(spec, seed=seed, game=state.game)
    while len(bots) > AGENTS:
        bots.popitem(last=False)
    return agent, False


def _answer(job: Job, cache: Cache, bots: Bots) -> Answer:
    """("ok", action, ...), ("bad", why, ...) for a bad job, ("crash", why, ...) if the bot raised."""
    key, game, options, history, spec, seed = job
    try:
        state, replayed, hit = _position(cache, key, game, options, history)
        agent, kept = _agent(bots, key, _signature(game, options), state, spec, seed)
    except Exception as exc:
        return "bad", f"{type(exc).__name__}: {exc}", 0, False, False
    try:
        return "ok", int(agent.step(state.clone())), replayed, hit, kept
    except Exception as exc:
        return "crash", f"{type(exc).__name__}: {exc}", replayed, hit, kept


def _worker(conn: Connection, lifeline: Connection) -> None:
    """A worker's life: warm up, say ready, then answer jobs until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(lifeline,), daemon=True).start()
    for name in registered_games():  # build each game's tables now, not during a bot's budget
        with contextlib.suppress(Exception):
            load_game(name).new_initial_state()
    cache: Cache = OrderedDict()
    bots: Bots = OrderedDict()
    conn.send(("ready", os.getpid()))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(_answer(job, cache, bots))


# ------------------------------------------------------------------ server side
class _Worker:
    __slots__ = ("conn", "fd", "keys", "process", "ready", "reaped")

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.fd = conn.fileno()
        self.ready = False
        self.reaped = False
        self.keys: OrderedDict[str, None] = OrderedDict()  # what its cache holds, as far as we know


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class BotPool:
    """`workers` bot processes; `move` asks one for an action within a hard deadline."""

    def __init__(self, workers: int, *, start_method: str = "forkserver") -> None:
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        if start_method not in ("forkserver", "spawn"):
            raise ValueError(f"start method {start_method!r}: use 'forkserver' or 'spawn' (never fork)")
        self._size = workers
        # forkserver or spawn (checked above): contexts that start processes
        self._ctx = cast("SpawnContext | ForkServerContext", multiprocessing.get_context(start_method))
        if start_method == "forkserver":
            self._ctx.set_forkserver_preload(_preload())
        self._life_r, self._life_w = self._ctx.Pipe(duplex=False)
        self._workers: set[_Worker] = set()
        self._free: deque[_Worker] = deque()
        self._waiters: deque[asyncio.Future[_Worker | None]] = deque()
        self._closed = False
        self._counts = dict.fromkeys(("moves", "timeouts", "failures", "killed", "restarts",
                                      "replayed_actions", "cache_hits", "agent_reuses"), 0)
        self._top_up()

    async def move(self, key: str, game: str, options: dict[str, Any], history: list[int],
                   spec: str, seed: int, budget: float) -> int | None:
        """The action bot `spec` (seeded `seed`) chooses after `history`, or None on any failure.

        None also when it did not answer within `budget` seconds of thinking: its worker is then
        killed and replaced. Time spent waiting for a free worker is not counted.
        """
        worker = await self._acquire(key)
        if worker is None:
            return None
        reply: Answer | None = None
        try:
            reply = await self._ask(worker, (key, game, dict(options), list(history), spec, seed), budget)
        except TimeoutError:
            self._counts["timeouts"] += 1
            log.warning("bot %s on %s: no answer within %.3gs; worker killed", spec, key, budget)
        except (EOFError, OSError) as exc:
            if not self._closed:
                self._counts["failures"] += 1
                log.warning("bot %s on %s: worker died (%r)", spec, key, exc)
        finally:
            if reply is not None and reply[0] != "crash":
                self._release(worker)
            else:  # overran, crashed, died, or the move was cancelled mid-thought
                self._retire(worker, killed=not self._closed)
        if reply is None:
            return None
        kind, value, replayed, hit, kept = reply
        self._counts["replayed_actions"] += replayed
        self._counts["cache_hits"] += hit
        self._counts["agent_reuses"] += kept
        worker.keys[key] = None
        worker.keys.move_to_end(key)
        while len(worker.keys) > STATES:
            worker.keys.popitem(last=False)
        if kind == "ok":
            self._counts["moves"] += 1
            return int(value)
        self._counts["failures"] += 1
        log.warning("bot %s on %s: %s (%s)", spec, key, "failed" if kind == "crash" else "bad job", value)
        return None

    def stats(self) -> dict[str, int]:
        """workers, busy, queued, killed, restarts, and counts of moves, failures and the cache."""
        queued = sum(not f.done() for f in self._waiters)
        return {"workers": len(self._workers), "busy": len(self._workers) - len(self._free),
                "queued": queued, **self._counts}

    def close(self) -> None:
        """Kill and reap every worker (idempotent); a move still waiting gets None."""
        if self._closed:
            return
        self._closed = True
        for worker in list(self._workers):
            self._reap(worker, close_pipe=worker in self._free)  # a busy one's mover closes its pipe
        self._workers.clear()
        self._free.clear()
        while self._waiters:
            with contextlib.suppress(asyncio.InvalidStateError, RuntimeError):
                self._waiters.popleft().set_result(None)
        self._life_w.close()
        self._life_r.close()

    # -------------------------------------------------------------- internals
    def _start(self) -> _Worker:
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(target=_worker, args=(child, self._life_r), name="ludoteca-bot",
                                    daemon=True)
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self._workers.add(worker)
        return worker

    async def _ask(self, worker: _Worker, job: Job, budget: float) -> Answer:
        if not worker.ready:
            await self._recv(worker, START_TIMEOUT)  # ("ready", pid): not charged to the bot
            worker.ready = True
        worker.conn.send(job)
        return await self._recv(worker, budget)

    async def _recv(self, worker: _Worker, timeout: float) -> Any:
        loop = asyncio.get_running_loop()
        readable: asyncio.Future[None] = loop.create_future()
        loop.add_reader(worker.fd, _wake, readable)
        try:
            async with asyncio.timeout(timeout):
                await readable
        finally:
            loop.remove_reader(worker.fd)
        return worker.conn.recv()

    async def _acquire(self, key: str) -> _Worker | None:
        while self._waiters and self._waiters[0].done():
            self._waiters.popleft()
        if self._closed:
            return None
        self._top_up()  # after a failed restart
        if self._free and not self._waiters:
            return self._pick(key)
        waiter: asyncio.Future[_Worker | None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled() and (worker := waiter.result()) is not None:
                self._release(worker)
            raise

    def _pick(self, key: str) -> _Worker:
        """The free worker that holds `key`, else a ready one, else the longest idle."""
        chosen = next((w for w in self._free if key in w.keys), None)
        chosen = chosen or next((w for w in self._free if w.ready), self._free[0])
        self._free.remove(chosen)
        return chosen

    def _release(self, worker: _Worker) -> None:
        if self._closed:
            self._reap(worker, close_pipe=True)
            return
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                with contextlib.suppress(RuntimeError):  # its loop is gone
                    waiter.set_result(worker)
                    return
        self._free.append(worker)

    def _retire(self, worker: _Worker, *, killed: bool) -> None:
        """Kill a worker that overran, crashed or was interrupted, and start its replacement."""
        self._reap(worker, close_pipe=True)
        if killed:
            self._counts["killed"] += 1
        self._top_up(restart=True)

    def _top_up(self, restart: bool = False) -> None:
        """Start workers until there are `workers` (a failure is logged; the next move retries)."""
        while not self._closed and len(self._workers) < self._size:
            try:
                worker = self._start()
            except Exception:
                log.exception("bot pool: cannot start a worker")
                return
            self._counts["restarts"] += restart
            self._release(worker)

    def _reap(self, worker: _Worker, *, close_pipe: bool) -> None:
        self._workers.discard(worker)
        if not worker.reaped:  # close() may have reaped a busy worker before its mover wakes
            worker.reaped = True
            worker.process.kill()
            worker.process.join(JOIN_TIMEOUT)
            with contextlib.suppress(ValueError):  # still running after JOIN_TIMEOUT: leave it to the OS
                worker.process.close()
        if close_pipe:
            worker.conn.close()


def _preload() -> list[str]:
    """Modules the forkserver imports once, so that no worker start pays for them."""
    modules = [__name__, "ludoteca.agents"]
    for name in registered_games():
        with contextlib.suppress(Exception):
            modules.append(game_class(name).__module__)
    return modules


class StartingPool:
    """A `BotPool` built in a thread of its own, so the server answers while its bots start.

    Building the first pool of a process starts the forkserver and preloads every game
    (1-3 s); moves asked before it is ready wait for it (their budget starts later)."""

    def __init__(self, workers: int, **kwargs: Any) -> None:
        self._ready: concurrent.futures.Future[BotPool] = concurrent.futures.Future()

        def build() -> None:
            try:
                self._ready.set_result(BotPool(workers, **kwargs))
            except BaseException as exc:
                self._ready.set_exception(exc)

        self._thread = threading.Thread(target=build, name="ludoteca-bot-pool", daemon=True)
        self._thread.start()

    async def move(self, key: str, game: str, options: dict[str, Any], history: list[int],
                   spec: str, seed: int, budget: float) -> int | None:
        try:
            pool = await asyncio.wrap_future(self._ready)
        except Exception:
            log.exception("bot pool: cannot start")
            return None
        return await pool.move(key, game, options, history, spec, seed, budget)

    def stats(self) -> dict[str, int] | None:
        """The pool's `stats()`, or None while it starts."""
        return self._ready.result().stats() if self._ready.done() else None

    def close(self) -> None:
        self._thread.join()
        if self._ready.exception() is None:
            self._ready.result().close()
