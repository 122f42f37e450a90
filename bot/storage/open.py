"""Choose the storage backend from ``ASTROLABE_DB``: a ``postgresql://`` URL opens PostgreSQL
(several bot processes may share it), anything else is the path of a SQLite file (the default,
embedded, nothing to set up). Both backends have the same methods, records and errors."""

from __future__ import annotations

import os
from typing import TypeAlias

from bot.storage.postgres import PostgresStorage, is_postgres_url
from bot.storage.sqlite import Storage

AnyStorage: TypeAlias = Storage | PostgresStorage


async def open_storage(target: str | os.PathLike[str]) -> AnyStorage:
    """Open (and migrate) the database ``target`` names."""
    target = os.fspath(target)
    if is_postgres_url(target):
        return await PostgresStorage.open(target)
    return await Storage.open(target)


def is_shared(storage: AnyStorage) -> bool:
    """Whether other processes may write the same database (then timers are claimed in it)."""
    return bool(getattr(storage, "shared", False))
