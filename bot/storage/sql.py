"""The storage logic, written once for every database (see ``bot.storage.base``)."""

from __future__ import annotations

from bot.storage.games import Games
from bot.storage.practice import Practice
from bot.storage.reads import Reads
from bot.storage.tables import Tables
from bot.storage.timers import Timers


class SqlStorage(Games, Practice, Reads, Tables, Timers):
    """All persistence for the bot, over the ``Dialect`` of a backend (``SqliteStorage``,
    ``PostgresStorage``), which alone knows how to connect."""
