"""The SQLite backend (the default, embedded): one aiosqlite connection per process.

Every operation holds an ``asyncio.Lock`` so handlers running concurrently cannot interleave
statements of different transactions on the connection (nor read another handler's uncommitted
rows). ``BEGIN IMMEDIATE`` takes SQLite's write lock up front, so a second process on the same
file waits (``busy_timeout``) rather than failing mid-way, and a write transaction is already
the lock a move needs on its game row.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import sqlite3
import threading
import weakref
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import aiosqlite

from bot.storage.dialect import NO_PARAMS, Params, Tx
from bot.storage.migrations import bundled_migrations, discover_migrations, split_statements
from bot.storage.records import Row
from bot.storage.rows import dumps
from bot.storage.sql import Storage
from bot.storage.statements import QUIET_SEAT_COLUMNS, SEAT_COLUMNS, TIMED_DEADLINE_COLUMNS
from bot.storage.statements import SQL_SELECT_GAMES_TO_SETTLE as SHARED_GAMES_TO_SETTLE

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS: Final = 5000
SQL_PRAGMA_JOURNAL_WAL = "PRAGMA journal_mode = WAL"
SQL_PRAGMA_FOREIGN_KEYS = "PRAGMA foreign_keys = ON"
SQL_PRAGMA_BUSY_TIMEOUT = f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}"
# FULL fsyncs the WAL on every commit: an acknowledged move survives power loss, not just a
# process crash. Writes are human clicks, so the cost is irrelevant.
SQL_PRAGMA_SYNCHRONOUS = "PRAGMA synchronous = FULL"
SQL_PRAGMA_OPTIMIZE = "PRAGMA optimize"
SQL_BEGIN_WRITE = "BEGIN IMMEDIATE"
SQL_BEGIN_READ = "BEGIN DEFERRED"
SQL_COMMIT = "COMMIT"
SQL_ROLLBACK = "ROLLBACK"
# The ids travel as one JSON array parameter.
SQL_SELECT_SEATS_FOR_GAMES = f"""
SELECT {SEAT_COLUMNS} FROM seats
WHERE game_id IN (SELECT value FROM json_each(:ids)) ORDER BY game_id, seat
"""
# SQLite keeps no statistics, and guessed that the games' status index was the narrower start
# (every running game): these spell out the indexes of a restart's reads (0014).
# CROSS JOIN keeps the order as written: the deadline rows due by the horizon first.
SQL_SELECT_TIMED_DEADLINES = (
    TIMED_DEADLINE_COLUMNS
    + """FROM deadlines d INDEXED BY deadlines_next_at
CROSS JOIN games g
WHERE d.next_at <= :before AND g.id = d.game_id AND g.status = 'active' AND g.set_aside IS NULL
"""
)
SQL_SELECT_QUIET_SEATS = (
    QUIET_SEAT_COLUMNS
    + """FROM user_settings u
CROSS JOIN seats s INDEXED BY seats_user_id
CROSS JOIN deadlines d
WHERE s.user_id = u.user_id AND d.game_id = s.game_id AND d.seat = s.seat AND d.next_at <= :before
"""
)
SQL_SELECT_COUNTDOWNS = """
SELECT id AS game_id, version, deadline_at FROM games INDEXED BY games_deadline_at
WHERE status = 'active' AND set_aside IS NULL AND deadline_at IS NOT NULL AND deadline_at <= :before
"""
# The start-up's count and settle query through 0015's small index: SQLite's planner prefers
# reading the games table itself, whose rows carry each game's state.
SQL_COUNT_RUNNING_GAMES = """
SELECT COUNT(*) FROM games INDEXED BY games_running WHERE status = 'active' AND set_aside IS NULL
"""
SQL_SELECT_GAMES_TO_SETTLE = SHARED_GAMES_TO_SETTLE.replace(
    "FROM games g\n", "FROM games g INDEXED BY games_running\n", 1
)

# Every connection a SqliteStorage opened and nobody closed yet. aiosqlite's worker thread is not
# a daemon, so one left open (a bot SimCord's restart_bot replaced, an embedder's forgotten bot)
# would keep the interpreter from exiting. Python waits for such threads only after running the
# callbacks threading registers for exit; there each forgotten connection is stopped: its thread
# closes the SQLite connection (committed work is already on disk) and ends.
_UNCLOSED: weakref.WeakSet[aiosqlite.Connection] = weakref.WeakSet()


def _stop_unclosed() -> None:
    for db in list(_UNCLOSED):
        log.debug("closing a SQLite connection nobody closed, at exit")
        db.stop()
    _UNCLOSED.clear()


threading._register_atexit(_stop_unclosed)  # type: ignore[attr-defined]  # as concurrent.futures does


@functools.lru_cache(maxsize=512)
def _spell(sql: str) -> str:
    """SQLite's spelling of a shared statement: ``IS`` is its null-safe equality (``IS NOT
    DISTINCT FROM`` only arrived in SQLite 3.39)."""
    return sql.replace(" IS NOT DISTINCT FROM ", " IS ")


class SqliteTx:
    """The connection inside a transaction (see ``bot.storage.dialect.Tx``)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Params = NO_PARAMS) -> int:
        cursor = await self.db.execute(_spell(sql), params)
        try:
            return cursor.rowcount
        finally:
            await cursor.close()

    async def executemany(self, sql: str, many: Iterable[Params]) -> None:
        await (await self.db.executemany(_spell(sql), many)).close()

    async def fetch(self, sql: str, params: Params = NO_PARAMS) -> list[Row]:
        return list(await self.db.execute_fetchall(_spell(sql), params))

    async def fetchrow(self, sql: str, params: Params = NO_PARAMS) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Params = NO_PARAMS) -> Any:
        row = await self.fetchrow(sql, params)
        return None if row is None else row[0]

    async def insert(self, sql: str, params: Params) -> int:
        cursor = await self.db.execute(_spell(sql), params)
        await cursor.close()
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def run_script(self, statements: list[str]) -> None:
        for statement in statements:
            await self.db.execute(statement)


