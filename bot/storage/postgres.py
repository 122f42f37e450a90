"""The PostgreSQL backend: the same storage interface as ``bot.storage.Storage``, for several
bot processes sharing one database.

Records and errors are the SQLite backend's own (``bot.storage``), so callers never know which
backend they talk to. Differences that matter across processes:

- A pool of connections instead of one connection and a lock: PostgreSQL isolates concurrent
  transactions itself. Reads that span several statements run in a REPEATABLE READ snapshot.
- ``record_action`` locks the game row (``SELECT … FOR UPDATE``) before the version check, so two
  processes writing the same game queue on the row; the loser sees the new version and gets
  ``StaleVersion``, exactly as a second click in one process would.
- Migrations run under a transaction-scoped advisory lock, so processes starting together apply
  each file once.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import asyncpg

from bot.i18n.languages import DEFAULT, Language
from bot.ops.metrics import Metrics, committing
from bot.storage import sql_postgres as sql
from bot.storage.migrations import Migration, bundled_migrations, discover_migrations
from bot.storage.postgres_panels import PostgresPanels
from bot.storage.postgres_reads import PostgresReads
from bot.storage.postgres_seats import PostgresSeats
from bot.storage.records import (
    _SEAT_SHIFT,
    MAX_ID,
    STATUSES,
    UNSET,
    ActionRecord,
    AlreadyApplied,
    GameRecord,
    MigrationError,
    SeatRecord,
    SeatTaken,
    StaleVersion,
    StorageError,
    _action_from_row,
    _dumps,
    _events_dumps,
    _game_from_row,
    _seat_from_row,
    _Unset,
)

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from bot.games.base import Outcome

log = logging.getLogger(__name__)

__all__ = ["PostgresStorage", "is_postgres_url", "postgres_migrations"]

MIGRATIONS_SUBFOLDER: Final = "postgres"
POOL_MIN: Final = 1
POOL_MAX: Final = 10
URL_SCHEMES: Final = ("postgresql://", "postgres://")


def postgres_migrations() -> Traversable:
    """PostgreSQL's migrations, shipped beside SQLite's (``migrations/postgres/``)."""
    return bundled_migrations(MIGRATIONS_SUBFOLDER)


def is_postgres_url(target: str) -> bool:
    return target.startswith(URL_SCHEMES)


def _redact(url: str) -> str:
    """The URL without a password, for logs and errors."""
    scheme, _, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    if not at:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}@{host}"


class PostgresStorage(PostgresSeats, PostgresReads, PostgresPanels):
    """All persistence for the bot, on PostgreSQL. Create with ``await PostgresStorage.open(url)``."""

    shared = True  # other processes may write the same database

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._path = _redact(url)
        self._closed = False
        self.metrics: Metrics | None = None  # the owner's (bot.ops.metrics.committing)

    # ---- lifecycle ------------------------------------------------------------------------

    @classmethod
    async def open(
        cls, url: str, *, migrations_dir: Traversable | Path | None = None, max_connections: int = POOL_MAX
    ) -> PostgresStorage:
        migrations = discover_migrations(migrations_dir or postgres_migrations())
        try:
            pool = await asyncpg.create_pool(url, min_size=POOL_MIN, max_size=max_connections)
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            # A refused login, a missing database: one line saying which, never the password.
            raise StorageError(f"cannot use the PostgreSQL database {_redact(url)}: {error}") from error
        try:
            storage = cls(pool, url)
            await storage._migrate(migrations)
        except BaseException:
            await pool.close()
            raise
        return storage

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._pool.close()

    async def __aenter__(self) -> PostgresStorage:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._one() as db:
            rows = await db.fetch(sql.SQL_SELECT_SCHEMA_VERSIONS)
        return max((row["version"] for row in rows), default=0)

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        async with self._write() as db:
            await db.execute(sql.SQL_MIGRATION_LOCK, sql.MIGRATION_LOCK_KEY)
            await db.execute(sql.SQL_CREATE_SCHEMA_VERSION)
            applied = {row["version"]: row["name"] for row in await db.fetch(sql.SQL_SELECT_SCHEMA_VERSIONS)}
        known = {m.version: m for m in migrations}
        newer = sorted(set(applied) - set(known))
        if newer:
            raise MigrationError(
                f"database {self._path} has migrations {newer} that this code does not know; "
                "refusing to run an older bot against a newer schema"
            )
        pending = [(m, m.path.read_text(encoding="utf-8")) for m in migrations if m.version not in applied]
        for migration, script in pending:
            try:
                async with self._write() as db:
                    await db.execute(sql.SQL_MIGRATION_LOCK, sql.MIGRATION_LOCK_KEY)
                    if await db.fetchval(sql.SQL_SELECT_SCHEMA_VERSION_EXISTS, migration.version):
                        log.info("migration %s was applied concurrently", migration.name)
                        continue
                    # No arguments: asyncpg sends the file as one simple query, all its statements
                    # inside this transaction (dollar-quoted function bodies included).
                    await db.execute(script)
                    await db.execute(
                        sql.SQL_INSERT_SCHEMA_VERSION, migration.version, migration.name, time.time()
                    )
            except asyncpg.PostgresError as error:
                raise MigrationError(
                    f"migration {migration.name} failed and was rolled back: {error}"
                ) from error
            log.info("applied migration %s to %s", migration.name, self._path)

    # ---- transactions ---------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _write(self) -> AsyncIterator[asyncpg.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        with committing(self):
            async with self._pool.acquire() as db, db.transaction():
                yield db

    @contextlib.asynccontextmanager
    async def _read(self) -> AsyncIterator[asyncpg.Connection]:
        """One snapshot, so a game row and its seats agree."""
        async with self._pool.acquire() as db, db.transaction(isolation="repeatable_read", readonly=True):
            yield db

    @contextlib.asynccontextmanager
    async def _one(self) -> AsyncIterator[asyncpg.Pool]:
        """For one statement: the pool runs it on any free connection, in its own implicit
        transaction (atomic, one snapshot), saving the BEGIN and COMMIT round trips."""
        yield self._pool

    @staticmethod
    def _count(status: str) -> int:
        """Rows changed, from asyncpg's command tag (``UPDATE 1``)."""
        return int(status.rsplit(" ", 1)[-1])

    @classmethod
    async def _execute(cls, db: asyncpg.Connection | asyncpg.Pool, query: str, *args: Any) -> int:
        return cls._count(await db.execute(query, *args))

    @staticmethod
    async def _fetch_games(db: asyncpg.Connection, query: str, *args: Any) -> list[GameRecord]:
        rows = await db.fetch(query, *args)
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        seats: dict[int, list[SeatRecord]] = {game_id: [] for game_id in ids}
        for seat_row in await db.fetch(sql.SQL_SELECT_SEATS_FOR_GAMES, ids):
            seats[seat_row["game_id"]].append(_seat_from_row(seat_row))
        return [_game_from_row(row, seats[row["id"]]) for row in rows]

    @staticmethod
    async def _load_in(db: asyncpg.Connection, game_id: int) -> GameRecord | None:
        row = await db.fetchrow(sql.SQL_SELECT_GAME, game_id)
        if row is None:
            return None
        seats = [_seat_from_row(seat) for seat in await db.fetch(sql.SQL_SELECT_SEATS, game_id)]
        return _game_from_row(row, seats)

    @classmethod
    async def _require(cls, db: asyncpg.Connection, game_id: int) -> GameRecord:
        game = await cls._load_in(db, game_id)
        if game is None:
            raise StorageError(f"no game {game_id}")
        return game

    @staticmethod
    async def _status_of(db: asyncpg.Connection, game_id: int) -> tuple[str, int] | None:
        row = await db.fetchrow(sql.SQL_SELECT_GAME_STATUS, game_id)
        return (row["status"], row["version"]) if row is not None else None

    # ---- lobby ----------------------------------------------------------------------------

    async def create_lobby(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        pace: int = 0,
        language: Language = DEFAULT,
    ) -> GameRecord:
        now = time.time()
        async with self._write() as db:
            game_id = await db.fetchval(
                sql.SQL_INSERT_GAME,
                game,
                guild_id,
                channel_id,
                host_id,
                _dumps(options),
                now,
                pace,
                language.value,
            )
            await db.execute(sql.SQL_INSERT_SEAT, game_id, 0, host_id, host_name)
            record = await self._require(db, game_id)
        log.info("created %s lobby %d in channel %d", game, game_id, channel_id)
        return record

    async def load(self, game_id: int) -> GameRecord | None:
        if abs(game_id) > MAX_ID:  # no such game, and the driver can't even send the number
            return None
        async with self._read() as db:
            return await self._load_in(db, game_id)

    async def _lobby(self, db: asyncpg.Connection, game_id: int) -> GameRecord:
        await db.fetchrow(sql.SQL_LOCK_GAME, game_id)
        game = await self._require(db, game_id)
        if game.status != "lobby":
            raise StorageError(f"game {game_id} is {game.status}; seats only change in the lobby")
        return game

    async def add_seat(self, game_id: int, user_id: int, name: str) -> GameRecord:
        async with self._write() as db:
            game = await self._lobby(db, game_id)
            if game.seat_of(user_id) is not None:
                raise SeatTaken(f"user {user_id} is already seated in game {game_id}")
            seat = await db.fetchval(sql.SQL_SELECT_NEXT_SEAT, game_id)
            await db.execute(sql.SQL_INSERT_SEAT, game_id, seat, user_id, name)
            await db.execute(sql.SQL_UPDATE_GAME_TOUCH, game_id, time.time())
            return await self._require(db, game_id)

    async def remove_seat(self, game_id: int, user_id: int) -> GameRecord:
        async with self._write() as db:
            game = await self._lobby(db, game_id)
            seat = game.seat_of(user_id)
            if seat is None:
                raise StorageError(f"user {user_id} is not seated in game {game_id}")
            await db.execute(sql.SQL_DELETE_SEAT, game_id, user_id)
            await db.execute(sql.SQL_SHIFT_SEATS_UP, game_id, seat, _SEAT_SHIFT)
            await db.execute(sql.SQL_SHIFT_SEATS_DOWN, game_id, _SEAT_SHIFT)
            await db.execute(sql.SQL_UPDATE_GAME_TOUCH, game_id, time.time())
            return await self._require(db, game_id)

    async def set_dm_open(self, game_id: int, user_id: int, dm_open: bool) -> None:
        async with self._one() as db:
            if not await self._execute(db, sql.SQL_UPDATE_SEAT_DM_OPEN, game_id, user_id, int(dm_open)):
                raise StorageError(f"user {user_id} is not seated in game {game_id}")

    async def set_lobby_options(self, game_id: int, options: dict[str, Any]) -> GameRecord:
        """The host changed an option in the lobby; ``StaleVersion`` once the lobby has closed."""
        async with self._one() as db:
            if not await self._execute(
                db, sql.SQL_UPDATE_LOBBY_OPTIONS, game_id, _dumps(options), time.time()
            ):
                raise StaleVersion(f"game {game_id} is no longer a lobby")
            return await self._require(db, game_id)

    async def set_messages(
        self,
        game_id: int,
        *,
        lobby_message_id: int | None | _Unset = UNSET,
        status_message_id: int | None | _Unset = UNSET,
        thread_id: int | None | _Unset = UNSET,
    ) -> None:
        given = (lobby_message_id, status_message_id, thread_id)
        if all(value is UNSET for value in given):
            return
        args: list[Any] = [game_id]
        for value in given:
            args += [value is not UNSET, None if isinstance(value, _Unset) else value]
        async with self._one() as db:
            if not await self._execute(db, sql.SQL_UPDATE_GAME_MESSAGES, *args, time.time()):
                raise StorageError(f"no game {game_id}")

    # ---- play -----------------------------------------------------------------------------

    async def start(
        self,
        game_id: int,
        *,
        seed: int,
        state: dict[str, Any],
        deadline_at: float | None = None,
        options: dict[str, Any] | None = None,
    ) -> GameRecord:
        encoded, encoded_options = _dumps(state), None if options is None else _dumps(options)
        async with self._write() as db:
            if not await self._execute(
                db,
                sql.SQL_UPDATE_GAME_START,
                game_id,
                seed,
                encoded,
                deadline_at,
                time.time(),
                encoded_options,
            ):
                current = await self._status_of(db, game_id)
                if current is None:
                    raise StorageError(f"no game {game_id}")
                raise StaleVersion(f"game {game_id} is {current[0]}, not in the lobby")
            record = await self._require(db, game_id)
        log.info("started game %d (%s) with %d seats", game_id, record.game, len(record.seats))
        return record

    async def record_action(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int | None,
        action: dict[str, Any],
        state: dict[str, Any],
        events: list[str],
        finished: bool = False,
        deadline_at: float | None = None,
        outcome: Outcome | None = None,
        click: str | None = None,
    ) -> int:
        """Log one applied action and the resulting state atomically; returns the new version.
        The final action's ``outcome`` writes the results rows in the same transaction."""
        if expected_version < 0:
            raise ValueError("expected_version must be >= 0")
        if outcome is not None and not finished:
            raise ValueError("only the final action of a game has an outcome")
        now = time.time()
        encoded_state, encoded_action, encoded_events = _dumps(state), _dumps(action), _events_dumps(events)
        async with self._write() as db:
            current = await db.fetchrow(sql.SQL_LOCK_GAME, game_id)
            if current is None:
                raise StorageError(f"no game {game_id}")
            # Checked under the row lock: another process's copy of this click has either
            # committed (and is seen here) or waits behind us.
            if click is not None and await db.fetchval(sql.SQL_SELECT_CLICK_LOGGED, game_id, click):
                raise AlreadyApplied(f"click {click} is already in the log of game {game_id}")
            if current["status"] != "active" or current["version"] != expected_version:
                log.info(
                    "stale action on game %d: expected version %d, game is %s at %d",
                    game_id,
                    expected_version,
                    current["status"],
                    current["version"],
                )
                raise StaleVersion(
                    f"game {game_id} is {current['status']} at version "
                    f"{current['version']}, not active at {expected_version}"
                )
            await db.execute(
                sql.SQL_UPDATE_GAME_AFTER_ACTION,
                game_id,
                expected_version,
                encoded_state,
                deadline_at,
                bool(finished),
                now,
            )
            try:
                await db.execute(
                    sql.SQL_INSERT_ACTION,
                    game_id,
                    expected_version + 1,
                    seat,
                    encoded_action,
                    encoded_events,
                    now,
                    click,
                )
            except asyncpg.UniqueViolationError as error:
                raise StorageError(
                    f"action log of game {game_id} is out of step with its version: {error}"
                ) from error
            if outcome is not None:
                await self._insert_results(db, await self._require(db, game_id), outcome)
        return expected_version + 1

    async def set_aside(self, game_id: int, reason: str) -> bool:
        """Mark a game that can't be loaded; False if it was marked already (``Storage.set_aside``)."""
        async with self._one() as db:
            if not await self._execute(db, sql.SQL_UPDATE_GAME_SET_ASIDE, game_id, reason, time.time()):
                if await db.fetchrow(sql.SQL_SELECT_GAME_STATUS, game_id) is None:
                    raise StorageError(f"no game {game_id}")
                return False
        log.warning("game %d set aside: %s", game_id, reason)
        return True

    async def finished_without_results(self) -> list[GameRecord]:
        async with self._read() as db:
            return await self._fetch_games(db, sql.SQL_SELECT_FINISHED_WITHOUT_RESULTS)

    async def set_status(self, game_id: int, status: str) -> None:
        if status not in STATUSES:
            raise StorageError(f"unknown status {status!r}")
        async with self._write() as db:
            if await self._execute(db, sql.SQL_UPDATE_GAME_STATUS, game_id, status, time.time()):
                log.info("game %d is now %s", game_id, status)
                return
            current = await self._status_of(db, game_id)
            if current is None:
                raise StorageError(f"no game {game_id}")
            if current[0] != status:
                raise StaleVersion(f"game {game_id} is already {current[0]}")

    # ---- reads ----------------------------------------------------------------------------

    async def actions(self, game_id: int, *, limit: int | None = None) -> list[ActionRecord]:
        if limit is not None and limit < 0:
            raise ValueError("limit must be >= 0")
        async with self._one() as db:
            if limit is None:
                rows = await db.fetch(sql.SQL_SELECT_ACTIONS, game_id)
            else:
                rows = await db.fetch(sql.SQL_SELECT_LAST_ACTIONS, game_id, limit)
        return [_action_from_row(row) for row in rows]

    async def active_games(self) -> list[GameRecord]:
        async with self._read() as db:
            return await self._fetch_games(db, sql.SQL_SELECT_ACTIVE_GAMES)

    async def game_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self._read() as db:
            games = await self._fetch_games(db, sql.SQL_SELECT_GAME_IN_CHANNEL, channel_id)
        return games[0] if games else None

    async def games_for_user(self, user_id: int, *, guild_id: int | None = None) -> list[GameRecord]:
        async with self._read() as db:
            return await self._fetch_games(db, sql.SQL_SELECT_GAMES_FOR_USER, user_id, guild_id)
