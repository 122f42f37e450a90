"""The deadline rows' ``next_at`` (migration 0014), on both backends: every write keeps it, the
timers read only the rows due by their horizon through its index, and the migration fills it in
for the rows stored before it."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from bot.storage import Deadline, Storage, bundled_migrations
from bot.storage.postgres import PostgresStorage, postgres_migrations
from bot.storage.sqlite import SqliteStorage
from tests.postgres_server import create_schema, drop_schema

from .helpers import make_lobby

_channels = iter(range(100, 10_000))


async def active_game(storage: Storage) -> int:
    """A running game with no countdown (its only timers are its deadline rows)."""
    record = await make_lobby(storage, channel_id=next(_channels))
    await storage.start(record.id, seed=1, state={"n": 0})
    return record.id


async def next_ats(storage: Storage, game_id: int) -> dict[int, float]:
    async with storage._read() as tx:
        rows = await tx.fetch("SELECT seat, next_at FROM deadlines WHERE game_id = :g", {"g": game_id})
    return {row["seat"]: row["next_at"] for row in rows}


async def test_every_write_keeps_the_rows_earliest_job(storage: Storage) -> None:
    game_id = await active_game(storage)
    await storage.set_deadlines(
        game_id,
        [Deadline(game_id, 0, 7, 100.0, 900.0, [300.0, 800.0]), Deadline(game_id, 1, 7, 100.0, 900.0, [])],
        wakes={0: 200.0},
    )
    assert await next_ats(storage, game_id) == {0: 200.0, 1: 900.0}  # the wake-up, then the deadline
    await storage.set_reminders(game_id, 0, 7, [800.0])  # the first reminder went out
    assert (await next_ats(storage, game_id))[0] == 800.0
    await storage.set_reminders(game_id, 0, 7, [])
    assert (await next_ats(storage, game_id))[0] == 900.0
    await storage.set_deadlines(game_id, [Deadline(game_id, 1, 8, 1000.0, 5000.0, [3000.0])])
    assert await next_ats(storage, game_id) == {1: 3000.0}


async def test_the_timers_read_only_the_rows_due_by_the_horizon(storage: Storage) -> None:
    soon, later, woken = [await active_game(storage) for _ in range(3)]
    await storage.set_deadlines(soon, [Deadline(soon, 0, 1, 0.0, 900.0, [300.0])])
    await storage.set_deadlines(later, [Deadline(later, 0, 1, 0.0, 90_000.0, [45_000.0])])
    await storage.set_deadlines(woken, [Deadline(woken, 0, 1, 0.0, 90_000.0, [60_000.0])], wakes={0: 500.0})
    jobs = await storage.timed_jobs(before=1000.0, now=0.0)
    assert [(j.game_id, j.kind, j.when) for j in jobs] == [(soon, "remind", 300.0), (soon, "due", 900.0)]
    # The horizon moved on: a row found by its earliest job gives its later jobs in the window.
    jobs = await storage.timed_jobs(after=1000.0, before=50_000.0, now=0.0)
    assert [(j.game_id, j.kind, j.when) for j in jobs] == [(later, "remind", 45_000.0)]
    # Every row, as before, when no horizon is given.
    assert len(await storage.timed_jobs(now=0.0)) == 6


async def test_the_horizon_finds_a_held_panels_wake_up(storage: Storage) -> None:
    """A step opened in quiet hours: its wake-up comes long before its first reminder."""
    game_id = await active_game(storage)
    await storage.set_deadlines(
        game_id, [Deadline(game_id, 0, 1, 0.0, 90_000.0, [60_000.0])], wakes={0: 500.0}
    )

    def quiet_end(timezone: str, start: int | None, end: int | None, when: float) -> float:
        return 500.0

    record = await storage.load(game_id)
    assert record is not None
    await storage.save_user_settings(await storage.user_settings(record.seats[0].user_id))
    jobs = await storage.timed_jobs(before=1000.0, now=0.0, quiet_end=quiet_end)
    assert [(j.kind, j.when) for j in jobs] == [("wake", 500.0)]


PLANNED_ROWS = (
    "INSERT INTO games (id, game, channel_id, host_id, status, options, created_at, updated_at) "
    "SELECT n, 'counter', n, n, 'active', '{}', 0, 0 FROM generate_series(1, 2000) AS n",
    "INSERT INTO seats (game_id, seat, user_id, name) "
    "SELECT n / 4 + 1, n % 4, n, 'p' FROM generate_series(0, 7999) AS n",
    "INSERT INTO deadlines (game_id, seat, decision, opened_at, due_at, next_at) "
    "SELECT n / 4 + 1, n % 4, 1, 0, n * 100, n * 100 FROM generate_series(0, 7999) AS n",
)


async def test_the_restart_read_goes_through_the_index(storage: Storage) -> None:
    """The horizon's read starts from ``deadlines_next_at`` (PostgreSQL: once the table is large
    enough for its planner to prefer an index, as here with sequential scans turned off)."""
    dialect = storage._dialect
    if isinstance(storage, PostgresStorage):
        async with storage._write() as tx:  # 2,000 running games of 4 deadline rows, spread out
            for sql in PLANNED_ROWS:
                await tx.execute(sql)
        async with storage._one(write=True) as tx:
            await tx.execute("ANALYZE")
    async with storage._read() as tx:
        if isinstance(storage, PostgresStorage):
            plan = await tx.fetch("EXPLAIN " + dialect.sql_timed_deadlines.replace(":before", "1000.0"))
        else:
            plan = await tx.fetch("EXPLAIN QUERY PLAN " + dialect.sql_timed_deadlines, {"before": 1000.0})
    assert "deadlines_next_at" in " ".join(str(value) for row in plan for value in tuple(row))


def _up_to_13(folder: Path, source: Path) -> Path:
    folder.mkdir()
    for entry in sorted(source.iterdir()):
        if entry.name.endswith(".sql") and int(entry.name[:4]) <= 13:
            shutil.copy(entry, folder / entry.name)
    return folder


OLD_ROWS = [
    # seat, opened_at (days ago), due_at, reminders: the migration's "now" is the real clock.
    (0, 3.0, 5000.0, [3000.0, 4000.0]),
    (1, 3.0, 6000.0, []),
    (2, 0.1, 7000.0, [6500.0]),  # opened within the day: a wake-up may be pending, so 0
]


async def _fill_old(storage: Storage) -> int:
    game_id = await active_game(storage)
    now = time.time()
    async with storage._write() as tx:
        for seat, days, due, reminders in OLD_ROWS:
            await tx.execute(
                "INSERT INTO deadlines (game_id, seat, decision, opened_at, due_at, reminders) "
                "VALUES (:game_id, :seat, 1, :opened_at, :due_at, :reminders)",
                {
                    "game_id": game_id,
                    "seat": seat,
                    "opened_at": now - days * 86400,
                    "due_at": now + due,
                    "reminders": json.dumps([now + r for r in reminders]),
                },
            )
    return game_id


def _expected(stored: dict[int, float]) -> None:
    now = time.time()
    assert round(stored[0] - now) == 3000
    assert round(stored[1] - now) == 6000
    assert stored[2] == 0


async def test_the_migration_fills_next_at_in_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = await SqliteStorage.open(
        path, migrations_dir=_up_to_13(tmp_path / "old", Path(str(bundled_migrations())))
    )
    try:
        game_id = await _fill_old(old)
    finally:
        await old.close()
    new = await SqliteStorage.open(path)
    try:
        _expected(await next_ats(new, game_id))
    finally:
        await new.close()


async def test_the_migration_fills_next_at_in_postgres(tmp_path: Path) -> None:
    schema, url = await create_schema()
    try:
        folder = _up_to_13(tmp_path / "old", Path(str(postgres_migrations())))
        old = await PostgresStorage.open(url, migrations_dir=folder)
        try:
            game_id = await _fill_old(old)
        finally:
            await old.close()
        new = await PostgresStorage.open(url)
        try:
            _expected(await next_ats(new, game_id))
        finally:
            await new.close()
    finally:
        await drop_schema(schema)
