"""The Ray backend of the tournament runner: the same game tasks, played on a Ray cluster.

`run_ray(tasks, workers, address, on_progress)` ships batches of `GameTask`s to Ray
workers as tasks of `play_games` (wrapped with `ray.remote`), gathers the outcomes
with `ray.wait` as they land (calling `on_progress(done, total)`) and returns them
sorted by `(matchup, index)`. Each task carries all its seeds, so the outcomes are
identical to the local backend's, whatever the cluster size or finishing order, and
a batch that Ray retries after losing a worker plays exactly the same games. An
error inside a game is raised in the driver as itself (not wrapped by Ray).

Which Ray instance
------------------
* If Ray is already initialised in this process (say, by the caller or a test
  fixture), that instance is used and left running.
* Else with an `address` (`"auto"`, `"host:6379"` or `"ray://host:10001"`), or
  without one when the `RAY_ADDRESS` environment variable names a cluster, the
  driver connects to that cluster (without `num_cpus`, which Ray refuses when
  connecting); every node needs `ludoteca` installed (the same version), since the
  workers import it to play. The games are spread over all the cluster's CPUs
  (`workers` is then ignored); `on_cluster(cpus, where)` is told how many there are.
* Else a local instance is started with `workers` CPUs (no dashboard, worker logs
  not forwarded).

An instance or connection made here is shut down (disconnected) when the games are
done or fail; one that was already running is not. Ray is imported only when this
backend is used (it is the optional `ray` extra: `pip install 'ludoteca[ray]'`); a
missing Ray, a cluster that cannot be reached or an instance that cannot start raise
`LudotecaError` saying why. Token authentication is Ray's own, set up through its
environment variables (`RAY_AUTH_MODE`, `RAY_AUTH_TOKEN`, ...: docs/research-apis.md).
"""

from __future__ import annotations

import logging
import math
import os
import socket
from collections.abc import Callable
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.sim.tournament import GameOutcome, GameTask, play_games

MAX_BATCH = 16
CONNECT_TIMEOUT = 10.0  # seconds to wait for a cluster's port to answer
AUTH_HINT = ("; if the cluster uses token authentication (Ray 2.60's `ray start` does by default), set "
             "RAY_AUTH_MODE=token and RAY_AUTH_TOKEN or RAY_AUTH_TOKEN_PATH before starting "
             "(docs/research-apis.md)")


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise LudotecaError(
            f"the ray backend needs Ray, which cannot be imported ({exc}); install it with "
            "`pip install 'ludoteca[ray]'` (ray==2.60.0) or use the local backend"
        ) from None
    return ray


def cluster_address(address: str | None) -> str | None:
    """The cluster to join: `address`, else `RAY_ADDRESS` from the environment, else None (local)."""
    return address or os.environ.get("RAY_ADDRESS") or None


def _start(ray: Any, workers: int, address: str | None) -> bool:
    """Make sure Ray is initialised; True if this call did it (and so must shut it down)."""
    if ray.is_initialized():
        return False
    kwargs: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING,
                              "configure_logging": True}
    if address is not None:
        where = f"connect to the Ray cluster at {address!r}"
        _check_reachable(address, where)
        kwargs["address"] = address
    else:
        where = f"start a local Ray instance with {workers} CPU(s)"
        kwargs.update(num_cpus=workers, include_dashboard=False, ignore_reinit_error=True)
    try:
        ray.init(**kwargs)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError...
        if ray.is_initialized():
            ray.shutdown()
        hint = AUTH_HINT if address is not None else ""
        raise LudotecaError(f"could not {where}: {type(exc).__name__}: {exc}{hint}") from None
    return True


def _host_port(address: str) -> tuple[str, int] | None:
    """`(host, port)` of a `host:port` or `ray://host:port` address; None for `auto` and the like."""
    rest = address.removeprefix("ray://")
    host, colon, port = rest.rpartition(":")
    if not colon or not host or not port.isdigit():
        return None
    return host.strip("[]"), int(port)


def _check_reachable(address: str, where: str) -> None:
    """Fail fast on a port nobody listens on (`ray.init` would retry for many minutes)."""
    target = _host_port(address)
    if target is None:
        return
    try:
        socket.create_connection(target, timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        host, port = target
        raise LudotecaError(f"could not {where}: nothing answers at {host}:{port} ({exc})") from None


def batch_size(tasks: int, cpus: int, max_batch: int = MAX_BATCH) -> int:
    """Games per Ray task: about four tasks per CPU, at most `max_batch` games each."""
    return max(1, min(max_batch, math.ceil(tasks / (max(1, cpus) * 4))))


def run_ray(
    tasks: list[GameTask],
    workers: int,
    address: str | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    on_results: Callable[[list[GameOutcome]], None] | None = None,
    on_cluster: Callable[[int, str], None] | None = None,
) -> list[GameOutcome]:
    """Play the tasks on Ray (see the module docstring); outcomes sorted by (matchup, index)."""
    ray = _import_ray()
    if not tasks:
        return []
    address = cluster_address(address)
    already = ray.is_initialized()
    owned = _start(ray, workers, address)
    try:
        if address is not None or already:
            cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
            where = "the running Ray instance" if already else f"the Ray cluster at {address}"
        else:
            cpus, where = workers, "a local Ray instance"
        if on_cluster is not None:
            on_cluster(cpus, where)
        size = batch_size(len(tasks), cpus)
        remote = ray.remote(num_cpus=1)(play_games)  # pure: a retried batch plays the same games
        pending = [remote.remote(tasks[i:i + size]) for i in range(0, len(tasks), size)]
        outcomes: list[GameOutcome] = []
        total = len(tasks)
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    landed = _get(ray, ref)
                    outcomes.extend(landed)
                    if on_results is not None:
                        on_results(landed)
                if on_progress is not None:
                    on_progress(len(outcomes), total)
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
        outcomes.sort(key=lambda o: (o.matchup, o.index))
        return outcomes
    finally:
        if owned:
            ray.shutdown()


def _get(ray: Any, ref: Any) -> list[GameOutcome]:
    """The batch's outcomes; an error inside a game is re-raised as itself, not wrapped."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = exc.cause if isinstance(getattr(exc, "cause", None), BaseException) else None
        if cause is not None:
            raise cause from None
        raise
