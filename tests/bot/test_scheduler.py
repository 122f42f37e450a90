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
