"""Several OS processes apply moves of the same games at once on one PostgreSQL database, each
through the production move core (``bot.core.moves``, see ``tests.shards.worker``):
simultaneous lock-ins by different seats, the same click from every process, deadlines due
together. Every acknowledged move is logged exactly once, the log replays to the stored state,
and every deadline fires once."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from bot.storage.postgres import PostgresStorage
from tests.shards import lockin_game

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3
SEATS = 3
ROUNDS = 4


async def make_games(storage: PostgresStorage, count: int, *, deadline_at: float | None) -> list[int]:
    ids = []
    for index in range(count):
        lobby = await storage.create_lobby(
            game="lockin", guild_id=1, channel_id=100 + index, host_id=10, host_name="p10", options={}
        )
        for seat in range(1, SEATS):
            await storage.add_seat(lobby.id, 10 + seat, f"p{10 + seat}")
        await storage.start(lobby.id, seed=index, state=lockin_game.setup(SEATS), deadline_at=deadline_at)
        ids.append(lobby.id)
    return ids


def run_workers(url: str, plans: list[dict]) -> list[list[dict]]:
    """Start the processes, wait until each has connected and armed its timers, then let them
    all click at once."""
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.shards.worker", url, json.dumps(plan)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for plan in plans
    ]
    for worker in workers:
        assert worker.stdout is not None and worker.stderr is not None
        ready = worker.stdout.readline()
        assert ready, worker.stderr.read()[-3000:]
        assert json.loads(ready)["event"] == "ready"
    start_at = time.time() + 0.5
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(f"{start_at}\n")
        worker.stdin.flush()
    outputs = []
    for worker in workers:
        out, err = worker.communicate(timeout=240)
        assert worker.returncode == 0, err[-3000:]
        outputs.append([json.loads(line) for line in out.splitlines()])
    return outputs


async def test_processes_racing_on_the_same_games(postgres_url: str) -> None:
    storage = await PostgresStorage.open(postgres_url)
    try:
        click_games = await make_games(storage, 4, deadline_at=None)
        deadline_at = time.time() + 6
        deadline_games = await make_games(storage, 6, deadline_at=deadline_at)
        orders = [list(range(SEATS)), list(reversed(range(SEATS))), [1, 0, 2]]
        plans = [
            {
                "click_games": click_games,
                "deadline_games": deadline_games,
                "rounds": ROUNDS,
                "seats": orders[index % len(orders)],
                "deadline_at": deadline_at,
            }
            for index in range(PROCESSES)
        ]
        outputs = await asyncio.to_thread(run_workers, postgres_url, plans)
        events = [event for output in outputs for event in output]
        assert [output[-1]["event"] for output in outputs] == ["done"] * PROCESSES

        acks = [event for event in events if event["event"] == "ack" and event["key"] is not None]
        # Every click was sent by every process; each is acknowledged exactly once.
        assert Counter(event["key"] for event in acks) == Counter(
            f"{game}:{seat}:{round_}"
            for game in click_games
            for seat in range(SEATS)
            for round_ in range(ROUNDS)
        )
        # The games really were shared: more than one process acknowledged moves of them.
        assert sum(1 for output in outputs if any(e["event"] == "ack" for e in output)) > 1
        for game_id in click_games:
            record = await storage.load(game_id)
            log = await storage.actions(game_id)
            assert [a.seq for a in log] == list(range(1, record.version + 1))
            assert record.version == SEATS * ROUNDS
            assert lockin_game.replay(SEATS, [(a.seat, a.action) for a in log]) == record.state
            assert record.state["round"] == ROUNDS
            acked = {(e["key"], e["version"]) for e in acks if e["game"] == game_id}
            assert {(a.action and f"{game_id}:{a.seat}:{a.action['round']}", a.seq) for a in log} == acked

        fired = [event for event in events if event["event"] == "fired"]
        assert sorted(event["game"] for event in fired) == sorted(deadline_games)
        assert {event["result"] for event in fired} == {"applied"}
        for game_id in deadline_games:
            log = await storage.actions(game_id)
            assert [a.action for a in log] == [{"kind": "timeout"}]
            assert (await storage.load(game_id)).state["timeouts"] == 1
    finally:
        await storage.close()
