"""Timed jobs in the database, for both backends: what the timers need at start-up (without
loading any game's state), and claims, so each due job fires in exactly one process.

A claim is a lease (``timer_claims``, migration 0005): the first process to claim a job owns it
until ``lease_until``, and marks it done once fired. A process that dies holding a claim loses it
when the lease runs out, and another process (which polls for overdue jobs) claims it then.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from operator import itemgetter
from typing import Any, NamedTuple

from bot.storage.base import StorageBase
from bot.storage.statements import (
    SQL_CLAIM_TIMER,
    SQL_FINISH_TIMER,
    SQL_SELECT_HELD_CLAIMS,
)

# When the quiet hours a moment falls in end, or None if it is not quiet: ``(timezone,
# quiet_start, quiet_end, when)`` of the seat's player (``bot.core.quiet.quiet_end`` is one).
QuietEnd = Callable[[str, int | None, int | None, float], float | None]


class TimedJob(NamedTuple):
    """A job the scheduler should hold: ``kind`` is a ``bot.tell.scheduler.JobKind`` value. A
    named tuple, not a frozen dataclass: a restart makes tens of thousands, and a frozen
    dataclass sets each field through ``object.__setattr__``."""

    when: float
    game_id: int
    kind: str
    seat: int | None
    key: int

    @property
    def claim_key(self) -> tuple[int, str, int, int, int]:
        return (self.game_id, self.kind, -1 if self.seat is None else self.seat, self.key, fire_ms(self.when))


def fire_ms(when: float) -> int:
    """The claim's time key: milliseconds, so a float's last bit never splits one job in two."""
    return int(round(when * 1000))


FAR = 1e300  # the furthest time a parameter carries: SQLite has no infinity literal for one


def reminder_times(stored: str) -> list[float]:
    """A row's ``reminders`` (a JSON list of numbers, as ``dumps`` writes it), read without the
    JSON parser for the usual short list of plain numbers: a restart reads tens of thousands."""
    inner = stored.strip()[1:-1]
    try:
        return [float(part) for part in inner.split(",")] if inner.strip() else []
    except ValueError:
        return [float(when) for when in json.loads(stored)]


def jobs_from_rows(
    countdowns: Iterable[Any],
    deadlines: Iterable[Any],
    *,
    before: float,
    now: float,
    quiet_end: QuietEnd | None = None,
    after: float = -math.inf,
    quiet: Mapping[tuple[int, int], Any] | None = None,
) -> list[TimedJob]:
    """The scheduler's jobs from the stored rows: countdowns, deadlines, reminders, and (given
    ``quiet_end``, and in ``quiet`` the settings of the seats' players who saved any, by
    (game_id, seat)) the wake-up that delivers a panel held back by quiet hours (as
    ``Pacer.schedule`` arms them)."""
    quiet = quiet or {}
    jobs = [
        TimedJob(row["deadline_at"], row["game_id"], "countdown", None, row["version"])
        for row in countdowns
        if after < row["deadline_at"] <= before
    ]
    for row in deadlines:
        game_id, seat, decision = row["game_id"], row["seat"], row["decision"]
        if after < row["due_at"] <= before:
            jobs.append(TimedJob(row["due_at"], game_id, "due", seat, decision))
        jobs.extend(
            TimedJob(when, game_id, "remind", seat, decision)
            for when in reminder_times(row["reminders"])
            if after < when <= before
        )
        hours = quiet.get((game_id, seat)) if quiet_end is not None else None
        if hours is None or hours["timezone"] is None or quiet_end is None:
            continue
        wake = quiet_end(hours["timezone"], hours["quiet_start"], hours["quiet_end"], row["opened_at"])
        if wake is not None and max(now, after) < wake <= before:
            jobs.append(TimedJob(wake, game_id, "wake", seat, decision))
    jobs.sort(key=itemgetter(0))  # by ``when``
    return jobs


def claim_params(job: TimedJob, owner: str) -> dict[str, Any]:
    game_id, kind, seat, key, ms = job.claim_key
    return {"game_id": game_id, "kind": kind, "seat": seat, "key": key, "fire_ms": ms, "owner": owner}


class Timers(StorageBase):
    """The timer methods of ``Storage``."""

    async def timed_jobs(
        self,
        *,
        before: float = math.inf,
        now: float,
        unclaimed: bool = False,
        quiet_end: QuietEnd | None = None,
        after: float = -math.inf,
    ) -> list[TimedJob]:
        """Every stored job due after ``after`` and by ``before``; ``unclaimed`` leaves out jobs
        done or leased. Only the deadline rows with a job by ``before`` are read (their
        ``next_at``, indexed), so a restart reads the rows due within the horizon, not all.
        ``quiet_end`` reads the players' quiet hours, for the wake-ups they need."""
        async with self._read() as tx:
            by = {"before": min(before, FAR)}
            countdowns = await tx.fetch(self._dialect.sql_countdowns, by)
            deadlines = await tx.fetch(self._dialect.sql_timed_deadlines, by)
            quiet = await tx.fetch(self._dialect.sql_quiet_seats, by) if quiet_end is not None else []
            held = await tx.fetch(SQL_SELECT_HELD_CLAIMS, {"now": now}) if unclaimed else []
        jobs = jobs_from_rows(
            countdowns,
            deadlines,
            before=before,
            now=now,
            quiet_end=quiet_end,
            after=after,
            quiet={(row["game_id"], row["seat"]): row for row in quiet},
        )
        if not held:
            return jobs
        taken = {tuple(row) for row in held}
        return [job for job in jobs if job.claim_key not in taken]

    async def games_to_resume(self) -> tuple[int, list[int]]:
        """How many games are running, and the ids of those a restart must settle one by one
        (each dialect's ``sql_games_to_settle``); no game's state is read."""
        async with self._read() as tx:
            running = await tx.fetchval(self._dialect.sql_count_running)
            rows = await tx.fetch(self._dialect.sql_games_to_settle)
        return int(running), [row[0] for row in rows]

    async def claim_timer(self, job: TimedJob, owner: str, *, now: float, lease: float) -> bool:
        """Take the job for ``owner`` until ``now + lease``; False if it is done or held."""
        params = {**claim_params(job, owner), "lease_until": now + lease, "now": now}
        return bool(await self._change(SQL_CLAIM_TIMER, params))

    async def finish_timer(self, job: TimedJob, owner: str, *, done: bool) -> None:
        """Mark a claimed job done, or (``done=False``) give it back for another process now."""
        await self._change(SQL_FINISH_TIMER, {**claim_params(job, owner), "done": int(done)})
