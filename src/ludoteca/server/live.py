"""A running game as the server holds it: its seats, its live state, its log and its views.

* `LiveGame.state` is never changed in place: a request works on a clone (`Turn`) and
  the clone replaces it only once its actions are stored, so views read it without the
  game's lock and a failed write leaves it as it was.
* Views: `view(seat)` gives the seat's `observation`, its prompt only when it must act,
  the recent log (its own actions in full, the others' as `State.public_action_string`
  announces them), scores and whether the game is over. Spectators (`seat=None`) get
  `observation(-1)` for games without hidden information, else only a
  `public_observation()` if the state has one. Tokens are never part of a view: the
  server keeps only their SHA-256 hashes. `view_json(seat)` is that view serialised once
  per change and shared by every HTTP reply and WebSocket push for that seat. Once the
  seats start a rematch, every view of the ended game names it (`rematch`).
* The deal: chance outcomes and bot tie-breaks come from `rng(purpose, index)`, derived
  from the game's server `secret` (never shown) and its `seed`. A game created with a
  client seed and at most one human seat has no secret: its deal follows the seed alone,
  and every view shows that seed (`seed`), so nobody knows more of the deal than the rest.
* Subscribers (the WebSocket connections) get the new view after every change; a slow
  subscriber only ever misses intermediate views, never the latest.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import random
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.errors import LudotecaError
from ludoteca.core.i18n import Message, msg, notation
from ludoteca.core.record import record_of
from ludoteca.server.store import ACTION, NewEntry

LOG_LENGTH = 50  # actions shown in a view's log
QUEUE_LENGTH = 8  # views kept for a slow subscriber


class GameNotFound(LudotecaError):
    pass


class Forbidden(LudotecaError):
    """A wrong token, or a seat that is not to act (HTTP 403)."""


class Conflict(LudotecaError):
    """A stale `state_id`, or a game that is over (HTTP 409)."""


class BadRequest(LudotecaError):
    """An illegal or malformed action, or bad game settings (HTTP 422). `option`: the game
    option to blame, if one is; `message`: the reason as a catalog message, if worded."""

    def __init__(self, text: str, *, option: str | None = None,
                 message: dict[str, Any] | None = None) -> None:
        super().__init__(text, message=message)
        self.option = option


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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
    (`public`: `State.public_action_string`, None for a secret draw or decision); the
    same as messages for the reader's language (`State.action_message`, `public_message`).

    `shown(viewer, seats)` is the entry as a view lists it; both forms (the acting
    seat's and everyone else's) are built once, since every view repeats them."""

    index: int
    seat: int | None
    action: str
    time: datetime
    public: str | None
    message: Message | None = None
    public_message: Message | None = None
    _forms: tuple[dict[str, Any], dict[str, Any]] | None = None

    def shown(self, viewer: int | None, seats: list[Seat]) -> dict[str, Any]:
        """The entry as `viewer` may see it: its own actions in full, the rest as announced."""
        if self._forms is None:
            chance = self.seat is None
            player = "chance" if self.seat is None else seats[self.seat].name
            base = {"index": self.index, "seat": self.seat, "player": player,
                    "time": self.time.isoformat()}
            if self.public is not None:
                public, public_message = self.public, self.public_message
            else:  # a secret: what the game announces of it ("kept 1 card"), else that it happened
                public = "(chance)" if chance else "(hidden)"
                public_message = self.public_message or msg("core.chance_action" if chance else "core.hidden")
            self._forms = ({**base, "action": self.action, "message": self.message or notation(self.action)},
                           {**base, "action": public, "message": public_message or notation(public)})
        return self._forms[0 if self.seat is not None and self.seat == viewer else 1]


def announce(state: State, action: int) -> tuple[str | None, Message, Message | None]:
    """What `action`, about to be applied to `state`, shows: (public string, the actor's
    message, the others' message) — the last fields of its `LogEntry`."""
    public = state.public_action_string(action)
    return public, state.action_message(action), state.public_action_message(action)


