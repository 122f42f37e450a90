"""Processes racing to open the same tournament round on one PostgreSQL database: they all pair it
alike (the pairing is a function of what is stored and the stored seed), exactly one opens it,
and each table gets exactly one game whichever process makes it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from bot.i18n import Language
from bot.storage.postgres import PostgresStorage

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3
PLAYERS = 9


def race(url: str, tournament_id: int) -> list[dict]:
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.shards.tournament_worker", url, str(tournament_id)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    for worker in workers:
        assert worker.stdout is not None and worker.stderr is not None
        ready = worker.stdout.readline()
        assert ready, worker.stderr.read()[-3000:]
    start_at = time.time() + 0.5
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(f"{start_at}\n")
        worker.stdin.flush()
    results = []
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err[-3000:]
        results.append(json.loads(out.splitlines()[-1]))
    return results


async def test_two_rounds_raced_by_three_processes(postgres_url: str) -> None:
    storage = await PostgresStorage.open(postgres_url)
    try:
        t = await storage.create_tournament(
            guild_id=1,
            channel_id=2,
            organiser_id=3,
            organiser_name="org",
            game="star-gazers",
            options={},
            seats=3,
            format="swiss",
            rounds=2,
            pace=0,
            round_seconds=3600.0,
            language=Language.ENGLISH,
            role_id=None,
            signup_closes=0.0,
            seed=12345,
        )
        for user in range(100, 100 + PLAYERS):
            await storage.enter_tournament(t.id, user, f"p{user}", float(user))
        for round_no in (1, 2):
            results = await asyncio.to_thread(race, postgres_url, t.id)
            assert sorted(r["opened"] for r in results) == [False] * (PROCESSES - 1) + [True]
            alike = {json.dumps(r["pairings"]) for r in results if r["after"] == round_no - 1}
            assert len(alike) == 1, "every process that saw the same round pairs it alike"
            assert all(r["after"] in (round_no - 1, round_no) for r in results)
            tables = [x for x in await storage.tournament_tables(t.id) if x.round_no == round_no]
            assert len(tables) == PLAYERS // 3 and all(x.status == "playing" for x in tables)
            made = Counter(table for r in results for table, _game in r["made"])
            assert made == Counter({x.id: 1 for x in tables}), "one game per table"
            assert {x.game_id for x in tables} == {game for r in results for _t, game in r["made"]}
            for position, table in enumerate(tables):  # each table ends, so the next round can open
                places = [1 + (i + position) % 3 for i in range(3)]
                assert await storage.finish_table(table.id, places, [3 - p for p in places])
            assert await storage.close_round(t.id, round_no)
        t = await storage.tournament(t.id)
        assert t.round_no == 2
        games = await storage.game_counts()
        assert sum(n for _title, _status, n in games) == 2 * (PLAYERS // 3), "no game made twice"
    finally:
        await storage.close()
