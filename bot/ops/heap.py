"""The garbage collector for a long-running bot process.

A bot that has started holds a large, long-lived heap: discord.py's caches, the games' catalogs
and rules, and one scheduler job per stored timer (tens of thousands after a restart). CPython's
collector walks every tracked object at each full collection, on whichever thread allocated
(usually the event loop), so a click arriving then waits for the walk; and the default young
threshold (700 allocations) collects many times per click. After start-up the process therefore
collects once, freezes what survived (``gc.freeze``: moved out of every later collection, still
freed by reference counting), and collects the young generation less often. The load bench
measured this (``docs/benchmarks.md``, "Issue 31, third pass").

Frozen objects are never walked, so a frozen cycle that becomes garbage stays until the heap is
thawed: discord.py rebuilds its caches at each new session (READY), so every ``on_ready`` thaws the
heap, collects it whole (the old caches go then) and freezes it again. Only the real process does
this (``Config.steady_heap``, set by ``python -m bot``): a test process builds and drops hundreds
of bots.
"""

from __future__ import annotations

import gc
import logging
import time
from typing import Final

log = logging.getLogger(__name__)

YOUNG_THRESHOLD: Final = 20_000  # allocations between young collections (CPython's default: 700)


def steady() -> None:
    """After start-up (and each new session): thaw, collect, freeze the survivors, and collect
    the young less often."""
    began = time.perf_counter()
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    log.info(
        "heap settled: %d objects frozen out of collections in %.0f ms",
        gc.get_freeze_count(),
        (time.perf_counter() - began) * 1000,
    )
