"""Load: live tables clicking at human pace beside thousands of paced games with armed timers.

One bot process on SQLite, then one and two processes on PostgreSQL (the server named by
``ASTROLABE_BENCH_POSTGRES`` or ``--postgres URL``, else a throwaway cluster the bench starts with
``fsync`` on and removes after: ``bench.postgres``), then, on SQLite, more and more live tables
until a goal breaks. Each configuration runs in fresh
processes (``bench.load.worker``): the real bot in SimCord switched to real time, every player
clicking every few seconds, the timers firing on the wall clock. Goals on the 2-core machine:
acknowledgement p99 ≤ 100 ms, follow-up p99 ≤ 1 s, the follow-up being a click's wait for the
last request the bot made because of it (``bench.load.measure``): not another player's edit of a
shared message, nor a timer's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench import postgres
from bench.load.measure import gc_summary, pct
from bench.load.report import ACK_GOAL, FOLLOW_UP_GOAL, report, report_rows
from bench.load.worker import Plan

ROOT = Path(__file__).resolve().parents[1]
POSTGRES_VARIABLE = postgres.VARIABLE
BACKENDS = ("sqlite", "postgres")


@dataclass(frozen=True)
class Size:
    tables: int
    paced: int
    pace: int
    warmup: float
    duration: float
    think: tuple[float, float]
    ramp: tuple[int, ...]  # live tables tried after the first size, on SQLite, until a goal breaks


FULL = Size(100, 10_000, 12 * 3600, 45, 60, (2.0, 5.0), (200, 400, 800))
QUICK = Size(10, 500, 12 * 3600, 10, 20, (2.0, 5.0), ())


def _spawn(plans: list[Plan]) -> list[dict[str, Any]]:
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "bench.load.worker", json.dumps(asdict(plan))],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for plan in plans
    ]
    results = []
    for worker in workers:
        out, err = worker.communicate(timeout=3600)
        if worker.returncode != 0 or not out.strip():
            raise RuntimeError(f"a load worker failed ({worker.returncode}): {err[-3000:]}")
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


def _sqlite_target(directory: Path, name: str, folder: Path) -> tuple[str, str | None]:
    """A fresh SQLite file: a copy of the paced games made by an earlier run, if there is one."""
    target = directory / f"{name}.sqlite3"
    template = directory / "paced-template.sqlite3"
    if template.exists():
        shutil.copy(template, target)
        shutil.copy(directory / "paced-template.json", folder / "paced.json")
        return str(target), None
    return str(target), str(template)


def run_one(
    directory: Path, backend: str, size: Size, tables: int, processes: int, url: str | None = None
) -> dict[str, Any]:
    name = f"load-{backend}-{tables}-{processes}-{int(time.time())}"
    folder = directory / name
    folder.mkdir()
    template = None
    if backend == "sqlite":
        target, template = _sqlite_target(directory, name, folder)
    else:
        target = postgres.migrated_schema(url or "", name.replace("-", "_"))
    shares = [tables // processes + (p < tables % processes) for p in range(processes)]
    plans = [
        Plan(
            target=target,
            process=p,
            processes=processes,
            tables=shares[p],
            first_table=sum(shares[:p]),
            paced=size.paced,
            pace=size.pace,
            warmup=size.warmup,
            duration=size.duration,
            think=size.think,
            folder=str(folder),
            template=template,
        )
        for p in range(processes)
    ]
    loads: list[float] = []
    sampling = threading.Event()

    def sample() -> None:  # the machine is shared: how busy it was while the figures were taken
        while not sampling.wait(5):
            loads.append(os.getloadavg()[0])

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        results = _spawn(plans)
    finally:
        sampling.set()
        sampler.join()
    if template is not None and Path(template).exists():
        shutil.copy(folder / "paced.json", directory / "paced-template.json")
    return combine(backend, tables, processes, size, results, loads or [os.getloadavg()[0]])


def combine(
    backend: str, tables: int, processes: int, size: Size, results: list[dict[str, Any]], loads: list[float]
) -> dict[str, Any]:
    def every(key: str) -> list[float]:
        return [x for r in results for x in r[key]]

    late = [x for r in results for values in r["late"].values() for x in values]
    wall = max(r["wall"] for r in results)
    groups: dict[str, float] = {}  # share of one core, averaged over the processes
    per_click: dict[str, float] = {}  # CPU seconds per click, whatever the machine's other load
    clicks = max(1, sum(r["clicks"] for r in results))
    for r in results:
        for group, seconds in r["cpu_groups"].items():
            groups[group] = groups.get(group, 0.0) + seconds / r["wall"] / processes
            per_click[group] = per_click.get(group, 0.0) + seconds / clicks
    ack, follow = every("ack"), every("follow_up")
    cache_hits = sum(r.get("picture_cache", (0, 0))[0] for r in results)
    cache_asked = cache_hits + sum(r.get("picture_cache", (0, 0))[1] for r in results)
    return {
        "backend": backend,
        "processes": processes,
        "tables": tables,
        "paced": size.paced,
        "pace": size.pace,
        "seconds": wall,
        "clicks": sum(r["clicks"] for r in results),
        "moves": sum(r["moves"] for r in results),
        "ack_p50": pct(ack, 50),
        "ack_p99": pct(ack, 99),
        "follow_p50": pct(follow, 50),
        "follow_p99": pct(follow, 99),
        "follow_any_p50": pct(every("follow_up_any"), 50),  # the 2026-12-02 measure, for comparison
        "follow_any_p99": pct(every("follow_up_any"), 99),
        "handled_p50": pct(every("handled"), 50),
        "handled_p99": pct(every("handled"), 99),
        "unacknowledged": sum(r["unacknowledged"] + r["late_acks"] for r in results),
        "late_n": len(late),
        "late_p50": pct(late, 50),
        "late_p99": pct(late, 99),
        "late_max": max(late, default=None),
        "commit_p50": pct(every("commits"), 50),
        "commit_p99": pct(every("commits"), 99),
        "render_p50": pct(every("renders"), 50),
        "render_p99": pct(every("renders"), 99),
        "renders": len(every("renders")),
        "lag_p50": pct(every("lag"), 50),
        "lag_p99": pct(every("lag"), 99),
        "cpu": [r["cpu"] / r["wall"] for r in results],
        "cpu_groups": groups,
        "cpu_per_click": per_click,
        # pictures found already drawn by the painter's cache, of those it was asked for (None: off)
        "picture_cache_hits": cache_hits,
        "picture_cache_hit_rate": cache_hits / cache_asked if cache_asked else None,
        "rss": [r["rss_mib"] for r in results],
        "peak": [r["peak_mib"] for r in results],
        "jobs_armed": [r["jobs_armed"] for r in results],
        "rearm_seconds": [r.get("rearm_seconds") for r in results],
        "games_opened": sum(r["games_opened"] for r in results),
        "games_finished": sum(r["games_finished"] for r in results),
        "open_failures": sum(r["open_failures"] for r in results),
        "opening": sum(r.get("opening", 0) for r in results),
        "load": (min(loads), max(loads)),
        "pictures_per_second": len(every("renders")) / wall,
        "goals_met": meets(ack, follow),
        "ack_by_what": _by_what(results),
        "gc": gc_summary(results, clicks),
    }


def _by_what(results: list[dict[str, Any]]) -> dict[str, list[float | None]]:
    """Per kind of interaction: how many, and the ack's p50 and p99 (where the slow ones are)."""
    merged: dict[str, list[float]] = {}
    for r in results:
        for what, values in r.get("ack_by_what", {}).items():
            merged.setdefault(what, []).extend(values)
    return {w: [len(v), pct(v, 50), pct(v, 99)] for w, v in sorted(merged.items())}


