"""One bot process of the load bench: ``python -m bench.load.worker PLAN_JSON`` prints its figures
as one JSON line.

The real bot (``create_bot``) runs in SimCord switched to real time (``bench.load.live``). Its
world: one guild; the paced games' channels and players (the same ids in every process); one
channel per live table. Process 0 writes the paced games (or copies them from a template) and
their deadlines, then every process arms the stored timers as ``on_ready`` does
(``GameService.rearm_all``), opens its live tables and, once all processes are ready, warms up for
``warmup`` seconds or until every table sat down, whichever is later, then measures ``duration``
seconds.
"""

from __future__ import annotations

import asyncio
import cProfile
import json
import logging
import math
import os
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import simcord

from bench.load import measure, paced
from bench.load.live import SharedIds, go_live, start_at_wall_clock, tag_snowflakes, timers_cause_themselves
from bench.load.tables import LOBBY_WAIT, Log, Table, until
from bot.app import create_bot
from bot.core.config import Config
from bot.ops import heap
from bot.ops.metrics import use
from bot.storage.open import open_storage
from bot.tell.scheduler import ClientAlarm, PollAlarm
from bot.ui.painter import painter

PACED_CHANNELS = 40
PACED_PLAYERS = 400
PROFILE_VARIABLE = "ASTROLABE_LOAD_PROFILE"
OPENING_GRACE = 2 * LOBBY_WAIT + 30  # the longest an opening takes: /play twice, then the start
SHARED_AT = 1_500_000_000.0  # 2017: the millisecond the shared ids are drawn in


@dataclass(frozen=True)
class Plan:
    target: str  # SQLite file or PostgreSQL URL
    process: int
    processes: int
    tables: int  # live tables in this process
    first_table: int
    paced: int
    pace: int
    warmup: float
    duration: float
    think: tuple[float, float]
    folder: str  # barrier files and the paced games' list
    template: str | None = None  # SQLite: a copy of the paced games made before


async def _paced_games(bot: Any, plan: Plan, ids: dict[str, Any]) -> tuple[float, float]:
    """Process 0: the paced games and fresh deadlines; returns (jobs due per second, set-up s)."""
    began = time.perf_counter()
    listing = Path(plan.folder, "paced.json")
    if listing.exists():
        games = paced.load(str(listing))
    else:
        games = await paced.create(
            bot.storage, plan.paced, ids["guild"], ids["channels"], ids["players"], plan.pace
        )
        paced.save(str(listing), games)
        if plan.template:
            with sqlite3.connect(plan.target) as source, sqlite3.connect(plan.template) as copy:
                source.backup(copy)
    await paced.store_deadlines(bot.storage, plan.target, paced.deadlines(games, plan.pace, time.time()))
    return paced.due_per_second(games, plan.pace), time.perf_counter() - began


async def _barrier(plan: Plan, name: str) -> None:
    Path(plan.folder, f"{name}-{plan.process}").write_text("ok")
    names = [Path(plan.folder, f"{name}-{p}") for p in range(plan.processes)]
    if await until(lambda: all(n.exists() for n in names), 1800, 0.2) is None:
        raise TimeoutError(f"the other processes never reached {name!r}")


def _profiler() -> cProfile.Profile | None:
    """With ``ASTROLABE_LOAD_PROFILE=FILE``: the event loop's CPU time per function over the
    measured window (``time.thread_time``, so time spent waiting for the machine is left out)."""
    if not os.environ.get(PROFILE_VARIABLE):
        return None
    profile = cProfile.Profile(time.thread_time)
    profile.enable()
    return profile


async def _start(env: Any) -> None:
    """``env.start()`` with SimCord's start-up settling allowed two minutes instead of 5 s: on a
    busy machine, opening the database and re-arming thousands of games can take longer."""
    settle = env._settle_internal

    async def patient(**options: Any) -> None:
        await settle(**{**options, "timeout": 120.0})

    env._settle_internal = patient
    try:
        await env.start()
    finally:
        env._settle_internal = settle


async def _observer(target: str) -> Any:
    """The bench's own connection to the database, so that its reads (is the game still on?)
    never queue behind the bot's; its thread is named apart from the bot's database thread."""
    before = set(threading.enumerate())
    storage = await open_storage(target)
    for thread in set(threading.enumerate()) - before:
        thread.name = "bench-observer"
    return storage


