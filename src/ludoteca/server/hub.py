"""The server's authority over running games: creation, actions, bots, chance and memory.

`Hub` owns the `Store`, a cache of `LiveGame`s and the bots' runner. A live game is
rebuilt from its action log the first time it is needed (at start-up, after a restart,
after it left memory, or when another server process changed it), by applying the
stored canonical strings in order, so it is exactly the game that was stored.

Rules the hub keeps
-------------------
* One `asyncio.Lock` per game: every change to a game happens under it, so concurrent
  requests on one game are serialised while other games go on.
* One request, one transaction: a human action, then the draws and bot replies that
  follow it up to the next human decision, are applied to a clone (`live.Turn`) and
  stored together (`Store.append`); only then does the clone become the live state. If
  the write fails nothing changes; if another writer (a racing request, another server
  process) got there first the request is refused as stale (409) and the game reloaded.
* Chance outcomes and bots' seeds come from `LiveGame.rng` (the server's secret and the
  action index): nothing is ever pre-drawn, a game resumed after a restart continues
  exactly as it would have, and with several human seats nobody can predict the deal.
* Bots think in the `BotRunner` (worker processes with a hard deadline,
  `server.bots.BotPool`): past the deadline, or if the bot fails, a seeded random legal
  action is played for it and the event logged. An instant agent (`random`) is run in
  place: its step is one pick, cheaper than the round trip. Games without a human seat play in the
  background: creating one returns at once.
* Memory is bounded: games nobody watches leave the cache after `idle_seconds`
  (finished ones sooner), and the least recently used ones when more than
  `max_live_games` are held (`sweep`).
* Several processes (PostgreSQL): `refresh` brings a cached game up to the stored log;
  the `notify.Listener` calls `changed` for every commit of any process, so WebSocket
  clients see another process's move at once.
* Rematch (`rematch`): an ended game's seats start one new game together, once; each
  human seat's token there derives from its own token here, and is delivered only to it.
* Undo (games created with `undo`): a human seat may take back its own actions while
  they are the latest in force — back to the last draw or the last move of another
  seat, since both may have shown new information. The log stays append-only: an
  "undo" entry is written. A draw after an undo is the same draw again (seeded by the
  index): undo cannot fish for better tiles.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import time
from datetime import UTC, datetime
from typing import Any, Protocol

from ludoteca.agents import is_instant, make_agent
from ludoteca.core.api import CHANCE, Game, State
from ludoteca.core.errors import IllegalActionError, InvalidOptionError, LudotecaError
from ludoteca.core.i18n import msg
from ludoteca.core.manifest import with_players
from ludoteca.core.play import sample_chance
from ludoteca.core.registry import game_class, load_game
from ludoteca.server.limits import ServerLimits, check_bot_spec, check_options_size
from ludoteca.server.live import (
    BadRequest,
    Conflict,
    Forbidden,
    GameNotFound,
    LiveGame,
    LogEntry,
    Seat,
    Turn,
    announce,
    hash_token,
)
from ludoteca.server.store import UNDO, NewEntry, StaleWrite, Store, StoredGame, StoreError

log = logging.getLogger("ludoteca.server")


class BotRunner(Protocol):
    """Where bots think: `move` is the action bot `spec` (seeded with `seed`) picks after
    `history` in `game` with `options` within `budget` seconds, or None; `key` names the
    game (for caches). `bots.BotPool` is the server's; `thread_bots.ThreadBots` for tests."""

    async def move(self, key: str, game: str, options: dict[str, Any], history: list[int],
                   spec: str, seed: int, budget: float) -> int | None: ...

    def close(self) -> None: ...


