"""Paced games' deadlines, ``/settings``, where each player's live panel is and the "Your move"
posts (a part of ``Storage``; see ``bot.tell.panel_copies`` for why panels are kept)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from bot.storage.base import StorageBase
from bot.storage.records import PING_MODES, Deadline, MovePing, PanelCopyRow, StorageError, UserSettings
from bot.storage.rows import (
    dumps,
    move_ping_from_row,
    panel_copy_from_row,
    record_from_row,
    row_params,
    settings_from_row,
)
from bot.storage.statements import (
    SQL_DELETE_DEADLINE,
    SQL_DELETE_GAME_DEADLINES,
    SQL_DELETE_GAME_PANEL_COPIES,
    SQL_DELETE_MOVE_PING,
    SQL_DELETE_PANEL_COPY,
    SQL_INSERT_MOVE_PING,
    SQL_SELECT_DEADLINES,
    SQL_SELECT_GAME_DEADLINES,
    SQL_SELECT_MOVE_PINGS,
    SQL_SELECT_PANEL_COPIES,
    SQL_SELECT_PANEL_COPY,
    SQL_SELECT_USER_SETTINGS,
    SQL_UPDATE_DEADLINE_REMINDERS,
    SQL_UPSERT_DEADLINE,
    SQL_UPSERT_DISCORD_LOCALE,
    SQL_UPSERT_PANEL_COPY,
    SQL_UPSERT_USER_SETTINGS,
)

# A parameter's "no time": SQLite has no infinity literal (the same as ``bot.storage.timers.FAR``).
_FAR = 1e300


def next_at(deadline: Deadline, wake: float | None = None) -> float:
    """The row's ``next_at`` (0014): its earliest job, the deadline, a reminder or the wake-up
    of a panel held back by quiet hours, so the timers find the row when that job is due soon."""
    return min([deadline.due_at, *deadline.reminders, *([] if wake is None else [wake])])


class Tables(StorageBase):
    """Rows kept beside a game: deadlines, panels and pings; and each user's settings."""

    # ---- paced games' deadlines -----------------------------------------------------------

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        """Pending deadlines, of one game or of all (to rebuild the scheduler after a restart)."""
        async with self._one() as tx:
            if game_id is None:
                rows = await tx.fetch(SQL_SELECT_DEADLINES)
            else:
                rows = await tx.fetch(SQL_SELECT_GAME_DEADLINES, {"game_id": game_id})
        return [record_from_row(Deadline, row, reminders=json.loads(row["reminders"])) for row in rows]

    async def set_deadlines(
        self, game_id: int, deadlines: Sequence[Deadline], wakes: Mapping[int, float] | None = None
    ) -> None:
        """Replace a game's pending deadlines with exactly these (one transaction). ``wakes``: the
        seats whose step opened in their quiet hours, and when those end (the held panel goes
        out then), so the row is found in time for it."""
        wakes = wakes or {}
        rows = [
            row_params(
                d, game_id=game_id, reminders=dumps(list(d.reminders)), next_at=next_at(d, wakes.get(d.seat))
            )
            for d in deadlines
        ]
        async with self._write() as tx:
            await tx.execute(SQL_DELETE_GAME_DEADLINES, {"game_id": game_id})
            await tx.executemany(SQL_UPSERT_DEADLINE, rows)

    async def drop_deadline(self, game_id: int, seat: int, decision: int) -> bool:
        """Remove one deadline if it is still the one for ``decision``; False if already gone."""
        async with self._one(write=True) as tx:
            params = {"game_id": game_id, "seat": seat, "decision": decision}
            return bool(await tx.execute(SQL_DELETE_DEADLINE, params))

    async def set_reminders(self, game_id: int, seat: int, decision: int, reminders: Sequence[float]) -> None:
        params = {
            "game_id": game_id,
            "seat": seat,
            "decision": decision,
            "reminders": dumps(list(reminders)),
            "next_reminder": min(reminders, default=_FAR),
        }
        await self._change(SQL_UPDATE_DEADLINE_REMINDERS, params)

    # ---- /settings ------------------------------------------------------------------------

    async def user_settings(self, user_id: int) -> UserSettings:
        async with self._one() as tx:
            row = await tx.fetchrow(SQL_SELECT_USER_SETTINGS, {"user_id": user_id})
        return UserSettings(user_id) if row is None else settings_from_row(row)

    async def save_user_settings(self, settings: UserSettings) -> None:
        if settings.ping not in PING_MODES:
            raise StorageError(f"unknown ping mode {settings.ping!r}")
        params = row_params(settings, language=settings.language.value if settings.language else None)
        await self._change(SQL_UPSERT_USER_SETTINGS, params)

    async def set_discord_locale(self, user_id: int, locale: str | None) -> None:
        """Remember the locale seen on the user's interactions (their other settings stay)."""
        await self._change(SQL_UPSERT_DISCORD_LOCALE, {"user_id": user_id, "locale": locale})

    # ---- panel copies and move pings ------------------------------------------------------

    async def panel_copy(self, game_id: int, user_id: int) -> PanelCopyRow | None:
        """The player's live copy of the game's panel, if one is known."""
        return await self._row(
            SQL_SELECT_PANEL_COPY, {"game_id": game_id, "user_id": user_id}, panel_copy_from_row
        )

    async def panel_copies(self, game_id: int) -> list[PanelCopyRow]:
        return await self._rows(SQL_SELECT_PANEL_COPIES, {"game_id": game_id}, panel_copy_from_row)

    async def set_panel_copy(self, copy: PanelCopyRow) -> None:
        """``copy`` is the player's live one now (it replaces the one kept before)."""
        params = row_params(copy, language=copy.language.value)
        await self._change(SQL_UPSERT_PANEL_COPY, params)

    async def drop_panel_copy(self, game_id: int, user_id: int, message_id: int) -> bool:
        """Forget the player's live copy if it is still ``message_id``; False if it isn't."""
        params = {"game_id": game_id, "user_id": user_id, "message_id": message_id}
        return bool(await self._change(SQL_DELETE_PANEL_COPY, params))

    async def drop_panel_copies(self, game_id: int) -> None:
        await self._change(SQL_DELETE_GAME_PANEL_COPIES, {"game_id": game_id})

    async def move_pings(self, game_id: int) -> list[MovePing]:
        """The game's "Your move" posts still live, oldest first."""
        return await self._rows(SQL_SELECT_MOVE_PINGS, {"game_id": game_id}, move_ping_from_row)

    async def add_move_ping(self, ping: MovePing) -> None:
        params = row_params(ping, user_ids=dumps(list(ping.user_ids)))
        await self._change(SQL_INSERT_MOVE_PING, params)

    async def drop_move_ping(self, game_id: int, message_id: int) -> bool:
        return bool(await self._change(SQL_DELETE_MOVE_PING, {"game_id": game_id, "message_id": message_id}))
