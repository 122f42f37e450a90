"""The scheduler fires jobs in time order, skips cleared ones and keeps its heap small."""

from __future__ import annotations

import asyncio

from bot.tell.scheduler import Job, JobKind, Scheduler


async def test_jobs_fire_in_order_and_cleared_games_are_skipped():
    fired: list[Job] = []
    clock = [100.0]

    async def fire(job: Job) -> None:
        fired.append(job)

    scheduler = Scheduler(fire, lambda: clock[0])
    scheduler.add(103, 1, JobKind.DUE, 0, 7)
    scheduler.add(101, 2, JobKind.REMIND, 1, 3)
    scheduler.add(102, 3, JobKind.COUNTDOWN, None, 9)
    scheduler.clear_game(3)
    clock[0] = 200.0
    for _ in range(5):
        await asyncio.sleep(0)
    assert [(j.game_id, j.kind) for j in fired] == [(2, JobKind.REMIND), (1, JobKind.DUE)]
    scheduler.close()


async def test_many_jobs_added_at_once_fire_in_order_beside_single_ones():
    """A restart arms every stored job in one ``add_many``; they keep time order with jobs added
    one by one, and a cleared game's are skipped."""
    fired: list[Job] = []
    clock = [100.0]

    async def fire(job: Job) -> None:
        fired.append(job)

    scheduler = Scheduler(fire, lambda: clock[0])
    scheduler.add(104, 9, JobKind.DUE, 0, 1)
    added = scheduler.add_many(
        [(103, 1, JobKind.DUE, 0, 7), (101, 2, JobKind.REMIND, 1, 3), (102, 3, JobKind.COUNTDOWN, None, 9)]
    )
    assert added == 3 and scheduler.add_many([]) == 0
    scheduler.clear_game(3)
    clock[0] = 200.0
    for _ in range(5):
        await asyncio.sleep(0)
    assert [j.game_id for j in fired] == [2, 1, 9]
    scheduler.close()


async def test_rescheduling_many_times_does_not_grow_the_heap_without_bound():
    async def fire(job: Job) -> None:
        raise AssertionError("nothing is due")

    scheduler = Scheduler(fire, lambda: 0.0)
    for move in range(5000):
        scheduler.clear_game(1)
        for seat in range(4):
            scheduler.add(10_000 + move, 1, JobKind.DUE, seat, move)
    assert len(scheduler) < 2048, "cleared entries are compacted away"
    scheduler.close()


async def test_a_slow_job_does_not_hold_up_the_jobs_due_after_it():
    """A job waiting on its pictures or the database must not make every later job late; closing
    the scheduler stops the job still running."""
    fired: list[int] = []
    cancelled: list[int] = []
    clock = [100.0]

    async def fire(job: Job) -> None:
        fired.append(job.game_id)
        if job.game_id == 1:
            try:
                await asyncio.Event().wait()  # never done by itself
            except asyncio.CancelledError:
                cancelled.append(job.game_id)
                raise

    scheduler = Scheduler(fire, lambda: clock[0])
    scheduler.add(101, 1, JobKind.DUE, 0, 7)
    scheduler.add(102, 2, JobKind.REMIND, 1, 3)
    clock[0] = 200.0
    for _ in range(10):
        await asyncio.sleep(0)
    assert fired == [1, 2]
    scheduler.close()
    for _ in range(3):
        await asyncio.sleep(0)
    assert cancelled == [1]
