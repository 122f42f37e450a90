"""Where each player's live panel is, and the paced games' "Your move" posts, in PostgreSQL: a
mixin of ``bot.storage.postgres.PostgresStorage`` (see ``bot.tell.panel_copies``)."""

from __future__ import annotations

from bot.storage import sql_postgres as sql
from bot.storage.records import MovePing, PanelCopyRow, _dumps, _move_ping_from_row, _panel_copy_from_row


class PostgresPanels:
    """Uses the transactions and helpers of ``PostgresStorage``."""

    async def panel_copy(self, game_id: int, user_id: int) -> PanelCopyRow | None:
        async with self._one() as db:
            row = await db.fetchrow(sql.SQL_SELECT_PANEL_COPY, game_id, user_id)
        return None if row is None else _panel_copy_from_row(row)

    async def panel_copies(self, game_id: int) -> list[PanelCopyRow]:
        async with self._one() as db:
            rows = await db.fetch(sql.SQL_SELECT_PANEL_COPIES, game_id)
        return [_panel_copy_from_row(row) for row in rows]

    async def set_panel_copy(self, copy: PanelCopyRow) -> None:
        async with self._one() as db:
            await db.execute(
                sql.SQL_UPSERT_PANEL_COPY,
                copy.game_id,
                copy.user_id,
                copy.kind,
                copy.channel_id,
                copy.message_id,
                copy.language.value,
            )

    async def drop_panel_copy(self, game_id: int, user_id: int, message_id: int) -> bool:
        async with self._one() as db:
            return bool(await self._execute(db, sql.SQL_DELETE_PANEL_COPY, game_id, user_id, message_id))

    async def drop_panel_copies(self, game_id: int) -> None:
        async with self._one() as db:
            await db.execute(sql.SQL_DELETE_GAME_PANEL_COPIES, game_id)

    async def move_pings(self, game_id: int) -> list[MovePing]:
        async with self._one() as db:
            rows = await db.fetch(sql.SQL_SELECT_MOVE_PINGS, game_id)
        return [_move_ping_from_row(row) for row in rows]

    async def add_move_ping(self, ping: MovePing) -> None:
        async with self._one() as db:
            await db.execute(
                sql.SQL_INSERT_MOVE_PING,
                ping.game_id,
                ping.message_id,
                ping.channel_id,
                ping.decision,
                _dumps(list(ping.user_ids)),
            )

    async def drop_move_ping(self, game_id: int, message_id: int) -> bool:
        async with self._one() as db:
            return bool(await self._execute(db, sql.SQL_DELETE_MOVE_PING, game_id, message_id))
