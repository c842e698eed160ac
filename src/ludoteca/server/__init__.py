"""The Ludoteca server: FastAPI + SQLAlchemy, the authority for games played over HTTP.

* `create_app(db_url)` (in `app.py`): the ASGI app.
* `serve(host, port, db_url, ...)`: run it with uvicorn, after saying which database it
  uses (what `ludoteca serve` calls).
"""

from __future__ import annotations

import gc
import os

from ludoteca.server.app import create_app
from ludoteca.server.limits import ServerLimits
from ludoteca.server.store import describe_db_url, resolve_db_url


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None, *,
          public_url: str | None = None, rate_limits: bool = True, bot_workers: int | None = None,
          bot_time: float | None = None, forwarded_allow_ips: str | None = None) -> None:
    """Serve the app on `host:port` until interrupted; the database is shown at start.

    Raises `store.DatabaseInUse` when another process serves the same SQLite file.
    """
    import uvicorn

    url = resolve_db_url(db_url)
    limits = ServerLimits(rate_limits=rate_limits)
    app = create_app(url, limits=limits, bot_workers=bot_workers, bot_time_budget=bot_time,
                     public_url=public_url)
    if os.environ.get("LUDOTECA_GC") != "default":
        _tune_gc()
    print(f"Ludoteca server: database {describe_db_url(url)}", flush=True)
    print(f"Ludoteca server: http://{host}:{port}/  (API docs at http://{host}:{port}/docs)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="info", proxy_headers=forwarded_allow_ips is not None,
                forwarded_allow_ips=forwarded_allow_ips)


def _tune_gc() -> None:
    """Fewer, cheaper collections: the start-up objects (modules, component data) are frozen
    out of the collector, and the youngest generation is collected less often, so a full
    collection over every live game's state does not stall every request behind it."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 50)


__all__ = ["ServerLimits", "create_app", "serve"]
