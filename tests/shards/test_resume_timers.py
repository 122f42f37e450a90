"""A restart arms every stored timer from its rows and settles one by one only the games that
need more than their timers, on both backends."""

from __future__ import annotations

import time

import pytest

from bot.core.clock import now
from bot.games import get_game
from bot.storage import Deadline, GameRecord, SeatRecord, SqliteStorage, Storage
from bot.storage.postgres import PostgresStorage
from bot.tell import pacing
from bot.tell.pacing import Pacer
from bot.tell.resume import needs_settle
from bot.tell.scheduler import Scheduler

GAME = get_game("sky-of-stars")


def paced_record(*, bot_seat: int | None = None, pace: int = 3600) -> GameRecord:
    state = GAME.setup(4, {}, 7)
    seats = [SeatRecord(1, seat, 100 + seat, f"p{seat}", True, is_bot=seat == bot_seat) for seat in range(4)]
    return GameRecord(
        id=1,
        game="sky-of-stars",
        guild_id=1,
        channel_id=1,
        thread_id=None,
        host_id=100,
        status="active",
        options={},
        seed=7,
        state=state,
        version=0,
        lobby_message_id=None,
        status_message_id=None,
        deadline_at=None,
        created_at=0.0,
        updated_at=0.0,
        seats=seats,
        pace=pace,
    )


def test_a_waiting_paced_game_with_its_rows_needs_only_its_timers() -> None:
    record = paced_record()
    decision = GAME.decision_id(record.state)
    rows = {(1, seat, decision) for seat in range(4)}
    assert not needs_settle(record, rows)
    assert needs_settle(record, rows - {(1, 2, decision)}), "a lost deadline row is written again"
    assert needs_settle(record, {(1, seat, decision - 1) for seat in range(4)}), "rows of an old step"
    assert not needs_settle(paced_record(pace=0), set()), "a live game waits on people, no timer"


def test_a_bot_seat_owing_a_move_is_settled() -> None:
    record = paced_record(bot_seat=3)
    decision = GAME.decision_id(record.state)
    assert needs_settle(record, {(1, seat, decision) for seat in range(4)})


class _Service:
    """Only what ``Pacer`` reads from its service: the storage (and a client it never uses)."""

    bot = None

    def __init__(self, storage: Storage | PostgresStorage) -> None:
        self.storage = storage


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_arm_stored_arms_what_schedule_would(backend: str, tmp_path, monkeypatch) -> None:
    if backend == "postgres":
        from tests.postgres_server import create_schema, drop_schema

        schema, url = await create_schema()
        storage: Storage | PostgresStorage = await PostgresStorage.open(url)
    else:
        schema, storage = None, await SqliteStorage.open(tmp_path / "a.sqlite3")
    try:
        lobby = await storage.create_lobby(
            game="sky-of-stars", guild_id=1, channel_id=5, host_id=100, host_name="p0", options={}, pace=3600
        )
        for seat in range(1, 4):
            await storage.add_seat(lobby.id, 100 + seat, f"p{seat}")
        state = GAME.setup(4, {}, 7)
        base = time.time() + 100_000  # far ahead: nothing fires while the test looks at the heap
        await storage.start(lobby.id, seed=7, state=state, deadline_at=base + 1234.5)
        decision = GAME.decision_id(state)
        await storage.set_deadlines(
            lobby.id,
            [
                Deadline(lobby.id, seat, decision, base, base + 5000 + seat, [base + 2000 + seat])
                for seat in range(4)
            ],
        )
        everything = sorted(
            [(base + 1234.5, "countdown", None, 0)]
            + [(base + 5000 + s, "due", s, decision) for s in range(4)]
            + [(base + 2000 + s, "remind", s, decision) for s in range(4)]
        )
        # Within the first horizon, every stored job is armed as ``schedule`` would arm it...
        monkeypatch.setattr(pacing, "FIRST_HORIZON", 200_000.0)
        pacer = Pacer(_Service(storage))  # type: ignore[arg-type]
        pacer.scheduler = Scheduler(pacer._fire, now)  # its own asyncio wait: no Discord client here
        assert await pacer.arm_stored() == 1 + 4 * 2
        heap = sorted((job.when, job.kind.value, job.seat, job.key) for job in pacer.scheduler._heap)
        assert heap == everything
        pacer.close()
        # ...and only those: jobs beyond it wait in the database until the horizon reaches them.
        monkeypatch.setattr(pacing, "FIRST_HORIZON", 100_000.0 + 3000)
        pacer = Pacer(_Service(storage))  # type: ignore[arg-type]
        pacer.scheduler = Scheduler(pacer._fire, now)
        assert await pacer.arm_stored() == 1 + 4
        heap = sorted((job.when, job.kind.value, job.seat, job.key) for job in pacer.scheduler._heap)
        assert heap == [job for job in everything if job[0] < base + 3000]
        # The horizon's first move arms the rest, from the same rows.
        monkeypatch.setattr(pacing, "HORIZON", 200_000.0)
        assert await pacer.refill() == 4
        heap = sorted((job.when, job.kind.value, job.seat, job.key) for job in pacer.scheduler._heap)
        assert heap == everything
        pacer.close()
    finally:
        await storage.close()
        if schema is not None:
            await drop_schema(schema)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_games_to_resume_names_only_the_games_needing_more_than_their_timers(
    backend: str, tmp_path
) -> None:
    if backend == "postgres":
        from tests.postgres_server import create_schema, drop_schema

        schema, url = await create_schema()
        storage: Storage | PostgresStorage = await PostgresStorage.open(url)
    else:
        schema, storage = None, await SqliteStorage.open(tmp_path / "a.sqlite3")
    try:

        async def started(pace: int, *, bot: bool = False) -> int:
            lobby = await storage.create_lobby(
                game="sky-of-stars",
                guild_id=1,
                channel_id=5,
                host_id=100,
                host_name="p0",
                options={},
                pace=pace,
            )
            for seat in range(1, 4):
                await storage.add_seat(lobby.id, 100 + seat, f"p{seat}")
            if bot:
                await storage.add_bot_seat(lobby.id, "Bot")
            await storage.start(lobby.id, seed=7, state=GAME.setup(5 if bot else 4, {}, 7))
            return lobby.id

        with_rows, without_rows = await started(3600), await started(3600)
        await started(0)  # a live game waits on people: no timer, nothing to settle
        with_bot = await started(0, bot=True)
        decision = GAME.decision_id(GAME.setup(4, {}, 7))
        await storage.set_deadlines(
            with_rows, [Deadline(with_rows, seat, decision, 0.0, 9e9, []) for seat in range(4)]
        )
        broken = await started(3600)
        await storage.set_aside(broken, "damaged")

        assert await storage.games_to_resume() == (4, [without_rows, with_bot])
        assert not await storage.set_aside(broken, "damaged again"), "marked once, told once"
        assert (await storage.load(broken)).set_aside == "damaged"
    finally:
        await storage.close()
        if schema is not None:
            await drop_schema(schema)
