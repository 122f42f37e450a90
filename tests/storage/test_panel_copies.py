"""Panel copies and move pings (0007): where each player's one live panel is, and a paced game's
"Your move" posts, kept across a restart on both backends."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.i18n import Language
from bot.storage import MovePing, PanelCopyRow, SqliteStorage, Storage

from .helpers import make_lobby


async def test_a_players_live_copy_is_replaced_not_added(storage: Storage) -> None:
    game = await make_lobby(storage)
    other = await make_lobby(storage, channel_id=11, host_id=300)
    assert await storage.panel_copy(game.id, 100) is None and await storage.panel_copies(game.id) == []
    dm = PanelCopyRow(
        game.id,
        100,
        "dm",
        message_id=9_000_000_000_000_000_001,
        channel_id=8_000_000_000_000_000_001,
        language=Language.ITALIAN,
    )
    await storage.set_panel_copy(dm)
    await storage.set_panel_copy(PanelCopyRow(other.id, 300, "dm", 5, 6))
    assert await storage.panel_copy(game.id, 100) == dm  # Discord-sized ids and the language survive
    ephemeral = PanelCopyRow(game.id, 100, "ephemeral", message_id=7, channel_id=None)
    await storage.set_panel_copy(ephemeral)  # the copy opened in the thread is the live one now
    await storage.set_panel_copy(PanelCopyRow(game.id, 101, "dm", 8, 4))
    assert await storage.panel_copy(game.id, 100) == ephemeral
    assert sorted(c.user_id for c in await storage.panel_copies(game.id)) == [100, 101]
    assert await storage.panel_copies(other.id) == [PanelCopyRow(other.id, 300, "dm", 5, 6)]


async def test_a_copy_is_dropped_only_while_it_is_still_the_live_one(storage: Storage) -> None:
    game = await make_lobby(storage)
    await storage.set_panel_copy(PanelCopyRow(game.id, 100, "dm", 1, 2))
    await storage.set_panel_copy(PanelCopyRow(game.id, 100, "dm", 3, 2))  # a newer DM
    assert not await storage.drop_panel_copy(game.id, 100, 1)  # the old one's failure keeps the new
    assert (await storage.panel_copy(game.id, 100)).message_id == 3
    assert await storage.drop_panel_copy(game.id, 100, 3)
    assert await storage.panel_copy(game.id, 100) is None
    await storage.set_panel_copy(PanelCopyRow(game.id, 100, "dm", 1, 2))
    await storage.set_panel_copy(PanelCopyRow(game.id, 101, "dm", 4, 5))
    await storage.drop_panel_copies(game.id)
    assert await storage.panel_copies(game.id) == []


async def test_move_pings_are_kept_until_dropped(storage: Storage) -> None:
    game = await make_lobby(storage)
    first = MovePing(game.id, message_id=20, channel_id=30, decision=4, user_ids=(100, 101))
    second = MovePing(game.id, message_id=21, channel_id=30, decision=5, user_ids=(101,))
    await storage.add_move_ping(second)
    await storage.add_move_ping(first)
    await storage.add_move_ping(first)  # the same post twice is one post
    assert await storage.move_pings(game.id) == [first, second]  # oldest first
    assert await storage.drop_move_ping(game.id, 20)
    assert not await storage.drop_move_ping(game.id, 20)
    assert await storage.move_pings(game.id) == [second]


async def test_rows_survive_a_restart_and_a_bad_row_is_refused(db_path: Path) -> None:
    storage = await SqliteStorage.open(db_path)
    try:
        game = await make_lobby(storage)
        await storage.set_panel_copy(PanelCopyRow(game.id, 100, "dm", 1, 2, Language.ITALIAN))
        await storage.add_move_ping(MovePing(game.id, 3, 4, 7, (100, 101)))
    finally:
        await storage.close()
    reopened = await SqliteStorage.open(db_path)
    try:
        kept = PanelCopyRow(game.id, 100, "dm", 1, 2, Language.ITALIAN)
        assert await reopened.panel_copy(game.id, 100) == kept
        assert await reopened.move_pings(game.id) == [MovePing(game.id, 3, 4, 7, (100, 101))]
        with pytest.raises(sqlite3.IntegrityError):  # a DM copy must say its channel
            await reopened.set_panel_copy(PanelCopyRow(game.id, 101, "dm", 5, None))
        with pytest.raises(sqlite3.IntegrityError):
            await reopened.set_panel_copy(PanelCopyRow(game.id, 101, "thread", 5, None))
    finally:
        await reopened.close()
