"""The storage logic both backends share, over a ``Dialect`` (``bot.storage.dialect``): the
transactions every method runs in, the helpers inside them, closing and migrating.

The action log is the source of truth: ``replay(setup(seed), actions)`` must equal the stored
``state`` snapshot, and an action is acknowledged (announced in Discord) only after the
transaction that logs it has committed. Optimistic versioning (``expected_version``) turns a
duplicate or concurrent button click into ``StaleVersion`` instead of a double move.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Self, TypeVar

from bot.storage.dialect import CommitTimer, Dialect, Params, Tx
from bot.storage.migrations import Migration
from bot.storage.records import GameRecord, MigrationError, Row, SeatRecord, StorageError, places
from bot.storage.rows import game_from_row, seat_from_row
from bot.storage.statements import (
    SQL_COUNT_GAMES_BY_STATUS,
    SQL_CREATE_SCHEMA_VERSION,
    SQL_INSERT_RESULT,
    SQL_INSERT_SCHEMA_VERSION,
    SQL_SELECT_FINISHED_AT,
    SQL_SELECT_GAME,
    SQL_SELECT_GAME_STATUS,
    SQL_SELECT_RESULTS_EXIST,
    SQL_SELECT_SCHEMA_VERSION_EXISTS,
    SQL_SELECT_SCHEMA_VERSIONS,
    SQL_SELECT_SEATS,
    SQL_TOUCH_SCHEMA_VERSION,
)

if TYPE_CHECKING:
    from bot.games.outcome import Outcome

log = logging.getLogger(__name__)
T = TypeVar("T")


class StorageBase:
    """A database reached through ``dialect``; ``path`` names it in logs and errors."""

    metrics: CommitTimer | None  # the owner's: its commits are timed and counted

    def __init__(self, dialect: Dialect, path: str) -> None:
        self._dialect = dialect
        self._path = path
        self.metrics = None

    @property
    def shared(self) -> bool:
        """Whether other processes may write the same database (then timers are claimed in it)."""
        return self._dialect.shared

    # ---- transactions ---------------------------------------------------------------------

    def _timer(self) -> contextlib.AbstractContextManager[None]:
        return self.metrics.commit() if self.metrics is not None else contextlib.nullcontext()

    def _write(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        return self._dialect.write(self._timer())

    def _read(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        return self._dialect.read()

    def _one(self, *, write: bool = False) -> contextlib.AbstractAsyncContextManager[Tx]:
        return self._dialect.one(self._timer() if write else None)

    # ---- one statement, in a transaction of its own ----------------------------------------

    async def _row(self, sql: str, params: Params, made: Callable[[Row], T]) -> T | None:
        """The one row ``sql`` selects, made into a record (None when there is none)."""
        async with self._one() as tx:
            row = await tx.fetchrow(sql, params)
        return None if row is None else made(row)

    async def _rows(self, sql: str, params: Params, made: Callable[[Row], T]) -> list[T]:
        """Every row ``sql`` selects, each made into a record."""
        async with self._one() as tx:
            rows = await tx.fetch(sql, params)
        return [made(row) for row in rows]

    async def _change(self, sql: str, params: Params) -> int:
        """Run one write; how many rows it changed (0: its condition no longer held)."""
        async with self._one(write=True) as tx:
            return await tx.execute(sql, params)

    # ---- helpers inside a transaction -----------------------------------------------------

    async def _fetch_games(self, tx: Tx, sql: str, params: Params | None = None) -> list[GameRecord]:
        rows = await tx.fetch(sql, params or {})
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        seats: dict[int, list[SeatRecord]] = {game_id: [] for game_id in ids}
        sql_seats = self._dialect.sql_seats_for_games
        for seat_row in await tx.fetch(sql_seats, {"ids": self._dialect.ids_param(ids)}):
            seats[seat_row["game_id"]].append(seat_from_row(seat_row))
        return [game_from_row(row, seats[row["id"]]) for row in rows]

    @staticmethod
    async def _load_in(tx: Tx, game_id: int) -> GameRecord | None:
        row = await tx.fetchrow(SQL_SELECT_GAME, {"game_id": game_id})
        if row is None:
            return None
        seats = await tx.fetch(SQL_SELECT_SEATS, {"game_id": game_id})
        return game_from_row(row, [seat_from_row(seat) for seat in seats])

    @classmethod
    async def _require(cls, tx: Tx, game_id: int) -> GameRecord:
        game = await cls._load_in(tx, game_id)
        if game is None:
            raise StorageError(f"no game {game_id}")
        return game

    @staticmethod
    async def _status_of(tx: Tx, game_id: int) -> tuple[str, int] | None:
        row = await tx.fetchrow(SQL_SELECT_GAME_STATUS, {"game_id": game_id})
        return (row["status"], row["version"]) if row is not None else None

    async def _lock_game(self, tx: Tx, game_id: int) -> tuple[str, int] | None:
        """The game's status and version, its row locked until ``tx`` ends: the per-game
        serialisation point across processes (a write transaction already is, in SQLite)."""
        row = await tx.fetchrow(SQL_SELECT_GAME_STATUS + self._dialect.row_lock, {"game_id": game_id})
        return (row["status"], row["version"]) if row is not None else None

    async def _insert_results(self, tx: Tx, game: GameRecord, outcome: Outcome) -> bool:
        """The results rows of a finished game, inside the caller's write transaction."""
        # A bot seat (seats.is_bot) marks the whole game; a human seat the bot only stood in
        # for (autopilot) does not, as the human still owns it.
        with_bots = any(seat.is_bot for seat in game.seats)
        if game.practice:  # a `/learn` table counts nowhere: no results, so no stats or ratings
            return False
        if game.status != "finished":
            raise StorageError(f"game {game.id} is {game.status}; only finished games have results")
        if len(outcome.scores) != len(game.seats):
            raise StorageError(
                f"game {game.id} has {len(game.seats)} seats but the outcome scores {len(outcome.scores)}"
            )
        if await tx.fetchval(SQL_SELECT_RESULTS_EXIST, {"game_id": game.id}):
            return False
        finished_at = await tx.fetchval(SQL_SELECT_FINISHED_AT, {"game_id": game.id})
        won = set(outcome.winners)
        rows = [
            {
                "game_id": game.id,
                "seat": seat.seat,
                "user_id": seat.user_id,
                "name": seat.name,
                "score": outcome.scores[seat.seat],
                "place": place,
                "won": int(seat.seat in won),
                "with_bots": int(with_bots),
                "finished_at": finished_at,
            }
            for seat, place in zip(game.seats, places(outcome.scores, outcome.winners), strict=True)
        ]
        await tx.executemany(SQL_INSERT_RESULT, rows)
        await self._rate_results(tx, game.id)
        log.info("recorded results of game %d: winners %s", game.id, sorted(won))
        return True

    async def _rate_results(self, tx: Tx, game_id: int) -> None:
        """Update the ratings from a game's results just written in ``tx`` (``bot.storage.ratings``
        does; a storage without ratings leaves them)."""

    # ---- lifecycle ------------------------------------------------------------------------

    async def close(self) -> None:
        """Close once every queued operation has finished; safe to call twice."""
        await self._dialect.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """The highest migration applied (0 for an empty database)."""
        async with self._one() as tx:
            rows = await tx.fetch(SQL_SELECT_SCHEMA_VERSIONS)
        return max((row["version"] for row in rows), default=0)

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        """Apply the pending migrations, each in its own transaction, under the migration lock."""
        async with self._write() as tx:
            await self._dialect.lock_migrations(tx)
            await tx.execute(SQL_CREATE_SCHEMA_VERSION)
            applied = {row["version"]: row["name"] for row in await tx.fetch(SQL_SELECT_SCHEMA_VERSIONS)}
        known = {m.version: m for m in migrations}
        newer = sorted(set(applied) - set(known))
        if newer:
            raise MigrationError(
                f"database {self._path} has migrations {newer} that this code does not know; "
                "refusing to run an older bot against a newer schema"
            )
        for version, name in applied.items():
            if known[version].name != name:
                log.warning(
                    "migration %d was applied as %r but the file is now %r",
                    version,
                    name,
                    known[version].name,
                )
        # Parse every pending file before running any, so a malformed one stops start-up early.
        pending = [
            (m, self._dialect.split_migration(m.path.read_text(encoding="utf-8")))
            for m in migrations
            if m.version not in applied
        ]
        for migration, statements in pending:
            async with self._write() as tx:
                await self._dialect.lock_migrations(tx)
                # Another process may have applied it while we waited for the lock.
                if await tx.fetchval(SQL_SELECT_SCHEMA_VERSION_EXISTS, {"version": migration.version}):
                    log.info("migration %s was applied concurrently", migration.name)
                    continue
                try:
                    await tx.run_script(statements)
                except self._dialect.errors as error:
                    raise MigrationError(
                        f"migration {migration.name} failed and was rolled back: {error}"
                    ) from error
                await tx.execute(
                    SQL_INSERT_SCHEMA_VERSION,
                    {"version": migration.version, "name": migration.name, "now": time.time()},
                )
            log.info("applied migration %s to %s", migration.name, self._path)

    # ---- for operators (bot.ops.metrics, bot.ops.health) ---------------------------------------

    async def game_counts(self) -> list[tuple[str, str, int]]:
        """``(title, status, count)`` of every stored game."""
        async with self._one() as tx:
            rows = await tx.fetch(SQL_COUNT_GAMES_BY_STATUS)
        return [(str(row[0]), str(row[1]), int(row[2])) for row in rows]

    async def probe_write(self) -> None:
        """One small write transaction, committed: raises when the database can't be written."""
        async with self._write() as tx:
            await tx.execute(SQL_TOUCH_SCHEMA_VERSION)
