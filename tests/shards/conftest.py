"""Fixtures of the sharding tests: a PostgreSQL schema of their own per test, and the bot
sharded on it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.core.config import Config
from tests.postgres_server import create_schema, drop_schema


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    schema, url = await create_schema()
    try:
        yield url
    finally:
        await drop_schema(schema)


@pytest.fixture
def bot_settings(postgres_url: str) -> Config:
    """The bot as a 2-shard discord.AutoShardedClient on PostgreSQL, polling for the timers of
    dead processes every 5 (simulated) seconds."""
    return Config(token=None, db_path=postgres_url, dev_guild_id=None, shard_count=2, timer_poll=5)