class Hub:
    """All games of one server process."""

    def __init__(self, store: Store, bots: BotRunner, limits: ServerLimits | None = None,
                 bot_time_budget: float | None = None) -> None:
        self.store = store
        self.bots = bots
        self.limits = limits or ServerLimits()
        self.bot_time_budget = min(bot_time_budget or self.limits.max_bot_time, self.limits.max_bot_time)
        self._games: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Future[LiveGame]] = {}
        self._background: dict[str, asyncio.Task[None]] = {}

    def close(self) -> None:
        for task in self._background.values():
            task.cancel()
        self.bots.close()
        self.store.dispose()

    async def _write(self, call: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.store.writes, call, *args)

    # ------------------------------------------------------------ games
    async def create(self, name: str, options: dict[str, Any], seats: list[dict[str, Any]],
                     seed: int | None = None, undo: bool = False) -> tuple[LiveGame, dict[int, str]]:
        """Create, store and start a game; returns it and each human seat's token."""
        check_options_size(options, self.limits)
        try:
            game = load_game(name, **with_players(game_class(name), options, len(seats)))
        except InvalidOptionError as exc:
            raise BadRequest(str(exc), option=exc.option, message=exc.message) from None
        except (LudotecaError, TypeError, ValueError) as exc:
            raise BadRequest(str(exc), message=getattr(exc, "message", None)) from None
        if len(seats) != game.num_players():
            raise BadRequest(f"{len(seats)} seat(s) given for a {game.num_players()}-player game",
                             option="players", message=msg("core.option.error.seats", n=len(seats),
                                                           players=game.num_players()))
        live_seats, tokens = _seats(seats, self.limits, game)
        for i, s in enumerate(live_seats):
            if s.kind == "human":
                tokens[i] = secrets.token_urlsafe(24)
                s.token_hash = hash_token(tokens[i])
        humans = len(tokens)
        # a client's seed deals the game only where no other person could be cheated by it
        secret = None if seed is not None and humans <= 1 else secrets.token_hex(32)
        live, stored = _new_game(secrets.token_hex(8), game, live_seats, seed, undo, secret)
        await self._write(self.store.create_game, stored)
        await self._start(live)
        return live, tokens

    async def _start(self, live: LiveGame) -> None:
        """A newly stored game goes live: chance and bots move up to the first human decision."""
        self._games[live.id] = live
        if live.humans == 0:
            self._play_in_background(live)
        else:
            async with live.lock:
                await self._advance(live)

    async def rematch(self, live: LiveGame, token: str) -> tuple[LiveGame, int, str]:
        """The rematch of the ended game `live` for the token's seat: (the new game, the
        seat, its token there). The first call creates it: the same seats (humans, bots and
        their specs), options and undo setting, a new deal (a fresh seed and secret). Every
        call returns the same game; a seat's new token is derived from its old one
        (`rematch_token`), so only that seat can learn it, and it is given its seat the
        first time it asks. `Forbidden` for a wrong token, `Conflict` before the end."""
        seat = await self.seat_of(live, token)
        if not live.state.is_terminal():
            raise Conflict("the game is not over yet; a rematch can start once it has ended",
                           message=msg("server.error.rematch_early"))
        async with live.lock:
            if live.rematch is None and self.store.shared:
                first = await asyncio.to_thread(self.store.rematch_of, live.id)
                if first is not None:
                    live.set_rematch(first)
            if live.rematch is None:
                new_id = secrets.token_hex(8)
                seats = [Seat(s.seat, s.kind, s.name, s.agent) for s in live.seats]
                seats[seat].token_hash = hash_token(rematch_token(token, new_id))
                game = load_game(live.state.game.name, **live.state.game.options)  # its own instance
                fresh, stored = _new_game(new_id, game, seats, None, live.allow_undo, secrets.token_hex(32))
                first = await self._write(self.store.create_rematch, live.id, stored)
                if first == new_id:
                    await self._start(fresh)
                live.set_rematch(first)
        assert live.rematch is not None
        new_live = await self.get(live.rematch)
        new_token = rematch_token(token, new_live.id)
        digest = hash_token(new_token)
        held = new_live.seats[seat].token_hash
        if held is None:
            stored_seats = await self._write(self.store.claim_seat, new_live.id, seat, digest)
            held = new_live.seats[seat].token_hash = stored_seats[seat].get("token_hash")
        if held != digest:  # cannot happen unless the store was edited by hand
            raise Forbidden(f"seat {seat} of the rematch belongs to another token",
                            message=msg("server.error.bad_token"))
        return new_live, seat, new_token

    async def get(self, game_id: str, fresh: bool = False) -> LiveGame:
        """The live game, rebuilt from the store if needed; `GameNotFound` if unknown.

        `fresh`: on a database shared by several processes, first make sure no other
        process stored more of it (a read of one row), so a client never reads an older
        view than it was last answered, whichever process answers."""
        live = self._games.get(game_id)
        if live is None:
            live = await self._load(game_id)
        elif fresh and self.store.shared:
            stored = await asyncio.to_thread(self.store.num_entries, game_id)
            if stored is not None and stored > live.entries:
                async with live.lock:
                    if stored > live.entries:
                        await self._refresh(live)
        live.last_used = time.monotonic()
        if live.needs_server():  # e.g. the server stopped while bots were moving
            self._play_in_background(live)
        return live

    async def _load(self, game_id: str) -> LiveGame:
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveGame] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            stored = await asyncio.to_thread(self.store.load_game, game_id)
            if stored is None:
                raise GameNotFound(f"no game {game_id!r}", message=msg("server.error.no_game"))
            live = await asyncio.to_thread(_rebuild, stored)
            self._games[game_id] = live
            future.set_result(live)
            return live
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody waits
            raise
        finally:
            del self._loading[game_id]

    async def list_games(self, status: str | None = None, limit: int = 200) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(self.store.list_games, status, limit)
        out = []
        for row in rows:
            live = self._games.get(row.id)
            if live is not None and live.entries == row.num_entries:
                out.append(live.summary())
                continue
            out.append({"game_id": row.id, "game": row.game, "status": row.status,
                        "players": [Seat.from_json(s).public() for s in row.seats],
                        "scores": row.scores, "winners": row.winners,  # stored when it finished
                        "state_id": row.num_actions, "to_act": None,
                        "created": row.created.isoformat()})
        return out

    # ------------------------------------------------------------ moves
    async def seat_of(self, live: LiveGame, token: str) -> int:
        """The seat `token` holds in `live` (`Forbidden` if none). On a database shared by
        processes, a rematch seat another process gave its token is looked up in the store."""
        try:
            return live.seat_of(token)
        except Forbidden:
            unclaimed = any(s.kind == "human" and s.token_hash is None for s in live.seats)
            if not (self.store.shared and unclaimed):
                raise
        stored = await asyncio.to_thread(self.store.load_seats, live.id) or []
        for seat, data in zip(live.seats, stored, strict=False):
            if seat.token_hash is None:
                seat.token_hash = data.get("token_hash")
        return live.seat_of(token)

    async def rematched(self, game_id: str) -> None:
        """Another process started the rematch of `game_id` (a notification)."""
        live = self._games.get(game_id)
        if live is not None and live.rematch is None:
            first = await asyncio.to_thread(self.store.rematch_of, game_id)
            if first is not None:
                live.set_rematch(first)

    async def act(self, live: LiveGame, token: str, state_id: int, text: str) -> int:
        """Apply a human's action, then chance and bots, in one transaction; returns the seat."""
        seat = await self.seat_of(live, token)
        async with live.lock:
            if state_id != live.state_id and self.store.shared:
                await self._refresh(live)  # another process may have moved the game on
            if live.needs_server():  # a bot or draw left pending by a failed write
                await self._advance(live)
            state = live.state
            if state_id != state.move_number():
                raise Conflict(f"stale state_id {state_id}: the game is at state_id "
                               f"{state.move_number()}; fetch the view again",
                               message=msg("server.error.stale"))
            if state.is_terminal():
                raise Conflict("the game is over", message=msg("server.error.over"))
            if state.current_player() != seat:
                raise Forbidden(f"seat {seat} is not to act; seat {live.to_move()} is",
                                message=msg("server.error.not_your_turn"))
            try:
                action = state.string_to_action(text)
            except IllegalActionError as exc:
                raise BadRequest(str(exc), message=exc.message or state.refusal_message()) from None
            except (LudotecaError, ValueError, TypeError, KeyError, IndexError) as exc:
                raise BadRequest(f"cannot read action {text!r}: {exc}",
                                 message=msg("server.error.unreadable_action")) from None
            turn = Turn(state.clone())
            turn.apply(action, seat)
            await self._server_moves(live, turn)
            await self._store(live, turn)
        return seat

    async def undo(self, live: LiveGame, token: str, state_id: int) -> int:
        """Take back the token's seat's latest action; returns the seat."""
        seat = await self.seat_of(live, token)
        async with live.lock:
            if state_id != live.state_id and self.store.shared:
                await self._refresh(live)
            state = live.state
            if not live.allow_undo:
                raise Conflict("this game was created without undo", message=msg("server.error.no_undo"))
            if state_id != state.move_number():
                raise Conflict(f"stale state_id {state_id}: the game is at state_id "
                               f"{state.move_number()}; fetch the view again",
                               message=msg("server.error.stale"))
            if state.is_terminal():
                raise Conflict("the game is over", message=msg("server.error.over"))
            if not live.can_undo(seat):
                raise Conflict("nothing to take back: the latest action is not yours, or new "
                               "information (a draw or another seat's move) came after it",
                               message=msg("server.error.nothing_to_undo"))
            entry = live.log[-1]
            previous = state.game.new_initial_state()
            for action in state.history()[:-1]:
                previous.apply_action(action)
            status = "finished" if previous.is_terminal() else "active"
            try:
                await self._write(self.store.append, live.id, live.entries, state.move_number(),
                                  [NewEntry(UNDO, entry.index, entry.action, seat)], status,
                                  previous.scores(), _winners(previous))
            except StaleWrite:
                await self._refresh(live)
                raise Conflict("the game moved on; fetch the view again",
                               message=msg("server.error.moved_on")) from None
            live.install(previous, live.log[:-1], live.entries + 1)
            live.publish()
        return seat

    async def _advance(self, live: LiveGame, max_bot_moves: int | None = None) -> None:
        """Play chance and bot seats until a human must act (lock held); one transaction."""
        if not live.needs_server():
            return
        turn = Turn(live.state.clone())
        await self._server_moves(live, turn, max_bot_moves)
        try:
            await self._store(live, turn)
        except Conflict:
            pass  # another process moved it; `_store` reloaded it
        except StoreError:
            log.exception("game %s: cannot store the server's moves; will retry later", live.id)

    async def _server_moves(self, live: LiveGame, turn: Turn, max_bot_moves: int | None = None) -> None:
        """Apply chance outcomes and bot moves to `turn` until a human must act."""
        bot_moves = 0
        while live.needs_server(turn.state):
            state = turn.state
            index = state.move_number()
            player = state.current_player()
            if player == CHANCE:
                turn.apply(sample_chance(state, live.rng("chance", index)), None)
                continue
            if max_bot_moves is not None and bot_moves >= max_bot_moves:
                return
            turn.apply(await self._bot_move(live, state, player), player)
            bot_moves += 1

    async def _bot_move(self, live: LiveGame, state: State, seat: int) -> int:
        index = state.move_number()
        spec = live.seats[seat].agent or "random"
        seed = live.rng("bot", index).getrandbits(63)
        game = state.game
        if is_instant(spec):  # no worker round trip for a pick among the legal actions
            action: int | None = make_agent(spec, seed=seed, game=game).step(state)
        else:
            action = await self.bots.move(live.id, game.name, game.options, state.history(), spec,
                                          seed, self.bot_time_budget)
        legal = state.legal_actions()
        if action is not None and action in legal:
            return action
        log.warning("game %s: bot %s gave no legal move at action %d within %.1f s; "
                    "playing a random move", live.id, spec, index, self.bot_time_budget)
        return live.rng("fallback", index).choice(legal)

    async def _store(self, live: LiveGame, turn: Turn) -> None:
        """Store `turn` in one transaction and make it live; nothing changes if that fails."""
        if not turn.entries:
            return
        status = "finished" if turn.state.is_terminal() else "active"
        try:
            when = await self._write(self.store.append, live.id, live.entries, live.state_id,
                                     turn.entries, status, turn.state.scores(), _winners(turn.state))
        except StaleWrite:
            await self._refresh(live)
            raise Conflict("the game moved on (another request was accepted first); "
                           "fetch the view again", message=msg("server.error.moved_on")) from None
        live.extend(turn, when)
        live.publish()

    def _play_in_background(self, live: LiveGame) -> None:
        """Let chance and bots move without any request waiting (one bot move per write)."""
        if live.id in self._background:
            return

        async def run() -> None:
            try:
                while live.needs_server():
                    async with live.lock:
                        before = live.entries
                        await self._advance(live, max_bot_moves=1)
                        if live.entries == before:  # nothing stored: retry later, not at once
                            await asyncio.sleep(1.0)
                    await asyncio.sleep(0)
            finally:
                self._background.pop(live.id, None)

        self._background[live.id] = asyncio.create_task(run(), name=f"ludoteca-bots-{live.id}")

    async def resume_bot_games(self, limit: int = 200) -> None:
        """At start-up: all-bot games that were still playing go on in the background."""
        rows = await asyncio.to_thread(self.store.list_games, "active", limit, True)
        for row in rows:
            with contextlib.suppress(LudotecaError, StoreError):
                await self.get(row.id)

    # ------------------------------------------------------------ several processes, memory
    async def _refresh(self, live: LiveGame) -> None:
        """Bring `live` up to its stored log (another process may have written; lock held)."""
        stored = await asyncio.to_thread(self.store.load_game, live.id)
        if stored is None or stored.num_entries == live.entries:
            return
        fresh = await asyncio.to_thread(_rebuild, stored)
        live.install(fresh.state, fresh.log, fresh.entries)
        live.publish()

    async def changed(self, game_id: str, entries: int) -> None:
        """Another process stored `game_id` up to log entry `entries` (a notification)."""
        live = self._games.get(game_id)
        if live is None or live.entries >= entries:
            return
        async with live.lock:
            if live.entries < entries:
                await self._refresh(live)

    async def resync(self) -> None:
        """Notifications may have been missed: watched games reload, unwatched ones leave."""
        for game_id, live in list(self._games.items()):
            if live.subscribers:
                async with live.lock:
                    await self._refresh(live)
            elif not live.lock.locked() and game_id not in self._background:
                self._games.pop(game_id, None)

    def sweep(self, now: float | None = None) -> int:
        """Drop games nobody uses from memory (they reload from the store); returns how many."""
        now = time.monotonic() if now is None else now
        limits = self.limits

        def idle(live: LiveGame) -> bool:
            return not live.subscribers and not live.lock.locked() and live.id not in self._background

        dropped = 0
        for game_id, live in list(self._games.items()):
            ttl = limits.finished_idle_seconds if live.state.is_terminal() else limits.idle_seconds
            if idle(live) and now - live.last_used > ttl:
                del self._games[game_id]
                dropped += 1
        if len(self._games) > limits.max_live_games:
            for live in sorted(self._games.values(), key=lambda g: g.last_used):
                if len(self._games) <= limits.max_live_games:
                    break
                if idle(live):
                    del self._games[live.id]
                    dropped += 1
        return dropped

    def live_games(self) -> int:
        return len(self._games)


