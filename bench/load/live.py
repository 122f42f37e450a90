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
"""

from __future__ import annotations

import collections
import re
import time
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

from simcord import _dpy_internals
from simcord._runtime import _restore_loop

CALLBACK = re.compile(r"^/interactions/(\d+)/[^/]+/callback$")
WEBHOOK = re.compile(r"^/webhooks/\d+/([^/]+)")
MESSAGE = re.compile(r"^/channels/\d+/messages/(\d+)$")
DISCORD_EPOCH_MS = 1_420_070_400_000


class Stamps(list[Any]):
    """Stands in for ``backend.http_requests``: per request only its time, indexed by what it
    answers (an interaction's callback, its token's follow-ups, edits of a message)."""

    def __init__(self) -> None:
        super().__init__()
        self.requests = 0
        self.callbacks: dict[int, float] = {}  # interaction id -> its first callback
        self.by_token: defaultdict[str, list[float]] = defaultdict(list)
        self.edits: defaultdict[int, list[float]] = defaultdict(list)  # message id -> PATCHes

    def append(self, entry: Any) -> None:
        now = time.perf_counter()
        self.requests += 1
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