class SqliteDialect:
    """One connection, one lock; ``BEGIN IMMEDIATE`` for writes (see the module)."""

    shared = False
    row_lock = ""  # the write transaction holds the whole database
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)
    errors: tuple[type[Exception], ...] = (sqlite3.Error,)
    sql_seats_for_games = SQL_SELECT_SEATS_FOR_GAMES
    sql_timed_deadlines = SQL_SELECT_TIMED_DEADLINES
    sql_quiet_seats = SQL_SELECT_QUIET_SEATS
    sql_countdowns = SQL_SELECT_COUNTDOWNS
    sql_count_running = SQL_COUNT_RUNNING_GAMES
    sql_games_to_settle = SQL_SELECT_GAMES_TO_SETTLE

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._tx = SqliteTx(db)
        self._lock = asyncio.Lock()
        self._closed = False

    def ids_param(self, ids: list[int]) -> Any:
        return dumps(ids)

    @contextlib.asynccontextmanager
    async def write(self, timer: contextlib.AbstractContextManager[None]) -> AsyncIterator[SqliteTx]:
        async with self._lock:
            # BEGIN is inside the try: a cancelled await does not stop a statement already queued
            # to aiosqlite's thread, so even a cancelled BEGIN needs the ROLLBACK queued after it.
            # That thread runs statements in order, so the ROLLBACK lands before anything the next
            # lock holder sends.
            try:
                with timer:
                    await self.db.execute(SQL_BEGIN_WRITE)
                    yield self._tx
                    await self.db.execute(SQL_COMMIT)
            except BaseException:
                await self._rollback()
                raise

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteTx]:
        async with self._lock:
            try:
                await self.db.execute(SQL_BEGIN_READ)
                yield self._tx
            finally:
                await self._rollback()

    def one(
        self, timer: contextlib.AbstractContextManager[None] | None
    ) -> contextlib.AbstractAsyncContextManager[SqliteTx]:
        return self.read() if timer is None else self.write(timer)

    async def _rollback(self) -> None:
        # No transaction may be left to roll back: COMMIT went through, or SQLite already rolled
        # back on its own after an error.
        with contextlib.suppress(sqlite3.OperationalError):
            await self.db.execute(SQL_ROLLBACK)

    def split_migration(self, script: str) -> list[str]:
        # Statement by statement: executescript would commit the open transaction first.
        return split_statements(script)

    async def lock_migrations(self, tx: Tx) -> None:
        """``BEGIN IMMEDIATE`` already keeps other processes out."""

    async def close(self) -> None:
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                await self.db.execute(SQL_PRAGMA_OPTIMIZE)
            except sqlite3.Error:
                log.debug("PRAGMA optimize failed on close", exc_info=True)
            await self.db.close()
            _UNCLOSED.discard(self.db)


class SqliteStorage(Storage):
    """All persistence for the bot in a SQLite file. Create with ``await SqliteStorage.open(path)``."""

    _dialect: SqliteDialect

    @property
    def _db(self) -> aiosqlite.Connection:
        """The connection itself, for tests and tools that look inside SQLite."""
        return self._dialect.db

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str], *, migrations_dir: Traversable | Path | None = None
    ) -> SqliteStorage:
        """Connect, set the pragmas and apply pending migrations, each in its own transaction.
        ``migrations_dir`` defaults to the migrations shipped with the code."""
        path = os.fspath(path)
        migrations = discover_migrations(migrations_dir or bundled_migrations())
        # A file that can't be opened is found with a plain connection first: when aiosqlite's
        # connect fails, it leaves its worker thread to fail later on a closed event loop.
        with contextlib.closing(sqlite3.connect(path)):
            pass
        # isolation_level=None: the sqlite3 module must not open transactions behind our back.
        db = await aiosqlite.connect(path, isolation_level=None)
        _UNCLOSED.add(db)
        try:
            db.row_factory = sqlite3.Row
            await db.execute(SQL_PRAGMA_BUSY_TIMEOUT)
            rows = await db.execute_fetchall(SQL_PRAGMA_JOURNAL_WAL)
            mode = next(iter(rows))[0]
            if mode != "wal":
                log.warning("SQLite journal mode is %r, not WAL, for %s", mode, path)
            await db.execute(SQL_PRAGMA_FOREIGN_KEYS)
            await db.execute(SQL_PRAGMA_SYNCHRONOUS)
            storage = cls(SqliteDialect(db), path)
            await storage._migrate(migrations)
        except BaseException:
            await db.close()
            _UNCLOSED.discard(db)
            raise
        return storage
