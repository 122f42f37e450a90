"""The start-up's count of running games and its settle query (migration 0015's index), on both
backends: the same answers as before, and on SQLite through the small index, not the games table."""

from __future__ import annotations

from bot.storage import Deadline, Storage
from bot.storage.postgres import PostgresStorage

from .helpers import make_lobby

_channels = iter(range(20_000, 30_000))


async def _running(storage: Storage, *, pace: int = 0) -> int:
    record = await storage.create_lobby(
        game="counter",
        guild_id=1,
        channel_id=next(_channels),
        host_id=500,
        host_name="p500",
        options={},
        pace=pace,
    )
    await storage.add_seat(record.id, 501, "p501")
    await storage.start(record.id, seed=1, state={"n": 0})
    return record.id


async def test_the_count_and_the_games_a_restart_settles(storage: Storage) -> None:
    live = await _running(storage)  # no pace, no bot: nothing to settle
    paced_with_rows = await _running(storage, pace=3600)
    await storage.set_deadlines(paced_with_rows, [Deadline(paced_with_rows, 0, 1, 0.0, 9e9, [])])
    paced_lost = await _running(storage, pace=3600)  # its step's rows never written: settle it
    botted = await _running(storage)
    await storage.set_seat_control(botted, 1, autopilot=True)  # the bot plays a seat: settle it
    aside = await _running(storage, pace=3600)
    await storage.set_aside(aside, "damaged")  # neither counted nor settled
    finished = await make_lobby(storage, channel_id=next(_channels))  # a lobby: not running
    assert finished.status == "lobby" and live

    running, to_settle = await storage.games_to_resume()
    assert running == 4
    assert to_settle == sorted([paced_lost, botted])


async def test_sqlite_reads_the_small_index(storage: Storage) -> None:
    if isinstance(storage, PostgresStorage):  # its planner chooses by its statistics
        return
    dialect = storage._dialect
    async with storage._read() as tx:
        for sql in (dialect.sql_count_running, dialect.sql_games_to_settle):
            plan = " ".join(str(v) for row in await tx.fetch("EXPLAIN QUERY PLAN " + sql) for v in tuple(row))
            assert "games_running" in plan, plan


async def test_sqlite_reads_quiet_hours_from_the_players_who_saved_settings(storage: Storage) -> None:
    """The timers' quiet-hours read starts from the settings rows, not from every due row."""
    if isinstance(storage, PostgresStorage):
        return
    async with storage._read() as tx:
        rows = await tx.fetch("EXPLAIN QUERY PLAN " + storage._dialect.sql_quiet_seats, {"before": 1.0})
    steps = [str(tuple(row)[-1]) for row in rows]
    assert steps[0].startswith("SCAN u") and "seats_user_id" in steps[1], steps
