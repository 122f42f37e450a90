"""Where the figures came from: CPU, core count, Python and library versions, disk type.

Benchmark numbers are meaningless without the machine, and fsync-bound storage figures also
depend on the filesystem the database sits on, so that is reported too (never the path).
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import sqlite3
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path


@dataclass(frozen=True)
class Machine:
    cpu: str
    cores: int
    python: str
    libraries: str
    temp_fs: str
    load: str
    date: str

    def lines(self) -> list[str]:
        return [
            f"CPU: {self.cpu} ({self.cores} cores visible)",
            f"Python {self.python}; {self.libraries}",
            f"Temp-dir filesystem (SQLite files): {self.temp_fs}",
            f"Load average at start (1/5/15 min): {self.load}",
            f"Date: {self.date}",
        ]


def cpu_model() -> str:
    """The ``model name`` line of /proc/cpuinfo, or the platform's guess elsewhere."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def filesystem_of(path: str) -> str:
    """The filesystem type holding ``path`` (from /proc/mounts; the longest mount prefix wins)."""
    try:
        mounts = [line.split()[1:3] for line in Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return "unknown"
    real = os.path.realpath(path)
    best = max(
        (m for m in mounts if real == m[0] or real.startswith(m[0].rstrip("/") + "/")),
        key=lambda m: len(m[0]),
        default=None,
    )
    return best[1] if best else "unknown"


def load_average() -> str:
    """Other work on a small machine skews every figure; the load shows whether there was any."""
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _version(package: str) -> str:
    try:
        return f"{package} {metadata.version(package)}"
    except metadata.PackageNotFoundError:
        return f"{package} ?"


def describe(temp_dir: str) -> Machine:
    libs = ", ".join(_version(p) for p in ("discord.py", "simcord", "Pillow", "aiosqlite"))
    return Machine(
        cpu=cpu_model(),
        cores=os.cpu_count() or 0,
        python=platform.python_version(),
        libraries=f"{libs}, SQLite {sqlite3.sqlite_version}",
        temp_fs=filesystem_of(temp_dir),
        load=load_average(),
        date=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    )