def meets(ack: list[float], follow: list[float]) -> bool:
    ack_p99, follow_p99 = pct(ack, 99), pct(follow, 99)  # None when nothing was measured
    return (
        ack_p99 is not None
        and follow_p99 is not None
        and ack_p99 <= ACK_GOAL
        and follow_p99 <= FOLLOW_UP_GOAL
    )


def postgres_url(given: str | None) -> str | None:
    return postgres.given_url(given)


def skip_reason(url: str | None) -> str | None:
    """Why the PostgreSQL half cannot run here, or None when it can (a server named, or the
    binaries to start a throwaway one)."""
    reason = postgres.available(url)
    return None if reason is None else f"PostgreSQL half skipped: {reason}."


def _postgres_half(directory: Path, size: Size, url: str | None, runs: list[dict[str, Any]]) -> str | None:
    """One process, then two sharing the server, at the same live tables; why it stopped, if it did."""
    skipped = skip_reason(url)
    if skipped:
        print(skipped, file=sys.stderr, flush=True)
        return skipped
    try:
        with postgres.server(url, fsync=True) as server_url:
            for processes in (1, 2):
                runs.append(run_one(directory, "postgres", size, size.tables, processes, server_url))
                print(report_rows(runs[-1:]), file=sys.stderr, flush=True)
    except Exception as error:  # the SQLite ramp still runs; the failure is in the report
        skipped = f"PostgreSQL half failed: {type(error).__name__}: {str(error)[-1500:]}"
        print(skipped, file=sys.stderr, flush=True)
    return skipped


def run(
    directory: Path,
    quick: bool,
    url: str | None = None,
    ramp: tuple[int, ...] | None = None,
    backends: tuple[str, ...] = BACKENDS,
) -> dict[str, Any]:
    size = QUICK if quick else FULL
    runs: list[dict[str, Any]] = []
    if "sqlite" in backends:
        runs.append(run_one(directory, "sqlite", size, size.tables, 1))
        print(report_rows(runs[-1:]), file=sys.stderr, flush=True)
    skipped = _postgres_half(directory, size, url, runs) if "postgres" in backends else None
    if "sqlite" not in backends:
        return {"runs": runs, "size": asdict(size), "skipped": skipped}
    first = runs[0]
    # Where the limit is: more live tables while the goals hold; fewer (halving) if the first failed.
    tables = size.tables
    for more in size.ramp if ramp is None else ramp:
        if not first["goals_met"] or not runs[-1]["goals_met"]:
            break
        runs.append(run_one(directory, "sqlite", size, more, 1))
        print(report_rows(runs[-1:]), file=sys.stderr, flush=True)
    while not quick and not first["goals_met"] and not runs[-1]["goals_met"] and tables > 12:
        tables //= 2
        runs.append(run_one(directory, "sqlite", size, tables, 1))
        print(report_rows(runs[-1:]), file=sys.stderr, flush=True)
    return {"runs": runs, "size": asdict(size), "skipped": skipped}


def main(argv: list[str]) -> int:
    import tempfile

    quick = "--quick" in argv
    with tempfile.TemporaryDirectory(prefix="astrolabe-load-") as temp:
        result = run(Path(temp), quick)
    print(report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
