"""The server's authority over running games: live states, bots, chance, views and pushes.

`Hub` owns the `Store`, a cache of `LiveGame`s and a thread pool for bots. A live game
is rebuilt from its action log the first time it is needed (at start-up or after a
restart), by applying the stored canonical strings in order, so it is exactly the
game that was stored.

Rules the hub keeps
-------------------
* One `asyncio.Lock` per game: every change to a game (a human action, bots and chance
  moving) happens under it, so concurrent requests on one game are serialised while
  other games go on.
* Every action is applied to a *clone* of the live state, written to the store
  (`Store.append_action`, one transaction), and only then does the clone become the
  live state. If the write fails the live state is untouched. Live states are never
  changed in place, so views read them without the lock.
* Chance outcomes are drawn by the server with `sample_chance` and a `random.Random`
  seeded from the game's stored seed and the action index; bots are built per move
  with a seed derived the same way. Nothing is ever pre-drawn, and a game resumed
  after a restart continues exactly as it would have.
* After each human action (and when a game is created or loaded) `advance` plays
  chance and bot seats until a human must act or the game ends. A bot thinks on a
  clone in a worker thread, with a time budget per move; past the budget (or if the
  bot fails) a seeded random legal action is played instead and the event is logged.
* Views: `view(seat)` gives the seat's `observation`, its prompt only when it must
  act, the recent log, scores and whether the game is over. Spectators (`seat=None`)
  get `observation(-1)` for games without hidden information, else only a
  `public_observation()` if the state has one. Tokens are never part of a view: the
  hub keeps only their SHA-256 hashes.
* Undo (games created with `undo`): a human seat may take back its own actions while
  they are the latest in force — back to the last draw or the last move of another
  seat, since both may have shown new information. The log stays append-only: an
  "undo" entry is written. Chance and bots are seeded by the action index, so a draw
  after an undo is the same draw again: undo cannot fish for better tiles.
* Subscribers (the WebSocket connections) get the new view after every change; a slow
  subscriber only ever misses intermediate views, never the latest.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import os
import random
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.errors import IllegalActionError, LudotecaError
from ludoteca.core.play import sample_chance
from ludoteca.core.record import record_of
from ludoteca.core.registry import game_class, load_game
from ludoteca.server.store import ACTION, UNDO, Store, StoredGame, StoreError

log = logging.getLogger("ludoteca.server")

LOG_LENGTH = 50  # actions shown in a view's log
QUEUE_LENGTH = 8  # views kept for a slow subscriber


class GameNotFound(LudotecaError):
    pass


class Forbidden(LudotecaError):
    """A wrong token, or a seat that is not to act (HTTP 403)."""


class Conflict(LudotecaError):
    """A stale `state_id`, or a game that is over (HTTP 409)."""


class BadRequest(LudotecaError):
    """An illegal or malformed action, or bad game settings (HTTP 422)."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _derived_seed(seed: int, purpose: str, index: int) -> int:
    return random.Random(f"{seed}:{purpose}:{index}").getrandbits(63)


@dataclass(slots=True)
class Seat:
    seat: int
    kind: str  # "human" or "bot"
    name: str
    agent: str | None = None
    token_hash: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "agent": self.agent,
                "token_hash": self.token_hash}

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "agent": self.agent}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(int(data["seat"]), str(data["kind"]), str(data["name"]), data.get("agent"),
                   data.get("token_hash"))


@dataclass(slots=True)
class LogEntry:
    """One action in force: its canonical string, and what the other seats learn of it
    (`public`: `State.public_action_string`, None for a secret draw or decision)."""

    index: int
    seat: int | None
    action: str
    time: datetime
    public: str | None


