"""Fixtures for the web table tests: a TestClient app, and a real server on a free port."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient

from ludoteca.server import ServerLimits, create_app

NO_RATE_LIMITS = ServerLimits(rate_limits=False)  # one test client plays fast


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'ludoteca.db'}", limits=NO_RATE_LIMITS)) as c:
        yield c


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app under uvicorn in a background thread, on 127.0.0.1 and a tmp SQLite file."""
    db = tmp_path_factory.mktemp("web") / "ludoteca.db"
    port = _free_port()
    app = create_app(f"sqlite:///{db}", limits=NO_RATE_LIMITS, public_url=f"http://127.0.0.1:{port}")
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{config.port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's headless chromium under Playwright (a test module may bring its own)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium")
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(chromium), args=args)
        yield launched
        launched.close()
