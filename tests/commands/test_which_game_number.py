"""A `game` option beyond what a database integer holds (2⁶³ and up, a thousand digits, other
scripts' digits) names no game: the caller is told so, on SQLite and on PostgreSQL alike, and
nothing is logged as an error."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.config import Config
from tests.drivers.helpers import said
from tests.drivers.sky_driver import open_lobby
from tests.postgres_server import create_schema, drop_schema

TOO_BIG = [str(2**63), str(2**64 + 5), "9" * 30, "#" + "1" * 1000, "-" + str(2**63 + 1)]


@pytest.fixture(params=["sqlite", "postgres"])
async def bot_settings(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Config]:
    if request.param == "sqlite":
        yield Config(token=None, db_path=str(tmp_path / "astrolabe.sqlite3"), dev_guild_id=None)
        return
    schema, url = await create_schema()
    try:
        yield Config(token=None, db_path=url, dev_guild_id=None)
    finally:
        await drop_schema(schema)


@pytest.mark.simcord(strict_sync=True)
async def test_a_game_number_too_big_for_the_database_names_no_game(simcord_env, caplog):
    env = simcord_env
    _, channel, (ada, *_) = await open_lobby(env, 1)
    shown = said(await ada.slash(channel, "game status", game=str(2**63)))
    assert f"There's no game #{2**63} in this server" in shown, shown
    for value in TOO_BIG:
        shown = said(await ada.slash(channel, "game status", game=value))
        assert "no game #" in shown or "takes a game number" in shown, (value[:40], shown)
        assert len(shown) < 400, shown
    assert "no game #12 " in said(await ada.slash(channel, "game status", game="١٢"))  # Arabic-Indic 12
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text[-3000:]