@dataclass(eq=False)
class LiveGame:
    id: str
    seats: list[Seat]
    seed: int
    state: State
    log: list[LogEntry]  # the actions in force
    created: datetime
    allow_undo: bool = False
    entries: int = 0  # rows in the stored log (actions and undos): the next `seq`
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)

    @property
    def state_id(self) -> int:
        return self.state.move_number()

    def seat_of(self, token: str) -> int:
        """The seat that `token` belongs to; `Forbidden` if none."""
        digest = hash_token(token)
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.seat
        if found is None:
            raise Forbidden("this token does not belong to any seat of this game")
        return found

    def to_move(self) -> int | None:
        player = self.state.current_player()
        return player if player >= 0 else None

    def can_undo(self, seat: int | None) -> bool:
        """True if `seat` may take back the latest action in force (its own)."""
        if seat is None or not self.allow_undo or not self.log or self.state.is_terminal():
            return False
        return self.log[-1].seat == seat and self.seats[seat].kind == "human"

    def needs_server(self) -> bool:
        """True when the server (chance or a bot), not a human, must move next."""
        player = self.state.current_player()
        if player == TERMINAL:
            return False
        return player == CHANCE or self.seats[player].kind == "bot"

    # ------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict[str, Any]:
        state = self.state
        game = state.game
        if seat is not None:
            observation = state.observation(seat)
        elif not game.hidden_information:
            observation = state.observation(-1)
        else:
            public = getattr(state, "public_observation", None)
            observation = public() if callable(public) else {"game": game.name}
        current = state.current_player()
        prompt = state.prompt().to_dict() if seat is not None and current == seat else None
        terminal = current == TERMINAL
        return {
            "game_id": self.id,
            "game": game.name,
            "state_id": state.move_number(),
            "seat": seat,
            "to_act": current if current >= 0 else None,
            "players": [s.public() for s in self.seats],
            "observation": observation,
            "prompt": prompt,
            "log": [self._log_entry(e, seat) for e in self.log[-LOG_LENGTH:]],
            "scores": state.scores(),
            "terminal": terminal,
            "returns": state.returns() if terminal else None,
            "can_undo": self.can_undo(seat),
            "scoring": _scoring_log(state),
        }

    def _log_entry(self, entry: LogEntry, viewer: int | None) -> dict[str, Any]:
        """An entry as `viewer` may see it: its own actions in full, the rest as announced."""
        chance = entry.seat is None
        if entry.seat is not None and entry.seat == viewer:
            text = entry.action
        elif entry.public is not None:
            text = entry.public
        else:
            text = "(chance)" if chance else "(hidden)"
        return {
            "index": entry.index,
            "seat": entry.seat,
            "player": "chance" if chance else self.seats[entry.seat].name,  # type: ignore[index]
            "action": text,
            "time": entry.time.isoformat(),
        }

    def record(self) -> dict[str, Any]:
        return {**record_of(self.state), "players": [s.name for s in self.seats]}

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {"game_id": self.id, "game": state.game.name,
                "status": "finished" if state.is_terminal() else "active",
                "players": [s.public() for s in self.seats], "scores": state.scores(),
                "state_id": state.move_number(), "to_act": self.to_move(),
                "created": self.created.isoformat()}

    def publish(self) -> None:
        """Queue the current view for every subscriber (each sees its own seat's view)."""
        views: dict[int | None, dict[str, Any]] = {}
        for sub in list(self.subscribers):
            if sub.seat not in views:
                views[sub.seat] = self.view(sub.seat)
            sub.push(views[sub.seat])


