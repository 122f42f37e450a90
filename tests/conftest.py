"""Shared fixtures: the real bot inside SimCord, with its database in a temporary folder.

SimCord detaches a bot but never closes it, so every bot a test attaches is closed here: an open
database would keep its worker thread (and pytest) alive after the test.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.app import AstrolabeBot, create_bot
from bot.core.config import Config


@pytest.fixture
def bot_settings(tmp_path) -> Config:
    return Config(token=None, db_path=str(tmp_path / "astrolabe.sqlite3"), dev_guild_id=None)


@pytest.fixture
def attached_bots() -> list[AstrolabeBot]:
    """Every bot the test attached to SimCord, in order."""
    return []


@pytest.fixture
async def simcord_bot(bot_settings, attached_bots) -> AsyncIterator[AstrolabeBot]:
    bot = create_bot(bot_settings)
    attached_bots.append(bot)
    yield bot
    # SimCord's simcord_env fixture is built on this one, so it has shut down by now.
    for attached in attached_bots:
        await attached.close()


@pytest.fixture
def restart_bot(simcord_env, bot_settings, attached_bots) -> Callable[[], Awaitable[AstrolabeBot]]:
    """``await restart_bot()`` restarts as a new process would: a new bot takes over the world and
    the database, and the old one is closed."""

    async def restart() -> AstrolabeBot:
        old = simcord_env.bot
        new = create_bot(bot_settings)
        attached_bots.append(new)
        await simcord_env.restart_bot(new)
        await old.close()
        return new

    return restart
