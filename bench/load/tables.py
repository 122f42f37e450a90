"""Live tables played at human pace: every player clicks what they can see, every few seconds.

A table is a channel with its members. Its host opens a game with ``/play`` (the four titles in
turn), the others press **Join**, the host presses **Start**; then every seated player, on their
own, waits a few seconds (``think``), picks one enabled control on their screen (their newest DM
panel, the thread, the channel: ``bench.fuzz.screen``) the way the fuzzer's players do (what moves
the game on is likely, going back is not, a control that changed nothing is tried less), clicks
it and waits for the answer before thinking again. When a game ends the host opens the next one.

Each click is one ``Click``: when it was delivered, its interaction, the message it was made on and
the requests it caused (``bench.load.live.Cause``), so that ``bench.load.measure`` can find its
acknowledgement and its follow-up afterwards.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from simcord.backend.errors import SetupError
from simcord.components import walk_components
from simcord.results import ResponseMessage

from bench.fuzz.choosing import GO_BACK, MOVE_ON
from bench.fuzz.screen import Control, Screen
from bench.load.live import Cause, causing

log = logging.getLogger(__name__)

TITLES = ("sky-of-stars", "observatory", "starry-night-sky", "star-gazers")
SEATS = {"sky-of-stars": (3, 5), "observatory": (2, 4), "starry-night-sky": (2, 4), "star-gazers": (2, 4)}
# Not what a player at a running table presses: the lobby (the host opens games), leaving, and the
# typed forms (a modal the player would then have to fill in).
SKIP = ("lobby:", "astro:leave:", "sky:type:", "sg:type:")
ANSWER_WAIT = 5.0  # seconds a player waits for the answer to a click before thinking again
LOBBY_WAIT = 60.0  # seconds a host waits for the lobby after /play before sending it again


@dataclass
class Click:
    kind: str  # "slash", "button" or "select"
    started: float  # perf_counter just before the interaction was delivered
    interaction_id: int
    token: str
    message_id: int | None  # the message clicked (None for a slash command)
    player: int
    what: str = ""  # "/play", or the control's custom id up to its game number ("sky:pick")
    cause: Cause = field(default_factory=Cause)  # the requests the bot made because of this click


@dataclass
class Log:
    clicks: list[Click] = field(default_factory=list)
    refused_by_client: int = 0  # the control vanished between looking and clicking
    games_opened: int = 0
    games_finished: int = 0
    open_failures: int = 0
    opening: int = 0  # openings under way: neither opened nor failed yet (the run waits for them)


async def deliver(
    kind: str, member: Any, message_id: int | None, call: Callable[[], Any], what: str = ""
) -> Click:
    """Deliver one interaction (``call``: an actor's click, select or slash) as the cause of what
    the bot does about it, and return it as a ``Click``. Raises SimCord's ``SetupError`` if the
    control is gone."""
    started = time.perf_counter()
    with causing() as cause:
        result = await call()
    record = result._interaction
    cause.interaction_id = record.id
    return Click(kind, started, record.id, record.token, message_id, member.id, what, cause)


async def until(check: Callable[[], Any], timeout: float, every: float = 0.05) -> Any:
    """Poll ``check`` until it returns something truthy; None after ``timeout`` seconds."""
    deadline = time.perf_counter() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.perf_counter() > deadline:
            return None
        await asyncio.sleep(every)


class Table:
    """One channel of live players (see the module doc)."""

    def __init__(
        self,
        env: Any,
        guild: Any,
        number: int,
        think: tuple[float, float],
        log_: Log,
        stamps: Any,
        observer: Any,
    ) -> None:
        self.env, self.number, self.think, self.log, self.stamps = env, number, think, log_, stamps
        self.observer = observer  # the bench's own database connection: it reads the games there
        self.rng = random.Random(number)
        self.title = TITLES[number % len(TITLES)]
        low, high = SEATS[self.title]
        self.channel = guild.create_text_channel(f"live-{number}")
        self.members = [
            guild.add_member(env.create_user(f"t{number}p{i}")) for i in range(self.rng.randint(low, high))
        ]
        self.screen = Screen(env, recent=3, old_chance=0.0)
        self.game_id: int | None = None
        self.seated: set[int] = set()
        self.futile: dict[tuple[Any, ...], int] = {}
        self.stopping = False
        self.moves = 0  # game versions gained by this table's games, counted every few seconds
        self._version = 0

    @property
    def storage(self) -> Any:
        return self.observer

    # ------------------------------------------------------------------ opening a game

    def _lobby(self) -> ResponseMessage | None:
        stored = self.env.backend.messages.get(self.channel.id, {})
        for message in sorted(stored.values(), key=lambda m: m.id, reverse=True):
            if any(
                c.get("custom_id", "").startswith("lobby:start:") for c in walk_components(message.components)
            ):
                return ResponseMessage(self.env, message)
        return None

    async def open(self) -> bool:
        """``/play``, everyone joins, the host starts; True once the game is running."""
        self.log.opening += 1
        try:
            return await self._open()
        finally:
            self.log.opening -= 1

    async def _open(self) -> bool:
        host = self.members[0]
        before = self._lobby()
        await self.interact(
            "slash", host, None, lambda: host.slash(self.channel, "play", game=self.title), "/play"
        )
        lobby = await until(
            lambda: (m := self._lobby()) and (before is None or m.id != before.id) and m, LOBBY_WAIT
        )
        if lobby is None:
            self.log.open_failures += 1
            return False
        for member in self.members[1:]:
            await self.interact(
                "button", member, lobby.id, partial(member.click, lobby, label="Join"), "lobby:join"
            )
            await asyncio.sleep(self.rng.uniform(0.2, 0.6))
        await self.interact(
            "button", host, lobby.id, lambda: host.click(self._lobby(), label="Start"), "lobby:start"
        )
        record = await self._wait_active(lobby.id)
        if record is None:
            self.log.open_failures += 1
            return False
        self.game_id, self.seated = record.id, {s.user_id for s in record.seats}
        self._version = record.version
        self.futile.clear()
        self.log.games_opened += 1
        return True

    async def _wait_active(self, _lobby_id: int) -> Any:
        deadline = time.perf_counter() + 15
        while time.perf_counter() < deadline:
            record = await self.storage.latest_game_in_channel(self.channel.id)
            if record is not None and record.status == "active" and record.id != self.game_id:
                return record
            await asyncio.sleep(0.25)
        return None

    # ------------------------------------------------------------------ playing

    async def run(self, until_time: float, opening: float = 0.0) -> None:
        """Open games one after another and play them until ``until_time`` (perf_counter); the
        first after ``opening`` seconds (tables don't all sit down at once). Every table opens
        its first game, however busy the machine: how many tables sat down must not depend on
        how fast it is."""
        await asyncio.sleep(opening)
        first = True
        while first or (time.perf_counter() < until_time and not self.stopping):
            first = False
            try:
                opened = await self.open()
            except Exception:  # counted and said, not a table that silently stops playing
                log.exception("table %d could not open a game", self.number)
                self.log.open_failures += 1
                opened = False
            if not opened:
                await asyncio.sleep(10)  # a host whose /play failed waits before trying again
                continue
            players = [m for m in self.members if m.id in self.seated]
            done = asyncio.Event()
            tasks = [asyncio.create_task(self.player(p, until_time, done)) for p in players]
            while time.perf_counter() < until_time and not self.stopping:
                await asyncio.sleep(3)
                record = await self.storage.load(self.game_id)
                if record is not None:
                    self.moves += record.version - self._version
                    self._version = record.version
                if record is None or record.status != "active":
                    self.log.games_finished += record is not None and record.status == "finished"
                    break
            done.set()
            for failed in await asyncio.gather(*tasks, return_exceptions=True):
                if isinstance(failed, Exception):
                    log.error("a player of table %d failed", self.number, exc_info=failed)

    def weight(self, control: Control) -> float:
        label = control.label.lower()
        weight = 5.0 if label.startswith(MOVE_ON) and not label.endswith("first") else 1.0
        if label.startswith(GO_BACK):
            weight *= 0.1
        return weight * 0.3 ** self.futile.get(control.key, 0)

    def choose(self, member: Any) -> Control | None:
        controls = [
            c
            for c in self.screen.controls(self.channel, [member], self.rng)
            if (c.newest or c.place.value != "dm") and not c.custom_id.startswith(SKIP)
        ]
        weights = [self.weight(c) for c in controls]
        if not controls or not any(weights):
            return None
        return self.rng.choices(controls, weights)[0]

    async def player(self, member: Any, until_time: float, done: asyncio.Event) -> None:
        await asyncio.sleep(self.rng.uniform(0, self.think[1]))  # players don't all start at once
        while time.perf_counter() < until_time and not done.is_set():
            control = self.choose(member)
            if control is not None:
                click = await self.press(member, control)
                if click is not None and not await self.answered(click):
                    self.futile[control.key] = self.futile.get(control.key, 0) + 1
            await asyncio.sleep(self.rng.uniform(*self.think))

    async def press(self, member: Any, control: Control) -> Click | None:
        message = self.screen.message(control)
        if control.is_select:
            options = [o["value"] for o in control.component["options"]]
            low = max(1, control.component.get("min_values", 1))
            high = min(len(options), control.component.get("max_values", 1))
            values = self.rng.sample(options, self.rng.randint(low, max(low, high)))
            call = lambda: control.actor.select(message, values, custom_id=control.custom_id)  # noqa: E731
            kind = "select"
        else:
            call = lambda: control.actor.click(message, custom_id=control.custom_id)  # noqa: E731
            kind = "button"
        what = ":".join(control.custom_id.split(":")[:2])
        return await self.interact(kind, member, control.message_id, call, what)

    async def interact(
        self, kind: str, member: Any, message_id: int | None, call: Callable[[], Any], what: str = ""
    ) -> Click | None:
        """Deliver one interaction (it returns at once: see ``bench.load.live``) and log it."""
        try:
            click = await deliver(kind, member, message_id, call, what)
        except SetupError:  # the control went away between looking and clicking
            self.log.refused_by_client += 1
            return None
        self.log.clicks.append(click)
        return click

    async def answered(self, click: Click) -> bool:
        """Wait as a player does: for the acknowledgement, then for an answer or a new panel.
        False if none came (a control that does nothing now is tried less)."""
        stamps = self.stamps
        acked = await until(lambda: stamps.callbacks.get(click.interaction_id), ANSWER_WAIT, 0.02)
        if acked is None:
            return False
        return bool(
            await until(
                lambda: stamps.by_token.get(click.token) or stamps.edits.get(click.message_id or 0),
                ANSWER_WAIT,
                0.05,
            )
        )