class Subscriber:
    """One WebSocket connection: a seat (None for a spectator) and a queue of views."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE_LENGTH)

    def push(self, view: dict[str, Any]) -> None:
        while True:
            try:
                self.queue.put_nowait(view)
                return
            except asyncio.QueueFull:
                self.queue.get_nowait()  # drop the oldest: every view is complete


class Hub:
    """All games of one server: creation, loading, actions, bots and subscriptions."""

    def __init__(self, store: Store, bot_time_budget: float = 10.0, bot_workers: int | None = None) -> None:
        self.store = store
        self.bot_time_budget = bot_time_budget
        self.pool = ThreadPoolExecutor(max_workers=bot_workers or max(4, os.cpu_count() or 1),
                                       thread_name_prefix="ludoteca-bot")
        self._games: dict[str, LiveGame] = {}
        self._loading = asyncio.Lock()

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.store.dispose()

    # ------------------------------------------------------------ games
    async def create(self, name: str, options: dict[str, Any], seats: list[dict[str, Any]],
                     seed: int | None = None, undo: bool = False) -> tuple[LiveGame, dict[int, str]]:
        """Create, store and start a game; returns it and each human seat's token."""
        try:
            cls = game_class(name)
            options = dict(options)
            if "players" in cls.default_options and "players" not in options:
                options["players"] = len(seats)
            game = load_game(name, **options)
        except (LudotecaError, TypeError, ValueError) as exc:
            raise BadRequest(str(exc)) from None
        if len(seats) != game.num_players():
            raise BadRequest(f"{len(seats)} seat(s) given for a {game.num_players()}-player game")
        live_seats, tokens = [], {}
        for i, spec in enumerate(seats):
            kind = spec.get("kind")
            name_given = (spec.get("name") or "").strip()
            if kind == "human":
                tokens[i] = secrets.token_urlsafe(24)
                live_seats.append(Seat(i, "human", name_given or f"Player {i + 1}",
                                       token_hash=hash_token(tokens[i])))
            elif kind == "bot":
                agent = (spec.get("agent") or "").strip()
                if not agent:
                    raise BadRequest(f"seat {i}: a bot needs an 'agent' spec, e.g. 'greedy'")
                try:
                    make_agent(agent, seed=0)
                except LudotecaError as exc:
                    raise BadRequest(f"seat {i}: {exc}") from None
                live_seats.append(Seat(i, "bot", name_given or agent, agent=agent))
            else:
                raise BadRequest(f"seat {i}: kind must be 'human' or 'bot', got {kind!r}")
        now = datetime.now(UTC)
        seed = secrets.randbits(63) if seed is None else seed
        stored = StoredGame(secrets.token_hex(8), game.name, _jsonable(game.options),
                            [s.to_json() for s in live_seats], seed, undo, "active", [], 0, 0, now, now)
        state = game.new_initial_state()
        stored.scores = state.scores()
        stored.status = "finished" if state.is_terminal() else "active"
        await asyncio.to_thread(self.store.create_game, stored)
        live = LiveGame(stored.id, live_seats, seed, state, [], now, allow_undo=undo)
        self._games[live.id] = live
        async with live.lock:
            await self.advance(live)
        return live, tokens

    async def get(self, game_id: str) -> LiveGame:
        """The live game, rebuilt from the store if needed; `GameNotFound` if unknown."""
        live = self._games.get(game_id)
        if live is not None:
            return live
        async with self._loading:
            live = self._games.get(game_id)
            if live is None:
                stored = await asyncio.to_thread(self.store.load_game, game_id)
                if stored is None:
                    raise GameNotFound(f"no game {game_id!r}")
                live = await asyncio.to_thread(_rebuild, stored)
                self._games[game_id] = live
        if live.needs_server():  # e.g. the server stopped while bots were moving
            async with live.lock:
                await self.advance(live)
        return live

    async def list_games(self, status: str | None = None, limit: int = 200) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(self.store.list_games, status, limit)
        out = []
        for row in rows:
            live = self._games.get(row.id)
            if live is not None:
                out.append(live.summary())
                continue
            out.append({"game_id": row.id, "game": row.game, "status": row.status,
                        "players": [Seat.from_json(s).public() for s in row.seats],
                        "scores": row.scores, "state_id": row.num_actions, "to_act": None,
                        "created": row.created.isoformat()})
        return out

    # ------------------------------------------------------------ moves
    async def act(self, live: LiveGame, token: str, state_id: int, text: str) -> int:
        """Apply a human's action (then let chance and bots move); returns the seat."""
        seat = live.seat_of(token)
        async with live.lock:
            if live.needs_server():  # a bot or draw left pending by a failed write
                await self.advance(live)
            state = live.state
            if state_id != state.move_number():
                raise Conflict(f"stale state_id {state_id}: the game is at state_id "
                               f"{state.move_number()}; fetch the view again")
            if state.is_terminal():
                raise Conflict("the game is over")
            if state.current_player() != seat:
                raise Forbidden(f"seat {seat} is not to act; seat {live.to_move()} is")
            try:
                action = state.string_to_action(text)
            except IllegalActionError as exc:
                raise BadRequest(str(exc)) from None
            except (LudotecaError, ValueError, TypeError, KeyError, IndexError) as exc:
                raise BadRequest(f"cannot read action {text!r}: {exc}") from None
            await self._commit(live, action, seat)
            await self.advance(live)
        return seat

    async def undo(self, live: LiveGame, token: str, state_id: int) -> int:
        """Take back the token's seat's latest action; returns the seat."""
        seat = live.seat_of(token)
        async with live.lock:
            state = live.state
            if not live.allow_undo:
                raise Conflict("this game was created without undo")
            if state_id != state.move_number():
                raise Conflict(f"stale state_id {state_id}: the game is at state_id "
                               f"{state.move_number()}; fetch the view again")
            if state.is_terminal():
                raise Conflict("the game is over")
            if not live.can_undo(seat):
                raise Conflict("nothing to take back: the latest action is not yours, or new "
                               "information (a draw or another seat's move) came after it")
            entry = live.log[-1]
            previous = state.game.new_initial_state()
            for action in state.history()[:-1]:
                previous.apply_action(action)
            status = "finished" if previous.is_terminal() else "active"
            await asyncio.to_thread(self.store.append, live.id, live.entries, UNDO, entry.index,
                                    entry.action, seat, status, previous.scores())
            live.state = previous
            live.log.pop()
            live.entries += 1
            live.publish()
        return seat

    async def advance(self, live: LiveGame) -> None:
        """Play chance and bot seats until a human must act or the game ends (lock held)."""
        while live.needs_server():
            state = live.state
            index = state.move_number()
            player = state.current_player()
            if player == CHANCE:
                action = sample_chance(state, random.Random(f"{live.seed}:chance:{index}"))
                seat = None
            else:
                action = await self._bot_move(live, player)
                seat = player
            try:
                await self._commit(live, action, seat)
            except StoreError:
                log.exception("game %s: cannot store action %d; will retry later", live.id, index)
                return

    async def _bot_move(self, live: LiveGame, seat: int) -> int:
        state = live.state
        index = state.move_number()
        spec = live.seats[seat].agent or "random"
        seed = _derived_seed(live.seed, "bot", index)
        position = state.clone()
        loop = asyncio.get_running_loop()

        def think() -> int:
            return make_agent(spec, seed=seed).step(position)

        future = loop.run_in_executor(self.pool, think)
        try:
            action = await asyncio.wait_for(future, self.bot_time_budget)
            if action in state.legal_actions():
                return int(action)
            log.warning("game %s: bot %s chose illegal action %r", live.id, spec, action)
        except TimeoutError:
            log.warning("game %s: bot %s exceeded %.1fs at action %d; playing a random move",
                        live.id, spec, self.bot_time_budget, index)
        except Exception:
            log.exception("game %s: bot %s failed at action %d; playing a random move",
                          live.id, spec, index)
        return random.Random(f"{live.seed}:fallback:{index}").choice(state.legal_actions())

    async def _commit(self, live: LiveGame, action: int, seat: int | None) -> None:
        """Store `action` and then make it live; on a store error nothing changes."""
        state = live.state
        index = state.move_number()
        text = state.action_to_string(action)
        public = state.public_action_string(action)
        child = state.clone()
        child.apply_action(action)
        status = "finished" if child.is_terminal() else "active"
        when = await asyncio.to_thread(self.store.append, live.id, live.entries, ACTION, index, text,
                                       seat, status, child.scores())
        live.state = child
        live.log.append(LogEntry(index, seat, text, when, public))
        live.entries += 1
        live.publish()


def _rebuild(stored: StoredGame) -> LiveGame:
    """A live game from its stored row and action log (exact replay of canonical strings)."""
    state = load_game(stored.game, **stored.options).new_initial_state()
    entries = []
    for a in stored.history():
        try:
            action = state.string_to_action(a.action)
            public = state.public_action_string(action)
            state.apply_action(action)
        except LudotecaError as exc:
            raise StoreError(f"game {stored.id}: stored action {a.index} {a.action!r}: {exc}") from exc
        entries.append(LogEntry(a.index, a.seat, a.action, a.created, public))
    seats = [Seat.from_json(s) for s in stored.seats]
    return LiveGame(stored.id, seats, stored.seed, state, entries, stored.created,
                    allow_undo=stored.allow_undo, entries=len(stored.log))


def _scoring_log(state: State) -> list[dict[str, Any]] | None:
    """The state's public scoring events (`scoring_log()`), for games that keep one."""
    scoring_log = getattr(state, "scoring_log", None)
    return scoring_log() if callable(scoring_log) else None


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))
