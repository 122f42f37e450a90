"""Small builders shared by the storage tests."""

from __future__ import annotations

from bot.storage import GameRecord, Storage


async def make_lobby(
    storage: Storage,
    *,
    players: int = 2,
    channel_id: int = 10,
    guild_id: int | None = 1,
    host_id: int = 100,
    game: str = "counter",
    options: dict | None = None,
) -> GameRecord:
    """A lobby hosted by user ``host_id`` with ``players`` seats (users host_id, host_id+1, …)."""
    record = await storage.create_lobby(
        game=game,
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=host_id,
        host_name=f"p{host_id}",
        options=options or {"target": 1000},
    )
    for offset in range(1, players):
        record = await storage.add_seat(record.id, host_id + offset, f"p{host_id + offset}")
    return record
