"""The SQLite backend's connection, transactions and the queries run inside them, shared by
the parts of ``bot.storage.sqlite.Storage`` (one aiosqlite connection, one lock)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import aiosqlite

from bot.ops.metrics import Metrics, committing
from bot.storage.records import (
    GameRecord,
    SeatRecord,
    StorageError,
    _dumps,
    _game_from_row,
    _seat_from_row,
)
from bot.storage.sql_sqlite import (
    SQL_BEGIN_READ,
    SQL_BEGIN_WRITE,
    SQL_COMMIT,
    SQL_ROLLBACK,
    SQL_SELECT_GAME,
    SQL_SELECT_GAME_STATUS,
    SQL_SELECT_SEATS,
    SQL_SELECT_SEATS_FOR_GAMES,
)

log = logging.getLogger(__name__)


class SqliteBase:
    """One aiosqlite connection and its transactions (see ``bot.storage.sqlite``)."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self._path = path
        self._lock = asyncio.Lock()
        self._closed = False
        self.metrics: Metrics | None = None  # the owner's (bot.ops.metrics.committing)

    # ---- transactions ---------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            # BEGIN is inside the try: a cancelled await does not stop a statement already queued
            # to aiosqlite's thread, so even a cancelled BEGIN needs the ROLLBACK queued after it.
            # That thread runs statements in order, so the ROLLBACK lands before anything the next
            # lock holder sends.
            try:
                with committing(self):
                    await self._db.execute(SQL_BEGIN_WRITE)
                    yield self._db
                    await self._db.execute(SQL_COMMIT)
            except BaseException:
                await self._rollback()
                raise

    @contextlib.asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read transaction, so a game row and its seats come from the same snapshot."""
        async with self._lock:
            try:
                await self._db.execute(SQL_BEGIN_READ)
                yield self._db
            finally:
                await self._rollback()

    async def _rollback(self) -> None:
        # No transaction may be left to roll back: COMMIT went through, or SQLite already rolled
        # back on its own after an error.
        with contextlib.suppress(sqlite3.OperationalError):
            await self._db.execute(SQL_ROLLBACK)

    # ---- queries used inside transactions -------------------------------------------------

    @staticmethod
    async def _execute(db: aiosqlite.Connection, sql: str, params: Any = ()) -> int:
        """Run one statement and return how many rows it changed."""
        cursor = await db.execute(sql, params)
        try:
            return cursor.rowcount
        finally:
            await cursor.close()

    @staticmethod
    async def _fetch_games(db: aiosqlite.Connection, sql: str, params: Any = ()) -> list[GameRecord]:
        rows = await db.execute_fetchall(sql, params)
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        seats: dict[int, list[SeatRecord]] = {game_id: [] for game_id in ids}
        for seat_row in await db.execute_fetchall(SQL_SELECT_SEATS_FOR_GAMES, (_dumps(ids),)):
            seats[seat_row["game_id"]].append(_seat_from_row(seat_row))
        return [_game_from_row(row, seats[row["id"]]) for row in rows]

    @staticmethod
    async def _load_in(db: aiosqlite.Connection, game_id: int) -> GameRecord | None:
        rows = list(await db.execute_fetchall(SQL_SELECT_GAME, (game_id,)))
        if not rows:
            return None
        seats = [_seat_from_row(row) for row in await db.execute_fetchall(SQL_SELECT_SEATS, (game_id,))]
        return _game_from_row(rows[0], seats)

    @classmethod
    async def _require(cls, db: aiosqlite.Connection, game_id: int) -> GameRecord:
        game = await cls._load_in(db, game_id)
        if game is None:
            raise StorageError(f"no game {game_id}")
        return game

    @staticmethod
    async def _status_of(db: aiosqlite.Connection, game_id: int) -> tuple[str, int] | None:
        rows = list(await db.execute_fetchall(SQL_SELECT_GAME_STATUS, (game_id,)))
        return (rows[0]["status"], rows[0]["version"]) if rows else None
