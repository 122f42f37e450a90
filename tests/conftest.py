"""Shared fixtures: the real bot inside SimCord, with its database in a temporary folder."""

from __future__ import annotations

import pytest

from bot.app import create_bot
from bot.config import Settings


@pytest.fixture
def bot_settings(tmp_path) -> Settings:
    return Settings(token=None, db_path=str(tmp_path / "astrolabe.sqlite3"), dev_guild_id=None)


@pytest.fixture
def simcord_bot(bot_settings):
    return create_bot(bot_settings)
