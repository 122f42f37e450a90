"""The PostgreSQL backend's seats during play, deadlines and user settings: a mixin of
``bot.storage.postgres.PostgresStorage`` (kept apart only to keep each file short)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.storage import sql_postgres as sql
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


class PostgresSeats:
    """Uses the transactions and helpers of ``PostgresStorage``."""

    # ---- seats during play and paced games ------------------------------------------------

    async def add_bot_seat(self, game_id: int, name: str) -> GameRecord:
        async with self._write() as db:
            await self._lobby(db, game_id)
            seat = await db.fetchval(sql.SQL_SELECT_NEXT_SEAT, game_id)
            await db.execute(sql.SQL_INSERT_BOT_SEAT, game_id, seat, name)
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
        args = (
            None if autopilot is None else int(autopilot),
            None if left_game is None else int(left_game),
            timeouts,
        )
        async with self._one() as db:
            if not await self._execute(db, sql.SQL_UPDATE_SEAT_CONTROL, game_id, seat, *args):
                raise StorageError(f"no seat {seat} in game {game_id}")

    async def replace_player(self, game_id: int, seat: int, user_id: int, name: str) -> None:
        async with self._write() as db:
            game = await self._require(db, game_id)
            if game.seat_of(user_id) is not None:
                raise SeatTaken(f"user {user_id} already plays in game {game_id}")
            if not await self._execute(db, sql.SQL_UPDATE_SEAT_PLAYER, game_id, seat, user_id, name):
                raise StorageError(f"seat {seat} of game {game_id} is not a human seat")

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        async with self._one() as db:
            if game_id is None:
                rows = await db.fetch(sql.SQL_SELECT_DEADLINES)
            else:
                rows = await db.fetch(sql.SQL_SELECT_GAME_DEADLINES, game_id)
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
        async with self._write() as db:
            await db.execute(sql.SQL_DELETE_GAME_DEADLINES, game_id)
            await db.executemany(
                sql.SQL_UPSERT_DEADLINE,
                [
                    (game_id, d.seat, d.decision, d.opened_at, d.due_at, _dumps(list(d.reminders)))
                    for d in deadlines
                ],
            )

    async def drop_deadline(self, game_id: int, seat: int, decision: int) -> bool:
        async with self._one() as db:
            return bool(await self._execute(db, sql.SQL_DELETE_DEADLINE, game_id, seat, decision))

    async def set_reminders(self, game_id: int, seat: int, decision: int, reminders: Sequence[float]) -> None:
        async with self._one() as db:
            await db.execute(
                sql.SQL_UPDATE_DEADLINE_REMINDERS, game_id, seat, decision, _dumps(list(reminders))
            )

    async def user_settings(self, user_id: int) -> UserSettings:
        async with self._one() as db:
            row = await db.fetchrow(sql.SQL_SELECT_USER_SETTINGS, user_id)
        return UserSettings(user_id) if row is None else _settings_from_row(row)

    async def save_user_settings(self, settings: UserSettings) -> None:
        if settings.ping not in PING_MODES:
            raise StorageError(f"unknown ping mode {settings.ping!r}")
        async with self._one() as db:
            await db.execute(
                sql.SQL_UPSERT_USER_SETTINGS,
                settings.user_id,
                settings.ping,
                settings.timezone,
                settings.quiet_start,
                settings.quiet_end,
                settings.language.value if settings.language else None,
                settings.text_boards,
            )

    async def set_discord_locale(self, user_id: int, locale: str | None) -> None:
        """Remember the locale seen on the user's interactions (their other settings stay)."""
        async with self._one() as db:
            await db.execute(sql.SQL_UPSERT_DISCORD_LOCALE, user_id, locale)
