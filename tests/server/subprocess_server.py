"""A real `ludoteca serve` in a subprocess on a free 127.0.0.1 port, and a player's HTTP calls.

Shared by `scripts/server_load.py` (the load benchmark) and
`tests/server/test_server_durability.py` (the kill -9 test), which drive the server from
outside through its HTTP API only. Nothing here contacts anything but 127.0.0.1, and
every wait is bounded.

* `ServerProcess(db_url, extra_args)`: `ludoteca serve --host 127.0.0.1 --port P --db URL
  *extra_args` (as `python -c` of the console script's entry point, see `LUDOTECA`), run
  with this checkout's `src` first on `PYTHONPATH` (so the server measured is the one
  beside this file, not an installed copy), its output in a log file. `start()`,
  `wait_ready()` (polls `GET /api/health` until the bots are up), `stop()` (SIGTERM, then SIGKILL), `kill()`
  (SIGKILL), `cpu_seconds()` (from /proc).
* `default_server_args()`: those of `DEFAULT_SERVER_ARGS` that this server's `serve --help`
  offers (so `--no-rate-limit` is passed once `serve` has it, and today's server still runs).
* `game_body`, `new_game`, `random_option`: the calls of a simulated Carcassonne player.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx2

#: the checkout's sources, put first on the server's PYTHONPATH
SRC = Path(__file__).resolve().parents[2] / "src"
#: passed to `serve` when its `--help` lists them (see `default_server_args`)
DEFAULT_SERVER_ARGS: tuple[str, ...] = ("--no-rate-limit",)
HOST = "127.0.0.1"
#: how the `ludoteca` command is started: the console script's entry point (`ludoteca.cli.main:app`).
#: Not `-m ludoteca.cli.main`: that module has no `__main__` guard, so it would exit at once.
LUDOTECA = (sys.executable, "-c", "from ludoteca.cli.main import app; app(prog_name=\"ludoteca\")")


def free_port() -> int:
    """A TCP port of 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def server_env() -> dict[str, str]:
    """The environment of a server subprocess: ours, with this checkout's `src` first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH", "")) if p)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def server_command(port: int, db_url: str, extra_args: Sequence[str] = ()) -> list[str]:
    return [*LUDOTECA, "serve", "--host", HOST, "--port", str(port), "--db", db_url, *extra_args]


def default_server_args(timeout: float = 30.0) -> list[str]:
    """The options of `DEFAULT_SERVER_ARGS` that `ludoteca serve --help` mentions."""
    help_env = {**server_env(), "COLUMNS": "200", "TERM": "dumb", "NO_COLOR": "1"}
    shown = subprocess.run([*LUDOTECA, "serve", "--help"], env=help_env, capture_output=True,
                           text=True, timeout=timeout, check=True)
    if "--port" not in shown.stdout:
        raise RuntimeError(f"`serve --help` did not show its options:\n{shown.stdout}{shown.stderr}")
    return [a for a in DEFAULT_SERVER_ARGS if a.split("=", 1)[0] in shown.stdout]


class ServerProcess:
    """One `ludoteca serve` subprocess on its own port of 127.0.0.1."""

    def __init__(self, db_url: str, extra_args: Sequence[str] = (), log_path: Path | None = None,
                 port: int | None = None) -> None:
        self.db_url = db_url
        self.extra_args = list(extra_args)
        self.port = port or free_port()
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def command(self) -> list[str]:
        return server_command(self.port, self.db_url, self.extra_args)

    @property
    def pid(self) -> int:
        assert self.proc is not None, "the server is not started"
        return self.proc.pid

    def start(self) -> None:
        assert self.proc is None or self.proc.poll() is not None, "the server is running"
        with open(self.log_path or os.devnull, "ab") as log:  # the child keeps its own copy
            self.proc = subprocess.Popen(self.command, env=server_env(), stdin=subprocess.DEVNULL,
                                         stdout=log, stderr=subprocess.STDOUT)

    def wait_ready(self, timeout: float = 30.0) -> float:
        """Poll `GET /api/health` until the server answers with its bots started; returns the
        seconds it took."""
        assert self.proc is not None, "the server is not started"
        start = time.monotonic()
        deadline = start + timeout
        with httpx2.Client(timeout=2.0, trust_env=False) as client:
            while True:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited with code {self.proc.returncode} while "
                                       f"starting:\n{self.log_tail()}")
                with contextlib.suppress(httpx2.TransportError):
                    health = client.get(f"{self.base_url}/api/health")
                    # up, and its bots started (a server without /api/health: up is enough)
                    if health.status_code == 404 or (health.status_code == 200
                                                     and health.json().get("bots") is not None):
                        return time.monotonic() - start
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the server did not answer within {timeout:.0f} s:\n"
                                       f"{self.log_tail()}")
                time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: the server gets no chance to flush or clean up."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self, grace: float = 5.0) -> None:
        """SIGTERM, then SIGKILL after `grace` seconds; safe to call twice."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(grace)
        except subprocess.TimeoutExpired:
            self.kill()

    def cpu_seconds(self) -> float | None:
        """User + system CPU seconds of the server process so far (Linux /proc), or None."""
        try:
            stat = Path(f"/proc/{self.pid}/stat").read_text()
        except OSError:
            return None
        fields = stat.rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def log_tail(self, lines: int = 20) -> str:
        if self.log_path is None or not self.log_path.exists():
            return "(no log)"
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])


@contextlib.contextmanager
def running_servers(count: int, db_url: str, extra_args: Sequence[str], log_dir: Path,
                    ready_timeout: float = 30.0, into: list[ServerProcess] | None = None
                    ) -> Iterator[list[ServerProcess]]:
    """`count` servers on one database, started together and ready; always stopped at the end.
    `into` gets them before they start (for a watchdog that must kill them whatever happens)."""
    servers = [ServerProcess(db_url, extra_args, log_dir / f"server-{i}.log") for i in range(count)]
    if into is not None:
        into.extend(servers)
    try:
        for server in servers:
            server.start()
        deadline = time.monotonic() + ready_timeout
        for server in servers:
            server.wait_ready(max(1.0, deadline - time.monotonic()))
        yield servers
    finally:
        for server in servers:
            server.stop()


# ---------------------------------------------------------------- a player's calls
def game_body(name: str, bot: str = "random", options: dict[str, Any] | None = None,
              seed: int | None = None) -> dict[str, Any]:
    """A Carcassonne game for one human seat (`name`) against the bot `bot`."""
    body: dict[str, Any] = {"game": "carcassonne", "options": options or {},
                            "seats": [{"kind": "human", "name": name}, {"kind": "bot", "agent": bot}]}
    if seed is not None:
        body["seed"] = seed
    return body


async def new_game(client: httpx2.AsyncClient, base_url: str, body: dict[str, Any]
                   ) -> tuple[str, str, dict[str, Any]] | httpx2.Response:
    """Create a game and fetch the human seat's view: `(game_id, token, view)`, else the
    failed response (create not 201 or view not 200); transport errors propagate."""
    response = await client.post(f"{base_url}/api/games", json=body)
    if response.status_code != 201:
        return response
    created = response.json()
    game_id, token = created["game_id"], created["seats"][0]["token"]
    response = await client.get(f"{base_url}/api/games/{game_id}/view", params={"token": token})
    if response.status_code != 200:
        return response
    return game_id, token, response.json()


def random_option(view: dict[str, Any], rng: random.Random) -> str | None:
    """The text of a random option of the view's prompt, or None if the seat is not prompted."""
    prompt = view.get("prompt")
    if not prompt or not prompt.get("options"):
        return None
    return str(rng.choice(prompt["options"])["text"])
