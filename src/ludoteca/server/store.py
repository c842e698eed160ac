"""Durable storage of server games through SQLAlchemy 2.x (SQLite by default, PostgreSQL by URL).

Tables
------
* `games`: one row per game — `id`, `game` (registry name), `options` (the game's full,
  validated options as JSON), `seats` (JSON list: seat, kind, name, agent spec for bots
  and the SHA-256 hash of a human seat's token — never the token itself), `seed` (the
  game's random seed: chance draws and bot tie-breaks derive from it and the action
  index, so a resumed game continues exactly as it would have), `allow_undo`, `status`
  ("active" or "finished"), `scores` (JSON list), `num_actions` (actions in force, the
  `state_id`), `num_entries` (rows in its log), `created`, `updated`, and `secret` (the
  server's own random secret that chance and bots derive from together with `seed`; NULL
  for a game whose deal follows the client's seed alone, and for games stored before it),
  `rematch` (the id of the game its seats started after it ended, NULL until then;
  set once, by `create_rematch`), and `winners` (JSON list of the seats that won, written
  by the `append` that finishes the game, cleared by an undo that reopens it; NULL while
  it runs and for games finished before the column existed).
* `actions`: the append-only log — `game_id`, `seq` (0, 1, 2, ... per game; the pair is
  the primary key, so no entry is ever written twice), `kind` ("action", or "undo": the
  action in force at `index` is taken back), `index` (the state_id the action was
  applied at), `action` (canonical notation), `seat` (the seat that chose it, NULL for a
  chance outcome), `created`. Rows are never changed or deleted; the actions in force
  are the log read as a stack (`StoredGame.history`).

Writes
------
`append` inserts the log rows of one request (a human action and the draws and bot
replies that follow it) and updates the game row (status, scores, counts, `updated`) in
one transaction; it checks that the game row still has exactly the expected counts, so
two writers — two requests, or two server processes — can never interleave: the loser
gets `StaleWrite` and nothing is written. It either commits completely or raises
`StoreError` and leaves the database unchanged, which lets the caller keep its in-memory
state unchanged too.

Durability and concurrency
--------------------------
* SQLite runs in WAL mode with `synchronous=NORMAL`: a commit is a write to the WAL
  without an fsync, so an acknowledged action survives the server process being killed
  (the data is in the operating system's cache); only a power loss may lose the last
  commits, never corrupt the file. All writes go through one writer thread (SQLite has
  one writer at a time; queueing in Python is fairer and faster than its busy wait).
  One SQLite file belongs to one server process: a second process is refused at start
  (`DatabaseInUse`); several processes need PostgreSQL.
* PostgreSQL: any number of processes share the database. Each commit also sends
  `NOTIFY ludoteca_games, '<game id> <entries>'` (delivered at commit), which the other
  processes' `notify.Listener` turns into fresh views for their WebSocket clients
  (`'<game id> rematch'` when an ended game gets its rematch).

Snapshots are not stored: the action log is the whole state (replaying a Carcassonne
game takes milliseconds).

Every method is synchronous; the app calls them from worker threads.
"""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

DEFAULT_DB_URL = "sqlite:///./ludoteca.db"
DB_URL_ENV = "LUDOTECA_DB_URL"


def resolve_db_url(db_url: str | None = None) -> str:
    """The URL to use: the argument, else `$LUDOTECA_DB_URL`, else `sqlite:///./ludoteca.db`."""
    return db_url or os.environ.get(DB_URL_ENV) or DEFAULT_DB_URL


