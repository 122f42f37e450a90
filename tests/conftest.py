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


SETTLE_SECONDS = 60.0
"""Real seconds SimCord waits for the bot's work (a render in a worker thread) to finish before it
calls the bot stuck. Its default of 5 s is real time, not the game's simulated time: on a busy
machine a render alone can take longer, which would fail a test that is right."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        marker = item.get_closest_marker("simcord")
        options = dict(marker.kwargs) if marker else {}
        if "settle_timeout" not in options:
            item.add_marker(pytest.mark.simcord(**options, settle_timeout=SETTLE_SECONDS), append=False)
