"""Past one machine: SQLite vs PostgreSQL, one process vs two.

- **throughput**: 100 games played at once (3 seats locking in together, 10 rounds each), every
  move through the move core (``bot.core.moves``: load → apply → ``record_action``, retried when
  another writer moved the game first). Moves per second and the commit time (``record_action``)
  median and p99, in one process, then in two OS processes splitting the games as two shards would
  (``bench.shards_throughput``).
- **memory**: the RSS of one bot process (``create_bot`` + ``rearm_all``) with 1,000 active
  paced A Sky of Stars games, on each backend.
- **restart**: re-arming 10,000 active paced games from the stored timer rows
  (``Pacer.arm_stored``: due times and decision ids only, no game state) on each backend.

PostgreSQL is a throwaway cluster on a Unix socket (Debian's ``postgresql``), or the server
named by ``ASTROLABE_BENCH_POSTGRES``; with neither, the section fails saying so.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import TypedDict

from bench.postgres import fresh_schema, server, server_cpu
from bench.shards_throughput import ROUNDS, SEATS, Throughput, measure_throughput
from bench.stats import table
from bot.games import get_game
from bot.storage import Deadline
from bot.storage.open import open_storage

ROOT = Path(__file__).resolve().parents[1]
SLUG = "sky-of-stars"
PACE = 3600


async def _paced_games(target: str, count: int, *, with_deadlines: bool) -> None:
    """``count`` active paced games straight after start (every seat owes the first decision)."""
    game = get_game(SLUG)
    storage = await open_storage(target)
    now = time.time()
    try:

        async def one(index: int) -> None:
            record = await storage.create_lobby(
                game=SLUG,
                guild_id=1,
                channel_id=10_000_000 + index,
                host_id=10_000_000 + index * 4,
                host_name="p0",
                options={},
                pace=PACE,
            )
            for seat in range(1, 4):
                await storage.add_seat(record.id, 10_000_000 + index * 4 + seat, f"p{seat}")
            state = game.setup(4, {}, index)
            await storage.start(record.id, seed=index, state=state)
            if with_deadlines:
                decision = game.decision_id(state)
                await storage.set_deadlines(
                    record.id,
                    [
                        Deadline(
                            record.id, seat, decision, now, now + PACE, [now + PACE / 2, now + PACE - 600]
                        )
                        for seat in range(4)
                    ],
                )

        batch = 1 if not getattr(storage, "shared", False) else 20
        for first in range(0, count, batch):
            await asyncio.gather(*(one(i) for i in range(first, min(first + batch, count))))
    finally:
        await storage.close()


async def measure_bot(target: str) -> dict[str, float]:
    """A bot process with every stored game resumed: its RSS, and the re-arm times."""
    from bench.scheduler_bench import _NoNetwork, rss_kib
    from bot.app import create_bot

    bot = create_bot(db_path=target)
    bot.http.request = _NoNetwork()
    rss_before = rss_kib()
    await bot.open_storage()
    began = time.perf_counter()
    jobs = await bot.service.pacer.arm_stored()
    armed = time.perf_counter() - began
    bot.service.pacer.scheduler.close()
    began = time.perf_counter()
    games = await bot.service.rearm_all()
    resumed = time.perf_counter() - began
    result = {
        "rss_kib": rss_kib(),
        "rss_before_kib": rss_before,
        "arm_seconds": armed,
        "jobs": jobs,
        "resume_seconds": resumed,
        "games": games,
    }
    bot.service.close()
    await bot.storage.close()
    return result


async def arm_only(target: str) -> dict[str, float | None]:
    """A restart: ``rearm_all`` as ``on_ready`` runs it, and the timer re-arm alone."""
    from bench.scheduler_bench import _NoNetwork
    from bot.app import create_bot

    bot = create_bot(db_path=target)
    bot.http.request = _NoNetwork()
    await bot.open_storage()
    server_before = server_cpu(target)
    began, cpu = time.perf_counter(), time.process_time()
    games = await bot.service.rearm_all()
    resume, resume_cpu = time.perf_counter() - began, time.process_time() - cpu
    server_after = server_cpu(target)
    server = None if server_before is None or server_after is None else server_after - server_before
    jobs = len(bot.service.pacer.scheduler)
    bot.service.pacer.scheduler.close()
    began = time.perf_counter()
    await bot.service.pacer.arm_stored()
    seconds = time.perf_counter() - began
    bot.service.close()
    await bot.storage.close()
    return {
        "arm_seconds": seconds,
        "jobs": jobs,
        "resume_seconds": resume,
        "games": games,
        "resume_cpu": resume_cpu,  # this process's CPU (SQLite's thread included)
        "server_cpu": server,  # a local PostgreSQL cluster's processes' CPU, else None
    }


def _in_process(command: str, target: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.shards_bench", command, target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{command} failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout.splitlines()[-1])


class Shards(TypedDict):
    """What ``run`` measured, for ``report``."""

    throughput: list[Throughput]
    memory: dict[str, dict[str, float]]  # per backend: a bot process's RSS and resume times
    rearm: dict[str, dict[str, float]]  # per backend: a restart's re-arm times
    games: int
    resident: int
    restart: int


def run(directory: Path, quick: bool) -> Shards:
    games, resident, restart = (10, 100, 500) if quick else (100, 1000, 10_000)
    with server() as url:

        def target(backend: str, name: str) -> str:
            if backend == "sqlite":
                return str(directory / f"{name}.sqlite3")
            return asyncio.run(fresh_schema(url, name))

        throughput = [
            measure_throughput(backend, target(backend, f"tp_{backend}_{n}"), games, n)
            for backend in ("sqlite", "postgres")
            for n in (1, 2)
        ]
        memory: dict[str, dict[str, float]] = {}
        rearm: dict[str, dict[str, float]] = {}
        for backend in ("sqlite", "postgres"):
            where = target(backend, f"rss_{backend}")
            asyncio.run(_paced_games(where, resident, with_deadlines=False))
            _in_process("bot", where)  # the first resume writes the deadline rows (cold)
            memory[backend] = _in_process("bot", where)
            where = target(backend, f"restart_{backend}")
            began = time.perf_counter()
            asyncio.run(_paced_games(where, restart, with_deadlines=True))
            setup = time.perf_counter() - began
            rearm[backend] = {**_in_process("arm", where), "setup_seconds": setup}
    return {
        "throughput": throughput,
        "memory": memory,
        "rearm": rearm,
        "games": games,
        "resident": resident,
        "restart": restart,
    }


def report(result: Shards) -> str:
    rows = [
        [
            t.backend,
            str(t.processes),
            f"{t.moves:,}",
            f"{t.moves / t.seconds:,.0f}",
            f"{t.median_ms:.1f}",
            f"{t.p99_ms:.1f}",
            f"{t.conflicts:,}",
        ]
        for t in result["throughput"]
    ]
    parts = [
        f"Shards: {result['games']} games at once, {SEATS} seats locking in together, {ROUNDS} rounds",
        table(
            [
                "backend",
                "processes",
                "moves",
                "moves/s",
                "commit median ms",
                "commit p99 ms",
                "version conflicts (re-applied)",
            ],
            rows,
        ),
    ]
    memory = result["memory"]
    parts.append(
        table(
            [
                f"one bot process, {result['resident']:,} active paced games",
                "RSS MiB",
                "timers armed from rows (ms)",
                "full resume, rearm_all (ms)",
            ],
            [
                [
                    b,
                    f"{m['rss_kib'] / 1024:,.1f}",
                    f"{m['arm_seconds'] * 1000:,.0f}",
                    f"{m['resume_seconds'] * 1000:,.0f}",
                ]
                for b, m in memory.items()
            ],
        )
    )
    rearm = result["rearm"]
    parts.append(
        table(
            [
                f"restart with {result['restart']:,} active paced games",
                "games resumed",
                "jobs armed",
                "rearm_all ms (on_ready)",
                "of which timers (Pacer.arm_stored) ms",
                "set-up s",
            ],
            [
                [
                    b,
                    f"{r['games']:,}",
                    f"{r['jobs']:,}",
                    f"{r['resume_seconds'] * 1000:,.0f}",
                    f"{r['arm_seconds'] * 1000:,.0f}",
                    f"{r['setup_seconds']:.0f}",
                ]
                for b, r in rearm.items()
            ],
        )
    )
    return "\n\n".join(parts)


def main(argv: list[str]) -> int:
    command, target = argv[0], argv[1]
    if command == "bot":
        result: object = asyncio.run(measure_bot(target))
    else:
        result = asyncio.run(arm_only(target))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
