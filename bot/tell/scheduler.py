"""One task and one heap for every timed event of every game: countdowns, reminders, deadlines.

The heap is only a cache of what the database says is due; after a restart it is rebuilt from
the database. Firing never trusts the heap: the service re-checks the stored game before it acts,
and cancelling a game's jobs just bumps its generation so stale entries are skipped when popped.

Several processes may hold the same job (each armed the games it touched). ``JobClaims`` makes
it fire once: a job is claimed in the database (a lease) before it fires and marked done after;
``poll`` picks up overdue jobs nobody holds, such as those of a process that died.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import os
import socket
import uuid
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Final

from bot.core.quiet import quiet_end
from bot.ops.metrics import timer_fired, watch
from bot.storage.timers import TimedJob
from bot.ui.fault_lines import expected_fault

log = logging.getLogger(__name__)

LEASE_SECONDS: Final = 120.0  # a claimed job not done by then is free for another process
POLL_SECONDS: Final = 10.0  # how often a shared database is polled for jobs nobody holds
MAX_FIRING: Final = 16  # due jobs in progress at once


class JobKind(StrEnum):
    COUNTDOWN = "countdown"  # the game's own timer ran out (key: game version)
    DUE = "due"  # a seat's deadline passed (key: decision)
    REMIND = "remind"  # remind a seat that it owes a decision (key: decision)
    WAKE = "wake"  # a player's quiet hours ended: deliver what was held back (key: decision)
    NIGHT = "night"  # a game night's start, or the end of its host's tie pick (id: the night's)
    TOURNAMENT = "tournament"  # sign-up closes or a round's deadline (id: the tournament's)


@dataclass(slots=True)
class Job:
    when: float
    order: int
    game_id: int = field(compare=False)
    kind: JobKind = field(compare=False)
    seat: int | None = field(compare=False)
    key: int = field(compare=False)
    generation: int = field(compare=False, default=0)

    def __lt__(self, other: Job) -> bool:
        """Heap order: by due time, then by arming order. Written out rather than generated
        (``order=True`` builds two tuples per comparison): a restart heapifies tens of thousands."""
        return self.when < other.when or (self.when == other.when and self.order < other.order)


class Alarm:
    """The scheduler's one wait: sleep until a job is due, or until ``ring`` says an earlier
    job arrived."""

    def __init__(self) -> None:
        self._rung: asyncio.Event | None = None

    async def sleep(self, seconds: float) -> None:
        self._rung = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._rung.wait(), seconds)

    def ring(self) -> None:
        if self._rung is not None:
            self._rung.set()


class ClientAlarm(Alarm):
    """The same wait as a discord client's ``wait_for`` on an event only ``ring`` dispatches.

    Waiting through the client makes the wait one that simulated Discords (SimCord) recognise:
    it then ends only when simulated time reaches it, never on the wall clock in the middle
    of another interaction (a countdown due in 3 s would otherwise hold every click's
    settling for 3 real seconds, and fire in the middle of it)."""

    EVENT: ClassVar[str] = "astrolabe_alarm"

    def __init__(self, client: Any, event: str | None = None) -> None:
        """``event``: this wait's own event name (default ``EVENT``), so that ringing one alarm
        ends no other."""
        super().__init__()
        self._client = client
        self._event = event or self.EVENT

    async def sleep(self, seconds: float) -> None:
        try:
            await self._client.wait_for(self._event, timeout=seconds)
        except TimeoutError:
            # The client drops a listener that timed out only when its event is next
            # dispatched: do it now, or every countdown would leave one behind.
            self._client.dispatch(self._event)

    def ring(self) -> None:
        self._client.dispatch(self._event)


class Scheduler:
    def __init__(
        self, fire: Callable[[Job], Awaitable[None]], clock: Callable[[], float], alarm: Alarm | None = None
    ) -> None:
        self._fire = fire
        self._clock = clock
        self._alarm = alarm or Alarm()
        self._heap: list[Job] = []
        self._order = itertools.count()
        self._generation: defaultdict[int, int] = defaultdict(int)
        self._sleeping = False
        self._task: asyncio.Task[None] | None = None
        self._firing: set[asyncio.Task[None]] = set()
        self._compact_at = 1024

    def __len__(self) -> int:
        return len(self._heap)

    def add(self, when: float, game_id: int, kind: JobKind, seat: int | None, key: int) -> None:
        job = Job(when, next(self._order), game_id, kind, seat, key, self._generation[game_id])
        heapq.heappush(self._heap, job)
        if len(self._heap) >= self._compact_at:
            self._compact()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="astrolabe-scheduler")
        elif self._heap[0] is job and self._sleeping:
            self._alarm.ring()  # an earlier job arrived while the loop sleeps towards a later one

    def add_many(self, jobs: Iterable[tuple[float, int, JobKind, int | None, int]]) -> int:
        """``add`` for many jobs at once (a restart arms every stored one): one heapify instead
        of a push and its comparisons per job. Returns how many were added."""
        order, generation = self._order, self._generation
        fresh = [
            Job(when, next(order), game_id, kind, seat, key, generation[game_id])
            for when, game_id, kind, seat, key in jobs
        ]
        if not fresh:
            return 0
        self._heap.extend(fresh)
        heapq.heapify(self._heap)
        self._compact_at = max(self._compact_at, 2 * len(self._heap))
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="astrolabe-scheduler")
        elif self._sleeping:
            self._alarm.ring()  # one of them may be due before the job the loop sleeps towards
        return len(fresh)

    def _compact(self) -> None:
        """Drop the entries of cleared jobs. Games reschedule after every move, so without this
        a busy paced game would leave stale entries in the heap until their (late) due time."""
        self._heap = [job for job in self._heap if job.generation == self._generation[job.game_id]]
        heapq.heapify(self._heap)
        self._compact_at = max(1024, 2 * len(self._heap))

    def clear_game(self, game_id: int) -> None:
        """Forget every pending job of a game (they are skipped when they come up)."""
        self._generation[game_id] += 1

    async def _run(self) -> None:
        """Sleep until the earliest job, start it, repeat; the task ends when nothing is pending
        (an idle bot then has no task waiting on anything). Jobs run side by side (up to
        ``MAX_FIRING``): one that waits on its pictures or the database doesn't make every job
        due after it late. Jobs of one game still take turns (they hold the game's lock)."""
        while self._heap:
            delay = self._heap[0].when - self._clock()
            if delay > 0:
                self._sleeping = True
                try:
                    await self._alarm.sleep(delay)
                finally:
                    self._sleeping = False
                continue
            job = heapq.heappop(self._heap)
            if job.generation != self._generation[job.game_id]:
                continue
            if len(self._firing) >= MAX_FIRING:
                await asyncio.wait(self._firing, return_when=asyncio.FIRST_COMPLETED)
            timer_fired(job.kind.value, self._clock() - job.when)
            task = asyncio.get_running_loop().create_task(self._fire_one(job), name="astrolabe-timer")
            self._firing.add(task)
            task.add_done_callback(self._firing.discard)

    async def _fire_one(self, job: Job) -> None:
        try:
            await self._fire(job)
        except Exception as error:
            if not expected_fault(error, watch=watch()):  # the database away, Discord failing: one line
                log.exception(
                    "scheduled %s for game %s (seat %s) failed", job.kind.value, job.game_id, job.seat
                )

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        for task in list(self._firing):
            task.cancel()
        self._heap.clear()


_KINDS: Final = {kind.value: kind for kind in JobKind}  # a dict lookup: JobKind(value) is slow


def job_of(timed: TimedJob) -> tuple[float, int, JobKind, int | None, int]:
    """A stored job as ``Scheduler.add`` arguments."""
    return timed.when, timed.game_id, _KINDS[timed.kind], timed.seat, timed.key


def timed_of(job: Job) -> TimedJob:
    return TimedJob(job.when, job.game_id, job.kind.value, job.seat, job.key)


class JobClaims:
    """Claims due jobs in the database so each fires in exactly one process."""

    def __init__(
        self, storage: Callable[[], Any], clock: Callable[[], float], *, lease: float = LEASE_SECONDS
    ) -> None:
        self._storage = storage
        self._clock = clock
        self.lease = lease
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

    @contextlib.asynccontextmanager
    async def hold(self, job: Job) -> AsyncIterator[bool]:
        """Yields whether this process won the job. Done when the block ends; given back at
        once if it is cancelled (shutting down), so another process needn't wait for the lease."""
        timed = timed_of(job)
        storage = self._storage()
        claimed = await storage.claim_timer(timed, self.owner, now=self._clock(), lease=self.lease)
        if not claimed:
            log.debug("%s of game %s is held or done elsewhere", job.kind.value, job.game_id)
        try:
            yield claimed
        except asyncio.CancelledError:
            if claimed:
                with contextlib.suppress(Exception):
                    await asyncio.shield(storage.finish_timer(timed, self.owner, done=False))
            raise
        else:
            if claimed:
                await storage.finish_timer(timed, self.owner, done=True)
        # Any other exception keeps the lease: the job is retried when it runs out.


class PollAlarm(ClientAlarm):
    """The poll's own wait through the client (see ``ClientAlarm``), never rung early."""

    EVENT: ClassVar[str] = "astrolabe_poll"


async def poll(
    scheduler: Scheduler,
    storage: Callable[[], Any],
    clock: Callable[[], float],
    *,
    every: float = POLL_SECONDS,
    alarm: Alarm | None = None,
) -> None:
    """Forever: hand the scheduler the overdue jobs that no process holds (their owner died, or
    armed them and restarted). Runs only where other processes share the database."""
    alarm = alarm or Alarm()
    while True:
        await alarm.sleep(every)
        try:
            for timed in await storage().timed_jobs(
                before=clock(), now=clock(), unclaimed=True, quiet_end=quiet_end
            ):
                scheduler.add(*job_of(timed))
        except Exception as error:
            if not expected_fault(error, watch=watch()):
                log.exception("polling the database for due jobs failed")