def _seats(specs: list[dict[str, Any]], limits: ServerLimits,
           game: Game) -> tuple[list[Seat], dict[int, str]]:
    seats = []
    for i, spec in enumerate(specs):
        kind = spec.get("kind")
        name_given = (spec.get("name") or "").strip()
        if kind == "human":
            seats.append(Seat(i, "human", name_given or f"Player {i + 1}"))
        elif kind == "bot":
            agent = (spec.get("agent") or "").strip()
            if not agent:
                raise BadRequest(f"seat {i}: a bot needs an 'agent' spec, e.g. 'greedy'",
                                 message=msg("server.error.bot_needs_agent", seat=i + 1))
            try:
                make_agent(agent, seed=0, game=game)  # the game's own presets and names
                check_bot_spec(agent, limits)
            except LudotecaError as exc:
                reason = exc.message or msg("server.error.bad_bot_spec")
                raise BadRequest(f"seat {i}: {exc}",
                                 message=msg("server.error.bad_bot", seat=i + 1, reason=reason)) from None
            seats.append(Seat(i, "bot", name_given or agent, agent=agent))
        else:
            raise BadRequest(f"seat {i}: kind must be 'human' or 'bot', got {kind!r}",
                             message=msg("server.error.seat_kind", seat=i + 1))
    return seats, {}


