"""BotPool: bots in worker processes that answer like in-process agents and can be stopped."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.agents import make_agent
from ludoteca.core.api import State
from ludoteca.core.play import sample_chance
from ludoteca.core.registry import load_game, registered_games
from ludoteca.server.bots import STATES, BotPool

FOREVER = "mcts:time=1000"  # thinks for 1000 s


def _history(seed: int = 7) -> list[int]:
    """A whole seeded random game of Carcassonne (chance outcomes included)."""
    state = load_game("carcassonne").new_initial_state()
    rng = random.Random(seed)
    history = []
    while not state.is_terminal():
        player = state.current_player()
        action = sample_chance(state, rng) if player < 0 else rng.choice(state.legal_actions())
        history.append(action)
        state.apply_action(action)
    return history


HISTORY = _history()


def _state(n: int) -> State:
    state = load_game("carcassonne").new_initial_state()
    for action in HISTORY[:n]:
        state.apply_action(action)
    return state


def _decisions() -> list[int]:
    """The history lengths at which a player (not chance) is to move."""
    state, found = load_game("carcassonne").new_initial_state(), []
    for i, action in enumerate(HISTORY):
        if state.current_player() >= 0:
            found.append(i)
        state.apply_action(action)
    return found


DECISIONS = _decisions()


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")  # a zombie is not running


def _pids() -> set[int]:
    return {p.pid for p in multiprocessing.active_children() if p.name == "ludoteca-bot" and p.pid}


@pytest.fixture
def pool() -> Iterator[BotPool]:
    pool = BotPool(2)
    yield pool
    pool.close()


def test_a_move_is_legal_and_the_one_the_agent_chooses_in_process(pool: BotPool) -> None:
    async def main() -> list[tuple[int | None, int]]:
        answers = []
        for spec in ("random", "greedy", "mcts:iterations=30"):
            for n in DECISIONS[::40]:
                got = await pool.move("g1", "carcassonne", {}, HISTORY[:n], spec, n, 30.0)
                answers.append((got, make_agent(spec, seed=n).step(_state(n))))
                assert got in _state(n).legal_actions()
        return answers

    answers = asyncio.run(main())
    assert len(answers) >= 12
    assert all(got == expected for got, expected in answers)
    assert pool.stats()["moves"] == len(answers)


@pytest.mark.parametrize("name", registered_games())
def test_every_game_with_its_options(name: str) -> None:
    game = load_game(name)
    state, rng, history = game.new_initial_state(), random.Random(3), []
    while len(history) < 30 or state.current_player() < 0:
        chance = state.current_player() < 0
        action = sample_chance(state, rng) if chance else rng.choice(state.legal_actions())
        history.append(action)
        state.apply_action(action)
    pool = BotPool(1)
    try:
        got = asyncio.run(pool.move(name, name, dict(game.options), history, "random", 9, 5.0))
    finally:
        pool.close()
    assert got == make_agent("random", seed=9).step(state)


def test_a_bot_that_overruns_is_killed_and_replaced(pool: BotPool) -> None:
    async def main() -> None:
        before = _pids()
        n = DECISIONS[10]
        start = time.monotonic()
        assert await pool.move("g1", "carcassonne", {}, HISTORY[:n], FOREVER, 1, 0.5) is None
        elapsed = time.monotonic() - start
        assert 0.5 <= elapsed < 2.0
        stats = pool.stats()
        assert (stats["timeouts"], stats["killed"], stats["restarts"], stats["workers"]) == (1, 1, 1, 2)
        after = _pids()
        assert len(after) == 2 and len(before - after) == 1
        assert not any(_alive(pid) for pid in before - after)
        for _ in range(3):  # every worker answers again, the new one included
            got = await pool.move("g2", "carcassonne", {}, HISTORY[:n], "random", 5, 5.0)
            assert got == make_agent("random", seed=5).step(_state(n))
        thinking = asyncio.ensure_future(pool.move("g3", "carcassonne", {}, HISTORY[:n], FOREVER, 1, 30.0))
        await asyncio.sleep(0.2)
        thinking.cancel()  # the hub gave up (e.g. shutting down): the worker goes too
        with pytest.raises(asyncio.CancelledError):
            await thinking
        stats = pool.stats()
        assert (stats["killed"], stats["workers"], stats["busy"]) == (2, 2, 0)

    asyncio.run(main())


def test_more_jobs_than_workers_queue_and_the_queue_is_not_charged(pool: BotPool) -> None:
    async def main() -> None:
        n = DECISIONS[5]
        # four 0.5 s thinkers on two workers: the last two wait 0.5 s, then think 0.5 s < 0.85 s
        tasks = [asyncio.ensure_future(pool.move(f"s{i}", "carcassonne", {}, HISTORY[:n], "mcts:time=0.5", i,
                                                 0.85)) for i in range(4)]
        await asyncio.sleep(0.1)
        assert pool.stats()["busy"] == 2 and pool.stats()["queued"] == 2
        assert all(a is not None for a in await asyncio.gather(*tasks))
        quick = [pool.move(f"q{i}", "carcassonne", {}, HISTORY[:m], "random", m, 5.0)
                 for i, m in enumerate(DECISIONS[:12])]
        got = await asyncio.gather(*quick)
        assert got == [make_agent("random", seed=m).step(_state(m)) for m in DECISIONS[:12]]
        assert pool.stats()["queued"] == 0 and pool.stats()["busy"] == 0

    asyncio.run(main())


def test_a_history_that_extends_a_cached_one_applies_only_the_new_actions() -> None:
    pool = BotPool(1)
    try:
        async def ask(key: str, n: int) -> int | None:
            return await pool.move(key, "carcassonne", {}, HISTORY[:n], "random", n, 5.0)

        async def main() -> None:
            a, b = DECISIONS[20], DECISIONS[30]
            assert await ask("g1", a) == make_agent("random", seed=a).step(_state(a))
            assert pool.stats()["replayed_actions"] == a and pool.stats()["cache_hits"] == 0
            assert await ask("g1", b) == make_agent("random", seed=b).step(_state(b))
            assert pool.stats()["replayed_actions"] == b and pool.stats()["cache_hits"] == 1
            assert await ask("g1", a) == make_agent("random", seed=a).step(_state(a))  # an undo
            assert pool.stats()["replayed_actions"] == b and pool.stats()["cache_hits"] == 2
            assert await ask("g2", a) is not None  # another key replays its own game
            assert pool.stats()["replayed_actions"] == a + b and pool.stats()["cache_hits"] == 2
            others = STATES + 8
            for i in range(others):  # evict g1 (STATES states per worker at most)
                await ask(f"other{i}", DECISIONS[1])
            await ask("g1", b)
            assert pool.stats()["replayed_actions"] == a + 2 * b + others * DECISIONS[1]
            # 30 games in turn (fewer than STATES states): each one's latest state stays cached
            for game in range(30):
                await ask(f"turn{game}", DECISIONS[2])
            before = pool.stats()
            for game in range(30):
                await ask(f"turn{game}", DECISIONS[3])
            after = pool.stats()
            assert after["cache_hits"] - before["cache_hits"] == 30
            step = DECISIONS[3] - DECISIONS[2]
            assert after["replayed_actions"] - before["replayed_actions"] == 30 * step

        asyncio.run(main())
    finally:
        pool.close()


def test_the_round_trip_costs_little_over_the_agent_itself(pool: BotPool) -> None:
    async def main() -> float:
        await pool.move("warm", "carcassonne", {}, HISTORY[:DECISIONS[0]], "random", 0, 5.0)
        start = time.perf_counter()
        for n in DECISIONS:  # one whole game, as the hub would ask for it
            assert await pool.move("g1", "carcassonne", {}, HISTORY[:n], "random", n, 5.0) is not None
        return (time.perf_counter() - start) / len(DECISIONS)

    per_move = asyncio.run(main())
    assert per_move < 0.005, f"{per_move * 1000:.2f} ms per move (target < 2 ms on an idle machine)"


def test_a_bad_job_gives_none_and_keeps_the_worker_a_crash_replaces_it() -> None:
    pool = BotPool(1)
    try:
        async def main() -> None:
            (pid,) = _pids()
            n = DECISIONS[3]
            bad = [*HISTORY[:n], 10**9]
            assert await pool.move("g1", "carcassonne", {}, bad, "random", 1, 5.0) is None
            assert await pool.move("g1", "no-such-game", {}, [], "random", 1, 5.0) is None
            assert await pool.move("g1", "carcassonne", {}, [], "no-such-bot", 1, 5.0) is None
            assert _pids() == {pid} and pool.stats()["killed"] == 0 and pool.stats()["failures"] == 3
            # the random bot raises on a finished game (no legal action): a crash
            assert await pool.move("g1", "carcassonne", {}, HISTORY, "random", 1, 5.0) is None
            assert pool.stats()["killed"] == 1 and not _alive(pid)
            # a worker that dies while thinking
            (pid,) = _pids()
            job = asyncio.ensure_future(pool.move("g1", "carcassonne", {}, HISTORY[:n], FOREVER, 1, 30.0))
            await asyncio.sleep(0.3)
            os.kill(pid, signal.SIGKILL)
            start = time.monotonic()
            assert await job is None
            assert time.monotonic() - start < 1.0
            assert pool.stats()["restarts"] == 2
            assert await pool.move("g1", "carcassonne", {}, HISTORY[:n], "random", 1, 5.0) is not None

        asyncio.run(main())
    finally:
        pool.close()


def test_close_leaves_no_process_even_while_a_bot_thinks() -> None:
    pool = BotPool(2)

    async def main() -> None:
        jobs = [asyncio.ensure_future(pool.move(f"g{i}", "carcassonne", {}, HISTORY[:DECISIONS[4]], FOREVER,
                                                i, 30.0)) for i in range(3)]
        await asyncio.sleep(0.3)
        assert pool.stats()["queued"] == 1
        pool.close()
        assert await asyncio.gather(*jobs) == [None, None, None]

    pids = _pids()
    assert len(pids) == 2
    asyncio.run(main())
    pool.close()  # idempotent
    assert not [p for p in multiprocessing.active_children() if p.name == "ludoteca-bot"]
    assert not any(_alive(pid) for pid in pids)
    assert asyncio.run(pool.move("g1", "carcassonne", {}, [], "random", 1, 5.0)) is None


PARENT = """
import asyncio, json, multiprocessing, os, sys
from ludoteca.server.bots import STATES, BotPool
if __name__ == "__main__":
    pool = BotPool(1)
    history = json.loads(sys.argv[1])
    async def main():
        assert await pool.move("g", "carcassonne", {}, history, "random", 1, 10.0) is not None
        asyncio.ensure_future(pool.move("g", "carcassonne", {}, history, "mcts:time=1000", 1, 1000.0))
        await asyncio.sleep(0.3)  # the worker is thinking
        print(*(p.pid for p in multiprocessing.active_children() if p.name == "ludoteca-bot"), flush=True)
        os._exit(0)  # dies without closing anything
    asyncio.run(main())
