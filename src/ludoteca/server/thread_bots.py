"""Bots in threads of the server process: for tests and debugging, not for a public server.

A bot past its budget is abandoned, but its thread cannot be stopped and thinks on; the
server's default runner (`bots.BotPool`, worker processes killed at the deadline) has
no such hole.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core.registry import load_game

log = logging.getLogger("ludoteca.server")


class ThreadBots:
    def __init__(self, workers: int = 4) -> None:
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ludoteca-bot")

    async def move(self, key: str, game: str, options: dict[str, Any], history: list[int],
                   spec: str, seed: int, budget: float) -> int | None:
        def think() -> int:
            position = load_game(game, **options).new_initial_state()
            for action in history:
                position.apply_action(action)
            return int(make_agent(spec, seed=seed, game=position.game).step(position))

        future = asyncio.get_running_loop().run_in_executor(self.pool, think)
        try:
            return await asyncio.wait_for(future, budget)
        except TimeoutError:
            return None
        except Exception:
            log.exception("game %s: bot %s failed", key, spec)
            return None

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
