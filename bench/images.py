"""Shared timing of game images: draw and PNG-encode measured apart, one Markdown table.

Drawing is our Pillow code and encoding is zlib at the project's level; they are tuned apart,
so every render benchmark reports them side by side, with the image size.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image

from bench.stats import Summary, ms, table, timed
from render.common import to_png

HEADERS = ["image", "view", "pixels", "draw med", "draw p95", "encode med", "encode p95", "total med",
           "PNG KiB"]


@dataclass(frozen=True)
class Case:
    """One image to time: the drawing function's name, the moment of the game, and the call."""

    image: str
    moment: str
    draw: Callable[[], Image.Image]


@dataclass(frozen=True)
class Result:
    case: Case
    draw: Summary
    encode: Summary
    png_bytes: int
    size: tuple[int, int]


def measure(case: Case, runs: int) -> Result:
    """``runs`` draws and encodes after one warm-up (fonts, sprites and layouts are cached)."""
    image = case.draw()
    data = to_png(image)
    draws, encodes = [], []
    for _ in range(runs):
        image, draw_s = timed(case.draw)
        data, encode_s = timed(functools.partial(to_png, image))
        draws.append(draw_s)
        encodes.append(encode_s)
    return Result(case, Summary.of(draws), Summary.of(encodes), len(data), image.size)


def uncovered(results: Sequence[Result], drawing_functions: Sequence[str]) -> list[str]:
    """The ``draw_*`` functions no case measured, so a new image can't slip out of the figures."""
    measured = {r.case.image.split()[0] for r in results}
    return [n for n in drawing_functions if n.startswith("draw_") and n not in measured]


def section(title: str, cases: Sequence[Case], runs: int, drawing_functions: Sequence[str] = ()) -> str:
    """Measure every case and return a Markdown section headed ``### {title}``."""
    results = [measure(case, runs) for case in cases]
    rows = [[r.case.image, r.case.moment, f"{r.size[0]}x{r.size[1]}", ms(r.draw.median_ms),
             ms(r.draw.p95_ms), ms(r.encode.median_ms), ms(r.encode.p95_ms),
             ms(r.draw.median_ms + r.encode.median_ms), f"{r.png_bytes / 1024:.0f}"] for r in results]
    text = (f"### {title} ({runs} runs each, ms; 'encode' is to_png at the project's zlib level)\n\n"
            + table(HEADERS, rows, "lll" + "r" * 6))
    missing = uncovered(results, drawing_functions)
    if missing:
        text += f"\n\nNot measured: {', '.join(missing)}"
    return text
