"""Shared timing of game images: draw and PNG-encode measured apart, one Markdown table.

Drawing is our Pillow code and encoding is the palette quantise plus zlib (``render.common.to_png``);
they are tuned apart, so every render benchmark reports them side by side, with the image's bytes
against the 100 KB budget and, where a module gives them, the figures from before the palette
encode (``Before``), so a run shows the change beside today's numbers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

from bench.stats import Summary, ms, table, timed
from render.common import MAX_IMAGE_BYTES, to_png

HEADERS = [
    "image",
    "view",
    "pixels",
    "draw med",
    "draw p95",
    "encode med",
    "encode p95",
    "total med",
    "KB",
    "before: total med",
    "before: KB",
]


@dataclass(frozen=True)
class Case:
    """One image to time: the drawing function's name, the moment of the game, and the call."""

    image: str
    moment: str
    draw: Callable[[], Image.Image]


@dataclass(frozen=True)
class Before:
    """An image's figures before the palette encode (RGB PNG at zlib level 3, 1000 px layouts)."""

    total_ms: float
    kib: int


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


def kb(n_bytes: float) -> str:
    return f"{n_bytes / 1000:.0f}"


def rows(results: Sequence[Result], before: Mapping[tuple[str, str], Before]) -> list[list[str]]:
    out = []
    for r in results:
        old = before.get((r.case.image, r.case.moment))
        size = kb(r.png_bytes) + (" (over budget)" if r.png_bytes > MAX_IMAGE_BYTES else "")
        out.append(
            [
                r.case.image,
                r.case.moment,
                f"{r.size[0]}x{r.size[1]}",
                ms(r.draw.median_ms),
                ms(r.draw.p95_ms),
                ms(r.encode.median_ms),
                ms(r.encode.p95_ms),
                ms(r.draw.median_ms + r.encode.median_ms),
                size,
                ms(old.total_ms) if old else "-",
                kb(old.kib * 1024) if old else "-",
            ]
        )
    return out


def report(
    title: str,
    results: Sequence[Result],
    runs: int,
    drawing_functions: Sequence[str] = (),
    before: Mapping[tuple[str, str], Before] | None = None,
) -> str:
    """A Markdown section headed ``### {title}`` from measured results."""
    text = (
        f"### {title} ({runs} runs each, ms; 'encode' is to_png: 256-colour palette, zlib level 6; "
        f"KB = 1000 bytes, budget {MAX_IMAGE_BYTES // 1000})\n\n"
        + table(HEADERS, rows(results, before or {}), "lll" + "r" * 8)
    )
    biggest = max((r.png_bytes for r in results), default=0)
    verdict = "every image is within" if biggest <= MAX_IMAGE_BYTES else "OVER"
    text += f"\n\nLargest image: {kb(biggest)} KB ({verdict} the {MAX_IMAGE_BYTES // 1000} KB budget)."
    missing = uncovered(results, drawing_functions)
    if missing:
        text += f"\n\nNot measured: {', '.join(missing)}"
    return text


def section(
    title: str,
    cases: Sequence[Case],
    runs: int,
    drawing_functions: Sequence[str] = (),
    before: Mapping[tuple[str, str], Before] | None = None,
) -> str:
    """Measure every case and return a Markdown section headed ``### {title}``."""
    return report(title, [measure(case, runs) for case in cases], runs, drawing_functions, before)
