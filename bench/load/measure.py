"""What one load run measures, all in real time:

- per click: **ack**, from delivering the interaction to the bot's first callback (the
  acknowledgement Discord wants within 3 s); **follow-up**, from delivering it to the last request
  the bot made *because of it*: its callback, the follow-ups and edits through its token, and the
  edits and posts its handler made (the new panel, its picture, the thread's status card, the
  other players' panels), in its task or in what that task started (``bench.load.live.Cause``).
  Requests caused by another player's click or by a timer are not counted, even on the message
  this player clicked. The 2026-12-02 measure is kept beside it for comparison
  (``follow_up_any``): from the acknowledgement to the last request through the click's token, or
  else edit of the clicked message, by whatever cause, before the player's next click, at most
  10 s after;
- the bot's own timings, read off its metrics as they are observed (``Taps``): each timed job's
  lateness (fired − due), each database commit, each picture drawn;
- the event loop's lag (a probe that sleeps 50 ms and notes how late it wakes), the process's CPU
  time per thread (event loop, worker threads drawing pictures, the database thread) and its RSS.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bench.load.tables import Click
from bench.stats import percentile

FOLLOW_UP_HORIZON = 10.0  # the 2026-12-02 measure only: the caused follow-up has no horizon
LAG_PROBE = 0.05
TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Latencies:
    ack: list[float] = field(default_factory=list)
    follow_up: list[float] = field(default_factory=list)  # click to the last request it caused
    follow_up_any: list[float] = field(default_factory=list)  # the 2026-12-02 measure (module doc)
    by_what: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # acks
    unacknowledged: int = 0
    late_acks: int = 0  # over Discord's 3 s: the player saw "This interaction failed"


def latencies(clicks: Iterable[Click], stamps: Any, start: float, end: float) -> Latencies:
    """Ack and follow-up of the clicks delivered between ``start`` and ``end`` (perf_counter)."""
    out = Latencies()
    by_player: defaultdict[int, list[Click]] = defaultdict(list)
    for click in clicks:
        by_player[click.player].append(click)
    for own in by_player.values():
        own.sort(key=lambda c: c.started)
        for click, following in zip(own, [*own[1:], None], strict=True):
            if not start <= click.started < end:
                continue
            acked = stamps.callbacks.get(click.interaction_id)
            if acked is None:
                out.unacknowledged += 1
                continue
            out.ack.append(acked - click.started)
            out.by_what[click.what].append(acked - click.started)
            out.late_acks += acked - click.started > 3.0
            out.follow_up.append(max([acked, *click.cause.requests]) - click.started)
            limit = min(acked + FOLLOW_UP_HORIZON, following.started if following else float("inf"))
            answers = [t for t in stamps.by_token.get(click.token, ()) if acked <= t < limit]
            if not answers and click.message_id is not None:
                answers = [t for t in stamps.edits.get(click.message_id, ()) if acked <= t < limit]
            if answers:
                out.follow_up_any.append(max(answers) - acked)
    return out


class _Child:
    def __init__(self, child: Any, sink: list[float]) -> None:
        self._child, self._sink = child, sink

    def observe(self, value: float) -> None:
        self._sink.append(value)
        self._child.observe(value)


class _Tap:
    """Stands in for one of the bot's histograms: every observation is kept, then passed on."""

    def __init__(self, histogram: Any, sink: defaultdict[str, list[float]]) -> None:
        self._histogram, self._sink = histogram, sink

    def labels(self, *args: Any, **kwargs: Any) -> _Child:
        key = ",".join(map(str, [*args, *kwargs.values()]))
        return _Child(self._histogram.labels(*args, **kwargs), self._sink[key])

    def observe(self, value: float) -> None:
        self._sink[""].append(value)
        self._histogram.observe(value)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._histogram, name)


