"""Moves made by other server processes, heard through PostgreSQL's LISTEN/NOTIFY.

Every commit of a game's log also sends `NOTIFY ludoteca_games, '<game id> <entries>'`
(`store.Store.append`); PostgreSQL delivers it to every listening connection when the
transaction commits. `Listener` keeps one such connection in a thread of its own and
hands each notification to the event loop (`Hub.changed`), which reloads that game if
it holds it and pushes the new views to its WebSocket clients. When the connection is
lost it reconnects, and calls `on_reconnect` (notifications sent meanwhile are lost, so
the hub refreshes what it holds). No message bus of our own: the database is the bus.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.engine import make_url

from ludoteca.server.store import NOTIFY_CHANNEL, REMATCH_NOTE

log = logging.getLogger("ludoteca.server")


def psycopg_conninfo(db_url: str) -> str:
    """The SQLAlchemy URL `postgresql+psycopg://...` as a libpq URL for psycopg."""
    return make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """LISTEN in a thread; `changed(game_id, entries)` runs on `loop` for each NOTIFY of
    new log entries, `rematched(game_id)` for one of a rematch."""

    def __init__(self, db_url: str, loop: asyncio.AbstractEventLoop,
                 changed: Callable[[str, int], Awaitable[None]],
                 on_reconnect: Callable[[], Awaitable[None]],
                 rematched: Callable[[str], Awaitable[None]] | None = None) -> None:
        self.conninfo = psycopg_conninfo(db_url)
        self.loop = loop
        self.changed = changed
        self.on_reconnect = on_reconnect
        self.rematched = rematched
        self.ready = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ludoteca-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    if not first:
                        self._submit(self.on_reconnect())
                    first = False
                    self.ready.set()
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.5):
                            self._hear(note.payload)
            except Exception:
                if self._stop.is_set():
                    return
                log.exception("LISTEN %s failed; reconnecting in 1 s", NOTIFY_CHANNEL)
                self._stop.wait(1.0)

    def _hear(self, payload: str) -> None:
        game_id, _, entries = payload.partition(" ")
        if entries == REMATCH_NOTE:
            if self.rematched is not None:
                self._submit(self.rematched(game_id))
            return
        try:
            count = int(entries)
        except ValueError:
            log.warning("ignoring a malformed notification %r", payload[:100])
            return
        self._submit(self.changed(game_id, count))

    def _submit(self, job: Awaitable[Any]) -> None:
        async def guarded() -> None:
            try:
                await job
            except Exception:
                log.exception("handling a notification failed")

        asyncio.run_coroutine_threadsafe(guarded(), self.loop)
