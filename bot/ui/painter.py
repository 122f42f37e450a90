"""Pictures drawn in worker processes, so the event loop keeps acknowledging while they are drawn.

Drawing and encoding a picture is pure CPU in Pillow and our Python, and threads share the event
loop's interpreter lock: with pictures drawn in threads, a process could use one core and every
picture delayed the loop's next acknowledgement. Here a picture (a ``functools.partial`` of a
face's module-level drawing function over plain view data, which pickles) is drawn in a process
pool: ``ASTROLABE_PICTURE_WORKERS`` processes (default: the machine's CPU count; ``0`` draws in a
thread of this process, as before, which the tests use so they can watch the drawing).

A worker that dies (killed, out of memory) breaks the pool: the pool is replaced and the picture
drawn again, once; a picture that kills its worker twice raises ``PictureFailed`` rather than being
drawn in the bot's own process. A picture that does not pickle (a closure) is drawn in a thread.
Workers start from a fork server (``forkserver``) that has imported the drawing code once, not from
a fork of this process with its threads and sockets.

A picture already drawn is not drawn again: the painter keeps the bytes of what it drew by a hash of
the pickled drawing (``bot.ui.picture_cache``, ``ASTROLABE_PICTURE_CACHE_MB``), and requests for a
picture being drawn wait for that one drawing. A drawing that fails is not kept.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial

from bot.i18n import Language, speaking
from bot.ops.metrics import picture_from
from bot.ui.picture_cache import PictureCache, cache_bytes_from, key_of

log = logging.getLogger(__name__)

WORKERS_VARIABLE = "ASTROLABE_PICTURE_WORKERS"
_REAL_MONOTONIC = time.monotonic  # a simulated Discord (SimCord) replaces it while it runs
# Imported once in the fork server, so a new worker starts with the drawing code loaded.
PRELOAD = [
    "bot.faces.observatory.art.images",
    "bot.faces.sky_of_stars.art.images",
    "bot.faces.sky_of_stars.art.animation",
    "bot.faces.sky_of_stars.art.reveal",
    "bot.faces.star_gazers.art.images",
    "bot.faces.starry_night_sky.art.images",
]


def workers_from(environ: dict[str, str] | None = None) -> int:
    """The pool's size from ``ASTROLABE_PICTURE_WORKERS`` (unset or malformed: the CPU count)."""
    raw = (environ if environ is not None else os.environ).get(WORKERS_VARIABLE, "").strip()
    if raw.isdigit():
        return int(raw)
    if raw:
        log.warning("%s=%r is not a whole number: using the CPU count", WORKERS_VARIABLE, raw)
    return os.cpu_count() or 1


class PictureFailed(RuntimeError):
    """A picture whose worker died twice: not drawn."""


def _draw_here(draw: Callable[[], bytes], language: Language) -> tuple[bytes, float]:
    start = time.process_time()
    with speaking(language):
        data = draw()
    return data, time.process_time() - start


def _draw_pickled(payload: bytes) -> tuple[bytes, float]:
    """In a worker: the picture and the CPU seconds it took."""
    draw, language = pickle.loads(payload)
    return _draw_here(draw, language)


class Painter:
    """Draws pictures in a process pool of ``workers`` (0: in a thread), replacing a broken pool."""

    def __init__(self, workers: int, cache_bytes: int = 0) -> None:
        self.workers = max(0, workers)
        self._pool: ProcessPoolExecutor | None = None
        self.worker_cpu_seconds = 0.0  # CPU the workers spent on pictures (the load bench reads it)
        self.pools_replaced = 0
        self.cache = PictureCache(cache_bytes)
        # Pictures asked for while the cache is on (the load bench reads them): found drawn or
        # being drawn (``cache_hits``, of which ``cache_shared`` waited for a drawing in flight),
        # or drawn (``cache_misses``).
        self.cache_hits = 0
        self.cache_shared = 0
        self.cache_misses = 0
        self._drawing: dict[bytes, asyncio.Task[bytes]] = {}

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context: multiprocessing.context.BaseContext
            if time.monotonic is _REAL_MONOTONIC:
                server = multiprocessing.get_context("forkserver")
                server.set_forkserver_preload(PRELOAD)
                context = server
            else:
                # A simulated clock (SimCord: the sandbox, the benches) stands still inside a
                # call, and multiprocessing's waits for a fork server's children spin on it
                # forever; forked workers are waited for without a clock.
                context = multiprocessing.get_context("fork")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._pool

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        if self._pool is broken:  # the first call to see it broken replaces it, the others reuse
            log.warning("a picture worker died: starting a new pool")
            self._pool = None
            self.pools_replaced += 1
            broken.shutdown(wait=False, cancel_futures=True)

    async def paint(self, draw: Callable[[], bytes], language: Language) -> bytes:
        """``draw()`` in ``language``: from the cache when it was drawn already, else in a worker
        process when it can be (a thread when it does not pickle, or without workers)."""
        try:
            payload: bytes | None = pickle.dumps((draw, language))
        except (pickle.PicklingError, AttributeError, TypeError):
            payload = None
        if payload is None or not self.cache.limit:
            picture_from("drawn")
            return await self._draw(payload, draw, language)
        key = key_of(payload)
        data = self.cache.get(key)
        if data is not None:
            self.cache_hits += 1
            picture_from("cache")
            return data
        loop = asyncio.get_running_loop()
        drawing = self._drawing.get(key)
        if drawing is not None and drawing.get_loop() is loop:
            self.cache_hits += 1
            self.cache_shared += 1
            picture_from("cache")
        else:
            self.cache_misses += 1
            picture_from("drawn")
            # A task of its own, so a caller cancelled while waiting does not cancel the others' picture.
            drawing = loop.create_task(self._draw(payload, draw, language))
            self._drawing[key] = drawing
            drawing.add_done_callback(partial(self._drawn, key))
        return await asyncio.shield(drawing)

    def _drawn(self, key: bytes, drawing: asyncio.Task[bytes]) -> None:
        """A drawing ended: keep its picture, unless it failed (its callers see why)."""
        if self._drawing.get(key) is drawing:
            del self._drawing[key]
        if not drawing.cancelled() and drawing.exception() is None:
            self.cache.put(key, drawing.result())

    async def _draw(self, payload: bytes | None, draw: Callable[[], bytes], language: Language) -> bytes:
        if self.workers and payload is not None:
            loop = asyncio.get_running_loop()
            for _attempt in range(2):
                pool = self._executor()
                try:
                    data, cpu = await loop.run_in_executor(pool, _draw_pickled, payload)
                except BrokenProcessPool:
                    self._replace(pool)
                    continue
                self.worker_cpu_seconds += cpu
                return data
            raise PictureFailed("the picture workers died twice on one picture")
        data, _cpu = await asyncio.to_thread(_draw_here, draw, language)
        return data

    def close(self) -> None:
        """Stop the workers (pictures in flight are dropped: their messages are not sent)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


_painter: Painter | None = None


def painter() -> Painter:
    """The process's painter, sized from the environment when first asked for."""
    global _painter
    if _painter is None:
        _painter = Painter(workers_from(), cache_bytes_from())
    return _painter


def close() -> None:
    """Stop the process's painter, if it started; the next picture starts a new one."""
    global _painter
    if _painter is not None:
        _painter.close()
        _painter = None
