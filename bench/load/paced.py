"""The paced games beside the live tables: thousands of slow games whose timers are armed.

Each game (the four titles in turn) has just started and every seat that owes the first decision
has a stored deadline, as ``Pacer.deadlines`` writes them. To make the timers come due during the
run at the rate a steady population of such games would, each seat's decision opened at a random
moment of the last ``pace`` seconds: its deadline falls somewhere in the next ``pace`` seconds,
and only the reminders still ahead are pending. With 10,000 games at a 12-hour pace that is
about one deadline and two reminders a second across the process (or processes).

The games sit in a few shared channels and seat a pool of players, who exist in the simulated
Discord of every process (``bench.load.live.SharedIds``), so whichever process fires a timer can
post the reminder or the bot's move.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from bot.core.quiet import QuietHours, reminder_times
from bot.games import get_game
from bot.storage import Deadline
from bot.storage.tables import next_at

TITLES = {"sky-of-stars": 4, "observatory": 3, "starry-night-sky": 3, "star-gazers": 3}
OPTIONS = {"sky-of-stars": {"countdown": 30, "reveal_pause": 6}, "observatory": {"first_game": 0}}


@dataclass(frozen=True)
class Paced:
    game_id: int
    decision: int
    waiting: tuple[int, ...]


async def create(
    storage: Any, count: int, guild_id: int, channels: list[int], players: list[int], pace: int
) -> list[Paced]:
    """``count`` paced games, started, without deadlines yet (``deadlines`` writes them)."""
    made: list[Paced] = []
    titles = list(TITLES)

    async def one(index: int) -> None:
        slug = titles[index % len(titles)]
        game, seats = get_game(slug), TITLES[slug]
        users = [players[(index * seats + s) % len(players)] for s in range(seats)]
        record = await storage.create_lobby(
            game=slug,
            guild_id=guild_id,
            channel_id=channels[index % len(channels)],
            host_id=users[0],
            host_name="p0",
            options=OPTIONS.get(slug, {}),
            pace=pace,
        )
        for seat in range(1, seats):
            await storage.add_seat(record.id, users[seat], f"p{seat}")
        state = game.setup(seats, OPTIONS.get(slug, {}), index)
        await storage.start(record.id, seed=index, state=state)
        made.append(Paced(record.id, game.decision_id(state), tuple(game.to_act(state))))

    batch = 20 if getattr(storage, "shared", False) else 1
    for first in range(0, count, batch):
        await asyncio.gather(*(one(i) for i in range(first, min(first + batch, count))))
    return made


def deadlines(games: list[Paced], pace: int, now: float, seed: int = 5) -> list[Deadline]:
    """Every waiting seat's deadline, opened at a random moment of the last ``pace`` seconds."""
    rng = random.Random(seed)
    awake = QuietHours()
    out = []
    for game in games:
        for seat in game.waiting:
            opened = now - rng.uniform(0, pace)
            ahead = [r for r in reminder_times(opened, pace, awake) if r > now]
            out.append(Deadline(game.game_id, seat, game.decision, opened, opened + pace, ahead))
    return out


async def store_deadlines(storage: Any, target: str, rows: list[Deadline]) -> None:
    """Write the deadlines: through the storage on PostgreSQL, in one transaction on SQLite (the
    bench's set-up, not the bot's work, so it needn't be 10,000 commits)."""
    if storage is not None and getattr(storage, "shared", False):
        by_game: dict[int, list[Deadline]] = {}
        for row in rows:
            by_game.setdefault(row.game_id, []).append(row)
        items = list(by_game.items())
        for first in range(0, len(items), 50):
            await asyncio.gather(*(storage.set_deadlines(g, d) for g, d in items[first : first + 50]))
        return
    with sqlite3.connect(target, timeout=60) as db:
        db.execute("DELETE FROM deadlines")
        db.executemany(
            "INSERT INTO deadlines (game_id, seat, decision, opened_at, due_at, reminders, next_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (d.game_id, d.seat, d.decision, d.opened_at, d.due_at, json.dumps(d.reminders), next_at(d))
                for d in rows
            ],
        )


def save(path: str, games: list[Paced]) -> None:
    with open(path, "w") as out:
        json.dump([[g.game_id, g.decision, list(g.waiting)] for g in games], out)


def load(path: str) -> list[Paced]:
    with open(path) as source:
        return [Paced(g, d, tuple(w)) for g, d, w in json.load(source)]


def due_per_second(games: list[Paced], pace: int) -> float:
    """Timed jobs (deadlines and reminders) coming due per second on average."""
    return sum(len(g.waiting) for g in games) * 3 / pace


def now() -> float:
    return time.time()
