"""Choose the storage backend from ``ASTROLABE_DB``: a ``postgresql://`` URL opens PostgreSQL
(several bot processes may share it), anything else is the path of a SQLite file (the default,
embedded, nothing to set up). Both are a ``bot.storage.Storage``: the same methods, records and
errors."""

from __future__ import annotations

import os

from bot.storage.postgres import PostgresStorage, is_postgres_url
from bot.storage.sql import Storage
from bot.storage.sqlite import SqliteStorage


async def open_storage(target: str | os.PathLike[str]) -> Storage:
    """Open (and migrate) the database ``target`` names."""
    target = os.fspath(target)
    if is_postgres_url(target):
        return await PostgresStorage.open(target)
    return await SqliteStorage.open(target)


def is_shared(storage: Storage) -> bool:
    """Whether other processes may write the same database (then timers are claimed in it)."""
    return storage.shared
