"""Timed jobs in the database, for both backends: what the timers need at start-up (without
loading any game's state), and claims, so each due job fires in exactly one process.

A claim is a lease (``timer_claims``, migration 0005): the first process to claim a job owns it
until ``lease_until``, and marks it done once fired. A process that dies holding a claim loses it
when the lease runs out, and another process (which polls for overdue jobs) claims it then.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.core.quiet import QuietHours

# ---- SQLite ----------------------------------------------------------------------------------

SQL_SELECT_COUNTDOWNS = """
SELECT id AS game_id, version, deadline_at FROM games
WHERE status = 'active' AND set_aside IS NULL AND deadline_at IS NOT NULL AND deadline_at <= :before
"""
SQL_SELECT_TIMED_DEADLINES = """
SELECT d.game_id, d.seat, d.decision, d.opened_at, d.due_at, d.reminders,
       u.timezone, u.quiet_start, u.quiet_end
FROM deadlines d
JOIN games g ON g.id = d.game_id AND g.status = 'active' AND g.set_aside IS NULL
JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat
LEFT JOIN user_settings u ON u.user_id = s.user_id
"""
SQL_CLAIM_TIMER = """
INSERT INTO timer_claims (game_id, kind, seat, key, fire_ms, owner, lease_until, done)
VALUES (:game_id, :kind, :seat, :key, :fire_ms, :owner, :lease_until, 0)
ON CONFLICT (game_id, kind, seat, key, fire_ms) DO UPDATE
SET owner = excluded.owner, lease_until = excluded.lease_until
WHERE timer_claims.done = 0 AND timer_claims.lease_until < :now
"""
SQL_FINISH_TIMER = """
UPDATE timer_claims SET done = :done, lease_until = :lease_until
WHERE game_id = :game_id AND kind = :kind AND seat = :seat AND key = :key AND fire_ms = :fire_ms
  AND owner = :owner
"""
SQL_SELECT_HELD_CLAIMS = """
SELECT game_id, kind, seat, key, fire_ms FROM timer_claims WHERE done = 1 OR lease_until > :now
"""

# ---- either backend (plain SQL, no parameters) -----------------------------------------------

SQL_COUNT_RUNNING_GAMES = "SELECT COUNT(*) FROM games WHERE status = 'active' AND set_aside IS NULL"
# The running games a restart settles one by one, found without reading any state: a seat the
# bot plays (it may owe a move), or a paced game with no countdown and no deadline row at all
# (its step's rows were lost in a crash). Rows of an older step are repaired when they fire.
SQL_SELECT_GAMES_TO_SETTLE = """
SELECT g.id FROM games g
WHERE g.status = 'active' AND g.set_aside IS NULL
  AND (EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND (s.is_bot = 1 OR s.autopilot = 1))
       OR (g.pace > 0 AND g.deadline_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM deadlines d WHERE d.game_id = g.id)))
ORDER BY g.id
"""


@dataclass(frozen=True)
class TimedJob:
    """A job the scheduler should hold: ``kind`` is a ``bot.tell.scheduler.JobKind`` value."""

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


def jobs_from_rows(
    countdowns: Iterable[Any], deadlines: Iterable[Any], *, before: float, now: float
) -> list[TimedJob]:
    """The scheduler's jobs from the stored rows: countdowns, deadlines, reminders, and the
    wake-up that delivers a panel held back by quiet hours (as ``Pacer.schedule`` arms them)."""
    jobs = [
        TimedJob(row["deadline_at"], row["game_id"], "countdown", None, row["version"]) for row in countdowns
    ]
    for row in deadlines:
        game_id, seat, decision = row["game_id"], row["seat"], row["decision"]
        if row["due_at"] <= before:
            jobs.append(TimedJob(row["due_at"], game_id, "due", seat, decision))
        jobs.extend(
            TimedJob(when, game_id, "remind", seat, decision)
            for when in json.loads(row["reminders"])
            if when <= before
        )
        if row["timezone"] is None:
            continue
        quiet = QuietHours(row["timezone"], row["quiet_start"], row["quiet_end"])
        if quiet.is_quiet(row["opened_at"]):
            wake = quiet.quiet_until(row["opened_at"])
            if now < wake <= before:
                jobs.append(TimedJob(wake, game_id, "wake", seat, decision))
    jobs.sort(key=lambda job: job.when)
    return jobs


def claim_params(job: TimedJob, owner: str) -> dict[str, Any]:
    game_id, kind, seat, key, ms = job.claim_key
    return {"game_id": game_id, "kind": kind, "seat": seat, "key": key, "fire_ms": ms, "owner": owner}


class SqliteTimers:
    """The timer methods of ``bot.storage.Storage`` (mixed in; uses its transactions)."""

    async def timed_jobs(
        self, *, before: float = math.inf, now: float, unclaimed: bool = False
    ) -> list[TimedJob]:
        """Every stored job due by ``before``; ``unclaimed`` leaves out jobs done or leased."""
        limit = min(before, 1e300)  # SQLite has no infinity literal for a parameter
        async with self._read() as db:  # type: ignore[attr-defined]
            countdowns = await db.execute_fetchall(SQL_SELECT_COUNTDOWNS, {"before": limit})
            deadlines = await db.execute_fetchall(SQL_SELECT_TIMED_DEADLINES)
            held = await db.execute_fetchall(SQL_SELECT_HELD_CLAIMS, {"now": now}) if unclaimed else []
        jobs = jobs_from_rows(countdowns, deadlines, before=before, now=now)
        taken = {tuple(row) for row in held}
        return [job for job in jobs if job.claim_key not in taken]

    async def games_to_resume(self) -> tuple[int, list[int]]:
        """How many games are running, and the ids of those a restart must settle one by one
        (``SQL_SELECT_GAMES_TO_SETTLE``); no game's state is read."""
        async with self._read() as db:  # type: ignore[attr-defined]
            ((running,),) = await db.execute_fetchall(SQL_COUNT_RUNNING_GAMES)
            rows = await db.execute_fetchall(SQL_SELECT_GAMES_TO_SETTLE)
        return running, [row[0] for row in rows]

    async def claim_timer(self, job: TimedJob, owner: str, *, now: float, lease: float) -> bool:
        """Take the job for ``owner`` until ``now + lease``; False if it is done or held."""
        async with self._write() as db:  # type: ignore[attr-defined]
            return bool(
                await self._execute(
                    db,
                    SQL_CLAIM_TIMER,
                    {  # type: ignore[attr-defined]
                        **claim_params(job, owner),
                        "lease_until": now + lease,
                        "now": now,
                    },
                )
            )

    async def finish_timer(self, job: TimedJob, owner: str, *, done: bool) -> None:
        """Mark a claimed job done, or (``done=False``) give it back for another process now."""
        async with self._write() as db:  # type: ignore[attr-defined]
            await self._execute(
                db,
                SQL_FINISH_TIMER,
                {  # type: ignore[attr-defined]
                    **claim_params(job, owner),
                    "done": int(done),
                    "lease_until": 0.0,
                },
            )
