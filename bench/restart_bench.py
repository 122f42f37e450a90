"""Restart at scale: re-arming 10,000 or 100,000 paced games on SQLite and PostgreSQL.

``python -m bench.restart_bench --games 100000`` (``--backend sqlite`` or ``postgres``; both by
default). The set-up makes one real paced game of 4 seats through the storage API, then copies
its rows in bulk (one transaction, plain SQL), so 100,000 games take seconds to store instead of
an hour of one-by-one writes. Every seat owes the first decision, as after ``start``; the games'
paces cycle through 1, 12, 24 and 72 hours and each step opened at a different moment of its pace,
so the stored deadlines and reminders spread over the days ahead as a running bot's do (a reminder
already sent has left its row). The restart is then timed in a fresh process as ``on_ready`` runs
it (``bench.shards_bench.arm_only``: ``rearm_all``, and ``Pacer.arm_stored`` alone).

PostgreSQL is a throwaway cluster (``tests.postgres_server``), or ``ASTROLABE_BENCH_POSTGRES``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from bench.postgres import fresh_schema, server
from bench.shards_bench import _in_process
from bench.stats import table
from bot.games import get_game
from bot.storage.open import open_storage

SLUG = "sky-of-stars"
SEATS = 4
PACES = (3600, 12 * 3600, 24 * 3600, 72 * 3600)


def deadline_rows(game_ids: list[int], now: float) -> list[dict[str, Any]]:
    """Each game's 4 deadline rows, spread over its pace (deterministic: the game id is the draw)."""
    rows = []
    for game_id in game_ids:
        pace = PACES[game_id % len(PACES)]
        opened = now - (game_id * 7919 % 1000) / 1000 * pace * 0.95
        due = opened + pace
        reminders = [when for when in (opened + pace / 2, due - 600) if when > now]
        for seat in range(SEATS):
            rows.append(
                {
                    "game_id": game_id,
                    "seat": seat,
                    "decision": 1,
                    "opened_at": opened,
                    "due_at": due,
                    "reminders": json.dumps(reminders),
                    "next_at": min([due, *reminders]),
                }
            )
    return rows


async def _template(target: str) -> None:
    """One real paced game, started: the rows the copies are made of."""
    game = get_game(SLUG)
    storage = await open_storage(target)
    try:
        record = await storage.create_lobby(
            game=SLUG,
            guild_id=1,
            channel_id=10_000_000,
            host_id=10_000_000,
            host_name="p0",
            options={},
            pace=3600,
        )
        for seat in range(1, SEATS):
            await storage.add_seat(record.id, 10_000_000 + seat, f"p{seat}")
        await storage.start(record.id, seed=1, state=game.setup(SEATS, {}, 1))
    finally:
        await storage.close()


def _copies(games: dict[str, Any], seats: list[dict[str, Any]], count: int) -> tuple[list, list]:
    game_rows, seat_rows = [], []
    for game_id in range(2, count + 1):
        game_rows.append(
            {**games, "id": game_id, "channel_id": 10_000_000 + game_id, "pace": PACES[game_id % len(PACES)]}
        )
        for seat in seats:
            seat_rows.append(
                {**seat, "game_id": game_id, "user_id": 10_000_000 + game_id * SEATS + seat["seat"]}
            )
    return game_rows, seat_rows


def _insert(table_name: str, columns: list[str], style: str) -> str:
    if style == "sqlite":
        values = ", ".join(f":{c}" for c in columns)
    else:
        values = ", ".join(f"${i + 1}" for i in range(len(columns)))
    return f"INSERT INTO {table_name} ({', '.join(columns)}) VALUES ({values})"


