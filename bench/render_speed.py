"""``python -m bench --only render``: what a picture costs, per kind, now and the old way.

Every picture the faces send (``bench.picture_cases``: seeded games of the four titles) is made
as a face makes it, draw and encode together, and timed in process CPU time (what a click costs
the machine, whatever else runs on it). In the same run each is made the old way too, inside
``render.encode.the_old_way()``: every per-process layer cache draws afresh and every encode uses
the encoding the kind was sent in before issue 31. The ratio is old / now.

A second table is the encoder study the choices in ``render.encode`` rest on: one picture of each
kind, its drawn image encoded as palette PNG at several zlib levels and as lossless WebP at several
methods, with the time and bytes of each.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from bench.picture_cases import Picture, pictures
from bench.stats import Summary, ms, table
from bot.i18n import Language, speaking
from render.encode import MAX_IMAGE_BYTES, Encoding, Format, capturing, encode, the_old_way

GOAL_RATIO, GOAL_MS = 4.0, 10.0  # issue 31: every kind 4x faster than before, or within 10 ms median


def cpu(fn: Callable[[], bytes]) -> tuple[bytes, float]:
    start = time.process_time()
    data = fn()
    return data, time.process_time() - start


@dataclass(frozen=True)
class Timing:
    picture: Picture
    now: Summary
    old: Summary
    now_bytes: int
    old_bytes: int

    @property
    def ratio(self) -> float:
        return self.old.median_ms / self.now.median_ms if self.now.median_ms > 0 else float("inf")

    @property
    def meets_goal(self) -> bool:
        return self.ratio >= GOAL_RATIO or self.now.median_ms <= GOAL_MS


def measure(picture: Picture, runs: int) -> Timing:
    """``runs`` makes each way, interleaved (so a busy moment of the machine hits both), after a
    warm-up of each (fonts, layers and caches as a running bot has them)."""
    now_bytes, old_bytes = picture.make(), b""
    with the_old_way():
        old_bytes = picture.make()
    now_s, old_s = [], []
    for _ in range(runs):
        now_s.append(cpu(picture.make)[1])
        with the_old_way():
            old_s.append(cpu(picture.make)[1])
    return Timing(picture, Summary.of(now_s), Summary.of(old_s), len(now_bytes), len(old_bytes))


def kb(n: int) -> str:
    return f"{n / 1000:.0f}"


TIMING_HEADERS = [
    "title",
    "kind",
    "moment",
    "now med",
    "now p95",
    "old med",
    "old p95",
    "old/now",
    "KB",
    "old KB",
]


def timing_rows(timings: Sequence[Timing]) -> list[list[str]]:
    return [
        [
            t.picture.title,
            t.picture.kind,
            t.picture.moment,
            ms(t.now.median_ms),
            ms(t.now.p95_ms),
            ms(t.old.median_ms),
            ms(t.old.p95_ms),
            f"{t.ratio:.1f}x" + ("" if t.meets_goal else " (short of goal)"),
            kb(t.now_bytes) + (" (OVER)" if t.now_bytes > MAX_IMAGE_BYTES else ""),
            kb(t.old_bytes),
        ]
        for t in timings
    ]


STUDY = (
    *(Encoding(0, Format.PNG, level) for level in (1, 3, 4, 6, 9)),
    *(Encoding(0, Format.WEBP, method) for method in (0, 1, 2, 4)),
)


def study_rows(runs: int, titles: Sequence[str] = ()) -> list[list[str]]:
    """One picture per kind: each of ``STUDY`` (at the kind's own palette size) on its image. A
    trial over the budget is in the table; its logged warning would only bury it."""
    quiet = logging.getLogger("render.encode")
    level, quiet.level = quiet.level, logging.ERROR
    try:
        return _study_rows(runs, titles)
    finally:
        quiet.setLevel(level)


def _study_rows(runs: int, titles: Sequence[str]) -> list[list[str]]:
    rows, seen = [], set()
    for picture in of_titles(titles):
        if (picture.title, picture.kind) in seen:
            continue
        seen.add((picture.title, picture.kind))
        with capturing() as encoded:
            picture.make()
        if len(encoded) != 1:  # an animation: its frames are encoded as a GIF, not here
            continue
        image, chosen = encoded[0]
        row = [picture.title, picture.kind, f"{image.width}x{image.height}", str(chosen.colours)]
        for candidate in STUDY:
            trial = Encoding(chosen.colours, candidate.format, candidate.effort)
            times = []
            for _ in range(runs):
                data, seconds = cpu(partial(encode, image, trial))
                times.append(seconds)
            mark = "*" if trial == chosen else ""
            row.append(f"{ms(Summary.of(times).median_ms)} ms {kb(len(data))} KB{mark}")
        rows.append(row)
    return rows


def of_titles(titles: Sequence[str]) -> list[Picture]:
    """Every case, or those of ``titles`` (``--title``: time one game's pictures)."""
    return [picture for picture in pictures() if not titles or picture.title in titles]


def run(runs: int, titles: Sequence[str] = ()) -> str:
    with speaking(Language.ENGLISH):
        timings = [measure(picture, runs) for picture in of_titles(titles)]
        study = study_rows(max(3, runs // 4), titles)
    short = [t for t in timings if not t.meets_goal]
    verdict = (
        "every kind meets the goal"
        if not short
        else f"{len(short)} short of the goal: "
        + ", ".join(f"{t.picture.title}/{t.picture.kind}" for t in short)
    )
    biggest = max(t.now_bytes for t in timings)
    headers = ["title", "kind", "drawn", "colours"] + [
        f"{e.format.value} {'zlib' if e.format is Format.PNG else 'm'}{e.effort}" for e in STUDY
    ]
    return (
        f"### Pictures: draw + encode per kind, now and the old way ({runs} runs each, process CPU ms; "
        f"old = caches off and the encoder before issue 31; KB = 1000 bytes)\n\n"
        + table(TIMING_HEADERS, timing_rows(timings), "lll" + "r" * 7)
        + f"\n\nGoal: {GOAL_RATIO:.0f}x faster than the old way or within {GOAL_MS:.0f} ms median: "
        f"{verdict}. "
        f"Largest picture {kb(biggest)} KB (budget {MAX_IMAGE_BYTES // 1000}).\n\n"
        "### Encoders measured on one picture of each kind (median ms, KB; * the kind's choice)\n\n"
        + table(headers, study, "llll" + "r" * len(STUDY))
    )