async def work(plan: Plan) -> dict[str, Any]:
    shared = plan.target.startswith("postgres")
    bot = create_bot(
        Config(
            token=None,
            db_path=plan.target,
            dev_guild_id=None,
            timer_poll=10 if shared else 0,
            steady_heap=True,  # as ``python -m bot`` runs it
        )
    )
    env = simcord.Env(bot, check_errors=False, settle_timeout=60)
    start_at_wall_clock(env)
    await bot.open_storage()
    listing = Path(plan.folder, "paced.json")
    copied = plan.process == 0 and listing.exists()  # the paced games are there already
    if copied:  # their deadlines, before the bot starts: on_ready arms them, as at a restart
        games = paced.load(str(listing))
        await paced.store_deadlines(None, plan.target, paced.deadlines(games, plan.pace, time.time()))
    await _start(env)
    result: dict[str, Any] = {"process": plan.process}
    try:
        await bot.tree.sync()
        with SharedIds(env, SHARED_AT):
            guild = env.create_guild()
            channels = [guild.create_text_channel(f"paced-{i}") for i in range(PACED_CHANNELS)]
            players = [guild.add_member(env.create_user(f"paced-{i}")) for i in range(PACED_PLAYERS)]
        ids = {"guild": guild.id, "channels": [c.id for c in channels], "players": [p.id for p in players]}
        tag_snowflakes(env, plan.process)
        stamps = go_live(env)
        timers_cause_themselves(bot.service.pacer.scheduler)  # a timer's edits are no click's follow-up
        bot.dispatch(ClientAlarm.EVENT)  # the waits begun under SimCord's clock now run on the wall's
        bot.dispatch(PollAlarm.EVENT)
        use(bot.metrics)
        taps = measure.Taps(bot.metrics)
        shared_ids = Path(plan.folder, "ids.json")
        if copied:
            result["jobs_per_second"] = paced.due_per_second(games, plan.pace)
            shared_ids.write_text(json.dumps(ids))
        elif plan.process == 0:
            result["jobs_per_second"], result["paced_setup_seconds"] = await _paced_games(bot, plan, ids)
            shared_ids.write_text(json.dumps(ids))
        await _barrier(plan, "paced")
        if json.loads(shared_ids.read_text()) != ids:
            raise AssertionError("the paced games' players and channels have other ids in this process")
        if not copied:  # the games came after on_ready: arm their timers as it does
            began = time.perf_counter()
            result["games_resumed"] = await bot.service.rearm_all()
            result["rearm_seconds"] = time.perf_counter() - began
            heap.steady()  # as on_ready does after arming them
        result["jobs_armed"] = len(bot.service.pacer.scheduler)
        log_ = Log()
        observer = await _observer(plan.target)
        tables = [
            Table(env, guild, plan.first_table + i, plan.think, log_, stamps, observer)
            for i in range(plan.tables)
        ]
        await _barrier(plan, "ready")

        probe = measure.LagProbe()
        probe.start()
        warmed = time.perf_counter() + plan.warmup
        spread = plan.warmup / 2 / max(1, len(tables))
        # The tables play until told to stop (``Table.stopping``, after the measured window).
        playing = [asyncio.create_task(t.run(math.inf, i * spread)) for i, t in enumerate(tables)]
        await asyncio.sleep(max(0.0, warmed - time.perf_counter()))
        # The window opens once every table sat down (or failed to), so a busy machine's slow
        # first openings make a longer warm-up, not a window with fewer tables playing.
        await until(lambda: log_.games_opened + log_.open_failures >= len(tables), OPENING_GRACE, every=0.25)
        start = time.perf_counter()
        end = start + plan.duration
        taps.clear()
        probe.lags.clear()
        collector = measure.GcMeter()
        collector.start()
        profile = _profiler()
        threads_before, cpu_before, moves_before = (
            measure.thread_times(),
            os.times(),
            sum(t.moves for t in tables),
        )
        painted_before = painter().worker_cpu_seconds
        cache_before = (painter().cache_hits, painter().cache_misses)
        requests_before = stamps.requests
        await asyncio.sleep(max(0.0, end - time.perf_counter()))
        collected = collector.stop()
        if profile is not None:
            profile.disable()
            profile.dump_stats(os.environ[PROFILE_VARIABLE])
        threads_after, cpu_after, moves_after = (
            measure.thread_times(),
            os.times(),
            sum(t.moves for t in tables),
        )
        # pictures drawn in worker processes (``bot.ui.painter``): their CPU, as the workers report it
        painted = painter().worker_cpu_seconds - painted_before
        cache_hits = painter().cache_hits - cache_before[0]
        cache_misses = painter().cache_misses - cache_before[1]
        cpu_groups = measure.cpu_by_group(threads_before, threads_after)
        cpu_groups[measure.PICTURES] = cpu_groups.get(measure.PICTURES, 0.0) + painted
        wall = time.perf_counter() - start
        rss, peak = measure.rss_mib()
        requests = stamps.requests - requests_before
        for table in tables:
            table.stopping = True
        await asyncio.wait(playing, timeout=20)
        if log_.opening:  # a game still sitting down is waited for, not counted as neither
            await asyncio.wait(playing, timeout=OPENING_GRACE)
        probe.stop()
        await bot.service.wait_idle(10)  # the last clicks' moves end, and with them what they cause
        got = measure.latencies(log_.clicks, stamps, start, end)
        result.update(
            wall=wall,
            ack=got.ack,
            follow_up=got.follow_up,
            follow_up_any=got.follow_up_any,
            ack_by_what=got.by_what,
            unacknowledged=got.unacknowledged,
            late_acks=got.late_acks,
            clicks=sum(1 for c in log_.clicks if start <= c.started < end),
            moves=moves_after - moves_before,
            games_opened=log_.games_opened,
            games_finished=log_.games_finished,
            open_failures=log_.open_failures,
            opening=log_.opening,
            refused_by_client=log_.refused_by_client,
            late={k: v for k, v in taps.late.items()},
            commits=[x for v in taps.commits.values() for x in v],
            renders=[x for v in taps.renders.values() for x in v],
            handled=[x for v in taps.handled.values() for x in v],
            lag=probe.lags,
            cpu=(cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system) + painted,
            cpu_groups=cpu_groups,
            picture_cache=(cache_hits, cache_misses),  # pictures found drawn / drawn (``bot.ui.painter``)
            rss_mib=rss,
            peak_mib=peak,
            requests=requests,
            load_average=os.getloadavg(),
            gc=collected,
        )
        await observer.close()
    finally:
        await bot.service.wait_idle(10)
        await bot.close()
        try:
            await env.shutdown()
        except Exception as error:  # noqa: BLE001 - SimCord's settling is off; the figures are taken
            logging.getLogger(__name__).debug("shutdown: %s", error)
    return result


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    raw = json.loads(argv[0])
    raw["think"] = tuple(raw["think"])
    result = asyncio.run(work(Plan(**raw)))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