def _fill_sqlite(path: str, count: int) -> None:
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    try:
        games = dict(db.execute("SELECT * FROM games WHERE id = 1").fetchone())
        seats = [dict(row) for row in db.execute("SELECT * FROM seats WHERE game_id = 1")]
        deadline_columns = [row[1] for row in db.execute("PRAGMA table_info(deadlines)")]
        game_rows, seat_rows = _copies(games, seats, count)
        with db:
            db.execute("UPDATE games SET pace = :pace WHERE id = 1", {"pace": PACES[1]})
            db.executemany(_insert("games", list(games), "sqlite"), game_rows)
            db.executemany(_insert("seats", list(seats[0]), "sqlite"), seat_rows)
            rows = deadline_rows(list(range(1, count + 1)), time.time())  # timed from the end of the set-up
            db.executemany(_insert("deadlines", deadline_columns, "sqlite"), rows)
        # A running bot's statistics are current (``PRAGMA optimize`` as it closes): without them
        # SQLite would plan for the one game the template left.
        db.execute("ANALYZE")
    finally:
        db.close()


async def _fill_postgres(url: str, count: int) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        games = dict(await conn.fetchrow("SELECT * FROM games WHERE id = 1"))
        seats = [dict(row) for row in await conn.fetch("SELECT * FROM seats WHERE game_id = 1")]
        deadline_columns = [
            row[0]
            for row in await conn.fetch(
                "SELECT column_name FROM information_schema.columns "
                "WHERE table_name = 'deadlines' AND table_schema = current_schema() ORDER BY ordinal_position"
            )
        ]
        game_rows, seat_rows = _copies(games, seats, count)
        async with conn.transaction():
            await conn.execute("UPDATE games SET pace = $1 WHERE id = 1", PACES[1])
            for name, columns, many in (
                ("games", list(games), game_rows),
                ("seats", list(seats[0]), seat_rows),
                ("deadlines", deadline_columns, deadline_rows(list(range(1, count + 1)), time.time())),
            ):
                await conn.copy_records_to_table(
                    name, records=[[r[c] for c in columns] for r in many], columns=columns
                )
            await conn.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), $1)", count)
        await conn.execute("VACUUM ANALYZE")  # as autovacuum leaves a running bot's tables
    finally:
        await conn.close()


def restart(target: str, backend: str, count: int) -> dict[str, float]:
    """Store ``count`` paced games at ``target`` and time a fresh process's restart on them."""
    began = time.perf_counter()
    asyncio.run(_template(target))
    if backend == "sqlite":
        _fill_sqlite(target, count)
    else:
        asyncio.run(_fill_postgres(target, count))
    setup = time.perf_counter() - began
    return {**_in_process("arm", target), "setup_seconds": setup, "deadline_rows": count * SEATS}


def run(counts: list[int], backends: list[str]) -> dict[str, dict[int, dict[str, float]]]:
    results: dict[str, dict[int, dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="astrolabe-restart-") as directory, ExitStack() as stack:
        url = stack.enter_context(server()) if "postgres" in backends else ""
        for backend in backends:
            for count in counts:
                if backend == "sqlite":
                    target = str(Path(directory) / f"restart_{count}.sqlite3")
                else:
                    target = asyncio.run(fresh_schema(url, f"restart_{count}"))
                results.setdefault(backend, {})[count] = restart(target, backend, count)
    return results


def report(results: dict[str, dict[int, dict[str, float]]]) -> str:
    rows = [
        [
            backend,
            f"{count:,}",
            f"{r['deadline_rows']:,}",
            f"{int(r['jobs']):,}",
            f"{r['resume_seconds']:.2f}",
            f"{r['resume_cpu']:.2f}" + ("" if r.get("server_cpu") is None else f" + {r['server_cpu']:.2f}"),
            f"{r['arm_seconds']:.2f}",
            f"{r['setup_seconds']:.0f}",
        ]
        for backend, by_count in results.items()
        for count, r in by_count.items()
    ]
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"Restart: paced games re-armed by a fresh process (load average {load})\n\n" + table(
        [
            "backend",
            "games",
            "deadline rows",
            "jobs armed",
            "rearm_all s",
            "rearm_all CPU s (bot + server)",
            "arm_stored s",
            "set-up s",
        ],
        rows,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, action="append", help="paced games (repeatable; 10,000 and 100,000)"
    )
    parser.add_argument("--backend", choices=("sqlite", "postgres"), action="append")
    args = parser.parse_args()
    print(report(run(args.games or [10_000, 100_000], args.backend or ["sqlite", "postgres"])))


if __name__ == "__main__":
    main()
