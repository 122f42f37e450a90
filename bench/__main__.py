"""``python -m bench``: run every benchmark section and print the tables.

Sections run in a fixed order: the engine first, because its "cold process" row needs a
process in which no game has been played yet. The fuzz soak, the load bench, the bots'
strength and the restart at 100,000 games run only when asked for (`--only fuzz`, `--only load`,
`--only strength`, `--only restart`): they take many minutes. A section that fails (say,
the bot does not settle in SimCord) prints its error and the others still run, so one broken layer does not
hide the figures of the rest; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from bench import (
    engine_bench,
    fuzz_bench,
    image_bytes_bench,
    image_bytes_report,
    load_bench,
    render_speed,
    restart_bench,
    scheduler_bench,
    shards_bench,
    simcord_bench,
    storage_bench,
    strength_bench,
)
from bench.machine import describe

SECTIONS = (
    "engine",
    "render",
    "storage",
    "simcord",
    "scheduler",
    "shards",
    "restart",
    "observatory",
    "starry-night-sky",
    "star-gazers",
    "image-bytes",
    "strength",
    "fuzz",
    "load",
)
# The three turn-based games each bring an engine and a render benchmark module, named after the
# game's package, with ``run(quick) -> str`` returning a finished markdown section.
# Long sections that run only when asked for with --only (the fuzz soak plays for many minutes).
OPT_IN = ("fuzz", "load", "strength", "restart")
GAME_BENCHES = {
    "observatory": "observatory",
    "starry-night-sky": "starry_night_sky",
    "star-gazers": "star_gazers",
}


@dataclass(frozen=True)
class Config:
    render_runs: int
    engine_games: int  # per seat count, 3 to 6
    storage_games: int
    replay_runs: int  # replays per stored game
    simcord: simcord_bench.Plan
    scheduler_games: int  # paced games with pending deadlines, reloaded at start-up
    fuzz_clicks: int  # clicks the fuzz soak makes per game
    strength_games: int  # seeded games per title and opponent (the bot's seat rotated)


FULL = Config(
    render_runs=20,
    engine_games=60,
    storage_games=8,
    replay_runs=10,
    simcord=simcord_bench.Plan(games=12, rolls=4),
    scheduler_games=1000,
    fuzz_clicks=10_000,
    strength_games=100,
)
QUICK = Config(
    render_runs=5,
    engine_games=5,
    storage_games=2,
    replay_runs=3,
    simcord=simcord_bench.Plan(games=2, rolls=1),
    scheduler_games=50,
    fuzz_clicks=300,
    strength_games=4,
)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few samples: check the script runs")
    parser.add_argument(
        "--only", action="append", choices=SECTIONS, help="run only this section (repeatable)"
    )
    parser.add_argument(
        "--clicks", "--fuzz-clicks", dest="fuzz_clicks", type=int, help="fuzz: clicks per game (title)"
    )
    parser.add_argument(
        "--part", type=int, default=fuzz_bench.PART, help="fuzz: clicks per part, each in a fresh world"
    )
    parser.add_argument("--seed", type=int, default=1, help="fuzz: the seed the parts' seeds come from")
    parser.add_argument(
        "--settle", type=float, default=fuzz_bench.SETTLE, help="fuzz: seconds SimCord waits for the bot"
    )
    parser.add_argument(
        "--postgres",
        nargs="?",
        const="",
        metavar="URL",
        help=f"load: the PostgreSQL server's URL (else ${load_bench.POSTGRES_VARIABLE}; with neither, "
        "a throwaway cluster the bench starts and removes); alone, run only the PostgreSQL half",
    )
    parser.add_argument(
        "--backend",
        action="append",
        choices=load_bench.BACKENDS,
        help="load and restart: only this backend (repeatable; default both)",
    )
    parser.add_argument(
        "--load-tables",
        type=int,
        action="append",
        help="load: live tables to ramp to after the first run (repeatable; default 200, 400, 800)",
    )
    parser.add_argument(
        "--seats",
        type=int,
        default=3,
        help="image-bytes: players at each game (2-4; default 3, the budget's game)",
    )
    parser.add_argument(
        "--title",
        action="append",
        choices=image_bytes_bench.TITLES,
        help="image-bytes, fuzz, strength and render: only this title (repeatable), to measure one game",
    )
    return parser.parse_args(argv)


def backends(args: argparse.Namespace) -> list[str]:
    """``--backend`` as given; ``--postgres`` alone means PostgreSQL only; else both."""
    if args.backend:
        return list(args.backend)
    return ["postgres"] if args.postgres == "" else list(load_bench.BACKENDS)


def _section(name: str, body: Callable[[], str]) -> bool:
    """Run one section and print its table (or its error). Returns whether it succeeded."""
    start = time.perf_counter()
    try:
        text = body()
    except Exception as error:  # report it and carry on with the other sections
        print(f"## {name}: FAILED after {time.perf_counter() - start:.1f} s\n")
        print("".join(traceback.format_exception_only(error)).rstrip())
        print(
            f"\n({type(error).__name__}; rerun with --only {name} for the full traceback)\n", file=sys.stderr
        )
        return False
    print(f"{text}\n\n({name}: {time.perf_counter() - start:.1f} s)\n", flush=True)
    return True


def game_section(package: str, quick: bool) -> str:
    """One game's engine and render figures, one after the other."""
    parts = []
    for kind in ("engine", "render"):
        module = importlib.import_module(f"bench.{package}_{kind}_bench")
        parts.append(module.run(quick).rstrip())
    return "\n\n".join(parts)


