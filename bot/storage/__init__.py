"""Durable games: lobbies, seats, the append-only action log and a state snapshot.

The logic and its statements are written once (``bot.storage.sql``, ``bot.storage.statements``)
over a small dialect per database (``bot.storage.dialect``): SQLite (``SqliteStorage``, the
default, embedded) and PostgreSQL (``PostgresStorage``, for several processes). Both are a
``Storage`` (``bot.storage.sql``) and add only how they open; ``bot.storage.open`` chooses one
from ``ASTROLABE_DB``. The records and
errors both return are in ``bot.storage.records``, the bundled migrations in
``bot.storage.migrations``. The names below are the package's public API.
"""

from __future__ import annotations

from bot.storage.house_words import HouseCard
from bot.storage.migrations import (
    MIGRATIONS_PACKAGE,
    Migration,
    bundled_migrations,
    discover_migrations,
    split_statements,
)
from bot.storage.records import (
    PING_MODES,
    STATUSES,
    UNSET,
    ActionRecord,
    AlreadyApplied,
    Deadline,
    GameRecord,
    GameStats,
    MigrationError,
    MovePing,
    PanelCopyRow,
    ResultRecord,
    SeatRecord,
    SeatTaken,
    SoloBest,
    StaleVersion,
    StorageError,
    UserSettings,
    places,
)
from bot.storage.skill import PlayerRating, RatingRow, Season
from bot.storage.sql import Storage
from bot.storage.sqlite import SqliteStorage

__all__ = [
    "ActionRecord",
    "AlreadyApplied",
    "Deadline",
    "GameRecord",
    "GameStats",
    "HouseCard",
    "MIGRATIONS_PACKAGE",
    "Migration",
    "MigrationError",
    "MovePing",
    "PING_MODES",
    "PanelCopyRow",
    "PlayerRating",
    "RatingRow",
    "ResultRecord",
    "STATUSES",
    "Season",
    "SeatRecord",
    "SeatTaken",
    "SoloBest",
    "SqliteStorage",
    "StaleVersion",
    "Storage",
    "StorageError",
    "UNSET",
    "UserSettings",
    "bundled_migrations",
    "discover_migrations",
    "places",
    "split_statements",
]
