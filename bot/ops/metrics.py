"""What an operator can see inside a running bot: Prometheus metrics, kept per bot.

Each bot owns a ``Metrics`` with its own registry (never prometheus_client's global one), so
several bots in one process (tests, the sandbox, shards) count apart. The code that counts has
no bot at hand (a render in a worker thread, a commit in the storage, the timer task), so the
bot's ``Metrics`` travels in a context variable: ``entry`` (every interaction), the bot's ready
hook and the storage's owner set it, and tasks and worker threads inherit it. Where none is set,
the hooks count nothing.

Labels are bounded: a title, a kind, a status, an outcome; never a user, guild or game id.
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.ops.faults import database_outage

PREFIX: Final = "astrolabe"
# Seconds: Discord allows 3 s to acknowledge; follow-ups (a move, its pictures) take longer.
ACK_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0)
WORK_BUCKETS: Final = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
RENDER_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
COMMIT_BUCKETS: Final = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0)
LATE_BUCKETS: Final = (0.01, 0.1, 0.5, 1.0, 5.0, 30.0, 60.0, 300.0, 3600.0)
STATUSES: Final = ("lobby", "active", "finished", "cancelled")

GameCounts = Callable[[], Iterable[tuple[str, str, int]]]


def _counter(registry: CollectorRegistry, name: str, documentation: str, *labels: str) -> Counter:
    return Counter(f"{PREFIX}_{name}", documentation, labels, registry=registry)


def _histogram(
    registry: CollectorRegistry, name: str, documentation: str, buckets: tuple[float, ...], *labels: str
) -> Histogram:
    return Histogram(f"{PREFIX}_{name}", documentation, labels, buckets=buckets, registry=registry)


class Metrics:
    """One bot's metrics (see the module doc). ``games``, when set, is read at every scrape: it
    returns ``(title, status, count)`` rows, or raises when the database can't say (the gauge is
    then left out of that scrape)."""

    def __init__(self, watch: Any | None = None) -> None:
        # Set by whoever serves the metrics (bot.ops.health): read at every scrape.
        self.games: GameCounts | None = None
        self.watch = watch  # a bot.ops.faults.DatabaseWatch: told when a commit fails or succeeds
        self.registry = r = CollectorRegistry(auto_describe=True)
        self.interactions = _counter(
            r, "interactions", "Interactions handled, by type and outcome", "type", "outcome"
        )
        self.ack_seconds = _histogram(
            r, "ack_seconds", "From the handler starting (entry) to the acknowledgement", ACK_BUCKETS, "ack"
        )
        self.followup_seconds = _histogram(
            r,
            "followup_seconds",
            "From the handler starting to its end (the move saved, the answer and the public post sent)",
            WORK_BUCKETS,
            "ack",
        )
        self.render_seconds = _histogram(
            r, "render_seconds", "Drawing one picture, by kind", RENDER_BUCKETS, "kind"
        )
        self.http_errors = _counter(
            r,
            "discord_http_errors",
            "Discord REST calls that failed, by HTTP status and Discord error code "
            "(429s that discord.py waited out are not errors)",
            "status",
            "code",
        )
        self.commit_seconds = _histogram(
            r, "db_commit_seconds", "Database write transactions", COMMIT_BUCKETS
        )
        self.commit_errors = _counter(r, "db_commit_errors", "Database write transactions that failed")
        self.timers_due = _counter(
            r, "timers_due", "Timed jobs fired (countdowns, deadlines, reminders, wake-ups), by kind", "kind"
        )
        self.timer_late_seconds = _histogram(
            r, "timer_late_seconds", "How long after its due time a timed job fired", LATE_BUCKETS, "kind"
        )
        self.panels_retired = _counter(r, "panels_retired", "Panel copies retired (their controls removed)")
        self.pictures = _counter(
            r,
            "pictures",
            "Pictures asked for, by where they came from: drawn, or the picture cache",
            "source",
        )
        self.up = Gauge(f"{PREFIX}_discord_connected", "1 while connected to Discord", registry=r)
        r.register(_GamesCollector(self))

    @contextlib.contextmanager
    def commit(self) -> Iterator[None]:
        """Time a write transaction; count it as an error if it raises (a refusal inside it
        that rolls back, such as a stale version, is not a database error)."""
        start = time.perf_counter()
        try:
            yield
        except Exception as error:
            if _is_database_error(error):
                self.commit_errors.inc()
                if self.watch is not None and database_outage(error):
                    self.watch.failed(error)
            raise
        self.commit_seconds.observe(time.perf_counter() - start)
        if self.watch is not None:
            self.watch.ok()


class _GamesCollector(Collector):
    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics

    def collect(self) -> Iterator[GaugeMetricFamily]:
        games = self._metrics.games
        if games is None:
            return
        try:
            rows = list(games())
        except Exception:  # the database is away: say nothing rather than a wrong zero
            return
        family = GaugeMetricFamily(
            f"{PREFIX}_games", "Games stored, by title and status", labels=["game", "status"]
        )
        for title, status, count in rows:
            family.add_metric([title, status], count)
        yield family

    def describe(self) -> list[GaugeMetricFamily]:
        return []  # read at scrape time only (registering must not query the database)


def _is_database_error(error: BaseException) -> bool:
    module = type(error).__module__ or ""
    return module.startswith(("sqlite3", "asyncpg", "aiosqlite")) or isinstance(error, OSError)


# ---- the bot's metrics, wherever its work runs ------------------------------------------------

CURRENT: contextvars.ContextVar[Metrics | None] = contextvars.ContextVar("astrolabe_metrics", default=None)


def use(metrics: Metrics | None) -> None:
    """Count what this task (and the tasks and threads it starts) does in ``metrics``."""
    if metrics is not None:
        CURRENT.set(metrics)


def current() -> Metrics | None:
    return CURRENT.get()


def watch() -> Any | None:
    """The current bot's ``bot.ops.faults.DatabaseWatch``, if any."""
    metrics = CURRENT.get()
    return metrics.watch if metrics is not None else None


