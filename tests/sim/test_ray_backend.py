"""The Ray backend: the same tournament on a local Ray instance gives the local backend's results."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.core import LudotecaError
from ludoteca.sim.ray_backend import batch_size, run_ray
from ludoteca.sim.tournament import GameTask, run_tournament

try:
    import ray
except ImportError:  # pragma: no cover - depends on the environment
    ray = None

needs_ray = pytest.mark.skipif(ray is None, reason="Ray is not installed (pip install ray==2.60.0)")

# twelve base tiles: short games, so the module runs in seconds once Ray is up
BAG = ["base:B", "base:D", "base:E", "base:U", "base:V", "base:K", "base:L", "base:J",
       "base:A", "base:C", "base:W", "base:X"]
OPTIONS = {"bag": BAG}


@pytest.fixture(scope="module")
def ray_session() -> Iterator[Any]:
    """One local Ray instance (2 CPUs) for the whole module, as in CI."""
    assert ray is not None
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


@needs_ray
def test_ray_gives_the_local_results(ray_session: Any) -> None:
    progress: list[tuple[int, int]] = []
    args: dict[str, Any] = {"game_name": "carcassonne", "options": OPTIONS,
                            "agent_specs": ["random", "greedy"], "games": 4, "seed": 5, "workers": 2}
    on_ray = run_tournament(**args, backend="ray", on_progress=lambda d, t: progress.append((d, t)))
    local = run_tournament(**args, backend="local")
    assert on_ray.to_dict(timings=False) == local.to_dict(timings=False)
    assert [(o.matchup, o.index) for o in on_ray.outcomes] == [(0, i) for i in range(4)]
    assert on_ray.backend == "ray" and on_ray.to_dict()["backend"] == "ray"
    assert progress[-1] == (4, 4) and [d for d, _ in progress] == sorted(d for d, _ in progress)
    assert ray_session.is_initialized()  # an instance the runner did not start is left running


@needs_ray
def test_ray_round_robin_with_records_matches_local(ray_session: Any, tmp_path: Any) -> None:
    specs = ["random", "greedy", "mcts:iterations=5"]
    args: dict[str, Any] = {"game_name": "carcassonne", "options": OPTIONS, "agent_specs": specs,
                            "games": 2, "players": 2, "seed": 8, "workers": 2}
    on_ray = run_tournament(**args, backend="ray", out_dir=tmp_path / "ray", save_records=True)
    local = run_tournament(**args, out_dir=tmp_path / "local", save_records=True)
    strip = [{k: v for k, v in g.items() if k != "record"} for g in on_ray.to_dict(timings=False)["games"]]
    assert strip == [{k: v for k, v in g.items() if k != "record"}
                     for g in local.to_dict(timings=False)["games"]]
    assert on_ray.standings() == local.standings()
    assert len(list((tmp_path / "ray" / "records").iterdir())) == 6
    assert (tmp_path / "ray" / "tournament.json").exists()


@needs_ray
def test_no_tasks_and_batch_sizes() -> None:
    assert run_ray([], workers=2) == []  # nothing to play: no Ray instance is started
    assert batch_size(200, 2) == 16 and batch_size(8, 2) == 1 and batch_size(0, 4) == 1


def test_bad_backend_and_misplaced_address() -> None:
    args: dict[str, Any] = {"game_name": "carcassonne", "options": OPTIONS,
                            "agent_specs": ["random", "greedy"], "games": 2}
    with pytest.raises(LudotecaError, match="unknown backend 'dask'; backends: local, ray"):
        run_tournament(**args, backend="dask")
    with pytest.raises(LudotecaError, match="only used by the ray backend"):
        run_tournament(**args, address="auto")


def test_missing_ray_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(LudotecaError, match="the ray backend needs Ray"):
        run_tournament("carcassonne", OPTIONS, ["random", "greedy"], games=2, backend="ray")


@needs_ray
def test_unreachable_cluster_fails_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ray, "is_initialized", lambda: False)  # as if no instance were running
    expected = r"could not connect to the Ray cluster at '127\.0\.0\.1:1': nothing answers"
    with pytest.raises(LudotecaError, match=expected):
        run_tournament("carcassonne", OPTIONS, ["random", "greedy"], games=2, backend="ray",
                       address="127.0.0.1:1")


@needs_ray
def test_ray_that_cannot_start_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(**kwargs: Any) -> None:
        raise RuntimeError("no room for the object store")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(LudotecaError, match=r"could not start a local Ray instance with 2 CPU.*no room"):
        run_tournament("carcassonne", OPTIONS, ["random", "greedy"], games=2, workers=2, backend="ray")


@needs_ray
def test_an_error_in_a_game_is_raised_as_itself(ray_session: Any) -> None:
    task = GameTask(game="carcassonne", options={**OPTIONS, "players": 2}, matchup=0, index=0, agents=(0, 1),
                    specs=("random", "nobody"), agent_seeds=(1, 2), chance_seed=3)
    with pytest.raises(LudotecaError, match="unknown agent 'nobody'"):
        run_ray([task], workers=2)


def test_ray_address_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca.sim.ray_backend import cluster_address

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert cluster_address(None) is None and cluster_address("auto") == "auto"
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.1:6379")
    assert cluster_address(None) == "10.0.0.1:6379" and cluster_address("ray://h:10001") == "ray://h:10001"


@needs_ray
def test_ray_address_joins_without_num_cpus_and_reports_the_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    """With RAY_ADDRESS set, ray.init gets the address and no num_cpus (Ray refuses both together)."""
    calls: list[dict[str, Any]] = []
    state = {"up": False}

    def fake_init(**kwargs: Any) -> None:
        calls.append(kwargs)
        state["up"] = True
        raise RuntimeError("stop here")  # enough: what was asked is recorded

    monkeypatch.setenv("RAY_ADDRESS", "auto")
    monkeypatch.setattr(ray, "is_initialized", lambda: state["up"])
    monkeypatch.setattr(ray, "init", fake_init)
    monkeypatch.setattr(ray, "shutdown", lambda: state.update(up=False))
    with pytest.raises(LudotecaError, match="could not connect to the Ray cluster at 'auto'"):
        run_tournament("carcassonne", OPTIONS, ["random", "greedy"], games=2, workers=3, backend="ray")
    assert calls and calls[0]["address"] == "auto"
    assert "num_cpus" not in calls[0] and "num_gpus" not in calls[0]


@needs_ray
def test_the_cpus_games_run_on_are_reported(ray_session: Any) -> None:
    seen: list[tuple[int, str]] = []
    run_tournament("carcassonne", OPTIONS, ["random", "greedy"], games=2, backend="ray",
                   on_cluster=lambda cpus, where: seen.append((cpus, where)))
    assert seen == [(2, "the running Ray instance")]


@needs_ray
@pytest.mark.soak
def test_the_tournament_command_on_a_cluster_with_token_authentication() -> None:
    """`ray start --head` with token authentication in its own process; `ludoteca tournament
    --backend ray` joins it through RAY_ADDRESS with the token in RAY_AUTH_TOKEN (in its own
    process too: Ray reads the authentication variables when it is imported)."""
    import os
    import secrets
    import shutil
    import signal
    import socket
    import subprocess
    import sys
    import tempfile
    import time
    from pathlib import Path

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's socket paths must fit in 107 bytes
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}
    env.pop("RAY_ADDRESS", None)
    head = subprocess.Popen(
        [str(Path(sys.executable).with_name("ray")), "start", "--head", "--block", f"--port={port}",
         "--num-cpus=2", "--include-dashboard=false", f"--temp-dir={temp}", "--disable-usage-stats"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:  # wait for the head's port
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and head.poll() is None, "ray start did not come up"
                time.sleep(0.5)
        bag = ",".join(f'"{t}"' for t in BAG)
        command = [sys.executable, "-c", "from ludoteca.cli.main import app; app()",
                   "tournament", "carcassonne", "--agents", "random,greedy", "--games", "4", "--seed", "5",
                   "--workers", "7", "--backend", "ray", "--option", f"bag=[{bag}]", "--json"]
        joined = subprocess.run(command, env={**env, "RAY_ADDRESS": f"127.0.0.1:{port}"}, capture_output=True,
                                text=True, timeout=300)
        assert joined.returncode == 0, joined.stderr[-3000:]
        assert f"ray: 2 CPU(s) on the Ray cluster at 127.0.0.1:{port}" in joined.stderr  # not --workers
        local = run_tournament("carcassonne", OPTIONS, ["random", "greedy"], games=4, seed=5)
        import json

        played = [{k: v for k, v in g.items() if k != "seconds"} for g in json.loads(joined.stdout)["games"]]
        assert played == json.loads(json.dumps(local.to_dict(timings=False)))["games"]
    finally:
        if head.poll() is None:
            os.killpg(head.pid, signal.SIGTERM)  # the head and the processes it started, by its own group
            head.wait(timeout=90)
        shutil.rmtree(temp, ignore_errors=True)
