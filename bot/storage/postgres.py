"""The PostgreSQL backend, for several bot processes sharing one database.

What differs from SQLite, and only that, lives here:

- A pool of connections instead of one connection and a lock: PostgreSQL isolates concurrent
  transactions itself. Reads that span several statements run in a REPEATABLE READ snapshot;
  a single statement runs on any free connection in its own implicit transaction.
- A write that must serialise on a game (a move, a seat change) locks its row
  (``SELECT … FOR UPDATE``), so two processes writing the same game queue on the row; the loser
  sees the new version and gets ``StaleVersion``, exactly as a second click in one process would.
- Migrations run under a transaction-scoped advisory lock, so processes starting together apply
  each file once.
- ``$n`` parameters: the shared statements' ``:name`` ones are translated once per statement.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import asyncpg

from bot.storage.dialect import NO_PARAMS, Params, Tx
from bot.storage.migrations import bundled_migrations, discover_migrations
from bot.storage.records import Row, StorageError
from bot.storage.sql import Storage
from bot.storage.statements import (
    SEAT_COLUMNS,
    SQL_COUNT_RUNNING_GAMES,
    SQL_SELECT_COUNTDOWNS,
    SQL_SELECT_GAMES_TO_SETTLE,
    SQL_SELECT_QUIET_SEATS,
    SQL_SELECT_TIMED_DEADLINES,
)

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

log = logging.getLogger(__name__)

__all__ = ["PostgresStorage", "is_postgres_url", "postgres_migrations"]

MIGRATIONS_SUBFOLDER: Final = "postgres"
# No floor of idle connections: with one, asyncpg keeps reconnecting in the background while the
# server is away, logging a traceback at each try; without, a connection is made when a query
# needs one, and an outage is told once by the bot's DatabaseWatch (bot.ops.faults).
POOL_MIN: Final = 0
POOL_MAX: Final = 10
URL_SCHEMES: Final = ("postgresql://", "postgres://")
# Any constant works; it only has to be the same in every process migrating this database.
MIGRATION_LOCK_KEY: Final = 0x417374726F6C  # "Astrol"
SQL_MIGRATION_LOCK = "SELECT pg_advisory_xact_lock(:key)"
SQL_SELECT_SEATS_FOR_GAMES = (
    f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ANY(CAST(:ids AS BIGINT[])) ORDER BY game_id, seat"
)
# JIT compiling pays off for long analytic queries, never for a bot's short ones: it only added
# a tenth of a second to each of a restart's reads over 100,000 games (issue 31).
SERVER_SETTINGS: Final = {"jit": "off"}
_PARAMETER = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")


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


@functools.lru_cache(maxsize=512)
def _spell(sql: str) -> tuple[str, tuple[str, ...]]:
    """A shared statement with ``$n`` parameters, and the names they stand for, in order."""
    names: list[str] = []

    def number(match: re.Match[str]) -> str:
        if match.group(1) not in names:
            names.append(match.group(1))
        return f"${names.index(match.group(1)) + 1}"

    return _PARAMETER.sub(number, sql), tuple(names)


def _args(sql: str, params: Params) -> tuple[str, list[Any]]:
    query, names = _spell(sql)
    return query, [params[name] for name in names]


class PostgresTx:
    """A connection inside a transaction, or the pool for one statement (``Tx``)."""

    def __init__(self, db: asyncpg.Connection | asyncpg.Pool) -> None:
        self.db = db

    async def execute(self, sql: str, params: Params = NO_PARAMS) -> int:
        query, args = _args(sql, params)
        status = await self.db.execute(query, *args)
        count = status.rsplit(" ", 1)[-1]  # rows changed, from the command tag (UPDATE 1)
        return int(count) if count.isdigit() else 0

    async def executemany(self, sql: str, many: Iterable[Params]) -> None:
        query, names = _spell(sql)
        await self.db.executemany(query, [[params[name] for name in names] for params in many])

    async def fetch(self, sql: str, params: Params = NO_PARAMS) -> list[Row]:
        query, args = _args(sql, params)
        return list(await self.db.fetch(query, *args))

    async def fetchrow(self, sql: str, params: Params = NO_PARAMS) -> Row | None:
        query, args = _args(sql, params)
        return await self.db.fetchrow(query, *args)

    async def fetchval(self, sql: str, params: Params = NO_PARAMS) -> Any:
        query, args = _args(sql, params)
        return await self.db.fetchval(query, *args)

    async def insert(self, sql: str, params: Params) -> int:
        return int(await self.fetchval(sql.rstrip() + " RETURNING id", params))

    async def run_script(self, statements: list[str]) -> None:
        # No arguments: asyncpg sends the file as one simple query, all its statements inside
        # this transaction (dollar-quoted function bodies included).
        for statement in statements:
            await self.db.execute(statement)


class PostgresDialect:
    """A connection pool; row locks and an advisory lock serialise what must be (see the module)."""

    shared = True
    row_lock = " FOR UPDATE"
    integrity_errors: tuple[type[Exception], ...] = (asyncpg.UniqueViolationError,)
    errors: tuple[type[Exception], ...] = (asyncpg.PostgresError,)
    sql_seats_for_games = SQL_SELECT_SEATS_FOR_GAMES
    sql_timed_deadlines = SQL_SELECT_TIMED_DEADLINES
    sql_quiet_seats = SQL_SELECT_QUIET_SEATS
    sql_countdowns = SQL_SELECT_COUNTDOWNS
    sql_count_running = SQL_COUNT_RUNNING_GAMES
    sql_games_to_settle = SQL_SELECT_GAMES_TO_SETTLE

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._closed = False

    def ids_param(self, ids: list[int]) -> Any:
        return ids

    @contextlib.asynccontextmanager
    async def write(self, timer: contextlib.AbstractContextManager[None]) -> AsyncIterator[PostgresTx]:
        with timer:
            async with self.pool.acquire() as db, db.transaction():
                yield PostgresTx(db)

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresTx]:
        async with self.pool.acquire() as db, db.transaction(isolation="repeatable_read", readonly=True):
            yield PostgresTx(db)

    @contextlib.asynccontextmanager
    async def one(self, timer: contextlib.AbstractContextManager[None] | None) -> AsyncIterator[PostgresTx]:
        # The pool runs the statement on any free connection, saving the BEGIN and COMMIT trips.
        with timer or contextlib.nullcontext():
            yield PostgresTx(self.pool)

    def split_migration(self, script: str) -> list[str]:
        return [script]

    async def lock_migrations(self, tx: Tx) -> None:
        await tx.execute(SQL_MIGRATION_LOCK, {"key": MIGRATION_LOCK_KEY})

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            await self.pool.close()


class PostgresStorage(Storage):
    """All persistence for the bot, on PostgreSQL. Create with ``await PostgresStorage.open(url)``."""

    @classmethod
    async def open(
        cls, url: str, *, migrations_dir: Traversable | Path | None = None, max_connections: int = POOL_MAX
    ) -> PostgresStorage:
        migrations = discover_migrations(migrations_dir or postgres_migrations())
        pool = await asyncpg.create_pool(
            url, min_size=POOL_MIN, max_size=max_connections, server_settings=SERVER_SETTINGS
        )
        try:
            async with pool.acquire():  # with no floor, the first connection tells a bad URL here
                pass
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            await pool.close()
            # A refused login, a missing database: one line saying which, never the password.
            raise StorageError(f"cannot use the PostgreSQL database {_redact(url)}: {error}") from error
        try:
            storage = cls(PostgresDialect(pool), _redact(url))
            await storage._migrate(migrations)
        except BaseException:
            await pool.close()
            raise
        return storage