def main(argv: list[str]) -> int:
    args = parse(argv)
    config = QUICK if args.quick else FULL
    fuzz_clicks = args.fuzz_clicks or config.fuzz_clicks
    chosen = (
        [s for s in SECTIONS if s in args.only] if args.only else [s for s in SECTIONS if s not in OPT_IN]
    )
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="astrolabe-bench-") as temp:
        directory = Path(temp)
        machine = describe(temp)
        print("# Astrolabe benchmarks\n")
        print("\n".join(f"- {line}" for line in machine.lines()) + "\n", flush=True)
        bodies: dict[str, Callable[[], str]] = {
            "engine": lambda: engine_bench.report(engine_bench.run(config.engine_games)),
            "render": lambda: render_speed.run(config.render_runs, tuple(t for t in args.title or () if t)),
            "storage": lambda: storage_bench.report(
                storage_bench.run(directory, config.storage_games, config.replay_runs), machine.temp_fs
            ),
            "simcord": lambda: simcord_bench.report(
                asyncio.run(simcord_bench.run_async(directory, config.simcord)), config.simcord
            ),
            "scheduler": lambda: scheduler_bench.report(
                scheduler_bench.run(directory, config.scheduler_games)
            ),
            "shards": lambda: shards_bench.report(shards_bench.run(directory, args.quick)),
            "restart": lambda: restart_bench.report(
                restart_bench.run([1000] if args.quick else [10_000, 100_000], backends(args))
            ),
            "image-bytes": lambda: image_bytes_report.report(
                image_bytes_bench.run(directory, args.quick, args.title, args.seats)
            ),
            "strength": lambda: strength_bench.report(
                strength_bench.run(config.strength_games, tuple(t for t in args.title or () if t))
            ),
            "fuzz": lambda: fuzz_bench.report(
                fuzz_bench.run(directory, fuzz_clicks, args.seed, args.title, args.part, args.settle),
                fuzz_clicks,
            ),
            "load": lambda: load_bench.report(
                load_bench.run(
                    directory,
                    args.quick,
                    args.postgres,
                    tuple(args.load_tables) if args.load_tables else None,
                    tuple(backends(args)),
                )
            ),
        }
        for slug, package in GAME_BENCHES.items():
            bodies[slug] = partial(game_section, package, args.quick)
        ok = [_section(name, bodies[name]) for name in chosen]
    print(f"Total: {time.perf_counter() - started:.1f} s")
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