def _winners(state: State) -> list[int] | None:
    """The seats that won a finished game (stored with it for the lobby), else None."""
    return list(state.winners()) if state.is_terminal() else None


def _rebuild(stored: StoredGame) -> LiveGame:
    """A live game from its stored row and action log (exact replay of canonical strings)."""
    state = load_game(stored.game, **stored.options).new_initial_state()
    entries = []
    for a in stored.history():
        try:
            action = state.string_to_action(a.action)
            public = announce(state, action)
            state.apply_action(action)
        except LudotecaError as exc:
            raise StoreError(f"game {stored.id}: stored action {a.index} {a.action!r}: {exc}") from exc
        entries.append(LogEntry(a.index, a.seat, a.action, a.created, *public))
    seats = [Seat.from_json(s) for s in stored.seats]
    return LiveGame(stored.id, seats, stored.seed, state, entries, stored.created,
                    allow_undo=stored.allow_undo, entries=len(stored.log), secret=stored.secret,
                    rematch=stored.rematch)


def _new_game(game_id: str, game: Game, seats: list[Seat], seed: int | None, undo: bool,
              secret: str | None) -> tuple[LiveGame, StoredGame]:
    """A new game at its initial state, live and as its row is stored (a random seed if None)."""
    seed = secrets.randbits(63) if seed is None else seed
    now = datetime.now(UTC)
    state = game.new_initial_state()
    stored = StoredGame(game_id, game.name, _jsonable(game.options), [s.to_json() for s in seats],
                        seed, undo, "finished" if state.is_terminal() else "active", state.scores(),
                        0, 0, now, now, secret=secret)
    live = LiveGame(game_id, seats, seed, state, [], now, allow_undo=undo, secret=secret)
    return live, stored


def rematch_token(token: str, rematch_id: str) -> str:
    """The token of a seat in the rematch `rematch_id`, from its token in the ended game:
    an HMAC keyed by the old token, so only its holder (and the server, when asked with
    it) can compute it; the server keeps only its hash, as for every token."""
    digest = hmac.new(token.encode(), f"ludoteca-rematch:{rematch_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))
