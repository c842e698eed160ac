"""The storage tests again, against a real PostgreSQL server.

The server comes from `$LUDOTECA_TEST_PG_URL` (`.ci/run` sources `.ci/postgres.sh`, which
installs Debian's `postgresql` if needed, starts a throwaway cluster and exports the URL).
Without it this module starts a throwaway cluster itself with the same script, if the
PostgreSQL binaries are installed, and stops it at the end; only when that fails are the
tests skipped, with the reason. A URL that is set but does not answer is an error, not a
skip.

Each test gets a fresh schema of that database (`search_path` in the URL), so tests never
see each other's games and run in parallel; the schema is dropped afterwards. The shared
tests are the SQLite ones from the other modules, collected here again: this module's
`db_url` fixture overrides the SQLite one for them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import test_server_api as api_tests
import test_server_live as live_tests
import test_server_persistence as persistence_tests
import test_server_rematch as rematch_tests
import test_server_replay as replay_tests
import test_server_undo as undo_tests
from server_helpers import Api
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from ludoteca.server.store import ACTION, NewEntry, Store, StoreError

PG_URL_ENV = "LUDOTECA_TEST_PG_URL"
SCRIPT = Path(__file__).resolve().parents[2] / ".ci" / "postgres.sh"
HUMAN_VS_GREEDY = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]


def _check_connection(url: str) -> str | None:
    """None if `url` answers as a PostgreSQL server, else what went wrong."""
    try:
        engine = create_engine(url, poolclass=NullPool)
    except Exception as exc:  # e.g. the driver is missing
        return f"{type(exc).__name__}: {exc}"
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        if engine.dialect.name != "postgresql":
            return f"{make_url(url).render_as_string()} is not PostgreSQL"
        return None
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}".splitlines()[0]
    finally:
        engine.dispose()


def _start_local_cluster() -> tuple[str, str] | str:
    """(directory, URL) of a cluster started with `.ci/postgres.sh start`, or why not."""
    bash = shutil.which("bash")
    if bash is None or not SCRIPT.exists():
        return f"cannot run {SCRIPT}"
    try:
        done = subprocess.run([bash, str(SCRIPT), "start"], capture_output=True, text=True,
                              timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{SCRIPT.name} start: {exc}"
    if done.returncode != 0:
        reason = done.stderr.strip().splitlines()
        return f"{SCRIPT.name} start failed: {reason[0] if reason else done.returncode}"
    found = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    return found["LUDOTECA_TEST_PG_DIR"], found["LUDOTECA_TEST_PG_URL"]


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    """The URL of a PostgreSQL database the tests may create schemas in."""
    url = os.environ.get(PG_URL_ENV)
    if url:
        problem = _check_connection(url)
        if problem:
            pytest.fail(f"${PG_URL_ENV} is set but the server does not answer: {problem}")
        yield url
        return
    started = _start_local_cluster()
    if isinstance(started, str):
        pytest.skip(f"PostgreSQL storage tests skipped: ${PG_URL_ENV} is not set and no local "
                    f"server could be started ({started}); run `source .ci/postgres.sh` first")
    directory, url = started
    try:
        problem = _check_connection(url)
        if problem:
            pytest.fail(f"the PostgreSQL server started by {SCRIPT.name} does not answer: {problem}")
        yield url
    finally:
        subprocess.run(["bash", str(SCRIPT), "stop", directory], capture_output=True, timeout=60,
                       check=False)


@pytest.fixture
def db_url(pg_server_url: str) -> Iterator[str]:
    """A fresh, empty schema for this test (overrides the SQLite `db_url` of conftest.py)."""
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(pg_server_url, poolclass=NullPool)
    try:
        with admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = make_url(pg_server_url).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    finally:
        admin.dispose()


# ---------------------------------------------------------------- the shared storage tests
# Collected again here, so they run on this module's PostgreSQL `db_url`.

test_create_gives_human_seats_a_token_and_a_link = api_tests.test_create_gives_human_seats_a_token_and_a_link
test_human_vs_greedy_to_the_end_and_the_record_replays = (
    api_tests.test_human_vs_greedy_to_the_end_and_the_record_replays)
test_hot_seat_one_client_plays_two_human_seats = api_tests.test_hot_seat_one_client_plays_two_human_seats
test_stale_state_id_is_409_and_changes_nothing = api_tests.test_stale_state_id_is_409_and_changes_nothing
test_illegal_or_malformed_action_is_422_with_the_reason = (
    api_tests.test_illegal_or_malformed_action_is_422_with_the_reason)
test_wrong_token_is_403_and_changes_nothing = api_tests.test_wrong_token_is_403_and_changes_nothing
test_acting_out_of_turn_is_403 = api_tests.test_acting_out_of_turn_is_403
test_bad_game_settings_are_422 = api_tests.test_bad_game_settings_are_422
test_no_view_list_or_record_ever_contains_a_token = (
    api_tests.test_no_view_list_or_record_ever_contains_a_token)

test_restart_continues_the_same_game_exactly = persistence_tests.test_restart_continues_the_same_game_exactly
test_restart_lists_stored_games_before_they_are_loaded = (
    persistence_tests.test_restart_lists_stored_games_before_they_are_loaded)
test_a_failed_write_changes_nothing = persistence_tests.test_a_failed_write_changes_nothing
test_the_action_log_matches_the_game = persistence_tests.test_the_action_log_matches_the_game

test_a_seat_takes_back_its_placement_but_not_past_the_draw = (
    undo_tests.test_a_seat_takes_back_its_placement_but_not_past_the_draw)
test_undo_is_stored_and_survives_a_restart = undo_tests.test_undo_is_stored_and_survives_a_restart

test_concurrent_actions_on_one_game_are_serialised = (
    live_tests.test_concurrent_actions_on_one_game_are_serialised)

test_the_rematch_has_the_same_seats_and_options_and_a_new_deal = (
    rematch_tests.test_the_rematch_has_the_same_seats_and_options_and_a_new_deal)
test_every_call_returns_the_same_rematch_and_each_token_only_to_its_seat = (
    rematch_tests.test_every_call_returns_the_same_rematch_and_each_token_only_to_its_seat)
test_a_rematch_survives_a_restart = rematch_tests.test_a_rematch_survives_a_restart
test_each_step_shows_the_game_as_it_was = replay_tests.test_each_step_shows_the_game_as_it_was


# ---------------------------------------------------------------- PostgreSQL only


def test_the_store_really_is_postgresql(db_url: str) -> None:
    store = Store(db_url)
    try:
        assert store.engine.dialect.name == "postgresql"
        with store.engine.connect() as connection:
            tables = set(connection.execute(text(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            )).scalars())
        assert {"games", "actions"} <= tables
    finally:
        store.dispose()


def test_two_servers_writing_the_same_entry_at_once_store_it_once(
    make_api: Callable[..., Api], db_url: str,
) -> None:
    """Two stores (two server processes, say) race for the next log entry: one wins, one is refused."""
    api = make_api()
    created = api.create(HUMAN_VS_GREEDY, seed=3)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    view = api.view(game_id, token)
    stores = [Store(db_url) for _ in range(2)]
    try:
        entries = stores[0].count_entries(game_id)
        index = view["state_id"]
        action = view["prompt"]["options"][0]["text"]
        barrier = threading.Barrier(len(stores))
        outcomes: list[Any] = [None] * len(stores)

        def write(i: int) -> None:
            barrier.wait()
            try:
                outcomes[i] = stores[i].append(game_id, entries, index, [NewEntry(ACTION, index, action, 0)],
                                               "active", [0.0, 0.0])
            except StoreError as exc:
                outcomes[i] = exc

        threads = [threading.Thread(target=write, args=(i,)) for i in range(len(stores))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sum(isinstance(o, StoreError) for o in outcomes) == 1, outcomes
        assert stores[1].count_entries(game_id) == entries + 1
        stored = stores[1].load_game(game_id)
        assert stored is not None and stored.num_entries == entries + 1
        assert stored.num_actions == index + 1 and stored.history()[-1].action == action
    finally:
        for store in stores:
            store.dispose()


def test_a_rematch_started_on_one_server_reaches_the_other(make_api: Callable[..., Api]) -> None:
    """Two servers on one database: the other's view of the ended game names the rematch
    (a notification), a seat may join it there, and its new token works on both."""
    one, two = make_api(), make_api()
    game_id, (ana, bea) = rematch_tests._finished(one, rematch_tests.TWO_HUMANS_AND_A_BOT)
    assert two.view(game_id)["rematch"] is None  # the second server holds the ended game too
    first = one.client.post(f"/api/games/{game_id}/rematch", json={"token": ana}).json()
    deadline = time.monotonic() + 10
    while two.view(game_id)["rematch"] != first["game_id"]:
        assert time.monotonic() < deadline, "the second server never heard of the rematch"
        time.sleep(0.05)
    bea_new = two.client.post(f"/api/games/{game_id}/rematch", json={"token": bea}).json()
    assert bea_new["game_id"] == first["game_id"] and bea_new["seat"] == 2
    assert one.view(first["game_id"], bea_new["token"])["seat"] == 2  # claimed on the other server
    assert two.view(first["game_id"], first["token"])["seat"] == 0
