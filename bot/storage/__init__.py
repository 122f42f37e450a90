"""Durable games: lobbies, seats, the append-only action log and a state snapshot.

Two backends share one interface: SQLite (``bot.storage.sqlite``, the default, embedded) and
PostgreSQL (``bot.storage.postgres``, for several processes); ``bot.storage.open`` chooses one
from ``ASTROLABE_DB``. The records and errors both return are in ``bot.storage.records``, the
bundled migrations in ``bot.storage.migrations``. The names below are the package's public API:
``from bot.storage import Storage, GameRecord`` keeps working wherever the code lives.
"""

from __future__ import annotations

from bot.storage.migrations import (
    MIGRATIONS_PACKAGE,
    Migration,
    bundled_migrations,
    discover_migrations,
    split_statements,
)
from bot.storage.records import (
    PANEL_KINDS,
    PING_MODES,
    STATUSES,
    UNSET,
    ActionRecord,
    AlreadyApplied,
    Deadline,
    GameRecord,
    GameStats,
    LeaderRow,
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
from bot.storage.sqlite import Storage

__all__ = [
    "ActionRecord",
    "AlreadyApplied",
    "Deadline",
    "GameRecord",
    "GameStats",
    "LeaderRow",
    "MIGRATIONS_PACKAGE",
    "Migration",
    "MigrationError",
    "MovePing",
    "PANEL_KINDS",
    "PING_MODES",
    "PanelCopyRow",
    "ResultRecord",
    "STATUSES",
    "SeatRecord",
    "SeatTaken",
    "SoloBest",
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
