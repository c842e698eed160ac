"""Fixtures for the server tests: an app on a fresh SQLite file per test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Api

from ludoteca.server import ServerLimits, create_app

#: the tests play fast from one client; the limits' own tests set them
NO_RATE_LIMITS = ServerLimits(rate_limits=False)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'ludoteca.db'}"


@pytest.fixture
def make_api(db_url: str) -> Iterator[Callable[..., Api]]:
    """`make_api()` opens a client on the app (a new app each call, same database)."""
    clients: list[TestClient] = []

    def make(**kwargs: Any) -> Api:
        kwargs.setdefault("limits", NO_RATE_LIMITS)
        client = TestClient(create_app(db_url, **kwargs))
        client.__enter__()
        clients.append(client)
        return Api(client)

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def api(make_api: Callable[..., Api]) -> Api:
    return make_api()
