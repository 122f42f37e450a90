"""What several processes sharing one database rely on, on both backends: a click's key makes
its move land once, and a timed job is claimed by one owner at a time (a lease that runs out)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import pytest

from bot.storage import AlreadyApplied, Deadline, StaleVersion, Storage
from bot.storage.timers import TimedJob

from .helpers import make_lobby


async def active_game(storage: Storage, *, deadline_at: float | None = None) -> int:
    record = await make_lobby(storage)
    await storage.start(record.id, seed=1, state={"n": 0}, deadline_at=deadline_at)
    return record.id


async def test_the_same_click_lands_once_even_at_a_newer_version(storage: Storage) -> None:
    game_id = await active_game(storage)
    move = {"seat": 0, "action": {"add": 1}, "state": {"n": 1}, "events": []}
    assert await storage.record_action(game_id, expected_version=0, click="111", **move) == 1
    # The duplicate was computed from the new state (it reloaded): still refused, as a duplicate.
    with pytest.raises(AlreadyApplied):
        await storage.record_action(game_id, expected_version=1, click="111", **move)
    # A different click computed from the old state is a conflict, not a duplicate.
    with pytest.raises(StaleVersion) as conflict:
        await storage.record_action(game_id, expected_version=0, click="222", **move)
    assert not isinstance(conflict.value, AlreadyApplied)
    assert await storage.record_action(game_id, expected_version=1, click="222", **move) == 2
    assert [a.seq for a in await storage.actions(game_id)] == [1, 2]


async def test_a_job_is_claimed_by_one_owner_and_done_once(storage: Storage) -> None:
    game_id = await active_game(storage)
    job = TimedJob(1000.25, game_id, "due", 0, 3)
    assert await storage.claim_timer(job, "a", now=1000.0, lease=60)
    assert not await storage.claim_timer(job, "b", now=1001.0, lease=60)
    # The owner died: once the lease runs out another process takes the job over.
    assert await storage.claim_timer(job, "b", now=1061.0, lease=60)
    await storage.finish_timer(job, "a", done=True)  # the dead owner's late word changes nothing
    assert not await storage.claim_timer(job, "c", now=1100.0, lease=60)
    await storage.finish_timer(job, "b", done=True)
    assert not await storage.claim_timer(job, "c", now=5000.0, lease=60)


async def test_a_cancelled_owner_gives_the_job_back_at_once(storage: Storage) -> None:
    game_id = await active_game(storage)
    job = TimedJob(50.0, game_id, "countdown", None, 0)
    assert await storage.claim_timer(job, "a", now=40.0, lease=600)
    await storage.finish_timer(job, "a", done=False)
    assert await storage.claim_timer(job, "b", now=41.0, lease=600)


async def test_timed_jobs_come_from_the_rows_alone(storage: Storage) -> None:
    countdown = await active_game(storage, deadline_at=500.0)
    paced = await active_game(storage)
    await storage.set_deadlines(paced, [Deadline(paced, 1, 7, 100.0, 900.0, [300.0, 800.0])])
    jobs = await storage.timed_jobs(now=0.0)
    assert [(j.when, j.game_id, j.kind, j.seat, j.key) for j in jobs] == [
        (300.0, paced, "remind", 1, 7),
        (500.0, countdown, "countdown", None, 0),
        (800.0, paced, "remind", 1, 7),
        (900.0, paced, "due", 1, 7),
    ]
    assert [j.when for j in await storage.timed_jobs(before=600.0, now=0.0)] == [300.0, 500.0]
    # The scheduler's horizon moving on: only the jobs after the old horizon and by the new one.
    assert [j.when for j in await storage.timed_jobs(after=500.0, before=900.0, now=0.0)] == [800.0, 900.0]
    # A job that fired (done) or that a live process holds is not handed out by the poll.
    assert await storage.claim_timer(jobs[0], "a", now=0.0, lease=60)
    await storage.finish_timer(jobs[0], "a", done=True)
    assert await storage.claim_timer(jobs[1], "a", now=0.0, lease=60)
    left = await storage.timed_jobs(before=600.0, now=10.0, unclaimed=True)
    assert left == []
    assert [j.kind for j in await storage.timed_jobs(before=600.0, now=61.0, unclaimed=True)] == ["countdown"]


async def test_an_unusable_postgres_url_is_one_storage_error() -> None:
    from bot.storage import StorageError
    from bot.storage.postgres import PostgresStorage
    from tests.postgres_server import server_url

    parts = urlsplit(server_url())
    user = (parts.username or "postgres") + ":s3cret"
    host = f"{parts.hostname}:{parts.port}" if parts.port else (parts.hostname or "")
    url = urlunsplit(parts._replace(netloc=f"{user}@{host}", path="/no_such_db"))
    with pytest.raises(StorageError, match="no_such_db") as refused:
        await PostgresStorage.open(url)
    assert "s3cret" not in str(refused.value)
