"""What one server lets its clients use: body sizes, request rates, sockets, bots and memory.

`ServerLimits` gathers every bound in one place (the defaults suit a public site on a
small machine; `ludoteca serve` options change the main ones). Every refusal is a 4xx
with a readable `detail` and changes nothing:

* 413 — a request body over `max_body_bytes` (`BodyLimit`: refused by its
  `Content-Length`, or as soon as a streamed body passes the limit, never read whole;
  Starlette's own limit answers in plain text, ours in the API's JSON);
* 429 — a client over its rate (token buckets per client address: one for creating
  games, one for actions and undos, one for everything else), with `Retry-After`;
* 422 — options whose JSON is over `max_options_bytes`, or a bot spec asking for more
  thinking than the server allows (`max_bot_time` seconds, `max_bot_iterations`);
* WebSocket close 4429 — over `sockets_per_game` on one game or `sockets_per_client`
  from one address.

Clients are told apart by their address as uvicorn sees it; behind a reverse proxy start
the server with the proxy's address trusted (`ludoteca serve --forwarded-allow-ips`) so
that `X-Forwarded-For` names the real client. Rates are per server process.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, replace
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ludoteca.agents.base import parse_spec
from ludoteca.core.errors import LudotecaError
from ludoteca.core.i18n import msg


@dataclass(frozen=True, slots=True)
class Rate:
    """`per_second` tokens refilled continuously, at most `burst` saved up."""

    per_second: float
    burst: int


@dataclass(frozen=True, slots=True)
class ServerLimits:
    max_body_bytes: int = 64 * 1024
    max_options_bytes: int = 8 * 1024
    rate_limits: bool = True
    create_rate: Rate = Rate(per_second=10 / 60, burst=10)  # 10 games a minute, 10 at once
    action_rate: Rate = Rate(per_second=10.0, burst=40)
    read_rate: Rate = Rate(per_second=30.0, burst=120)
    sockets_per_game: int = 64
    sockets_per_client: int = 32
    max_bot_time: float = 10.0  # seconds a bot may think per move (its hard deadline)
    max_bot_iterations: int = 200_000
    max_live_games: int = 2_000  # games kept in memory; the least recently used idle ones go
    idle_seconds: float = 15 * 60  # an unwatched game leaves memory after this long
    finished_idle_seconds: float = 60.0

    def without_rate_limits(self) -> ServerLimits:
        return replace(self, rate_limits=False)


class RateLimited(LudotecaError):
    """A client over its request rate (HTTP 429); `retry_after` seconds until a token."""

    def __init__(self, text: str, retry_after: float) -> None:
        super().__init__(text, message=msg("server.error.rate_limited", n=max(1, math.ceil(retry_after))))
        self.retry_after = retry_after


class LimitExceeded(LudotecaError):
    """Settings over what the server allows (HTTP 422)."""


class RateLimiter:
    """Token buckets per (client, kind); a bounded table, idle full buckets forgotten."""

    MAX_CLIENTS = 50_000

    def __init__(self, limits: ServerLimits) -> None:
        self.limits = limits
        self.rates = {"create": limits.create_rate, "action": limits.action_rate,
                      "read": limits.read_rate}
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}  # -> (tokens, when)

    def take(self, client: str, kind: str) -> None:
        """Spend one token of `client`'s `kind` bucket, or raise `RateLimited`."""
        if not self.limits.rate_limits:
            return
        rate = self.rates[kind]
        now = time.monotonic()
        key = (client, kind)
        tokens, when = self._buckets.get(key, (float(rate.burst), now))
        tokens = min(float(rate.burst), tokens + (now - when) * rate.per_second)
        if tokens < 1.0:
            wait = (1.0 - tokens) / rate.per_second
            raise RateLimited(f"too many requests ({kind}) from this client; retry in "
                              f"{math.ceil(wait)} s", wait)
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > self.MAX_CLIENTS:
            self._forget(now)

    def _forget(self, now: float) -> None:
        """Drop buckets that have refilled (they hold nothing a new bucket would not)."""
        for key, (tokens, when) in list(self._buckets.items()):
            rate = self.rates[key[1]]
            if tokens + (now - when) * rate.per_second >= rate.burst:
                del self._buckets[key]
        while len(self._buckets) > self.MAX_CLIENTS:  # still full: the oldest go
            del self._buckets[next(iter(self._buckets))]


def check_options_size(options: dict[str, Any], limits: ServerLimits) -> None:
    size = len(json.dumps(options, separators=(",", ":")))
    if size > limits.max_options_bytes:
        raise LimitExceeded(f"options are {size} bytes of JSON; this server takes at most "
                            f"{limits.max_options_bytes}",
                            message=msg("server.error.options_too_big", n=limits.max_options_bytes))


def check_bot_spec(spec: str, limits: ServerLimits) -> None:
    """Refuse a bot spec that asks for more thinking than the server gives a move."""
    _name, params = parse_spec(spec)
    thinking = params.get("time")
    if isinstance(thinking, int | float) and thinking > limits.max_bot_time:
        raise LimitExceeded(f"bot {spec!r}: time={thinking} s per move; this server allows at "
                            f"most {limits.max_bot_time:g} s",
                            message=msg("server.error.bot_time", n=limits.max_bot_time))
    iterations = params.get("iterations")
    if isinstance(iterations, int | float) and iterations > limits.max_bot_iterations:
        raise LimitExceeded(f"bot {spec!r}: iterations={iterations}; this server allows at most "
                            f"{limits.max_bot_iterations}",
                            message=msg("server.error.bot_iterations", n=limits.max_bot_iterations))


class BodyLimit:
    """ASGI middleware: a request body over `max_bytes` is answered 413 without being read.

    A body of declared length is judged by its `Content-Length`; a streamed one is read
    into memory only up to the limit, then handed on whole."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.message = f"request body too large: this server takes at most {max_bytes} bytes"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None:
            if not declared.isdigit():
                await _problem(send, 400, "Content-Length is not a number",
                               msg("server.error.bad_length"))
            elif int(declared) > self.max_bytes:
                await _problem(send, 413, self.message, msg("server.error.too_big", n=self.max_bytes))
            else:
                await self.app(scope, receive, send)
            return
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            parts.append(message.get("body", b""))
            size += len(parts[-1])
            if size > self.max_bytes:
                await _problem(send, 413, self.message, msg("server.error.too_big", n=self.max_bytes))
                return
            if not message.get("more_body", False):
                break
        body = b"".join(parts)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _problem(send: Send, status: int, detail: str, message: dict[str, object] | None = None) -> None:
    body = json.dumps({"detail": detail, **({"message": message} if message else {})}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