class Taps:
    """The bot's own timings, read where ``bot.ops.metrics`` observes them."""

    def __init__(self, metrics: Any) -> None:
        self.late: defaultdict[str, list[float]] = defaultdict(list)
        self.commits: defaultdict[str, list[float]] = defaultdict(list)
        self.renders: defaultdict[str, list[float]] = defaultdict(list)
        self.handled: defaultdict[str, list[float]] = defaultdict(list)  # a handler, start to end
        metrics.timer_late_seconds = _Tap(metrics.timer_late_seconds, self.late)
        metrics.commit_seconds = _Tap(metrics.commit_seconds, self.commits)
        metrics.render_seconds = _Tap(metrics.render_seconds, self.renders)
        metrics.followup_seconds = _Tap(metrics.followup_seconds, self.handled)

    def clear(self) -> None:
        for sink in (self.late, self.commits, self.renders, self.handled):
            sink.clear()


class LagProbe:
    """How late the event loop runs a task that asked to wake in 50 ms."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            began = time.perf_counter()
            await asyncio.sleep(LAG_PROBE)
            self.lags.append(time.perf_counter() - began - LAG_PROBE)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()


def thread_times() -> dict[int, tuple[str, float]]:
    """CPU seconds so far of every thread of this process, by native id: (group, seconds)."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    main = threading.main_thread().native_id
    out = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        seconds = (int(fields[11]) + int(fields[12])) / TICK
        out[int(tid)] = (_group(int(tid), names.get(int(tid), ""), main), seconds)
    return out


PICTURES = "worker threads (pictures)"  # and the picture processes' CPU (``bench.load.worker``)


def _group(tid: int, name: str, main: int | None) -> str:
    if tid == main:
        return "event loop"
    if name.startswith("asyncio_"):
        return PICTURES
    if name.startswith("Thread-") or "sqlite" in name.lower():
        return "database thread"
    return "other threads"


def cpu_by_group(
    before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]
) -> dict[str, float]:
    """CPU seconds spent per thread group between two ``thread_times`` snapshots."""
    spent: defaultdict[str, float] = defaultdict(float)
    for tid, (group, seconds) in after.items():
        spent[group] += seconds - before.get(tid, (group, 0.0))[1]
    return dict(spent)


def rss_mib() -> tuple[float, float]:
    """Resident memory now and at its peak, MiB."""
    values = {}
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(("VmRSS:", "VmHWM:")):
                values[line[:5]] = int(line.split()[1]) / 1024
    return values.get("VmRSS", 0.0), values.get("VmHWM", 0.0)


def pct(values: list[float], p: float) -> float | None:
    return percentile(values, p) if values else None


def summary(values: list[float]) -> dict[str, float | int | None]:
    return {
        "n": len(values),
        "p50": pct(values, 50),
        "p99": pct(values, 99),
        "max": max(values, default=None),
    }


class GcMeter:
    """The garbage collector's work while running (``gc.callbacks``), per generation: CPU seconds
    of the thread that collected (usually the event loop) and the longest pause. A process
    holding thousands of paced games and SimCord's world has a large heap, and each full
    collection walks all of it while the loop waits."""

    def __init__(self) -> None:
        self.seconds: defaultdict[int, float] = defaultdict(float)
        self.runs: defaultdict[int, int] = defaultdict(int)
        self.longest = 0.0
        self._began = (0.0, 0.0)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = (time.thread_time(), time.perf_counter())
            return
        generation = info["generation"]
        self.seconds[generation] += time.thread_time() - self._began[0]
        self.runs[generation] += 1
        self.longest = max(self.longest, time.perf_counter() - self._began[1])

    def start(self) -> None:
        import gc

        gc.callbacks.append(self._callback)

    def stop(self) -> dict[str, Any]:
        import gc

        gc.callbacks.remove(self._callback)
        return {"seconds": dict(self.seconds), "runs": dict(self.runs), "longest": self.longest}


def gc_summary(results: list[dict[str, Any]], clicks: int) -> dict[str, float]:
    """The garbage collector over the measured window, all processes: CPU ms per click, the
    full (generation 2) collections' count and CPU seconds, and the longest pause (wall)."""
    seconds = {g: sum(r.get("gc", {}).get("seconds", {}).get(g, 0.0) for r in results) for g in "012"}
    return {
        "ms_per_click": sum(seconds.values()) * 1000 / clicks,
        "full_runs": sum(r.get("gc", {}).get("runs", {}).get("2", 0) for r in results),
        "full_seconds": seconds["2"],
        "longest": max((r.get("gc", {}).get("longest", 0.0) for r in results), default=0.0),
    }