def image_kind(draw: Any, filename: str) -> str:
    """A bounded name for a picture: its drawing function's (``vault_png``), else its file's stem
    without a content digest (``vault-1a2b….png`` is ``vault``)."""
    name = getattr(getattr(draw, "func", draw), "__name__", "")
    if not name or name.startswith("<"):
        name = filename.rsplit(".", 1)[0].split("-", 1)[0]
    return name[:40] or "image"


@contextlib.contextmanager
def rendering(draw: Any, filename: str) -> Iterator[None]:
    """Time one picture, by kind (``image_kind``)."""
    metrics = CURRENT.get()
    start = time.perf_counter()
    yield
    if metrics is not None:
        metrics.render_seconds.labels(kind=image_kind(draw, filename)).observe(time.perf_counter() - start)


def timer_fired(kind: str, late: float) -> None:
    metrics = CURRENT.get()
    if metrics is not None:
        metrics.timers_due.labels(kind=kind).inc()
        metrics.timer_late_seconds.labels(kind=kind).observe(max(0.0, late))


def picture_from(source: str) -> None:
    """A picture came from ``source``: ``drawn``, or ``cache`` (``bot.ui.painter``)."""
    metrics = CURRENT.get()
    if metrics is not None:
        metrics.pictures.labels(source=source).inc()


def panel_retired() -> None:
    metrics = CURRENT.get()
    if metrics is not None:
        metrics.panels_retired.inc()


def count_http_errors(http: Any, metrics: Metrics) -> None:
    """Wrap ``http.request`` (discord.py's HTTPClient, or a simulated one) on this instance so a
    failed REST call is counted by status and code; nothing else about it changes."""
    request = getattr(http, "request", None)
    if request is None or getattr(request, "_astrolabe_counted", False):
        return

    async def counted(*args: Any, **kwargs: Any) -> Any:
        try:
            return await request(*args, **kwargs)
        except Exception as error:
            # discord.RateLimited (a 429 whose wait was too long) carries no status of its own
            status = 429 if type(error).__name__ == "RateLimited" else getattr(error, "status", None)
            if isinstance(status, int):
                metrics.http_errors.labels(status=str(status), code=str(getattr(error, "code", 0) or 0)).inc()
            raise

    counted._astrolabe_counted = True  # type: ignore[attr-defined]
    with contextlib.suppress(AttributeError, TypeError):  # a transport without instance attributes
        http.request = counted


class Seen:
    """One interaction through ``entry``: counted, and timed to its acknowledgement and its end.
    It also makes the bot's metrics current for everything the interaction starts."""

    def __init__(self, interaction: Any, ack: Any) -> None:
        self.metrics: Metrics | None = getattr(interaction.client, "metrics", None)
        use(self.metrics)
        self.kind = getattr(getattr(interaction, "type", None), "name", "unknown")
        self.ack = str(getattr(ack, "value", ack))
        self.start = time.perf_counter()
        self._ended = False

    def acknowledged(self) -> None:
        """A callback that answers by itself (``Ack.NONE``) is timed by its follow-up only."""
        if self.metrics is not None and self.ack != "none":
            self.metrics.ack_seconds.labels(ack=self.ack).observe(time.perf_counter() - self.start)

    def done(self, outcome: str) -> None:
        if self.metrics is None or self._ended:
            return
        self._ended = True
        self.metrics.followup_seconds.labels(ack=self.ack).observe(time.perf_counter() - self.start)
        self.metrics.interactions.labels(type=self.kind, outcome=outcome).inc()
