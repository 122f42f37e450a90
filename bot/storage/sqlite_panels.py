"""Where each player's live panel is, and the paced games' "Your move" posts, in SQLite: a part
of ``bot.storage.sqlite.Storage`` (see ``bot.tell.panel_copies`` for why they are kept)."""

from __future__ import annotations

from bot.storage.records import MovePing, PanelCopyRow, _dumps, _move_ping_from_row, _panel_copy_from_row
from bot.storage.sql_sqlite import (
    SQL_DELETE_GAME_PANEL_COPIES,
    SQL_DELETE_MOVE_PING,
    SQL_DELETE_PANEL_COPY,
    SQL_INSERT_MOVE_PING,
    SQL_SELECT_MOVE_PINGS,
    SQL_SELECT_PANEL_COPIES,
    SQL_SELECT_PANEL_COPY,
    SQL_UPSERT_PANEL_COPY,
)
from bot.storage.sqlite_base import SqliteBase


class SqlitePanels(SqliteBase):
    """Panel copies and move pings (mixed into ``Storage``)."""

    async def panel_copy(self, game_id: int, user_id: int) -> PanelCopyRow | None:
        """The player's live copy of the game's panel, if one is known."""
        async with self._read() as db:
            rows = list(await db.execute_fetchall(SQL_SELECT_PANEL_COPY, (game_id, user_id)))
        return _panel_copy_from_row(rows[0]) if rows else None

    async def panel_copies(self, game_id: int) -> list[PanelCopyRow]:
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_SELECT_PANEL_COPIES, (game_id,))
        return [_panel_copy_from_row(row) for row in rows]

    async def set_panel_copy(self, copy: PanelCopyRow) -> None:
        """``copy`` is the player's live one now (it replaces the one kept before)."""
        async with self._write() as db:
            await self._execute(
                db,
                SQL_UPSERT_PANEL_COPY,
                {
                    "game_id": copy.game_id,
                    "user_id": copy.user_id,
                    "kind": copy.kind,
                    "channel_id": copy.channel_id,
                    "message_id": copy.message_id,
                    "language": copy.language.value,
                },
            )

    async def drop_panel_copy(self, game_id: int, user_id: int, message_id: int) -> bool:
        """Forget the player's live copy if it is still ``message_id``; False if it isn't."""
        async with self._write() as db:
            return bool(await self._execute(db, SQL_DELETE_PANEL_COPY, (game_id, user_id, message_id)))

    async def drop_panel_copies(self, game_id: int) -> None:
        async with self._write() as db:
            await self._execute(db, SQL_DELETE_GAME_PANEL_COPIES, (game_id,))

    async def move_pings(self, game_id: int) -> list[MovePing]:
        """The game's "Your move" posts still live, oldest first."""
        async with self._read() as db:
            rows = await db.execute_fetchall(SQL_SELECT_MOVE_PINGS, (game_id,))
        return [_move_ping_from_row(row) for row in rows]

    async def add_move_ping(self, ping: MovePing) -> None:
        async with self._write() as db:
            await self._execute(
                db,
                SQL_INSERT_MOVE_PING,
                {
                    "game_id": ping.game_id,
                    "message_id": ping.message_id,
                    "channel_id": ping.channel_id,
                    "decision": ping.decision,
                    "user_ids": _dumps(list(ping.user_ids)),
                },
            )

    async def drop_move_ping(self, game_id: int, message_id: int) -> bool:
        async with self._write() as db:
            return bool(await self._execute(db, SQL_DELETE_MOVE_PING, (game_id, message_id)))
