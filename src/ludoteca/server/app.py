"""The HTTP and WebSocket API of the Ludoteca server (FastAPI).

`create_app(db_url)` builds the app on a `Store` (default: `$LUDOTECA_DB_URL`, else the
SQLite file `./ludoteca.db`). The server is the authority: clients send canonical action
strings with the `state_id` they saw, the server checks and applies them, moves chance
and bots, and sends each seat only its own view.

Endpoints
---------
* `POST /api/games` `{"game", "options", "seats": [{"kind": "human", "name"} |
  {"kind": "bot", "agent"}], "seed"?}` -> 201 `{"game_id", "seats": [{"seat", "kind",
  "name", "agent", "token", "url"}], "spectator_url"}`. Tokens appear here and nowhere else. Seat
  links are relative (`/games/{id}?token=...`) unless the server was given its public
  URL. A `seed` deals the game only when at most one seat is human (and every view then
  shows it); with several people the server deals from its own secret (the seed, if
  any, is mixed in). A game without a human seat plays in the background.
* `GET /api/games[?status=active|finished]` -> `{"games": [...]}` with players and scores.
* `GET /api/games/{id}/view[?token=T]` -> the seat's view (`GameView`); without a token
  the spectator view.
* `POST /api/games/{id}/actions` `{"token", "state_id", "action"}` -> the acting seat's
  new view, after chance and bots have moved up to the next human decision.
  404 unknown game; 403 wrong token or not this seat's turn; 409 stale `state_id` or game
  over; 422 illegal or malformed action (the reason in `detail`). A rejected request
  changes nothing.
* `POST /api/games/{id}/undo` `{"token", "state_id"}` -> the seat's view with its latest
  action taken back (games created with `"undo": true`; back to the last draw or the
  last move of another seat). 403 wrong token; 409 stale, undo off or nothing to undo.
* `GET /api/games/{id}/record` -> the `ludoteca-record/1` record (plus `players`);
  409 until the game has ended.
* `POST /api/games/{id}/rematch` `{"token"}` -> 200 `{"game_id", "seat", "token", "url"}`:
  the rematch of an ended game (same seats, options and undo, a new deal), created by the
  first seat that asks; every later call (any seat, any number of times) gets the same
  game and the caller's own seat and token there. The ended game's views then name it
  (`rematch`). 403 wrong token; 409 before the end.
* `GET /api/games/{id}/replay?step=k[&token=T]` -> the view at step k (default: the last)
  of an ended game
  (`replay.py`: the spectator's view, or the token's seat's, as it was then; no prompt;
  `replay: {step, steps}`; `&full_log=true`: the whole log up to k). 409 before the end;
  422 for a step out of 0..steps.
* `GET /api/catalog`, `GET /api/games/{id}/components`, and the browser table's pages
  (`/`, `/games/{id}`) and `/static/` files: see `web.py`.
* WebSocket `/ws/games/{id}[?token=T]`: sends `{"type": "view", "view": GameView}` at once
  and after every change. Closes with 4404 for an unknown game, 4403 for a wrong token.
  Messages from the client are ignored.

Every error is JSON `{"detail": "<what was wrong>"}` (malformed bodies too, without
echoing them) and changes nothing: 413 for a body over the limit, 429 (with
`Retry-After`) for a client over its rate, 422 for options or bot specs over the
server's limits (`limits.py`), 503 for a store failure. WebSocket connections over the
per-game or per-client cap are closed with 4429. Tokens are redacted from uvicorn's logs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any, Literal

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response

from ludoteca.core.errors import LudotecaError
from ludoteca.core.i18n import msg
from ludoteca.server.hub import BotRunner, Hub
from ludoteca.server.limits import BodyLimit, LimitExceeded, RateLimited, RateLimiter, ServerLimits
from ludoteca.server.live import BadRequest, Conflict, Forbidden, GameNotFound, Subscriber
from ludoteca.server.models import (
    ActionRequest,
    CreateGameRequest,
    CreateGameResponse,
    GameList,
    GameView,
    Problem,
    RematchRequest,
    RematchResponse,
    SeatLink,
    UndoRequest,
)
from ludoteca.server.notify import Listener
from ludoteca.server.replay import replay_view
from ludoteca.server.store import Store, StoreError
from ludoteca.server.texts import localized_json
from ludoteca.server.web import add_web_routes

log = logging.getLogger("ludoteca.server")

_ERRORS: dict[type[Exception], int] = {
    GameNotFound: 404,
    Forbidden: 403,
    Conflict: 409,
    BadRequest: 422,
    LimitExceeded: 422,
    StoreError: 503,
}

_GAME_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": Problem, "description": "No such game"},
    429: {"model": Problem, "description": "Too many requests from this client (see Retry-After)"},
}
_ACTION_ERRORS: dict[int | str, dict[str, Any]] = {
    **_GAME_ERRORS,
    403: {"model": Problem, "description": "Wrong token, or this seat is not to act"},
    409: {"model": Problem, "description": "Stale state_id, or the game is over"},
    422: {"model": Problem, "description": "Illegal or malformed action (the reason in detail)"},
    503: {"model": Problem, "description": "The action could not be stored; nothing changed"},
}
PUBLIC_URL_ENV = "LUDOTECA_PUBLIC_URL"
SWEEP_SECONDS = 30.0


def create_app(db_url: str | None = None, *, limits: ServerLimits | None = None,
               bot_time_budget: float | None = None, bot_workers: int | None = None,
               bots: BotRunner | Literal["processes", "threads"] = "processes",
               public_url: str | None = None) -> FastAPI:
    """The server app on the database at `db_url` (see `store.resolve_db_url`).

    `limits`: what clients may use (`limits.ServerLimits`). `bot_time_budget`: seconds
    a bot may think per move (at most `limits.max_bot_time`) before a random legal move
    is played for it. `bots`: worker processes killed at the deadline (the default), or
    threads (tests). `bot_workers`: how many (default: the CPUs). `public_url`: the base
    of seat links (default `$LUDOTECA_PUBLIC_URL`, else links are relative).
    """
    limits = limits or ServerLimits()
    store = Store(db_url)
    workers = bot_workers or max(2, os.cpu_count() or 1)
    runner: BotRunner
    if bots == "processes":
        from ludoteca.server.bots import StartingPool

        runner = StartingPool(workers)
    elif bots == "threads":
        from ludoteca.server.thread_bots import ThreadBots

        runner = ThreadBots(workers)
    else:
        runner = bots
    hub = Hub(store, runner, limits, bot_time_budget=bot_time_budget)
    limiter = RateLimiter(limits)
    base_url = (public_url or os.environ.get(PUBLIC_URL_ENV) or "").rstrip("/")
    sockets_per_client: Counter[str] = Counter()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        loggers = [logging.getLogger(n) for n in ("uvicorn.access", "uvicorn.error")]
        for logger in loggers:
            logger.addFilter(_redact_tokens)
        listener = None
        if store.shared:
            listener = Listener(store.url, asyncio.get_running_loop(), hub.changed, hub.resync,
                                hub.rematched)
            listener.start()
        sweeper = asyncio.create_task(_sweep(hub), name="ludoteca-sweep")
        with contextlib.suppress(StoreError):
            await hub.resume_bot_games()
        try:
            yield
        finally:
            sweeper.cancel()
            if listener is not None:
                listener.stop()
            for logger in loggers:
                logger.removeFilter(_redact_tokens)
            hub.close()

    app = FastAPI(
        title="Ludoteca",
        summary="Play Ludoteca games over HTTP: humans and bots, hot-seat or online, saved games.",
        version="1",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.limiter = limiter

    for exc_type, status in _ERRORS.items():
        app.add_exception_handler(exc_type, _error_handler(status))
    app.add_exception_handler(RateLimited, _rate_limited)
    app.add_middleware(BodyLimit, max_bytes=limits.max_body_bytes)
    app.add_exception_handler(RequestValidationError, _validation_handler)

    def rate(kind: str) -> Any:
        def take(request: Request) -> None:
            limiter.take(_client(request), kind)

        return Depends(take)

    @app.post("/api/games", status_code=201, response_model=CreateGameResponse, dependencies=[rate("create")],
              responses={422: {"model": Problem, "description": "Unknown game, bad options or seats"},
                         429: _GAME_ERRORS[429]})
    async def create_game(body: CreateGameRequest) -> CreateGameResponse:
        """Create a game; chance and bots move at once up to the first human decision."""
        live, tokens = await hub.create(body.game, body.options,
                                        [s.model_dump() for s in body.seats], body.seed, body.undo)
        seats = []
        for s in live.seats:
            token = tokens.get(s.seat)
            url = f"{base_url}/games/{live.id}?token={token}" if token else None
            seats.append(SeatLink(seat=s.seat, kind=s.kind, name=s.name,  # type: ignore[arg-type]  # Seat.kind is 'human' or 'bot', checked at creation
                                  agent=s.agent, token=token, url=url))
        return CreateGameResponse(game_id=live.id, seats=seats, spectator_url=f"{base_url}/games/{live.id}")

    @app.get("/api/games", response_model=GameList, dependencies=[rate("read")])
    async def list_games(status: Literal["active", "finished"] | None = None,
                         limit: int = Query(200, ge=1, le=1000)) -> dict[str, Any]:
        """Games in progress and finished, most recently changed first."""
        return {"games": await hub.list_games(status, limit)}

    @app.get("/api/games/{game_id}/view", response_model=GameView, dependencies=[rate("read")],
             responses={**_GAME_ERRORS, 403: {"model": Problem, "description": "Wrong token"}})
    async def view(game_id: str, token: str | None = Query(None, max_length=200),
                   lang: str | None = Query(None, max_length=100)) -> Response:
        """The view of the token's seat, or the spectator view without a token; with
        `?lang=pt-BR` every message in it also comes rendered (`said`)."""
        live = await hub.get(game_id, fresh=True)
        seat = await hub.seat_of(live, token) if token else None
        if lang:
            return _json(localized_json(live.view(seat), lang))
        return _json(live.view_json(seat))

    @app.post("/api/games/{game_id}/actions", response_model=GameView, responses=_ACTION_ERRORS,
              dependencies=[rate("action")])
    async def act(game_id: str, body: ActionRequest) -> Response:
        """Play one action for the token's seat; returns that seat's view after bots moved."""
        live = await hub.get(game_id)
        seat = await hub.act(live, body.token, body.state_id, body.action)
        return _json(live.view_json(seat))

    @app.post("/api/games/{game_id}/undo", response_model=GameView, dependencies=[rate("action")],
              responses={
                  **_GAME_ERRORS,
                  403: {"model": Problem, "description": "Wrong token"},
                  409: {"model": Problem, "description": "Stale state_id, undo off, or nothing to take back"},
              })
    async def undo(game_id: str, body: UndoRequest) -> Response:
        """Take back the seat's latest action (games created with undo)."""
        live = await hub.get(game_id)
        seat = await hub.undo(live, body.token, body.state_id)
        return _json(live.view_json(seat))

    @app.get("/api/games/{game_id}/record", response_model=dict[str, Any], dependencies=[rate("read")],
             responses={**_GAME_ERRORS, 409: {"model": Problem, "description": "Not over yet"}})
    async def record(game_id: str) -> dict[str, Any]:
        """The game record (`ludoteca-record/1`, with the players' names) once it has ended."""
        live = await hub.get(game_id)
        if not live.state.is_terminal():
            raise Conflict("the game is not over yet; its record is available at the end",
                           message=msg("server.error.record_early"))
        return live.record()

    @app.post("/api/games/{game_id}/rematch", response_model=RematchResponse, dependencies=[rate("action")],
              responses={**_GAME_ERRORS, 403: {"model": Problem, "description": "Wrong token"},
                         409: {"model": Problem, "description": "Not over yet"}})
    async def rematch(game_id: str, body: RematchRequest) -> RematchResponse:
        """The rematch of an ended game for the token's seat (created by the first call)."""
        live = await hub.get(game_id)
        new_live, seat, token = await hub.rematch(live, body.token)
        return RematchResponse(game_id=new_live.id, seat=seat, token=token,
                               url=f"{base_url}/games/{new_live.id}?token={token}")

    @app.get("/api/games/{game_id}/replay", response_model=GameView, dependencies=[rate("read")],
             responses={**_GAME_ERRORS, 403: {"model": Problem, "description": "Wrong token"},
                        409: {"model": Problem, "description": "Not over yet"},
                        422: {"model": Problem, "description": "Step out of range"}})
    async def replay(game_id: str, step: int | None = Query(None, ge=0, lt=2**31),
                     token: str | None = Query(None, max_length=200),
                     lang: str | None = Query(None, max_length=100),
                     full_log: bool = False) -> Response:
        """An ended game as it was after its first `step` actions (default: all of them), as
        the spectators saw it, or the token's seat; `full_log`: with every action up to there."""
        live = await hub.get(game_id)
        seat = await hub.seat_of(live, token) if token else None
        view = replay_view(live, step, seat, full_log)
        if lang:
            return _json(localized_json(view, lang))
        return _json(json.dumps(view, separators=(",", ":")).encode())

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """For load balancers and operators: the process answers; what it holds; its bots."""
        stats = getattr(runner, "stats", None)
        try:
            bots = stats() if callable(stats) else None
        except Exception:  # still starting
            bots = None
        return {"status": "ok", "games_in_memory": hub.live_games(), "bots": bots,
                "database": "shared" if store.shared else "single-process"}

    @app.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Push the seat's (or a spectator's) view now and after every change."""
        await websocket.accept()
        client = websocket.client.host if websocket.client else "unknown"
        try:
            limiter.take(client, "read")
            live = await hub.get(game_id)
            seat = await hub.seat_of(live, token) if token else None
        except GameNotFound as exc:
            await websocket.close(code=4404, reason=_reason(exc))
            return
        except Forbidden as exc:
            await websocket.close(code=4403, reason=_reason(exc))
            return
        except RateLimited as exc:
            await websocket.close(code=4429, reason=_reason(exc))
            return
        if len(live.subscribers) >= limits.sockets_per_game:
            await websocket.close(code=4429, reason=f"this game has its {limits.sockets_per_game} "
                                  "connections already")
            return
        if sockets_per_client[client] >= limits.sockets_per_client:
            await websocket.close(code=4429, reason=f"this client has {limits.sockets_per_client} "
                                  "connections open already")
            return
        sub = Subscriber(seat, client)
        sockets_per_client[client] += 1
        live.subscribers.add(sub)
        sub.push(live.view_json(seat))
        sender = asyncio.create_task(_pump(websocket, sub))
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        except WebSocketDisconnect:
            pass
        finally:
            live.subscribers.discard(sub)
            sockets_per_client[client] -= 1
            if sockets_per_client[client] <= 0:
                del sockets_per_client[client]
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    add_web_routes(app, hub)
    return app


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _json(body: bytes) -> Response:
    return Response(content=body, media_type="application/json")


def _reason(exc: Exception) -> str:
    return str(exc)[:120]  # a WebSocket close reason has at most 123 bytes


async def _sweep(hub: Hub) -> None:
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            hub.sweep()
        except Exception:
            log.exception("sweeping idle games failed")


_TOKEN_IN_URL = re.compile(r"(token=)[^&\s]+")


def _redact_tokens(record: logging.LogRecord) -> bool:
    """Keep seat tokens out of the access log (they travel in view and WebSocket URLs)."""
    if isinstance(record.args, tuple):
        record.args = tuple(_TOKEN_IN_URL.sub(r"\1***", a) if isinstance(a, str) else a
                            for a in record.args)
    record.msg = _TOKEN_IN_URL.sub(r"\1***", str(record.msg))
    return True


async def _pump(websocket: WebSocket, sub: Subscriber) -> None:
    while True:
        view = await sub.queue.get()
        await websocket.send_text('{"type":"view","view":' + view.decode() + "}")


MAX_PROBLEMS = 10


async def _validation_handler(_request: Request, exc: Exception) -> JSONResponse:
    """A malformed body or query as one readable `detail` string, without echoing the input."""
    assert isinstance(exc, RequestValidationError)
    problems = []
    for error in exc.errors()[:MAX_PROBLEMS]:
        where = ".".join(str(part)[:40] for part in error.get("loc", ()))
        problems.append(f"{where}: {str(error.get('msg', 'invalid'))[:200]}")
    if len(exc.errors()) > MAX_PROBLEMS:
        problems.append(f"and {len(exc.errors()) - MAX_PROBLEMS} more")
    return JSONResponse({"detail": "; ".join(problems) or "malformed request",
                         "message": msg("server.error.malformed")}, status_code=422)


async def _rate_limited(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RateLimited)
    return JSONResponse({"detail": str(exc), "message": exc.message}, status_code=429,
                        headers={"Retry-After": str(max(1, round(exc.retry_after + 0.5)))})


def _error_handler(status: int) -> Any:
    async def handler(_request: Request, exc: Exception) -> JSONResponse:
        body: dict[str, Any] = {"detail": str(exc)[:1000]}
        if isinstance(exc, LudotecaError) and exc.message is not None:  # the reason, worded
            body["message"] = exc.message
        if isinstance(exc, BadRequest) and exc.option is not None:  # a refused game option
            body["option"] = exc.option
        return JSONResponse(body, status_code=status)

    return handler
