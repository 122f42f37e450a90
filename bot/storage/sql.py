"""The storage logic, written once for every database (see ``bot.storage.base``)."""

from __future__ import annotations

from bot.storage.game_nights import GameNights
from bot.storage.games import Games
from bot.storage.house_words import HouseWords
from bot.storage.lobby_pace import LobbyPace
from bot.storage.practice import Practice
from bot.storage.ratings import Ratings
from bot.storage.reads import Reads
from bot.storage.tables import Tables
from bot.storage.timers import Timers
from bot.storage.tournaments import Tournaments


class Storage(
    Games, LobbyPace, Practice, Reads, Tables, Timers, Ratings, HouseWords, GameNights, Tournaments
):
    """All persistence for the bot, over the ``Dialect`` of a backend (``SqliteStorage``,
    ``PostgresStorage``), which alone knows how to connect: what callers hold and type against,
    whichever backend they were given. A backend adds only its ``open``
    (``tests/storage/test_backends.py`` checks it), so nothing a caller uses is backend-only."""
