"""One OS process of the multi-process test: the service core (load → apply → save, retried
when another process moved the game first; a click logged already is a duplicate) and the real
scheduler with database claims, against the PostgreSQL database named on the command line.

Prints one JSON line per acknowledged click and per fired job, then ``done``.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

from bot.storage import AlreadyApplied, StaleVersion
from bot.storage.open import open_storage
from bot.tell.scheduler import JobClaims, Scheduler, job_of
from tests.shards import lockin_game


def say(**fields: object) -> None:
    print(json.dumps(fields), flush=True)


async def click(storage, game_id: int, seat: int | None, action: dict, key: str | None) -> str:
    """The service's perform, without Discord: 'applied', 'duplicate' or 'refused'."""
    for _ in range(200):
        record = await storage.load(game_id)
        try:
            state = lockin_game.apply(record.state, seat, action)
        except ValueError:
            return "refused"
        try:
            version = await storage.record_action(
                game_id,
                expected_version=record.version,
                seat=seat,
                action=action,
                state=state,
                events=[],
                click=key,
            )
        except AlreadyApplied:
            return "duplicate"
        except StaleVersion:
            continue  # another process moved the game: reload and apply again
        say(event="ack", game=game_id, seat=seat, key=key, version=version)
        return "applied"
    raise RuntimeError("too many conflicts")


async def main(url: str, plan: dict) -> None:
    storage = await open_storage(url)
    claims = JobClaims(lambda: storage, time.time, lease=30)

    async def fire(job) -> None:
        async with claims.hold(job) as claimed:
            if claimed:
                result = await click(storage, job.game_id, None, {"kind": "timeout"}, None)
                say(event="fired", game=job.game_id, key=job.key, result=result, owner=claims.owner)

    scheduler = Scheduler(fire, time.time)
    for timed in await storage.timed_jobs(now=time.time()):
        if timed.game_id in plan["deadline_games"]:
            scheduler.add(*job_of(timed))
    try:
        # Everyone starts together, so the clicks really race.
        await asyncio.sleep(max(0.0, plan["start_at"] - time.time()))
        for round_ in range(plan["rounds"]):
            for game_id in plan["click_games"]:
                for seat in plan["seats"]:
                    await click(
                        storage, game_id, seat, {"round": round_, "n": seat + 1}, f"{game_id}:{seat}:{round_}"
                    )
        await asyncio.sleep(max(0.0, plan["deadline_at"] + 1.5 - time.time()))
    finally:
        scheduler.close()
        await storage.close()
    say(event="done")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], json.loads(sys.argv[2])))
