"""The Ludoteca server: FastAPI + SQLAlchemy, the authority for games played over HTTP.

* `create_app(db_url)` (in `app.py`): the ASGI app.
* `serve(host, port, db_url)`: run it with uvicorn, after saying which database it uses
  (what `ludoteca serve` calls).
"""

from __future__ import annotations

from ludoteca.server.app import create_app
from ludoteca.server.store import describe_db_url, resolve_db_url


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None) -> None:
    """Serve the app on `host:port` until interrupted; the database is shown at start."""
    import uvicorn

    url = resolve_db_url(db_url)
    print(f"Ludoteca server: database {describe_db_url(url)}", flush=True)
    print(f"Ludoteca server: http://{host}:{port}/  (API docs at http://{host}:{port}/docs)", flush=True)
    uvicorn.run(create_app(url), host=host, port=port, log_level="info")


__all__ = ["create_app", "serve"]
