"""Storage: the cost of logging one move, and of rebuilding a game from its log.

``record_action`` commits with ``synchronous = FULL`` (an fsync per move, so an acknowledged
move survives power loss); its latency is bounded by the disk, so the filesystem the file sits
on is part of the result. Replay is what a restart or an audit costs: read the log, re-apply it.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from bench.stats import Summary, ms, table
from bot.games import get_game
from bot.games.replay import replay
from bot.games.sky_of_stars.simulate import play_random_game
from bot.storage import SqliteStorage, Storage

SLUG = "sky-of-stars"
SEAT_COUNTS = (3, 4, 5, 6)


@dataclass(frozen=True)
class StorageResult:
    journal_mode: str
    record: Summary  # one record_action call
    read_log: Summary  # storage.actions(game_id) for a whole game
    replay: Summary  # setup + apply every logged action
    actions_per_game: float


async def _seat_game(storage: Storage, seats: int, seed: int) -> int:
    """A lobby with ``seats`` players, started with the engine's set-up state."""
    game = get_game(SLUG)
    record = await storage.create_lobby(
        game=SLUG, guild_id=1, channel_id=100 + seed, host_id=1, host_name="p0", options={}
    )
    for seat in range(1, seats):
        await storage.add_seat(record.id, seat + 1, f"p{seat}")
    await storage.start(record.id, seed=seed, state=game.setup(seats, {}, seed))
    return record.id


async def _log_game(storage: Storage, seats: int, seed: int, timings: list[float]) -> int:
    """Record a whole seeded random game move by move, as the bot does, timing each commit."""
    game = get_game(SLUG)
    game_id = await _seat_game(storage, seats, seed)
    _, log = play_random_game(seats, seed=seed, rng_seed=seed + 1)
    state = game.setup(seats, {}, seed)
    for version, (seat, action) in enumerate(log):
        applied = game.apply(state, seat, action)
        state = applied.state
        start = time.perf_counter()
        await storage.record_action(
            game_id,
            expected_version=version,
            seat=seat,
            action=action,
            state=state,
            events=applied.events,
            finished=game.is_over(state),
        )
        timings.append(time.perf_counter() - start)
    return game_id


async def _replay(storage: Storage, game_id: int, runs: int) -> tuple[list[float], list[float]]:
    """Read the log back and replay it, checking the result equals the stored snapshot."""
    game = get_game(SLUG)
    record = await storage.load(game_id)
    assert record is not None and record.seed is not None
    reads, replays = [], []
    for _ in range(runs):
        start = time.perf_counter()
        actions = await storage.actions(game_id)
        read_done = time.perf_counter()
        state = replay(
            game, len(record.seats), record.options, record.seed, ((a.seat, a.action) for a in actions)
        )
        reads.append(read_done - start)
        replays.append(time.perf_counter() - read_done)
        if state != record.state:
            raise AssertionError(f"replay of game {game_id} differs from its stored state")
    return reads, replays


def _journal_mode(path: Path) -> str:
    with sqlite3.connect(path) as db:
        return str(db.execute("PRAGMA journal_mode").fetchone()[0])


async def run_async(directory: Path, games: int, replay_runs: int) -> StorageResult:
    path = directory / "bench-storage.sqlite3"
    storage = await SqliteStorage.open(path)
    try:
        records: list[float] = []
        game_ids = [
            await _log_game(storage, SEAT_COUNTS[i % len(SEAT_COUNTS)], 500 + i, records)
            for i in range(games)
        ]
        reads: list[float] = []
        replays: list[float] = []
        for game_id in game_ids:
            r, p = await _replay(storage, game_id, replay_runs)
            reads += r
            replays += p
    finally:
        await storage.close()
    return StorageResult(
        _journal_mode(path), Summary.of(records), Summary.of(reads), Summary.of(replays), len(records) / games
    )


def run(directory: Path, games: int, replay_runs: int) -> StorageResult:
    return asyncio.run(run_async(directory, games, replay_runs))


def report(result: StorageResult, fs: str) -> str:
    per_game = result.actions_per_game
    rows = [
        [
            "record_action (1 move, committed + fsynced)",
            str(result.record.n),
            ms(result.record.median_ms),
            ms(result.record.p95_ms),
        ],
        [
            f"read a whole game's log ({per_game:.0f} actions)",
            str(result.read_log.n),
            ms(result.read_log.median_ms),
            ms(result.read_log.p95_ms),
        ],
        [
            "replay it: setup + apply every action",
            str(result.replay.n),
            ms(result.replay.median_ms),
            ms(result.replay.p95_ms),
        ],
    ]
    title = f"Storage (SQLite file, journal_mode={result.journal_mode}, synchronous=FULL, on {fs}; ms)"
    return title + "\n\n" + table(["operation", "n", "median", "p95"], rows)
