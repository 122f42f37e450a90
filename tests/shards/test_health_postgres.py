"""The health check on PostgreSQL with the sharded bot: 503 while its database can't take a
write (another session holds the table it writes), 200 before and after; /metrics serves the
games counted by PostgreSQL."""

from __future__ import annotations

import asyncio
import json

import asyncpg
import pytest

from tests.ops.test_operating import get, scrape, total


@pytest.mark.simcord(strict_sync=True)
async def test_health_on_postgres_fails_while_a_write_cannot_commit(simcord_env, postgres_url):
    env = simcord_env
    await env.bot.tree.sync()
    server = await env.bot.serve_operators(0, health_timeout=1.0)
    status, body = await asyncio.to_thread(get, server.port, "/healthz")
    assert status == 200, body
    assert json.loads(body)["discord"] == "connected"

    other = await asyncpg.connect(postgres_url)
    try:
        transaction = other.transaction()
        await transaction.start()
        await other.execute("LOCK TABLE schema_version IN EXCLUSIVE MODE")
        status, body = await asyncio.to_thread(get, server.port, "/healthz")
        assert status == 503, body
        assert json.loads(body)["database"].startswith("not writable")
        await transaction.rollback()
    finally:
        await other.close()
    status, body = await asyncio.to_thread(get, server.port, "/healthz")
    assert status == 200, body

    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    host = guild.add_member(env.create_user("ada"))
    await host.slash(channel, "play", game="sky-of-stars")
    samples = await scrape(server.port)
    assert total(samples, "astrolabe_games", game="sky-of-stars", status="lobby") == 1
