"""Seats during play, deadlines and user settings in SQLite: a part of ``bot.storage.sqlite.Storage``."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence

from bot.storage.records import (
    PING_MODES,
    Deadline,
    GameRecord,
    SeatTaken,
    StorageError,
    UserSettings,
    _dumps,
    _settings_from_row,
)
from bot.storage.sql_sqlite import (
    SQL_DELETE_DEADLINE,
    SQL_DELETE_GAME_DEADLINES,
    SQL_INSERT_BOT_SEAT,
    SQL_SELECT_DEADLINES,
    SQL_SELECT_GAME_DEADLINES,
    SQL_SELECT_NEXT_SEAT,
    SQL_SELECT_USER_SETTINGS,
    SQL_UPDATE_DEADLINE_REMINDERS,
    SQL_UPDATE_SEAT_CONTROL,
    SQL_UPDATE_SEAT_PLAYER,
    SQL_UPSERT_DEADLINE,
    SQL_UPSERT_DISCORD_LOCALE,
    SQL_UPSERT_USER_SETTINGS,
)
from bot.storage.sqlite_base import SqliteBase

log = logging.getLogger(__name__)


class SqliteSeats(SqliteBase):
    """Seats during play, paced games' deadlines and ``/settings`` (mixed into ``Storage``)."""

    # ---- seats during play and paced games ------------------------------------------------

    async def add_bot_seat(self, game_id: int, name: str) -> GameRecord:
        """Seat the bot after the others (lobby only); its user id is negative and unique."""
        async with self._write() as db:
            game = await self._require(db, game_id)
            if game.status != "lobby":
                raise StorageError(f"game {game_id} is {game.status}; seats only change in the lobby")
            rows = await db.execute_fetchall(SQL_SELECT_NEXT_SEAT, (game_id,))
            seat = next(iter(rows))[0]
            await self._execute(db, SQL_INSERT_BOT_SEAT, {"game_id": game_id, "seat": seat, "name": name})
            return await self._require(db, game_id)

    async def set_seat_control(
        self,
        game_id: int,
        seat: int,
        *,
        autopilot: bool | None = None,
        left_game: bool | None = None,
        timeouts: int | None = None,
    ) -> None:
        """Hand a seat to the bot or back, mark it left, or count its missed deadlines."""
        params = {
            "game_id": game_id,
            "seat": seat,
            "autopilot": None if autopilot is None else int(autopilot),
            "left_game": None if left_game is None else int(left_game),
            "timeouts": timeouts,
        }
        async with self._write() as db:
            if not await self._execute(db, SQL_UPDATE_SEAT_CONTROL, params):
                raise StorageError(f"no seat {seat} in game {game_id}")

    async def replace_player(self, game_id: int, seat: int, user_id: int, name: str) -> None:
        """Give a human seat to another person, who plays it from now on."""
        async with self._write() as db:
            game = await self._require(db, game_id)
            if game.seat_of(user_id) is not None:
                raise SeatTaken(f"user {user_id} already plays in game {game_id}")
            if not await self._execute(
                db,
                SQL_UPDATE_SEAT_PLAYER,
                {"game_id": game_id, "seat": seat, "user_id": user_id, "name": name},
            ):
                raise StorageError(f"seat {seat} of game {game_id} is not a human seat")

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        """Pending deadlines, of one game or of all (to rebuild the scheduler after a restart)."""
        async with self._read() as db:
            if game_id is None:
                rows = await db.execute_fetchall(SQL_SELECT_DEADLINES)
            else:
                rows = await db.execute_fetchall(SQL_SELECT_GAME_DEADLINES, (game_id,))
        return [
            Deadline(
                row["game_id"],
                row["seat"],
                row["decision"],
                row["opened_at"],
                row["due_at"],
                json.loads(row["reminders"]),
            )
            for row in rows
        ]

    async def set_deadlines(self, game_id: int, deadlines: Sequence[Deadline]) -> None:
        """Replace a game's pending deadlines with exactly these (one transaction)."""
        async with self._write() as db:
            await self._execute(db, SQL_DELETE_GAME_DEADLINES, (game_id,))
            for d in deadlines:
                await self._execute(
                    db,
                    SQL_UPSERT_DEADLINE,
                    {
                        "game_id": game_id,
                        "seat": d.seat,
                        "decision": d.decision,
                        "opened_at": d.opened_at,
                        "due_at": d.due_at,
                        "reminders": _dumps(list(d.reminders)),
                    },
                )

    async def drop_deadline(self, game_id: int, seat: int, decision: int) -> bool:
        """Remove one deadline if it is still the one for ``decision``; False if already gone."""
        async with self._write() as db:
            return bool(await self._execute(db, SQL_DELETE_DEADLINE, (game_id, seat, decision)))

    async def set_reminders(self, game_id: int, seat: int, decision: int, reminders: Sequence[float]) -> None:
        async with self._write() as db:
            await self._execute(
                db, SQL_UPDATE_DEADLINE_REMINDERS, (_dumps(list(reminders)), game_id, seat, decision)
            )

    async def user_settings(self, user_id: int) -> UserSettings:
        async with self._read() as db:
            rows = list(await db.execute_fetchall(SQL_SELECT_USER_SETTINGS, (user_id,)))
        return _settings_from_row(rows[0]) if rows else UserSettings(user_id)

    async def save_user_settings(self, settings: UserSettings) -> None:
        if settings.ping not in PING_MODES:
            raise StorageError(f"unknown ping mode {settings.ping!r}")
        async with self._write() as db:
            await self._execute(
                db,
                SQL_UPSERT_USER_SETTINGS,
                {
                    "user_id": settings.user_id,
                    "ping": settings.ping,
                    "timezone": settings.timezone,
                    "quiet_start": settings.quiet_start,
                    "quiet_end": settings.quiet_end,
                    "language": settings.language.value if settings.language else None,
                    "text_boards": int(settings.text_boards),
                },
            )

    async def set_discord_locale(self, user_id: int, locale: str | None) -> None:
        """Remember the locale seen on the user's interactions (their other settings stay)."""
        async with self._write() as db:
            await self._execute(db, SQL_UPSERT_DISCORD_LOCALE, (user_id, locale))