def describe_db_url(url: str) -> str:
    """The URL without its password, and for SQLite the absolute path of the file."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if not database or database == ":memory:":
            return "SQLite in memory (nothing is kept after the server stops)"
        return f"SQLite file {Path(database).resolve()}"
    return parsed.render_as_string(hide_password=True)


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; every time the store returns is in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


NOTIFY_CHANNEL = "ludoteca_games"
REMATCH_NOTE = "rematch"  # the payload '<game id> rematch': that ended game has a rematch now


class StoreError(Exception):
    """A write or read that the database refused; nothing was changed."""


class StaleWrite(StoreError):
    """The game moved on since it was read (another request or process wrote first)."""


class DatabaseInUse(StoreError):
    """The SQLite file is already served by another process."""


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    allow_undo: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), default="active", index=True)
    scores: Mapped[list[float]] = mapped_column(JSON)
    num_actions: Mapped[int] = mapped_column(Integer, default=0)
    num_entries: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    winners: Mapped[list[int] | None] = mapped_column(JSON, nullable=True, default=None)


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), default="action")
    index: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


ACTION, UNDO = "action", "undo"


@dataclass(slots=True)
class StoredAction:
    seq: int
    kind: str
    index: int
    action: str
    seat: int | None
    created: datetime


@dataclass(slots=True)
class StoredGame:
    id: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    allow_undo: bool
    status: str
    scores: list[float]
    num_actions: int
    num_entries: int
    created: datetime
    updated: datetime
    log: list[StoredAction] = field(default_factory=list)
    secret: str | None = None
    rematch: str | None = None
    winners: list[int] | None = None  # once finished (None for a game finished before the column)

    @classmethod
    def from_row(cls, row: GameRow) -> StoredGame:
        return cls(row.id, row.game, row.options, row.seats, row.seed, row.allow_undo, row.status,
                   list(row.scores), row.num_actions, row.num_entries, _aware(row.created),
                   _aware(row.updated), secret=row.secret, rematch=row.rematch,
                   winners=None if row.winners is None else list(row.winners))

    def to_row(self) -> GameRow:
        """A new row for this game (no log yet)."""
        return GameRow(id=self.id, game=self.game, options=self.options, seats=self.seats,
                       seed=self.seed, allow_undo=self.allow_undo, status=self.status,
                       scores=self.scores, num_actions=0, num_entries=0, created=self.created,
                       updated=self.updated, secret=self.secret)

    def history(self) -> list[StoredAction]:
        """The actions in force, oldest first: the log with every undone action removed."""
        stack: list[StoredAction] = []
        for entry in self.log:
            if entry.kind == UNDO:
                if not stack or stack[-1].index != entry.index:
                    raise StoreError(f"game {self.id}: log entry {entry.seq} undoes a missing action")
                stack.pop()
            else:
                if entry.index != len(stack):
                    raise StoreError(f"game {self.id}: log entry {entry.seq} is out of order")
                stack.append(entry)
        return stack


@dataclass(slots=True)
class NewEntry:
    """A log row to write: `kind` ACTION at state_id `index`, or UNDO of the action there."""

    kind: str
    index: int
    action: str
    seat: int | None


class Store:
    """The games database. `Store(url)` creates the tables if they are missing.

    `shared` is True for a database several server processes may use (PostgreSQL);
    `writes` is the executor every write must run on (one thread for SQLite).
    """

    def __init__(self, db_url: str | None = None) -> None:
        self.url = resolve_db_url(db_url)
        self._lock = _claim_sqlite_file(self.url)
        self.engine: Engine = _make_engine(self.url)
        self.shared = self.engine.dialect.name == "postgresql"
        self.writes = ThreadPoolExecutor(max_workers=1 if not self.shared else 8,
                                         thread_name_prefix="ludoteca-store")
        try:
            _create_tables(self.engine)
        except SQLAlchemyError as exc:
            self.dispose()
            raise StoreError(f"cannot open the database {describe_db_url(self.url)}: {exc}") from exc

    def dispose(self) -> None:
        self.writes.shutdown(wait=True)
        self.engine.dispose()
        if self._lock is not None:
            _release_sqlite_file(self._lock)
            self._lock = None

    # ------------------------------------------------------------ writes
    def create_game(self, game: StoredGame) -> None:
        try:
            with Session(self.engine) as session, session.begin():
                session.add(game.to_row())
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot create game {game.id}: {exc}") from exc

    def create_rematch(self, game_id: str, rematch: StoredGame) -> str:
        """Store `rematch` as the rematch of `game_id`, in one transaction, unless that game
        has one already; returns the id of the rematch in force (the new one, or the first)."""
        try:
            with Session(self.engine) as session, session.begin():
                result = session.execute(
                    update(GameRow).where(GameRow.id == game_id, GameRow.rematch.is_(None))
                    .values(rematch=rematch.id))
                if result.rowcount == 1:  # type: ignore[attr-defined]  # an UPDATE's result is a CursorResult
                    session.add(rematch.to_row())
                    if self.shared:  # the other processes' views of the ended game name it
                        session.execute(text("SELECT pg_notify(:channel, :payload)"),
                                        {"channel": NOTIFY_CHANNEL, "payload": f"{game_id} {REMATCH_NOTE}"})
                    return rematch.id
                first = session.scalar(select(GameRow.rematch).where(GameRow.id == game_id))
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot create the rematch of game {game_id}: {exc}") from exc
        if first is None:
            raise StoreError(f"no game {game_id!r} to start a rematch of")
        return first

    def claim_seat(self, game_id: str, seat: int, token_hash: str) -> list[dict[str, Any]]:
        """Give the seat that has no token yet (a rematch's) the token hashed `token_hash`;
        returns the game's seats as stored (a seat already claimed keeps its own hash)."""
        try:
            with Session(self.engine) as session, session.begin():
                row = session.get(GameRow, game_id, with_for_update=True)
                if row is None:
                    raise StoreError(f"no game {game_id!r}")
                seats = [dict(s) for s in row.seats]
                if seats[seat].get("token_hash") is None:
                    seats[seat]["token_hash"] = token_hash
                    row.seats = seats
                return seats
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot give seat {seat} of game {game_id} its token: {exc}") from exc

    def load_seats(self, game_id: str) -> list[dict[str, Any]] | None:
        """The game's seats as stored (a rematch's seats get their tokens later)."""
        try:
            with Session(self.engine) as session:
                return session.scalar(select(GameRow.seats).where(GameRow.id == game_id))
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot read game {game_id}: {exc}") from exc

    def rematch_of(self, game_id: str) -> str | None:
        """The stored rematch id of `game_id` (a cheap read, for a database shared by processes)."""
        try:
            with Session(self.engine) as session:
                return session.scalar(select(GameRow.rematch).where(GameRow.id == game_id))
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot read game {game_id}: {exc}") from exc

    def append(self, game_id: str, seq: int, num_actions: int, entries: Sequence[NewEntry],
               status: str, scores: list[float], winners: list[int] | None = None) -> datetime:
        """Append `entries` as log rows `seq, seq + 1, ...` and update the game row, atomically.

        `winners`: the seats that won, for a game these entries finish (None otherwise; an
        undo that reopens a game clears them), so the lobby's list shows them without
        loading the game.

        The game must be at log entry `seq` with `num_actions` actions in force, else
        `StaleWrite`. Each `ACTION` is applied at the state_id it names; an `UNDO` takes
        back the action in force at its index. Returns the rows' timestamp.
        """
        now = _now()
        after = num_actions
        for entry in entries:
            after += 1 if entry.kind == ACTION else -1
        end = seq + len(entries)
        try:
            with self.engine.begin() as connection:  # Core, not the ORM: this is the hot path
                result = connection.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id, GameRow.num_entries == seq,
                           GameRow.num_actions == num_actions)
                    .values(num_entries=end, num_actions=after, status=status, scores=scores,
                            winners=winners, updated=now)
                )
                if result.rowcount != 1:
                    raise StaleWrite(f"game {game_id} is no longer at log entry {seq} "
                                     f"and state_id {num_actions}")
                connection.execute(insert(ActionRow), [
                    {"game_id": game_id, "seq": seq + i, "kind": e.kind, "index": e.index,
                     "action": e.action, "seat": e.seat, "created": now}
                    for i, e in enumerate(entries)])
                if self.shared:
                    connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                                       {"channel": NOTIFY_CHANNEL, "payload": f"{game_id} {end}"})
        except StaleWrite:
            raise
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot store log entry {seq} of game {game_id}: {exc}") from exc
        return now

    # ------------------------------------------------------------ reads
    def load_game(self, game_id: str) -> StoredGame | None:
        """The game and its whole action log, or None if there is no such game."""
        try:
            with Session(self.engine) as session:
                row = session.get(GameRow, game_id)
                if row is None:
                    return None
                stored = StoredGame.from_row(row)
                rows = session.scalars(
                    select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
                )
                stored.log = [StoredAction(a.seq, a.kind, a.index, a.action, a.seat, _aware(a.created))
                              for a in rows]
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot load game {game_id}: {exc}") from exc
        return stored

    def list_games(self, status: str | None = None, limit: int = 200,
                   without_humans: bool = False) -> list[StoredGame]:
        """The most recently updated games first (without their logs), all or of one status."""
        query = select(GameRow).order_by(GameRow.updated.desc()).limit(limit)
        if status is not None:
            query = query.where(GameRow.status == status)
        try:
            with Session(self.engine) as session:
                rows = session.scalars(query)
                games = [StoredGame.from_row(r) for r in rows]
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot list games: {exc}") from exc
        if without_humans:
            games = [g for g in games if all(s.get("kind") != "human" for s in g.seats)]
        return games

    def num_entries(self, game_id: str) -> int | None:
        """The game's stored log length (None if there is no such game): a cheap freshness check."""
        try:
            with Session(self.engine) as session:
                return session.scalar(select(GameRow.num_entries).where(GameRow.id == game_id))
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot read game {game_id}: {exc}") from exc

    def count_entries(self, game_id: str) -> int:
        with Session(self.engine) as session:
            return int(session.scalar(
                select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)
            ) or 0)


