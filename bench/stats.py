"""Small timing and table helpers shared by every benchmark section.

Latencies are summarised as median and p95 rather than mean: a single GC pause or fsync
hiccup should show up in the tail, not drag the typical figure.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Summary:
    """Median and p95 of a sample of durations, in milliseconds."""

    n: int
    median_ms: float
    p95_ms: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Summary:
        if not seconds:
            return cls(0, float("nan"), float("nan"))
        ms = [s * 1000 for s in seconds]
        return cls(len(ms), statistics.median(ms), percentile(ms, 95))


def percentile(values: Sequence[float], pct: float) -> float:
    """Linear-interpolated percentile (the "inclusive" method): defined even for tiny samples."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * pct / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """Call ``fn`` and return its result with the wall time it took, in seconds."""
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def ms(value: float) -> str:
    """Milliseconds with precision that suits the magnitude (µs-scale values keep 3 decimals)."""
    if value != value:  # NaN: no sample
        return "-"
    return f"{value:.3f}" if value < 1 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], align: str | None = None) -> str:
    """A Markdown pipe table padded to column width, readable on a terminal and pasteable in docs.

    ``align`` has one letter per column, ``l`` or ``r`` (default: first left, others right).
    """
    align = align or "l" + "r" * (len(headers) - 1)
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        padded = [
            str(c).ljust(w) if a == "l" else str(c).rjust(w)
            for c, w, a in zip(cells, widths, align, strict=True)
        ]
        return "| " + " | ".join(padded) + " |"

    rule = (
        "|"
        + "|".join(
            ("-" * (w + 1) + ":") if a == "r" else ("-" * (w + 2)) for w, a in zip(widths, align, strict=True)
        )
        + "|"
    )
    return "\n".join([line(headers), rule, *(line(r) for r in rows)])
