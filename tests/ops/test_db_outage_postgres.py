"""A real PostgreSQL stopped mid-game and started again is one outage, over a Unix socket (its
socket file goes with it: asyncpg raises ``FileNotFoundError``) as over TCP (refused): one line
when it goes, one when it is back with the count of refused clicks, and no traceback (issue 33)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest

from bot.core.config import Config
from tests.drivers.helpers import refresh
from tests.drivers.sky_driver import open_lobby
from tests.ops.test_fault_lines import APOLOGY_START, lines, said, tracebacks
from tests.postgres_server import _Cluster, own_cluster


@pytest.fixture(params=["unix", "tcp"])
def cluster(request: pytest.FixtureRequest) -> Iterator[_Cluster]:
    server = own_cluster(tcp=request.param == "tcp")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def bot_settings(cluster: _Cluster) -> Config:
    return Config(token=None, db_path=cluster.url, dev_guild_id=None)


@pytest.mark.simcord(strict_sync=True)
async def test_postgresql_stopped_and_started_is_one_outage(simcord_env, cluster, caplog):
    env = simcord_env
    _, channel, players = await open_lobby(env, n_players=4)
    await players[0].slash(channel, "play", game="sky-of-stars")
    lobby = channel.last_message
    await asyncio.to_thread(cluster.halt)
    try:
        refused = [await player.click(refresh(channel, lobby), label="Join") for player in players[1:3]]
    finally:
        await asyncio.to_thread(cluster.start)
    for result in refused:
        assert any(text.startswith(APOLOGY_START) for text in said(result)), said(result)
    joined = await players[3].click(refresh(channel, lobby), label="Join")
    assert not any(text.startswith(APOLOGY_START) for text in said(joined)), said(joined)

    gone = lines(caplog, "database unavailable")
    assert len(gone) == 1, gone
    back = lines(caplog, "database is back")
    assert len(back) == 1 and "2 click(s) were refused" in back[0], back
    assert tracebacks(caplog) == []
    errors = [
        r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith("bot")
    ]
    assert errors == [], errors
