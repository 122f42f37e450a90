"""SimCord in real time: the real bot against SimCord's Discord, with no settling and no virtual clock.

SimCord is built for tests: every action waits until the whole bot has settled, and time moves only
when a test says so. A load test needs the opposite: a hundred tables clicking at once, timers
firing on the wall clock. ``go_live`` keeps SimCord's Discord (its REST routes, gateway, messages,
interaction tokens and the 3 s acknowledgement deadline) and its players, and switches off the test
machinery: the event loop's hooks and clocks go back to the real ones, the simulated clock reads
the wall clock, and an actor's click returns as soon as the interaction is delivered, as a real
client's does. The bot's code is not touched.

``Stamps`` replaces SimCord's HTTP log: it keeps, for every request, only when it was made
(``perf_counter``) and what it was about, so that each interaction's acknowledgement and follow-up
can be found afterwards.

**What a click caused.** SimCord hands a request to its router in the task that made it, and hands
an interaction to the bot in the task that clicked: discord.py starts the interaction's handler
there (``create_task``), and a task copies the context it was started in. So a click delivered
inside ``causing()`` runs its handler, and everything the handler starts (tasks, threads through
``asyncio.to_thread``, the sends after them), with ``CAUSE`` set to that click's ``Cause``, and
``Stamps`` files each request under the ``Cause`` of the task that made it. A job the bot's
scheduler fires (a step timer, a countdown, a reminder) is a cause of its own, never the click
that armed it: ``timers_cause_themselves``.
"""

from __future__ import annotations

import collections
import re
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from simcord import _dpy_internals
from simcord._runtime import _restore_loop

CALLBACK = re.compile(r"^/interactions/(\d+)/[^/]+/callback$")
WEBHOOK = re.compile(r"^/webhooks/\d+/([^/]+)")
MESSAGE = re.compile(r"^/channels/\d+/messages/(\d+)$")
DISCORD_EPOCH_MS = 1_420_070_400_000


@dataclass(eq=False)
class Cause:
    """One click, as the cause of the requests made in its context (see the module doc)."""

    interaction_id: int | None = None  # known once the click is delivered
    requests: list[float] = field(default_factory=list)  # perf_counter of each request it caused


CAUSE: ContextVar[Cause | None] = ContextVar("bench_load_cause", default=None)


@contextmanager
def causing() -> Iterator[Cause]:
    """A fresh ``Cause`` current in this task while the block runs: deliver one click in it."""
    cause = Cause()
    token = CAUSE.set(cause)
    try:
        yield cause
    finally:
        CAUSE.reset(token)


def timers_cause_themselves(scheduler: Any) -> None:
    """Each job ``scheduler`` (``bot.tell.scheduler.Scheduler``) fires runs with no click as its
    cause. Its loop task may have been started by a click's handler (it starts when a job is added
    to an empty heap) and so carry that click's context; each job runs in a task of its own, so
    clearing ``CAUSE`` there touches nothing else."""
    fire: Callable[[Any], Awaitable[None]] = scheduler._fire

    async def fired(job: Any) -> None:
        CAUSE.set(None)
        await fire(job)

    scheduler._fire = fired


class Stamps(list[Any]):
    """Stands in for ``backend.http_requests``: per request only its time, indexed by what it
    answers (an interaction's callback, its token's follow-ups, edits of a message) and filed
    under the click that caused it, if any (``Cause.requests``)."""

    def __init__(self) -> None:
        super().__init__()
        self.requests = 0
        self.callbacks: dict[int, float] = {}  # interaction id -> its first callback
        self.by_token: defaultdict[str, list[float]] = defaultdict(list)
        self.edits: defaultdict[int, list[float]] = defaultdict(list)  # message id -> PATCHes

    def append(self, entry: Any) -> None:
        now = time.perf_counter()
        self.requests += 1
        cause = CAUSE.get()
        if cause is not None:
            cause.requests.append(now)
        path, method = entry.path, entry.method
        if method == "POST" and (match := CALLBACK.match(path)):
            self.callbacks.setdefault(int(match.group(1)), now)
        elif match := WEBHOOK.match(path):
            self.by_token[match.group(1)].append(now)
        elif method == "PATCH" and (match := MESSAGE.match(path)):
            self.edits[int(match.group(1))].append(now)


class WallClock:
    """SimCord's clock, reading the wall clock (message times, snowflakes, interaction deadlines)."""

    def __init__(self, elapsed: float) -> None:
        self.elapsed = elapsed

    def now(self) -> datetime:
        return datetime.now(UTC)

    def advance(self, seconds: float) -> None:
        self.elapsed += seconds


async def _no_settling(*_: Any, **__: Any) -> None:
    return None


def go_live(env: Any) -> Stamps:
    """Switch a started SimCord env to real time (see the module doc) and return its HTTP stamps."""
    _restore_loop(env)  # create_task, call_later, run_in_executor: the loop's own again
    _dpy_internals.release_clocks(env)  # time.monotonic and discord.utils.utcnow: the real ones
    env._settle_internal = _no_settling  # an actor's click returns once delivered
    backend = env.backend
    backend.clock = WallClock(backend.clock.elapsed)
    backend.transcript = collections.deque(maxlen=100)  # kept for the tests' failure reports only
    stamps = Stamps()
    backend.http_requests = stamps
    return stamps


def start_at_wall_clock(env: Any) -> None:
    """Before the bot starts: the simulated clock starts at the wall clock, so what the bot stores
    while SimCord still drives the time (lobbies, deadlines) lines up with what it stores after."""
    clock = env.backend.clock
    clock.advance(max(0.0, time.time() - clock.now().timestamp()))


def tag_snowflakes(env: Any, process: int) -> None:
    """Ids made in process ``process`` never equal another process's: two processes sharing a
    database each simulate their own Discord, and a channel or message id must not be claimed
    by both."""
    backend = env.backend
    made = backend.snowflake
    backend.snowflake = lambda: made() | (process << 21)


class SharedIds:
    """The same ids in every process, for what every process must know (the paced games' guild,
    channels and players): drawn in a millisecond long past, which nothing else uses."""

    def __init__(self, env: Any, at: float) -> None:
        self.backend = env.backend
        self.base = (int(at * 1000) - DISCORD_EPOCH_MS) << 22
        self.next = 0

    def __enter__(self) -> SharedIds:
        self._made = self.backend.snowflake
        self.backend.snowflake = self._draw
        return self

    def _draw(self) -> int:
        self.next += 1
        value = self.base + self.next
        self.backend._reserved_ids.add(value)
        return value

    def __exit__(self, *_: Any) -> None:
        self.backend.snowflake = self._made
