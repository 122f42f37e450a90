"""The clock of things kept in the database with a time they are due at (game nights,
tournaments): one ``Scheduler`` keyed by their id, a poll for the overdue ones where processes
share the database, and the lease that lets one process act on a due thing at a time.

A subclass says how its things are read, claimed and released, and what happens when one is
due (``act``); the timing, the leases and the retries are the same for all of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

import discord

from bot.core.clock import now
from bot.ops.metrics import watch
from bot.tell.scheduler import ClientAlarm, Job, JobKind, Scheduler
from bot.ui.fault_lines import expected_fault

log = logging.getLogger(__name__)

LEASE_SECONDS: Final = 120.0  # one process acts on a due thing; a dead one's lease runs out
RETRY_SECONDS: Final = 60.0  # a step that failed (Discord away) is tried again this much later


class Due(Protocol):
    """What the clock reads of a kept thing."""

    @property
    def id(self) -> int: ...
    @property
    def guild_id(self) -> int: ...
    @property
    def due_at(self) -> float | None: ...
    @property
    def status(self) -> str: ...


D = TypeVar("D", bound=Due)


class DueClock(ABC, Generic[D]):
    """Holds every due thing of one kind in a ``Scheduler`` (keyed by its id) and acts at its time."""

    KIND: ClassVar[JobKind]
    EVENT: ClassVar[str]  # the client event of the kind's waits (``ClientAlarm``); "<EVENT>_poll" the poll's
    NAME: ClassVar[str]  # in the poll task's name: "astrolabe-<NAME>-poll"
    PLURAL: ClassVar[str]  # in the log: "game nights"
    OPEN: ClassVar[frozenset[str]]  # the statuses that still have a due time
    ATTRIBUTE: ClassVar[str]  # the bot's attribute that holds the clock ("game_nights")

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.scheduler = Scheduler(self._fire, now, ClientAlarm(bot, self.EVENT))
        self._poll: asyncio.Task[None] | None = None

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Self:
        """The clock of this kind of the bot that received ``interaction``."""
        clock = getattr(interaction.client, cls.ATTRIBUTE, None)
        if not isinstance(clock, cls):
            raise RuntimeError(f"{type(interaction.client).__name__} keeps no {cls.__name__}")
        return clock

    @property
    def storage(self) -> Any:
        return self.bot.storage

    # ---- what a kind says -----------------------------------------------------------------------

    @abstractmethod
    async def due(self) -> Sequence[D]:
        """Every thing of the kind still open, with its due time."""

    @abstractmethod
    async def load(self, key: int) -> D | None:
        """The thing with id ``key``, None when it is gone."""

    @abstractmethod
    async def claim(self, item: D) -> bool:
        """Take the lease on ``item`` (``LEASE_SECONDS``); False when another process holds it."""

    @abstractmethod
    async def release(self, item: D) -> None:
        """Give the lease on ``item`` back."""

    @abstractmethod
    async def act(self, item: D, guild: discord.Guild) -> None:
        """The due step, with the lease held."""

    async def acted(self, item: D) -> None:
        """After a step went well (the lease is still held): nothing unless the kind says so."""

    async def caught_up(self, item: D) -> None:
        """After a restart, for each armed thing: nothing unless the kind says so."""

    # ---- the timers ---------------------------------------------------------------------------

    def arm(self, item: D, when: float | None = None) -> None:
        """(Re)arm for ``item``'s ``due_at`` (or ``when``); a thing with nothing due is forgotten."""
        self.scheduler.clear_game(item.id)
        due = when if when is not None else item.due_at
        if item.status in self.OPEN and due is not None:
            self.scheduler.add(due, item.id, self.KIND, None, 0)

    async def rearm(self, key: int) -> None:
        """Re-read ``key``, whose due time has just changed, and arm it for that time."""
        item = await self.load(key)
        assert item is not None
        self.arm(item)

    def disarm(self, key: int) -> None:
        self.scheduler.clear_game(key)

    async def rearm_all(self) -> int:
        """After a restart: arm every thing still due and catch up on what happened while away."""
        items = await self.due()
        for item in items:
            self.arm(item)
            await self.caught_up(item)
        return len(items)

    def start_polling(self, every: float) -> None:
        """Where other processes share the database: every ``every`` seconds, arm the things past
        their time (armed by a process that died before it, or that this one never saw)."""
        if self._poll is None or self._poll.done():
            self._poll = asyncio.get_running_loop().create_task(
                self._look(every), name=f"astrolabe-{self.NAME}-poll"
            )

    async def _look(self, every: float) -> None:
        alarm = ClientAlarm(self.bot, f"{self.EVENT}_poll")
        while True:
            await alarm.sleep(every)
            try:
                for item in await self.due():
                    if item.due_at is not None and item.due_at <= now():
                        self.arm(item)
            except Exception as error:
                if not expected_fault(error, watch=watch()):
                    log.exception("polling the database for due %s failed", self.PLURAL)

    def close(self) -> None:
        if self._poll is not None:
            self._poll.cancel()
            self._poll = None
        self.scheduler.close()

    async def _fire(self, job: Job) -> None:
        item = await self.load(job.game_id)
        if item is None or item.status not in self.OPEN or item.due_at is None:
            return
        if item.due_at > now() + 1:  # moved later meanwhile: wait for the new time
            self.arm(item)
            return
        guild = self.bot.get_guild(item.guild_id)
        if guild is None:  # another shard's server, or the bot left it
            return
        if not await self.claim(item):
            # Another process holds it: look again once its lease has run out, in case it died.
            self.arm(item, now() + LEASE_SECONDS + 1)
            return
        try:
            await self.act(item, guild)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await asyncio.shield(self.release(item))
            raise
        except Exception:
            await self.release(item)
            self.arm(item, now() + RETRY_SECONDS)
            raise
        await self.acted(item)
