"""Both backends satisfy the ``Storage`` protocol: every method it names, with its signature, and
no public method a caller could come to rely on that the protocol (and so the other backend)
lacks."""

from __future__ import annotations

import inspect

import pytest

from bot.storage import SqliteStorage, Storage
from bot.storage.postgres import PostgresStorage

CONSTRUCTORS = {"open"}  # each backend opens its own kind of database


def _members(cls: type) -> dict[str, object]:
    return {
        name: member
        for name, member in inspect.getmembers(cls)
        if not name.startswith("_") or name in ("__aenter__", "__aexit__")
    }


def _protocol_members() -> dict[str, object]:
    names = set(Storage.__protocol_attrs__) if hasattr(Storage, "__protocol_attrs__") else set()
    names |= {
        name for name in vars(Storage) if not name.startswith("_") or name in ("__aenter__", "__aexit__")
    }
    names |= set(Storage.__annotations__)
    return {name: getattr(Storage, name, None) for name in names}


@pytest.mark.parametrize("cls", [SqliteStorage, PostgresStorage], ids=["sqlite", "postgres"])
def test_backend_has_the_protocols_methods_and_signatures(cls: type) -> None:
    wanted = _protocol_members()
    assert "record_action" in wanted and "metrics" in wanted  # the protocol was read
    for name, member in wanted.items():
        if name in Storage.__annotations__:
            assert any(name in inspect.get_annotations(base) for base in cls.__mro__), name
            continue
        assert hasattr(cls, name), f"{cls.__name__} lacks {name}"
        mine = getattr(cls, name)
        if isinstance(member, property):
            assert isinstance(inspect.getattr_static(cls, name), property), name
            continue
        assert inspect.iscoroutinefunction(mine) == inspect.iscoroutinefunction(member), name
        assert inspect.signature(mine) == inspect.signature(member), name
    extra = set(_members(cls)) - set(wanted) - CONSTRUCTORS
    assert not extra, f"{cls.__name__} has public methods the protocol lacks: {sorted(extra)}"
