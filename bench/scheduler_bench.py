"""Scheduler: 1,000 paced games with pending deadlines in one process.

What a restart costs for long asynchronous games. The set-up stores ``games`` active A Sky of
Stars games (4 seats, ``pace=3600``), straight after ``start``: every seat owes the first
decision. Each reload then builds the real bot (``create_bot``), opens the file and runs
``GameService.rearm_all()``, exactly what ``on_ready`` does:

- **cold**: no deadline rows yet, so ``Pacer.schedule`` writes 4 per game (one commit per game);
- **warm**: the rows exist (the real restart case), so it only reads them and refills the heap.

Each reload uses a new bot on a reopened file, with the previous one closed. The memory figures
come from ``tracemalloc`` around a further warm reload (after a ``gc.collect()``: what the
rearmed games keep alive, not what the reload churned through), plus the process RSS from
``/proc/self/status``. Nothing may reach Discord: the bot's HTTP client is replaced by one that
counts and refuses every request, and the section fails if any was attempted.
"""

from __future__ import annotations

import asyncio
import gc
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.stats import table
from bot.app import AstrolabeBot, create_bot
from bot.core.config import Config
from bot.games import get_game
from bot.storage import SqliteStorage

SLUG = "sky-of-stars"
SEATS = 4
PACE = 3600  # the "1 hour" pace, the shortest paced option


@dataclass(frozen=True)
class Reload:
    seconds: float
    games: int
    jobs: int
    deadline_rows: int
    rss_before_kib: int
    rss_after_kib: int


@dataclass(frozen=True)
class SchedulerResult:
    games: int
    setup_seconds: float
    cold: Reload
    warm: Reload
    kept_bytes: int  # tracemalloc: retained after a warm reload (all code)
    scheduler_bytes: int  # ... of which allocated in bot/tell/scheduler.py (heap + jobs + generations)
    peak_bytes: int  # tracemalloc peak during that reload
    http_attempts: int


