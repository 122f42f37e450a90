"""One OS process of the multi-process test: the move core (``bot.core.moves``: load → apply →
save, retried when another process moved the game first; a click logged already is a duplicate)
and the real scheduler with database claims, against the PostgreSQL database named on the
command line.

Prints ``ready`` once connected, reads the start time on stdin, then prints one JSON line per
acknowledged click and per fired job, then ``done``.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

from bot.core.moves import Moves, Refused, Why
from bot.games.base import Action, IllegalAction
from bot.storage.open import open_storage
from bot.tell.scheduler import JobClaims, Scheduler, job_of
from tests.shards import lockin_game


def say(**fields: object) -> None:
    print(json.dumps(fields), flush=True)


async def click(
    moves: Moves, game_id: int, seat: int | None, action: Action, key: str | None, version: int | None = None
) -> str:
    """A move through the core, as the service makes it: 'applied', 'duplicate' or 'refused'
    (``version``: a countdown's, applied only to that version of the game)."""
    try:
        played = await moves.apply(
            game_id, action, seat=seat, click=key, expected_version=version, retries=200
        )
    except IllegalAction:
        return "refused"
    except Refused as refused:
        if refused.why is Why.CONFLICTS:
            raise RuntimeError("too many conflicts") from refused
        return "duplicate" if refused.why is Why.ALREADY_DONE else "refused"
    say(event="ack", game=game_id, seat=seat, key=key, version=played.moves[0].record.version)
    return "applied"


async def main(url: str, plan: dict) -> None:
    storage = await open_storage(url)
    moves = Moves(storage, games=lockin_game.rules)
    claims = JobClaims(lambda: storage, time.time, lease=30)

    async def fire(job) -> None:
        async with claims.hold(job) as claimed:
            if claimed:
                result = await click(moves, job.game_id, None, {"kind": "timeout"}, None, job.key)
                say(event="fired", game=job.game_id, key=job.key, result=result, owner=claims.owner)

    scheduler = Scheduler(fire, time.time)
    for timed in await storage.timed_jobs(now=time.time()):
        if timed.game_id in plan["deadline_games"]:
            scheduler.add(*job_of(timed))
    try:
        # Everyone starts together, so the clicks really race: the test sends the start time
        # once every process is ready.
        say(event="ready")
        start_at = float(await asyncio.to_thread(sys.stdin.readline))
        await asyncio.sleep(max(0.0, start_at - time.time()))
        for round_ in range(plan["rounds"]):
            for game_id in plan["click_games"]:
                for seat in plan["seats"]:
                    await click(
                        moves, game_id, seat, {"round": round_, "n": seat + 1}, f"{game_id}:{seat}:{round_}"
                    )
        await asyncio.sleep(max(0.0, plan["deadline_at"] + 1.5 - time.time()))
    finally:
        scheduler.close()
        await storage.close()
    say(event="done")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], json.loads(sys.argv[2])))
