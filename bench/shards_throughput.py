"""The shards bench's throughput part: many lock-in games played at once through the move core.

Every move goes through ``bot.core.moves`` (load → apply → ``record_action``, retried when
another writer moved the game first); ``record_action`` is timed. Two processes split the games
as two shards would: each runs ``python -m bench.shards_throughput TARGET GAME_IDS START_AT``
and prints its share as JSON. The memory and restart parts are in ``bench.shards_bench``.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from bench.stats import percentile
from bot.core.moves import Moves
from bot.games.base import IllegalAction
from bot.storage.open import open_storage

ROOT = Path(__file__).resolve().parents[1]
SEATS = 3
ROUNDS = 10


class Played(TypedDict):
    """One process's share of a throughput run (what ``play`` prints as JSON)."""

    commits: list[float]
    seconds: float
    conflicts: int


@dataclass(frozen=True)
class Throughput:
    backend: str
    processes: int
    moves: int
    seconds: float
    median_ms: float
    p99_ms: float
    conflicts: int


async def _lockin_games(target: str, count: int) -> list[int]:
    from tests.shards import lockin_game

    storage = await open_storage(target)
    try:
        ids = []
        for index in range(count):
            lobby = await storage.create_lobby(
                game="lockin", guild_id=1, channel_id=index, host_id=1, host_name="p1", options={}
            )
            for seat in range(1, SEATS):
                await storage.add_seat(lobby.id, 1 + seat, f"p{seat}")
            await storage.start(lobby.id, seed=index, state=lockin_game.setup(SEATS))
            ids.append(lobby.id)
        return ids
    finally:
        await storage.close()


async def play_games(target: str, game_ids: list[int], start_at: float) -> Played:
    """One process's share: every game's seats lock in concurrently, round after round, each
    move through the production move core (``bot.core.moves``)."""
    from tests.shards import lockin_game

    storage = await open_storage(target)
    commits: list[float] = []
    conflicts = 0
    record_action = storage.record_action

    async def timed_record_action(*args: Any, **kwargs: Any) -> int:
        began = time.perf_counter()
        version = await record_action(*args, **kwargs)
        commits.append(time.perf_counter() - began)  # only a move that committed is timed
        return version

    storage.record_action = timed_record_action  # type: ignore[method-assign]
    moves = Moves(storage, games=lockin_game.rules)

    async def seat_moves(game_id: int, seat: int) -> None:
        nonlocal conflicts
        for round_ in range(ROUNDS):
            while True:
                try:
                    played = await moves.apply(
                        game_id,
                        {"round": round_, "n": 1},
                        seat=seat,
                        click=f"{seat}:{round_}",
                        retries=10_000,
                    )
                except IllegalAction:
                    await asyncio.sleep(0.001)  # the others have not finished the round yet
                    continue
                conflicts += played.conflicts
                break

    try:
        await asyncio.sleep(max(0.0, start_at - time.time()))
        began = time.perf_counter()
        await asyncio.gather(*(seat_moves(g, s) for g in game_ids for s in range(SEATS)))
        seconds = time.perf_counter() - began
    finally:
        await storage.close()
    return {"commits": commits, "seconds": seconds, "conflicts": conflicts}


def measure_throughput(backend: str, target: str, games: int, processes: int) -> Throughput:
    ids = asyncio.run(_lockin_games(target, games))
    start_at = time.time() + 1.5
    shares = [ids[index::processes] for index in range(processes)]
    if processes == 1:
        results: list[Played] = [asyncio.run(play_games(target, ids, start_at))]
    else:
        workers = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "bench.shards_throughput",
                    target,
                    json.dumps(share),
                    str(start_at),
                ],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                text=True,
            )
            for share in shares
        ]
        results = []
        for worker in workers:
            out, _ = worker.communicate(timeout=600)
            if worker.returncode != 0:
                raise RuntimeError(f"a benchmark process failed ({worker.returncode})")
            results.append(json.loads(out))
    commits = [c for r in results for c in r["commits"]]
    seconds = max(float(r["seconds"]) for r in results)
    expected = games * SEATS * ROUNDS
    if len(commits) != expected:
        raise AssertionError(f"{backend}: {len(commits)} moves committed, expected {expected}")
    return Throughput(
        backend,
        processes,
        len(commits),
        seconds,
        percentile(commits, 50) * 1000,
        percentile(commits, 99) * 1000,
        sum(int(r["conflicts"]) for r in results),
    )


def main(argv: list[str]) -> int:
    target, game_ids, start_at = argv[0], json.loads(argv[1]), float(argv[2])
    print(json.dumps(asyncio.run(play_games(target, game_ids, start_at))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