def rss_kib() -> int:
    """Resident set size of this process, from /proc/self/status (0 where there is none)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class _NoNetwork:
    """Stands in for ``bot.http.request``: counts the attempt and refuses it."""

    def __init__(self) -> None:
        self.attempts: list[str] = []

    async def __call__(self, route: Any, **_: Any) -> Any:
        self.attempts.append(f"{route.method} {route.path}")
        raise RuntimeError(f"benchmark bot tried the network: {route.method} {route.path}")


async def _create_games(path: Path, games: int) -> None:
    game = get_game(SLUG)
    storage = await SqliteStorage.open(path)
    try:
        for i in range(games):
            seed = 10_000 + i
            record = await storage.create_lobby(
                game=SLUG,
                guild_id=1,
                channel_id=1_000_000 + i,
                host_id=1_000_000 + i * SEATS,
                host_name="p0",
                options={},
                pace=PACE,
            )
            for seat in range(1, SEATS):
                await storage.add_seat(record.id, 1_000_000 + i * SEATS + seat, f"p{seat}")
            await storage.start(record.id, seed=seed, state=game.setup(SEATS, {}, seed))
    finally:
        await storage.close()


async def _bot(path: Path, guard: _NoNetwork) -> AstrolabeBot:
    bot = create_bot(Config(token=None, db_path=str(path), dev_guild_id=None))
    bot.http.request = guard
    bot._storage = await SqliteStorage.open(path)
    return bot


async def _shut(bot: AstrolabeBot) -> None:
    bot.service.close()  # cancels the scheduler task
    await bot.storage.close()
    bot._storage = None


async def _reload(path: Path, guard: _NoNetwork) -> Reload:
    """One restart: a new bot on the reopened file, timed from open to rearmed."""
    gc.collect()
    rss_before = rss_kib()
    start = time.perf_counter()
    bot = await _bot(path, guard)
    games = await bot.service.rearm_all()
    seconds = time.perf_counter() - start
    rss_after = rss_kib()
    result = Reload(
        seconds,
        games,
        len(bot.service.pacer.scheduler),
        len(await bot.storage.deadlines()),
        rss_before,
        rss_after,
    )
    await _shut(bot)
    return result


async def _traced_reload(path: Path, guard: _NoNetwork) -> tuple[int, int, int]:
    """Memory a warm reload keeps alive: (all code, bot/tell/scheduler.py only, peak)."""
    bot = await _bot(path, guard)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        await bot.service.rearm_all()
        gc.collect()
        after = tracemalloc.take_snapshot()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    diff = after.compare_to(before, "filename")
    kept = sum(d.size_diff for d in diff)
    scheduler = sum(
        d.size_diff for d in diff if d.traceback[0].filename.endswith(str(Path("bot", "scheduler.py")))
    )
    await _shut(bot)
    return kept, scheduler, peak


async def run_async(directory: Path, games: int) -> SchedulerResult:
    path = directory / "bench-scheduler.sqlite3"
    start = time.perf_counter()
    await _create_games(path, games)
    setup_seconds = time.perf_counter() - start
    guard = _NoNetwork()
    cold = await _reload(path, guard)
    warm = await _reload(path, guard)
    kept, scheduler, peak = await _traced_reload(path, guard)
    if guard.attempts:
        raise AssertionError(
            f"rearm_all tried the network {len(guard.attempts)} time(s): {guard.attempts[:3]}"
        )
    if cold.games != games or warm.deadline_rows != games * SEATS:
        raise AssertionError(
            f"expected {games} games and {games * SEATS} deadlines, got {warm.games} and {warm.deadline_rows}"
        )
    return SchedulerResult(games, setup_seconds, cold, warm, kept, scheduler, peak, len(guard.attempts))


def run(directory: Path, games: int) -> SchedulerResult:
    return asyncio.run(run_async(directory, games))


def _kib(value: float) -> str:
    if abs(value) >= 100 * 1024:
        return f"{value / 1024:,.0f} KiB"
    return f"{value / 1024:,.1f} KiB" if abs(value) >= 1024 else f"{value:,.0f} B"


def report(result: SchedulerResult) -> str:
    n = result.games
    rows = []
    for name, r in (
        ("cold (writes the deadline rows)", result.cold),
        ("warm (rows exist: a restart)", result.warm),
    ):
        rows.append(
            [
                name,
                str(r.games),
                f"{r.seconds * 1000:,.0f}",
                f"{r.seconds / r.games * 1e6:,.0f}",
                f"{r.jobs:,}",
                f"{r.deadline_rows:,}",
                f"{r.rss_before_kib / 1024:,.1f} → {r.rss_after_kib / 1024:,.1f}",
            ]
        )
    reload_table = table(
        ["rearm_all", "games", "total ms", "µs/game", "heap jobs", "deadline rows", "RSS MiB before → after"],
        rows,
    )
    memory = [
        ["kept alive by the rearmed games (all code)", _kib(result.kept_bytes), _kib(result.kept_bytes / n)],
        [
            "  of which the scheduler (heap, jobs, generations)",
            _kib(result.scheduler_bytes),
            _kib(result.scheduler_bytes / n),
        ],
        ["tracemalloc peak during the reload", _kib(result.peak_bytes), _kib(result.peak_bytes / n)],
    ]
    memory_table = table(["memory (warm reload, tracemalloc)", "total", "per game"], memory)
    memory_table += (
        f"\n\nScheduler: {result.warm.jobs:,} jobs, "
        f"{result.scheduler_bytes / max(result.warm.jobs, 1):,.0f} B per job."
    )
    title = (
        f"Scheduler: {n:,} paced games ({SEATS} seats, pace {PACE} s) reloaded at start-up "
        f"(set-up {result.setup_seconds:.1f} s; HTTP requests attempted: {result.http_attempts})"
    )
    return title + "\n\n" + reload_table + "\n\n" + memory_table