@dataclass(slots=True)
class Turn:
    """Actions applied to a working copy of a game, not yet stored: one request's worth."""

    state: State
    entries: list[NewEntry] = field(default_factory=list)
    public: list[tuple[str | None, Message, Message | None]] = field(default_factory=list)

    def apply(self, action: int, seat: int | None) -> None:
        state = self.state
        index = state.move_number()
        text = state.action_to_string(action)
        self.public.append(announce(state, action))
        state.apply_action(action)
        self.entries.append(NewEntry(ACTION, index, text, seat))


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
    secret: str | None = None
    rematch: str | None = None  # the id of the game these seats started after this one
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    last_used: float = field(default_factory=time.monotonic)
    _views: dict[int | None, bytes] = field(default_factory=dict)
    _undo_checked: tuple[int, bool] = (-1, False)  # (state_id, latest action may be undone)
    replay_states: dict[int, State] = field(default_factory=dict)  # checkpoints (`replay.py`)

    @property
    def state_id(self) -> int:
        return self.state.move_number()

    @property
    def humans(self) -> int:
        return sum(1 for s in self.seats if s.kind == "human")

    def rng(self, purpose: str, index: int) -> random.Random:
        """The generator of the server's `purpose` ("chance", "bot", "fallback") at `index`."""
        if self.secret is None:
            return random.Random(f"{self.seed}:{purpose}:{index}")
        return random.Random(f"{self.secret}:{self.seed}:{purpose}:{index}")

    def seat_of(self, token: str) -> int:
        """The seat that `token` belongs to; `Forbidden` if none."""
        digest = hash_token(token)
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.seat
        if found is None:
            raise Forbidden("this token does not belong to any seat of this game",
                            message=msg("server.error.bad_token"))
        return found

    def to_move(self) -> int | None:
        player = self.state.current_player()
        return player if player >= 0 else None

    def can_undo(self, seat: int | None) -> bool:
        """True if `seat` may take back the latest action in force (its own), and that
        action showed it nothing new (a draft pack passed to it, the corporations revealed):
        else it could choose again knowing what it learnt."""
        if seat is None or not self.allow_undo or not self.log or self.state.is_terminal():
            return False
        if self.log[-1].seat != seat or self.seats[seat].kind != "human":
            return False
        if not self.state.game.hidden_information:
            return True
        at = self.state.move_number()
        if self._undo_checked[0] != at:
            self._undo_checked = (at, not reveals(self.state, seat))
        return self._undo_checked[1]

    def needs_server(self, state: State | None = None) -> bool:
        """True when the server (chance or a bot), not a human, must move next."""
        player = (state or self.state).current_player()
        if player == TERMINAL:
            return False
        return player == CHANCE or self.seats[player].kind == "bot"

    def install(self, state: State, log: list[LogEntry], entries: int) -> None:
        """Make `state` (with its log and stored entry count) the live one; views follow."""
        self.state = state
        self.log = log
        self.entries = entries
        self._views.clear()
        self.replay_states.clear()

    def set_rematch(self, game_id: str) -> None:
        """Record the rematch of this (ended) game; every view shows it from now on."""
        if self.rematch != game_id:
            self.rematch = game_id
            self._views.clear()
            self.publish()

    def extend(self, turn: Turn, when: datetime) -> None:
        """Make a stored `Turn` live."""
        log = self.log
        for entry, public in zip(turn.entries, turn.public, strict=True):
            log.append(LogEntry(entry.index, entry.seat, entry.action, when, *public))
        self.install(turn.state, log, self.entries + len(turn.entries))

    # ------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) may see now."""
        return self.view_at(self.state, self.log, seat, live=True)

    def view_at(self, state: State, log: list[LogEntry], seat: int | None, live: bool) -> dict[str, Any]:
        """What `seat` may see of `state` (this game after the actions of `log`): the live
        view (`live`: with the seat's prompt and undo), or a replayed one (neither)."""
        game = state.game
        if seat is not None:
            observation = state.observation(seat)
        elif not game.hidden_information:
            observation = state.observation(-1)
        else:
            public = state.public_observation()
            observation = public if public is not None else {"game": game.name}
        current = state.current_player()
        prompt = state.prompt().to_dict() if live and seat is not None and current == seat else None
        terminal = current == TERMINAL
        return {
            "game_id": self.id,
            "game": game.name,
            "title": msg(game.manifest().title_key),
            "state_id": state.move_number(),
            "seat": seat,
            "to_act": current if current >= 0 else None,
            "players": [s.public() for s in self.seats],
            "observation": observation,
            "prompt": prompt,
            "log": [e.shown(seat, self.seats) for e in log[-LOG_LENGTH:]],
            "scores": state.scores(),
            "terminal": terminal,
            "returns": state.returns() if terminal else None,
            "winners": state.winners() if terminal else None,
            "can_undo": live and self.can_undo(seat),
            "scoring": _scoring_log(state),
            "seed": self.seed if self.secret is None else None,
            "rematch": self.rematch,
        }

    def view_json(self, seat: int | None) -> bytes:
        """`view(seat)` as JSON, built once per change of the game."""
        cached = self._views.get(seat)
        if cached is None:
            cached = json.dumps(self.view(seat), separators=(",", ":")).encode()
            self._views[seat] = cached
        return cached

    def record(self) -> dict[str, Any]:
        return {**record_of(self.state), "players": [s.name for s in self.seats]}

    def summary(self) -> dict[str, Any]:
        state = self.state
        over = state.is_terminal()
        return {"game_id": self.id, "game": state.game.name,
                "status": "finished" if over else "active",
                "players": [s.public() for s in self.seats], "scores": state.scores(),
                "winners": state.winners() if over else None,
                "state_id": state.move_number(), "to_act": self.to_move(),
                "created": self.created.isoformat()}

    def publish(self) -> None:
        """Queue the current view for every subscriber (each sees its own seat's view)."""
        for sub in list(self.subscribers):
            sub.push(self.view_json(sub.seat))


class Subscriber:
    """One WebSocket connection: a seat (None for a spectator), its client, a queue of views."""

    def __init__(self, seat: int | None, client: str = "") -> None:
        self.seat = seat
        self.client = client
        self.queue: asyncio.Queue[bytes] = asyncio.Queue(QUEUE_LENGTH)

    def push(self, view: bytes) -> None:
        while True:
            try:
                self.queue.put_nowait(view)
                return
            except asyncio.QueueFull:
                self.queue.get_nowait()  # drop the oldest: every view is complete


def reveals(state: State, seat: int, worlds: int = 4) -> bool:
    """True if `seat`'s latest action (the last of `state`'s history) showed it something:
    played in other worlds it cannot tell apart from the one before, it would see otherwise."""
    history = state.history()
    before = state.game.new_initial_state()
    for action in history[:-1]:
        before.apply_action(action)
    seen = state.observation(seat)
    rng = random.Random(len(history))
    for _ in range(worlds):
        other = before.resample_from_infostate(seat, rng)
        if history[-1] not in other.legal_actions():
            return True
        other.apply_action(history[-1])
        if other.observation(seat) != seen:
            return True
    return False


def _scoring_log(state: State) -> list[dict[str, Any]] | None:
    """The state's public scoring events (`scoring_log()`), for games that keep one, each
    with its `message` when the game words them (`scoring_message(event)`)."""
    events = state.scoring_log()
    if events is None:
        return None
    worded = [(e, state.scoring_message(e)) for e in events]
    return [e if m is None else {**e, "message": m} for e, m in worded]
