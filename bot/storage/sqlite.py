"""Durable games: lobbies, seats, the append-only action log and a state snapshot, in SQLite.

The action log is the source of truth: ``replay(setup(seed), actions)`` must equal the stored
``state`` snapshot, and an action is acknowledged (announced in Discord) only after the
transaction that logs it has committed. Optimistic versioning (``expected_version``) turns a
duplicate or concurrent button click into ``StaleVersion`` instead of a double move.

One aiosqlite connection per process. Every operation holds an ``asyncio.Lock`` so handlers
running concurrently cannot interleave statements of different transactions on it (nor read
another handler's uncommitted rows). ``BEGIN IMMEDIATE`` takes SQLite's write lock up front,
so a second process on the same file waits (``busy_timeout``) rather than failing mid-way."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite

from bot.i18n.languages import DEFAULT, Language
from bot.storage.migrations import (
    Migration,
    MigrationError,
    bundled_migrations,
    discover_migrations,
    split_statements,
)
from bot.storage.records import (
    MAX_ID,
    STATUSES,
    UNSET,
    AlreadyApplied,
    GameRecord,
    SeatTaken,
    StaleVersion,
    StorageError,
    _dumps,
    _events_dumps,
    _Unset,
)
from bot.storage.sql_sqlite import (
    SQL_CREATE_SCHEMA_VERSION,
    SQL_DELETE_SEAT,
    SQL_INSERT_ACTION,
    SQL_INSERT_GAME,
    SQL_INSERT_SCHEMA_VERSION,
    SQL_INSERT_SEAT,
    SQL_PRAGMA_BUSY_TIMEOUT,
    SQL_PRAGMA_FOREIGN_KEYS,
    SQL_PRAGMA_JOURNAL_WAL,
    SQL_PRAGMA_OPTIMIZE,
    SQL_PRAGMA_SYNCHRONOUS,
    SQL_SELECT_CLICK_LOGGED,
    SQL_SELECT_FINISHED_WITHOUT_RESULTS,
    SQL_SELECT_NEXT_SEAT,
    SQL_SELECT_SCHEMA_VERSION_EXISTS,
    SQL_SELECT_SCHEMA_VERSIONS,
    SQL_SHIFT_SEATS_DOWN,
    SQL_SHIFT_SEATS_UP,
    SQL_UPDATE_GAME_AFTER_ACTION,
    SQL_UPDATE_GAME_MESSAGES,
    SQL_UPDATE_GAME_SET_ASIDE,
    SQL_UPDATE_GAME_START,
    SQL_UPDATE_GAME_STATUS,
    SQL_UPDATE_GAME_TOUCH,
    SQL_UPDATE_LOBBY_OPTIONS,
    SQL_UPDATE_SEAT_DM_OPEN,
)
from bot.storage.sqlite_panels import SqlitePanels
from bot.storage.sqlite_reads import SqliteReads
from bot.storage.sqlite_seats import SqliteSeats
from bot.storage.timers import SqliteTimers

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from bot.games.base import Outcome

log = logging.getLogger(__name__)

# Every connection a Storage opened and nobody closed yet. aiosqlite's worker thread is not a
# daemon, so one left open (a bot SimCord's restart_bot replaced, an embedder's forgotten bot)
# would keep the interpreter from exiting. Python waits for such threads only after running the
# callbacks threading registers for exit; there each forgotten connection is stopped: its thread
# closes the SQLite connection (committed work is already on disk) and ends.
_UNCLOSED: weakref.WeakSet[aiosqlite.Connection] = weakref.WeakSet()


def _stop_unclosed() -> None:
    for db in list(_UNCLOSED):
        log.debug("closing a SQLite connection nobody closed, at exit")
        db.stop()
    _UNCLOSED.clear()


threading._register_atexit(_stop_unclosed)  # what concurrent.futures does for its worker threads


class Storage(SqliteSeats, SqliteReads, SqliteTimers, SqlitePanels):
    """All persistence for the bot. Create with ``await Storage.open(path)``."""

    # ---- lifecycle ------------------------------------------------------------------------

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str], *, migrations_dir: Traversable | Path | None = None
    ) -> Storage:
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
            storage = cls(db, path)
            await storage._migrate(migrations)
        except BaseException:
            await db.close()
            _UNCLOSED.discard(db)
            raise
        return storage

    async def close(self) -> None:
        """Close once every queued operation has finished; safe to call twice."""
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                await self._db.execute(SQL_PRAGMA_OPTIMIZE)
            except sqlite3.Error:
                log.debug("PRAGMA optimize failed on close", exc_info=True)
            await self._db.close()
            _UNCLOSED.discard(self._db)

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """The highest migration applied (0 for an empty database)."""
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_SELECT_SCHEMA_VERSIONS)
        return max((row["version"] for row in rows), default=0)

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        db = self._db
        await db.execute(SQL_CREATE_SCHEMA_VERSION)
        rows = await db.execute_fetchall(SQL_SELECT_SCHEMA_VERSIONS)
        applied = {row["version"]: row["name"] for row in rows}
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
            (m, split_statements(m.path.read_text(encoding="utf-8")))
            for m in migrations
            if m.version not in applied
        ]
        for migration, statements in pending:
            async with self._write() as tx:
                # Another process may have applied it while we waited for the write lock.
                if await tx.execute_fetchall(SQL_SELECT_SCHEMA_VERSION_EXISTS, (migration.version,)):
                    log.info("migration %s was applied concurrently", migration.name)
                    continue
                try:
                    for statement in statements:
                        await tx.execute(statement)
                except sqlite3.Error as error:
                    raise MigrationError(
                        f"migration {migration.name} failed and was rolled back: {error}"
                    ) from error
                await tx.execute(SQL_INSERT_SCHEMA_VERSION, (migration.version, migration.name, time.time()))
                log.info("applied migration %s to %s", migration.name, self._path)

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
        """A new game in ``lobby`` status with its host in seat 0, played in ``language``."""
        now = time.time()
        async with self._write() as db:
            cursor = await db.execute(
                SQL_INSERT_GAME,
                {
                    "game": game,
                    "guild_id": guild_id,
                    "channel_id": channel_id,
                    "host_id": host_id,
                    "options": _dumps(options),
                    "now": now,
                    "pace": pace,
                    "language": language.value,
                },
            )
            game_id = cursor.lastrowid
            await cursor.close()
            assert game_id is not None
            await self._execute(
                db, SQL_INSERT_SEAT, {"game_id": game_id, "seat": 0, "user_id": host_id, "name": host_name}
            )
            record = await self._require(db, game_id)
        log.info("created %s lobby %d in channel %d", game, game_id, channel_id)
        return record

    async def load(self, game_id: int) -> GameRecord | None:
        if abs(game_id) > MAX_ID:  # no such game, and the driver can't even send the number
            return None
        async with self._read() as db:
            return await self._load_in(db, game_id)

    async def add_seat(self, game_id: int, user_id: int, name: str) -> GameRecord:
        """Seat a user after the others. Seat limits are the game's business, not storage's."""
        async with self._write() as db:
            game = await self._require(db, game_id)
            if game.status != "lobby":
                raise StorageError(f"game {game_id} is {game.status}; seats only change in the lobby")
            if game.seat_of(user_id) is not None:
                raise SeatTaken(f"user {user_id} is already seated in game {game_id}")
            rows = await db.execute_fetchall(SQL_SELECT_NEXT_SEAT, (game_id,))
            seat = next(iter(rows))[0]
            try:
                await self._execute(
                    db, SQL_INSERT_SEAT, {"game_id": game_id, "seat": seat, "user_id": user_id, "name": name}
                )
            except sqlite3.IntegrityError as error:  # pragma: no cover - guarded above
                raise SeatTaken(f"user {user_id} is already seated in game {game_id}") from error
            await self._execute(db, SQL_UPDATE_GAME_TOUCH, {"game_id": game_id, "now": time.time()})
            return await self._require(db, game_id)

    async def remove_seat(self, game_id: int, user_id: int) -> GameRecord:
        """Unseat a user; later seats move down so seats stay 0..k-1 in joining order."""
        async with self._write() as db:
            game = await self._require(db, game_id)
            if game.status != "lobby":
                raise StorageError(f"game {game_id} is {game.status}; seats only change in the lobby")
            seat = game.seat_of(user_id)
            if seat is None:
                raise StorageError(f"user {user_id} is not seated in game {game_id}")
            await self._execute(db, SQL_DELETE_SEAT, (game_id, user_id))
            await self._execute(db, SQL_SHIFT_SEATS_UP, (game_id, seat))
            await self._execute(db, SQL_SHIFT_SEATS_DOWN, (game_id,))
            await self._execute(db, SQL_UPDATE_GAME_TOUCH, {"game_id": game_id, "now": time.time()})
            return await self._require(db, game_id)

    async def set_dm_open(self, game_id: int, user_id: int, dm_open: bool) -> None:
        """Remember whether DMs reach this player, so the bot stops retrying closed DMs."""
        async with self._write() as db:
            if not await self._execute(db, SQL_UPDATE_SEAT_DM_OPEN, (int(dm_open), game_id, user_id)):
                raise StorageError(f"user {user_id} is not seated in game {game_id}")

    async def set_lobby_options(self, game_id: int, options: dict[str, Any]) -> GameRecord:
        """The host changed an option in the lobby; ``StaleVersion`` once the lobby has closed."""
        async with self._write() as db:
            if not await self._execute(
                db,
                SQL_UPDATE_LOBBY_OPTIONS,
                {"game_id": game_id, "options": _dumps(options), "now": time.time()},
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
        """Remember Discord message/thread ids. Only the arguments given change; ``None`` clears."""
        flags = {
            "set_lobby": lobby_message_id is not UNSET,
            "set_status": status_message_id is not UNSET,
            "set_thread": thread_id is not UNSET,
        }
        if not any(flags.values()):
            return

        def value(given: int | None | _Unset) -> int | None:
            return None if isinstance(given, _Unset) else given

        params = {
            **flags,
            "lobby_message_id": value(lobby_message_id),
            "status_message_id": value(status_message_id),
            "thread_id": value(thread_id),
            "game_id": game_id,
            "now": time.time(),
        }
        async with self._write() as db:
            if not await self._execute(db, SQL_UPDATE_GAME_MESSAGES, params):
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
        """Lobby → active with the set-up state. ``StaleVersion`` if it already left the lobby.
        ``options``, when given, replace the lobby's (the table's language adds to them)."""
        params = {
            "game_id": game_id,
            "seed": seed,
            "state": _dumps(state),
            "deadline_at": deadline_at,
            "now": time.time(),
            "options": None if options is None else _dumps(options),
        }
        async with self._write() as db:
            if not await self._execute(db, SQL_UPDATE_GAME_START, params):
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

        The version check and the log append commit together, so two clicks computed from the
        same state cannot both land: the second gets ``StaleVersion`` and must not announce.
        The final action of a game passes its ``outcome``: the results rows are written in the
        same transaction, so a crash can't leave a finished game without them. ``click`` keys
        the click that caused it: a click already logged raises ``AlreadyApplied``.
        Committed (and fsynced) before returning.
        """
        if expected_version < 0:
            raise ValueError("expected_version must be >= 0")
        if outcome is not None and not finished:
            raise ValueError("only the final action of a game has an outcome")
        now = time.time()
        # Serialise before taking the lock: a bad value fails without touching the database.
        game_params = {
            "game_id": game_id,
            "expected_version": expected_version,
            "state": _dumps(state),
            "deadline_at": deadline_at,
            "finished": bool(finished),
            "now": now,
        }
        action_params = {
            "game_id": game_id,
            "seq": expected_version + 1,
            "seat": seat,
            "action": _dumps(action),
            "events": _events_dumps(events),
            "now": now,
            "click": click,
        }
        async with self._write() as db:
            if click is not None and await db.execute_fetchall(SQL_SELECT_CLICK_LOGGED, (game_id, click)):
                raise AlreadyApplied(f"click {click} is already in the log of game {game_id}")
            # Version check first: a stale click then never even attempts the INSERT.
            if not await self._execute(db, SQL_UPDATE_GAME_AFTER_ACTION, game_params):
                current = await self._status_of(db, game_id)
                if current is None:
                    raise StorageError(f"no game {game_id}")
                status, version = current
                log.info(
                    "stale action on game %d: expected version %d, game is %s at %d",
                    game_id,
                    expected_version,
                    status,
                    version,
                )
                raise StaleVersion(
                    f"game {game_id} is {status} at version {version}, not active at {expected_version}"
                )
            try:
                await self._execute(db, SQL_INSERT_ACTION, action_params)
            except sqlite3.IntegrityError as error:
                # Only possible if the log and games.version disagree: never paper over that.
                raise StorageError(
                    f"action log of game {game_id} is out of step with its version: {error}"
                ) from error
            if outcome is not None:
                await self._insert_results(db, await self._require(db, game_id), outcome)
        return expected_version + 1

    async def set_aside(self, game_id: int, reason: str) -> bool:
        """Mark a game that can't be loaded, so start-up skips it and players are told why;
        False if it was marked already (by another process, or before a restart).

        Its status, state and log are left as they are, for a person to repair; clearing the
        column by hand after the repair resumes it at the next start-up.
        """
        async with self._write() as db:
            if not await self._execute(
                db, SQL_UPDATE_GAME_SET_ASIDE, {"game_id": game_id, "reason": reason, "now": time.time()}
            ):
                if await self._status_of(db, game_id) is None:
                    raise StorageError(f"no game {game_id}")
                return False
        log.warning("game %d set aside: %s", game_id, reason)
        return True

    async def finished_without_results(self) -> list[GameRecord]:
        """Finished games with no results rows, for the start-up backfill."""
        async with self._read() as db:
            return await self._fetch_games(db, SQL_SELECT_FINISHED_WITHOUT_RESULTS)

    async def set_status(self, game_id: int, status: str) -> None:
        """Move a lobby or active game to another status (typically ``cancelled``).

        Finished and cancelled games are final: changing them raises ``StaleVersion``, except
        that repeating the status they already have is a no-op (a double-clicked "cancel").
        """
        if status not in STATUSES:
            raise StorageError(f"unknown status {status!r}")
        async with self._write() as db:
            if await self._execute(
                db, SQL_UPDATE_GAME_STATUS, {"game_id": game_id, "status": status, "now": time.time()}
            ):
                log.info("game %d is now %s", game_id, status)
                return
            current = await self._status_of(db, game_id)
            if current is None:
                raise StorageError(f"no game {game_id}")
            if current[0] != status:
                raise StaleVersion(f"game {game_id} is already {current[0]}")