"""


def test_workers_exit_by_themselves_when_the_server_dies(tmp_path: Path) -> None:
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    history = json.dumps(HISTORY[:DECISIONS[4]])
    parent = subprocess.Popen([sys.executable, str(script), history], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, env=env)
    assert parent.stdout is not None
    pids = [int(p) for p in parent.stdout.readline().split()]
    try:
        assert parent.wait(timeout=30) == 0
        assert len(pids) == 1
        deadline = time.monotonic() + 5
        while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_alive(pid) for pid in pids)
    finally:
        for pid in pids:  # only if the test failed: leave nothing thinking
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        parent.stdout.close()


def test_a_bot_keeps_the_turn_it_planned_between_the_moves_of_a_game() -> None:
    """`greedy:plan=1` chose a whole turn (tile and meeple) at the tile: the worker keeps
    that bot, reseeded, so the meeple it plays is the planned one, the same as one agent
    playing both decisions in process; another game or seat gets its own bot."""
    spec, first, second = "greedy:plan=1", 11, 12
    start = DECISIONS[0]
    local = _state(start)
    agent = make_agent(spec, seed=first, game=local.game)
    tile = agent.step(local)
    local.apply_action(tile)
    assert local.current_player() == _state(start).current_player()  # the same seat's meeple
    agent.reseed(second)
    meeple = agent.step(local)

    async def main(pool: BotPool) -> None:
        history = HISTORY[:start]
        assert await pool.move("g", "carcassonne", {}, history, spec, first, 30.0) == tile
        assert pool.stats()["agent_reuses"] == 0
        assert await pool.move("g", "carcassonne", {}, [*history, tile], spec, second, 30.0) == meeple
        assert pool.stats()["agent_reuses"] == 1
        assert await pool.move("h", "carcassonne", {}, [*history, tile], spec, second, 30.0) == meeple
        assert pool.stats()["agent_reuses"] == 1  # game h had no bot yet

    pool = BotPool(1)
    try:
        asyncio.run(main(pool))
    finally:
        pool.close()


def test_a_reseeded_bot_plays_like_a_fresh_one_with_that_seed() -> None:
    state = _state(DECISIONS[5])
    for spec in ("random", "greedy:explore=0.5", "mcts:iterations=30"):
        kept = make_agent(spec, seed=1, game=state.game)
        kept.step(state.clone())
        kept.reseed(2)
        assert kept.step(state.clone()) == make_agent(spec, seed=2, game=state.game).step(state.clone())
