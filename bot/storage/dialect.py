"""What a database backend provides to the storage logic written once in ``bot.storage.base``:
its connections and transactions, the spelling of a statement and the few things that truly
differ between SQLite (``bot.storage.sqlite``) and PostgreSQL (``bot.storage.postgres``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from bot.storage.records import Row

Params = Mapping[str, Any]
NO_PARAMS: Params = {}


class CommitTimer(Protocol):
    """Times and counts the write transactions (``bot.ops.metrics.Metrics`` is one)."""

    def commit(self) -> contextlib.AbstractContextManager[None]: ...


class Tx(Protocol):
    """A connection inside a transaction, running the statements of ``bot.storage.statements``
    (``:name`` parameters, given as a mapping)."""

    async def execute(self, sql: str, params: Params = NO_PARAMS) -> int:
        """Run one statement; how many rows it changed."""
        ...

    async def executemany(self, sql: str, many: Iterable[Params]) -> None: ...

    async def fetch(self, sql: str, params: Params = NO_PARAMS) -> list[Row]: ...

    async def fetchrow(self, sql: str, params: Params = NO_PARAMS) -> Row | None: ...

    async def fetchval(self, sql: str, params: Params = NO_PARAMS) -> Any:
        """The first column of the first row, or None without a row."""
        ...

    async def insert(self, sql: str, params: Params) -> int:
        """Run an INSERT and return the id the database gave the new row."""
        ...

    async def run_script(self, statements: list[str]) -> None:
        """Run a migration's statements as they are (no parameters, no translation)."""
        ...


class Dialect(Protocol):
    """One backend's connection model and spelling."""

    shared: bool  # other processes may write the same database (then timers are claimed in it)
    row_lock: str  # appended to a SELECT of the games row a write must serialise on
    integrity_errors: tuple[type[Exception], ...]  # a constraint refused the write
    errors: tuple[type[Exception], ...]  # any error of the database itself
    sql_seats_for_games: str  # the seats of many games, the ids given as ``ids_param``
    sql_timed_deadlines: str  # the deadline rows with a job by ``:before`` (0014's index)
    sql_quiet_seats: str  # those rows' players' quiet hours, for players who saved settings
    sql_countdowns: str  # the running games' countdowns by ``:before``
    sql_count_running: str  # how many games are running (0015's index)
    sql_games_to_settle: str  # the running games a restart settles one by one (0015's index)

    def ids_param(self, ids: list[int]) -> Any: ...

    def write(
        self, timer: contextlib.AbstractContextManager[None]
    ) -> contextlib.AbstractAsyncContextManager[Tx]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        ...

    def read(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        """A read transaction: every statement in it sees one snapshot."""
        ...

    def one(
        self, timer: contextlib.AbstractContextManager[None] | None
    ) -> contextlib.AbstractAsyncContextManager[Tx]:
        """For a single statement (a write if ``timer`` is given), which is atomic by itself."""
        ...

    def split_migration(self, script: str) -> list[str]:
        """A migration file as the statements ``Tx.run_script`` runs (parsed before any runs)."""
        ...

    async def lock_migrations(self, tx: Tx) -> None:
        """Inside ``tx``: wait until no other process is migrating this database."""
        ...

    async def close(self) -> None: ...
