"""record_action: versioning, stale clicks, finishing, and the append-only log."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.storage import SqliteStorage, StaleVersion, Storage, StorageError

from .helpers import make_lobby


async def active_game(storage: Storage, **kwargs) -> int:
    record = await make_lobby(storage, **kwargs)
    await storage.start(record.id, seed=1, state={"n": 0}, deadline_at=100.0)
    return record.id


async def test_versions_increment_and_log_is_ordered(storage: Storage) -> None:
    game_id = await active_game(storage)
    for version in range(5):
        new = await storage.record_action(
            game_id,
            expected_version=version,
            seat=version % 2,
            action={"kind": "add", "n": version},
            state={"n": version + 1},
            events=[f"{{{version % 2}}} added"],
            deadline_at=200.0 + version,
        )
        assert new == version + 1
    await storage.record_action(
        game_id, expected_version=5, seat=None, action={"kind": "timeout"}, state={"n": 6}, events=[]
    )
    record = await storage.load(game_id)
    assert (record.version, record.state, record.status, record.deadline_at) == (6, {"n": 6}, "active", None)
    log = await storage.actions(game_id)
    assert [a.seq for a in log] == [1, 2, 3, 4, 5, 6]
    assert log[0].seat == 0 and log[0].action == {"kind": "add", "n": 0} and log[0].events == ["{0} added"]
    assert log[5].seat is None and log[5].action == {"kind": "timeout"} and log[5].events == []
    assert all(a.created_at > 0 for a in log)


async def test_actions_limit_returns_the_last_ones_ascending(storage: Storage) -> None:
    game_id = await active_game(storage)
    for version in range(10):
        await storage.record_action(
            game_id, expected_version=version, seat=0, action={"i": version}, state={}, events=[]
        )
    assert [a.seq for a in await storage.actions(game_id, limit=3)] == [8, 9, 10]
    assert [a.seq for a in await storage.actions(game_id, limit=50)] == list(range(1, 11))
    assert await storage.actions(game_id, limit=0) == []
    assert await storage.actions(9999) == []


async def test_duplicate_click_is_stale_and_logged_once(storage: Storage) -> None:
    game_id = await active_game(storage)
    kwargs = dict(expected_version=0, seat=0, action={"kind": "add", "n": 1}, state={"n": 1}, events=["x"])
    assert await storage.record_action(game_id, **kwargs) == 1
    with pytest.raises(StaleVersion):
        await storage.record_action(game_id, **{**kwargs, "state": {"n": 99}})
    assert len(await storage.actions(game_id)) == 1
    record = await storage.load(game_id)
    assert (record.version, record.state) == (1, {"n": 1})


async def test_concurrent_clicks_exactly_one_lands(storage: Storage) -> None:
    game_id = await active_game(storage)
    results = await asyncio.gather(
        *(
            storage.record_action(
                game_id, expected_version=0, seat=i % 2, action={"click": i}, state={"winner": i}, events=[]
            )
            for i in range(8)
        ),
        return_exceptions=True,
    )
    winners = [i for i, r in enumerate(results) if r == 1]
    assert len(winners) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r != 1)
    log = await storage.actions(game_id)
    assert [a.action for a in log] == [{"click": winners[0]}]
    assert (await storage.load(game_id)).state == {"winner": winners[0]}


async def test_two_connections_on_one_file_cannot_both_land(db_path: Path) -> None:
    """Two bot processes (or a restart overlapping the old one) still serialise on the file."""
    first = await SqliteStorage.open(db_path)
    second = await SqliteStorage.open(db_path)
    try:
        game_id = await active_game(first)
        results = await asyncio.gather(
            first.record_action(game_id, expected_version=0, seat=0, action={"by": 1}, state={}, events=[]),
            second.record_action(game_id, expected_version=0, seat=0, action={"by": 2}, state={}, events=[]),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
        assert len(await second.actions(game_id)) == 1
    finally:
        await first.close()
        await second.close()


async def test_finished_game_refuses_more_actions(storage: Storage) -> None:
    game_id = await active_game(storage)
    await storage.record_action(
        game_id,
        expected_version=0,
        seat=0,
        action={"last": True},
        state={"over": True},
        events=["done"],
        finished=True,
        deadline_at=5.0,
    )
    record = await storage.load(game_id)
    assert (record.status, record.version, record.deadline_at) == ("finished", 1, 5.0)
    with pytest.raises(StaleVersion, match="finished"):
        await storage.record_action(game_id, expected_version=1, seat=0, action={}, state={}, events=[])
    assert len(await storage.actions(game_id)) == 1
    assert await storage.active_games() == []
    with pytest.raises(StaleVersion):
        await storage.set_status(game_id, "cancelled")


async def test_lobby_refuses_actions(storage: Storage) -> None:
    record = await make_lobby(storage)
    with pytest.raises(StaleVersion, match="lobby"):
        await storage.record_action(record.id, expected_version=0, seat=0, action={}, state={}, events=[])
    with pytest.raises(StorageError, match="no game"):
        await storage.record_action(9999, expected_version=0, seat=0, action={}, state={}, events=[])


@pytest.mark.sqlite_only
async def test_unserialisable_action_changes_nothing(storage: Storage) -> None:
    game_id = await active_game(storage)
    with pytest.raises(TypeError):
        await storage.record_action(
            game_id, expected_version=0, seat=0, action={"bad": object()}, state={}, events=[]
        )
    assert not storage._db.in_transaction
    assert (
        await storage.record_action(game_id, expected_version=0, seat=0, action={}, state={}, events=[]) == 1
    )


@pytest.mark.sqlite_only
@pytest.mark.parametrize("cancel_at", [1, 2, 3, 4])
async def test_cancelled_call_leaves_no_open_transaction(
    storage: Storage, monkeypatch: pytest.MonkeyPatch, cancel_at: int
) -> None:
    """A handler cancelled at any await must neither leave a transaction open nor half a move.

    record_action runs BEGIN, UPDATE, INSERT, COMMIT; the task is cancelled while awaiting
    statement ``cancel_at``. aiosqlite still runs a statement once queued, so a cancel during
    COMMIT means the move landed though the caller never heard (it then announces nothing).
    """
    game_id = await active_game(storage)
    real_execute = storage._db.execute
    calls = 0

    async def execute(sql: str, params: object = ()) -> object:
        nonlocal calls
        calls += 1
        if calls == cancel_at:
            asyncio.current_task().cancel()
        return await real_execute(sql, params)

    monkeypatch.setattr(storage._db, "execute", execute)
    with pytest.raises(asyncio.CancelledError):
        await storage.record_action(game_id, expected_version=0, seat=0, action={}, state={"n": 1}, events=[])
    monkeypatch.undo()
    asyncio.current_task().uncancel()  # the test task itself was the one cancelled

    assert not storage._db.in_transaction
    record = await storage.load(game_id)
    assert record.version == (1 if cancel_at == 4 else 0)
    assert len(await storage.actions(game_id)) == record.version
    assert record.state == ({"n": 1} if record.version else {"n": 0})
    await storage.record_action(
        game_id, expected_version=record.version, seat=0, action={}, state={}, events=[]
    )


async def test_triggers_make_the_log_append_only(storage: Storage, db_path: Path) -> None:
    game_id = await active_game(storage)
    for version in range(3):
        await storage.record_action(
            game_id, expected_version=version, seat=0, action={"i": version}, state={}, events=[]
        )
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        for sql in (
            "UPDATE actions SET action = '{}' WHERE game_id = ? AND seq = 2",
            "UPDATE actions SET seq = 99 WHERE game_id = ?",
            "DELETE FROM actions WHERE game_id = ? AND seq = 3",
            "DELETE FROM actions WHERE game_id = ?",
        ):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                conn.execute(sql, (game_id,))
        conn.rollback()
    assert [a.action for a in await storage.actions(game_id)] == [{"i": 0}, {"i": 1}, {"i": 2}]


async def test_deleting_a_whole_game_cascades_past_the_trigger(storage: Storage, db_path: Path) -> None:
    """Purging a game (e.g. a data-removal request) is the one way its log may go."""
    game_id = await active_game(storage)
    other_id = await active_game(storage, channel_id=11)
    for gid in (game_id, other_id):
        await storage.record_action(gid, expected_version=0, seat=0, action={}, state={}, events=[])
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("DELETE FROM games WHERE id = ?", (game_id,))
        conn.commit()
    assert await storage.load(game_id) is None
    assert await storage.actions(game_id) == []
    assert len(await storage.actions(other_id)) == 1