def _create_tables(engine: Engine) -> None:
    """Create missing tables and columns (`games.secret`, `games.rematch` and
    `games.winners` came later), one process at a time."""
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # processes starting together take turns
            connection.execute(text("SELECT pg_advisory_xact_lock(7201508)"))
        Base.metadata.create_all(connection)
        columns = {c["name"] for c in inspect(connection).get_columns("games")}
        if "secret" not in columns:
            connection.execute(text("ALTER TABLE games ADD COLUMN secret VARCHAR(64)"))
        if "rematch" not in columns:
            connection.execute(text("ALTER TABLE games ADD COLUMN rematch VARCHAR(32)"))
        if "winners" not in columns:
            connection.execute(text("ALTER TABLE games ADD COLUMN winners JSON"))


# ---------------------------------------------------------------- one process per SQLite file
_CLAIMS: dict[str, list[int]] = {}  # lock file path -> [fd, number of stores in this process]
_CLAIMS_LOCK = threading.Lock()


def _sqlite_path(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database).resolve()


def _claim_sqlite_file(url: str) -> str | None:
    """Take the SQLite file for this process (a lock file beside it); `DatabaseInUse` if taken.

    Stores of one process may share the file (tests open a second app on it to restart);
    another process may not: its cached games would go stale without anyone telling it.
    """
    path = _sqlite_path(url)
    if path is None:
        return None
    lock_path = str(path) + ".lock"
    with _CLAIMS_LOCK:
        claim = _CLAIMS.get(lock_path)
        if claim is not None:
            claim[1] += 1
            return lock_path
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise DatabaseInUse(
                f"the SQLite file {path} is already used by another Ludoteca server process; "
                "one SQLite file serves one process (run several processes on PostgreSQL: "
                "--db postgresql+psycopg://...)") from None
        _CLAIMS[lock_path] = [fd, 1]
        return lock_path


def _release_sqlite_file(lock_path: str) -> None:
    with _CLAIMS_LOCK:
        claim = _CLAIMS.get(lock_path)
        if claim is None:
            return
        claim[1] -= 1
        if claim[1] == 0:
            del _CLAIMS[lock_path]
            os.close(claim[0])  # closing the descriptor releases the lock


def _make_engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)
    args = {"check_same_thread": False, "timeout": 30}
    if ":memory:" in url or url.rstrip("/") in ("sqlite:", "sqlite+pysqlite:"):
        # one shared connection, or every thread would see its own empty database
        return create_engine(url, connect_args=args, poolclass=StaticPool)
    engine = create_engine(url, connect_args=args)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
        cursor.execute("PRAGMA synchronous=NORMAL")  # no fsync per commit; safe against kill -9
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine
