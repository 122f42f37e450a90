"""The fuzz soak: each game played by the fuzzer for a number of clicks, with every check on.

Problems are counted, not raised, so one soak reports everything it met. A title's clicks are
played in parts, each in a fresh SimCord world with its own database and seed, because SimCord
keeps every message and image of its world in memory: a part of a few thousand clicks stays
under a gigabyte. Within a part, games follow one another until the part's clicks are reached,
so every part ends on a finished game. Per title: games finished (of started), clicks, errors,
unacknowledged interactions, clicks per second, the slowest click and step (real wall time of
one click, command, restart or wait, including everything it set off) and the resident memory
after the last part and at the process's peak.
"""

from __future__ import annotations

import asyncio
import math
import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import simcord

from bench.fuzz import SEATS, Stats, fuzz_games
from bench.stats import table
from bot.app import create_bot
from bot.core.config import Config

BUDGET = 2500  # steps one game may take before it counts as stuck
PART = 2500  # clicks per part (a fresh world each)
# How long SimCord waits (real seconds) for the bot to settle after a step. Its 5 s default is
# for tests; a soak run at low priority beside other work can be starved of the CPU for longer
# than that, and a step cut off mid-way would be counted as the bot's fault. The slowest step is
# reported, so a really slow one still shows.
SETTLE = 120.0


@dataclass
class Soak:
    slug: str
    stats: Stats
    seconds: float
    rss_mib: float
    peak_mib: float
    parts: int = 1
    part_lines: list[str] = field(default_factory=list)

    @property
    def clicks_per_second(self) -> float:
        return self.stats.clicks / self.seconds if self.seconds else 0.0


def rss_mib() -> float:
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


async def soak_game(
    directory: Path, slug: str, clicks: int, seed: int, part: int = 0, settle: float = SETTLE
) -> Soak:
    """One part: a fresh world and database, games played until ``clicks`` clicks."""
    db = directory / f"fuzz-{slug}-{part}.sqlite3"
    settings = Config(token=None, db_path=str(db), dev_guild_id=None)
    start = time.perf_counter()

    def clock() -> float:
        return time.perf_counter() - start

    bot = create_bot(settings)
    async with simcord.run(bot, check_errors=False, settle_timeout=settle) as env:
        await bot.tree.sync()
        stats = await fuzz_games(
            env,
            lambda: create_bot(settings),
            slug,
            seed=seed,
            budget=BUDGET,
            clicks=clicks,
            strict=False,
            after_game=lambda st: print(
                progress(f"{slug} part {part + 1}, game {st.games_started}", Soak(slug, st, clock(), 0, 0)),
                file=sys.stderr,
                flush=True,
            ),
        )
        await env.bot.close()  # the last bot's storage, so the process can exit
    for path in directory.glob(f"{db.name}*"):  # the part's database is not needed any more
        path.unlink()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return Soak(slug, stats, time.perf_counter() - start, rss_mib(), peak)


def merge(into: Stats, part: Stats) -> None:
    """Add one part's figures to a title's."""
    for name in ("games_started", "games_finished", "clicks", "steps", "commands", "restarts", "forms"):
        setattr(into, name, getattr(into, name) + getattr(part, name))
    into.unacknowledged += part.unacknowledged
    into.leaks += part.leaks
    into.errors.extend(part.errors)
    into.slow.extend(part.slow)
    if part.slowest > into.slowest:
        into.slowest, into.slowest_what = part.slowest, part.slowest_what
    if part.slowest_click > into.slowest_click:
        into.slowest_click, into.slowest_click_what = part.slowest_click, part.slowest_click_what


def progress(label: str, soak: Soak) -> str:
    st = soak.stats
    memory = f", RSS {soak.rss_mib:.0f} / {soak.peak_mib:.0f} MiB" if soak.peak_mib else ""
    return (
        f"{label}: {st.clicks} clicks, {st.games_finished} of {st.games_started} games finished, "
        f"{len(st.errors)} errors, {st.unacknowledged} unacknowledged, {st.leaks} leaks, "
        f"{soak.clicks_per_second:.1f} clicks/s, {soak.seconds:.0f} s wall{memory}"
    )


def soak_title(
    directory: Path, slug: str, clicks: int, seed: int = 1, part: int = PART, settle: float = SETTLE
) -> Soak:
    """``clicks`` clicks of one title, in parts of about ``part`` clicks. A part that breaks off
    (an exception out of the fuzzer itself) is counted as an error and the next part goes on."""
    parts = max(1, math.ceil(clicks / part))
    total = Soak(slug, Stats(), 0.0, 0.0, 0.0, parts=0)
    for index in range(parts):
        wanted = min(part, clicks - total.stats.clicks)
        if wanted <= 0:
            break
        started = time.perf_counter()
        try:
            done = asyncio.run(soak_game(directory, slug, wanted, seed * 1000 + index, index, settle))
        except Exception as error:  # noqa: BLE001 - the soak reports everything it met
            broken = Stats(errors=[f"part {index + 1} broke off: {type(error).__name__}: {error}"])
            done = Soak(slug, broken, time.perf_counter() - started, rss_mib(), 0.0)
        merge(total.stats, done.stats)
        total.seconds += done.seconds
        total.rss_mib, total.peak_mib = done.rss_mib, max(total.peak_mib, done.peak_mib)
        total.parts += 1
        line = progress(f"{slug} part {index + 1} of {parts}", done)
        total.part_lines.append(line)
        print(line, file=sys.stderr, flush=True)
        for problem in done.stats.errors[:5]:
            print(f"  problem: {problem.splitlines()[0][:300]}", file=sys.stderr, flush=True)
    print(progress(f"{slug} total", total), file=sys.stderr, flush=True)
    return total


def run(
    directory: Path,
    clicks: int,
    seed: int = 1,
    titles: list[str] | None = None,
    part: int = PART,
    settle: float = SETTLE,
) -> list[Soak]:
    return [soak_title(directory, slug, clicks, seed, part, settle) for slug in (titles or list(SEATS))]


def report(soaks: list[Soak], clicks: int) -> str:
    rows = []
    for s in soaks:
        st = s.stats
        rows.append(
            [
                s.slug,
                str(s.parts),
                f"{st.games_finished} of {st.games_started}",
                str(st.clicks),
                str(len(st.errors)),
                str(st.unacknowledged),
                f"{s.clicks_per_second:.1f}",
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
            "parts",
            "finished",
            "clicks",
            "errors",
            "unacknowledged",
            "clicks/s",
            "slowest click",
            "slowest click was",
            "slowest step",
            "RSS now / peak",
            "wall",
        ],
        rows,
        align="lrrrrrrrlrrr",
    )
    problems = [f"- {s.slug}: {e.splitlines()[0][:200]}" for s in soaks for e in s.stats.errors[:5]]
    if problems:
        text += "\n\nFirst problems:\n" + "\n".join(problems)
    return text
