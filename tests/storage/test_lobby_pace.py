"""A paced lobby's time per move changes with the host's pick until the game starts."""

from __future__ import annotations

import pytest

from bot.storage import StaleVersion, Storage

from .helpers import make_lobby

DAY = 24 * 3600


async def test_a_lobbys_pace_changes_until_the_game_starts(storage: Storage) -> None:
    record = await make_lobby(storage)
    assert record.pace == 0
    changed = await storage.set_lobby_pace(record.id, DAY)
    assert changed.pace == DAY and (await storage.load(record.id)).pace == DAY
    assert changed.options == record.options and changed.seats == record.seats, "only the pace"
    await storage.start(record.id, seed=1, state={})
    with pytest.raises(StaleVersion):
        await storage.set_lobby_pace(record.id, 3 * DAY)
    assert (await storage.load(record.id)).pace == DAY
