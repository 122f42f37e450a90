"""The fuzz soak: each game played by the fuzzer for a number of clicks, with every check on.

Problems are counted, not raised, so one soak reports everything it met. Per game: games
finished (of started), clicks, errors, unacknowledged interactions, the slowest step (real wall
time of one click, command, restart or wait, including everything it set off) and the process's
resident memory after the game's run and at its peak. The slowest step may be a wait that
fires countdowns or a restart; the slowest click is one interaction until the bot settled.
"""

from __future__ import annotations

import asyncio
import resource
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import simcord

from bench.fuzz import SEATS, Stats, fuzz_games
from bench.stats import table
from bot.app import create_bot
from bot.core.config import Config

BUDGET = 2500  # steps one game may take before it counts as stuck


@dataclass
class Soak:
    slug: str
    stats: Stats
    seconds: float
    rss_mib: float
    peak_mib: float


def rss_mib() -> float:
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


async def soak_game(directory: Path, slug: str, clicks: int, seed: int) -> Soak:
    settings = Config(token=None, db_path=str(directory / f"fuzz-{slug}.sqlite3"), dev_guild_id=None)
    start = time.perf_counter()
    async with simcord.run(create_bot(settings), check_errors=False) as env:
        await env.bot.tree.sync()
        stats = await fuzz_games(
            env, lambda: create_bot(settings), slug, seed=seed, budget=BUDGET, clicks=clicks, strict=False
        )
        await env.bot.close()  # the last bot's storage, so the process can exit
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return Soak(slug, stats, time.perf_counter() - start, rss_mib(), peak)


def run(directory: Path, clicks: int, seed: int = 1) -> list[Soak]:
    soaks = []
    for slug in SEATS:
        soaks.append(asyncio.run(soak_game(directory, slug, clicks, seed)))
        print(report(soaks[-1:], clicks).split("\n\n")[2], file=sys.stderr, flush=True)  # progress
    return soaks


def report(soaks: list[Soak], clicks: int) -> str:
    rows = []
    for s in soaks:
        st = s.stats
        rows.append(
            [
                s.slug,
                f"{st.games_finished} of {st.games_started}",
                str(st.clicks),
                str(len(st.errors)),
                str(st.unacknowledged),
                f"{st.slowest_click * 1000:.0f} ms",
                st.slowest_click_what[:48],
                f"{st.slowest * 1000:.0f} ms",
                f"{s.rss_mib:.0f} / {s.peak_mib:.0f} MiB",
                f"{s.seconds:.0f} s",
            ]
        )
    text = (
        f"## Fuzz soak: about {clicks} clicks per game\n\n"
        "Random members click what they can see (seated or not, old panels too), run /game "
        "commands, wait, restart the bot, close DMs and type into forms; every check runs after "
        "every step.\n\n"
    )
    text += table(
        [
            "game",
            "finished",
            "clicks",
            "errors",
            "unacknowledged",
            "slowest click",
            "slowest click was",
            "slowest step",
            "RSS now / peak",
            "wall",
        ],
        rows,
        align="lrrrrrlrrr",
    )
    problems = [f"- {s.slug}: {e.splitlines()[0][:200]}" for s in soaks for e in s.stats.errors[:5]]
    if problems:
        text += "\n\nFirst problems:\n" + "\n".join(problems)
    return text
