"""Both backends are the one ``Storage`` (``bot.storage.sql``) and add only how they open: no public
method a caller could come to rely on that the other backend lacks, and none of the shared
methods redone (so what callers type against is what runs, written once)."""

from __future__ import annotations

import inspect
from collections.abc import Iterable

import pytest

from bot.storage import SqliteStorage, Storage
from bot.storage.postgres import PostgresStorage

BACKEND_ONLY = {"open"}  # each backend opens its own kind of database


def public(names: Iterable[str]) -> set[str]:
    """The names a caller may use: the public ones and the ``async with`` protocol."""
    return {name for name in names if not name.startswith("_") or name in ("__aenter__", "__aexit__")}


@pytest.mark.parametrize("cls", [SqliteStorage, PostgresStorage], ids=["sqlite", "postgres"])
def test_a_backend_is_the_shared_storage_plus_its_open(cls: type) -> None:
    assert issubclass(cls, Storage)
    shared = public(dir(Storage))
    assert {"record_action", "actions", "close", "__aenter__"} <= shared  # the class was read
    own = public(vars(cls))
    assert own == BACKEND_ONLY, f"{cls.__name__} adds or redoes {sorted(own - BACKEND_ONLY)}"
    assert public(dir(cls)) - shared == BACKEND_ONLY
    for name in BACKEND_ONLY:
        assert isinstance(inspect.getattr_static(cls, name), classmethod), name


def test_the_check_sees_a_method_a_backend_adds_or_redoes() -> None:
    """Self-test: a backend with a method of its own, or its own ``record_action``, is caught."""

    class Extra(SqliteStorage):
        async def vacuum(self) -> None: ...

    class Redone(SqliteStorage):
        async def record_action(self, *args: object, **kwargs: object) -> int:
            return 0

    for cls in (Extra, Redone):
        with pytest.raises(AssertionError, match="adds or redoes"):
            test_a_backend_is_the_shared_storage_plus_its_open(cls)
