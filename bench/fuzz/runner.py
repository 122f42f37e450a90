"""The fuzzer: plays a game through SimCord as several members, knowing only what is on screen.

Each step is one thing a person could do: use a random enabled button or select that some
member can see (seated or not, a fresh panel or an old one), and now and then run a ``/game``
command, let time pass, restart the bot, close someone's DMs, or type into a form. After every
step the checks of ``bench.fuzz.checks`` run. Buttons that move a game on are weighted up and
Back/Undo loops are cut short (``bench.fuzz.choosing``), so a game reaches its results within a
few hundred steps.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Any

from simcord.backend.errors import SetupError
from simcord.components import walk_components

from bench.fuzz.checks import ErrorLog, PublicWatch, Replayer
from bench.fuzz.choosing import GO_BACK, form_texts, pick
from bench.fuzz.imagetext import ImageText
from bench.fuzz.screen import Control, Screen
from bot.games import get_game
from bot.ui.outgoing import has_controls

log = logging.getLogger(__name__)

SEATS = {"sky-of-stars": (3, 6), "observatory": (1, 5), "starry-night-sky": (2, 4), "star-gazers": (2, 4)}
CLOSED_DM = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}
SLOW = 1.0  # seconds: a step slower than this is listed


class Step(StrEnum):
    CLICK = "click"
    COMMAND = "command"
    WAIT = "wait"
    RESTART = "restart"
    CLOSE_DMS = "close DMs"


class FuzzFailure(AssertionError):
    """A check failed; the message ends with the last steps, to replay by hand."""


@dataclass
class Stats:
    games_started: int = 0
    games_finished: int = 0
    clicks: int = 0  # button presses, select choices and form submissions
    steps: int = 0
    commands: int = 0
    restarts: int = 0
    forms: int = 0
    errors: list[str] = field(default_factory=list)
    unacknowledged: int = 0
    slowest: float = 0.0  # any step: a click, a command, a wait that fires timers, a restart
    slowest_what: str = ""
    slowest_click: float = 0.0  # one interaction, until the bot settled
    slowest_click_what: str = ""
    leaks: int = 0
    slow: list[tuple[float, str]] = field(default_factory=list)  # steps over SLOW seconds

    def timed(self, seconds: float, what: str) -> None:
        if seconds > SLOW:
            self.slow.append((seconds, what))
        if seconds > self.slowest:
            self.slowest, self.slowest_what = seconds, what


class Fuzzer:
    """Plays games one after another in one SimCord world; ``stats`` sums them up."""

    def __init__(
        self,
        env: Any,
        make_bot: Callable[[], Any],
        seed: int,
        *,
        strict: bool = True,
        images: ImageText | None = None,
        errors: ErrorLog | None = None,
    ) -> None:
        self.env, self.make_bot, self.strict = env, make_bot, strict
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.screen = Screen(env)
        self.images = images or ImageText()
        self.errors = errors or ErrorLog()
        self.watch = PublicWatch(env, self.images)
        self.guild = env.create_guild()
        self.trail: list[str] = []
        self._error_cursor = env.error_cursor
        self._games = 0
        self._backs = 0  # Back/Undo presses in a row
        self._last_took = 0.0
        # Controls that changed nothing when pressed, by message, message version and custom
        # id: a person who keeps getting "not yet" from a button tries something else.
        self._futile: dict[tuple[int, Any, str], int] = {}
        self._pressed: tuple[int, Any, str] | None = None

    # ------------------------------------------------------------------ reporting

    def problem(self, text: str) -> None:
        self.stats.errors.append(text)
        log.warning("fuzz problem: %s", text)
        if self.strict:
            raise FuzzFailure(text + "\nlast steps:\n  " + "\n  ".join(self.trail[-25:]))

    def note(self, text: str) -> None:
        self.trail.append(text)
        del self.trail[:-200]

    # ------------------------------------------------------------------ one game

    async def play(self, slug: str, budget: int, seats: int | None = None) -> bool:
        """Open a lobby, seat players, start, then fuzz until the results or the step budget."""
        self._games += 1
        low, high = SEATS[slug]
        seats = seats or self.rng.randint(low, high)
        channel = self.guild.create_text_channel(f"{slug}-{self._games}")
        people = [
            self.guild.add_member(self.env.create_user(f"g{self._games}p{i}")) for i in range(seats + 2)
        ]
        game_id = await self._open(slug, channel, people, seats)
        if game_id is None:
            return False
        self.stats.games_started += 1
        self.replayer = Replayer(slug)
        self.closed: set[int] = set()
        self._futile.clear()
        for step in range(budget):
            record = await self.env.bot.storage.load(game_id)
            if record.status != "active":
                return await self._ended(record)
            if step % 100 == 0:
                log.info(
                    "game %s step %d: decision %s, %d clicks",
                    game_id,
                    step,
                    get_game(slug).decision_id(record.state),
                    self.stats.clicks,
                )
            self._pressed = None
            await self.step(channel, people, record)
            self.stats.steps += 1
            after = await self.check(slug, game_id, channel)
            if after.version == record.version and self._pressed is not None:
                self._futile[self._pressed] = self._futile.get(self._pressed, 0) + 1
        record = await self.env.bot.storage.load(game_id)
        if record.status != "active":
            return await self._ended(record)
        self.problem(f"game {game_id} ({slug}, {seats} seats) did not finish in {budget} steps")
        return False

    async def _open(self, slug: str, channel: Any, people: list[Any], seats: int) -> int | None:
        game = get_game(slug)
        options: dict[str, Any] = {}
        if slug == "sky-of-stars":
            options["countdown"] = self.rng.choice([20, 30, 45, 60, 90])
        if slug == "observatory":
            options["first_game"] = self.rng.random() < 0.3
        if self.rng.random() < 0.2:
            options["pace"] = 3600
        host = people[0]
        await self.interact(
            f"{host.name} /play {slug} {options}", lambda: host.slash(channel, "play", game=slug, **options)
        )
        lobby = next((m for m in reversed(channel.history()) if has_controls(m)), None)
        if lobby is None:
            self.problem(f"/play {slug} opened no lobby")
            return None
        bots = 0
        if game.allows_bot_seats and seats > 1 and self.rng.random() < 0.4:
            bots = self.rng.randint(1, min(2, seats - 1))
        for person in people[1 : seats - bots]:
            await self.interact(f"{person.name} Join", partial(person.click, lobby, label="Join"))
        for _ in range(bots):
            await self.interact(f"{host.name} Add bot", lambda: host.click(lobby, label="Add bot"))
        await self.interact(f"{host.name} Start", lambda: host.click(lobby, label="Start"))
        record = await self.env.bot.storage.latest_game_in_channel(channel.id)
        if record is None or record.status != "active":
            self.problem(f"{slug} lobby with {seats} seats ({bots} bots) did not start")
            return None
        self.note(f"game {record.id}: {slug}, {len(record.seats)} seats, {bots} bots, {options}")
        return record.id

    async def _ended(self, record: Any) -> bool:
        if record.status != "finished":
            self.problem(f"game {record.id} ended as {record.status!r}, not with results")
            return False
        if get_game(record.game).outcome(record.state) is not None and not await self.env.bot.storage.results(
            record.id
        ):
            self.problem(f"game {record.id} finished without results rows")
        self.stats.games_finished += 1
        return True

    # ------------------------------------------------------------------ steps

    async def step(self, channel: Any, people: list[Any], record: Any) -> None:
        roll = self.rng.random()
        if roll < 0.04:
            await self.command(channel, people, record)
        elif roll < 0.08:
            seconds = self.rng.choice([5, 15, 25, 35, 50, 95])
            if record.pace and self.rng.random() < 0.3:
                seconds = self.rng.choice([1900, 3700])
            self.note(f"wait {seconds} s")
            await self.timed(f"wait {seconds} s", lambda: self.env.advance_time(seconds))
        elif roll < 0.09:
            await self.restart()
        elif roll < 0.095:
            self.close_dms(people, record)
        else:
            await self.click(channel, people)

    async def click(self, channel: Any, people: list[Any]) -> None:
        record = await self.env.bot.storage.latest_game_in_channel(channel.id)
        seated = {s.user_id for s in record.seats} if record else set()
        controls = self.screen.controls(channel, people, self.rng)
        control = pick(self.rng, controls, seated, self._backs, self._futile)
        if control is None:
            self.note("nothing to click: wait 35 s")
            await self.timed("wait 35 s", lambda: self.env.advance_time(35))
            return
        self._pressed = control.key
        label = control.label.lower()
        self._backs = self._backs + 1 if label.startswith(GO_BACK) else 0
        message = self.screen.message(control)
        what = control.describe()
        if control.is_select:
            options = [o["value"] for o in control.component["options"]]
            low = max(1, control.component.get("min_values", 1))
            high = min(len(options), control.component.get("max_values", 1))
            values = self.rng.sample(options, self.rng.randint(low, max(low, high)))
            what += f" = {values}"
            result = await self.interact(
                what, lambda: control.actor.select(message, values, custom_id=control.custom_id)
            )
        else:
            result = await self.interact(
                what, lambda: control.actor.click(message, custom_id=control.custom_id)
            )
        if result is not None and result.modal:
            await self.fill_form(control, result)

    async def fill_form(self, control: Control, shown: Any) -> None:
        """Type into every text input of a form the bot opened, as a client would let you."""
        values = {}
        for component in walk_components(shown.modal.get("components") or []):
            if component.get("type") == 4:
                text = self.rng.choice(form_texts(self.rng))[: component.get("max_length") or 4000]
                if len(text.strip()) < (component.get("min_length") or 0):
                    self.note(f"form: the client would not send {text!r}")
                    return
                values[component["custom_id"]] = text
        self.stats.forms += 1
        await self.interact(
            f"{control.member.name} submits {values!r}", lambda: control.actor.submit_modal(shown, values)
        )

    async def command(self, channel: Any, people: list[Any], record: Any) -> None:
        member = self.rng.choice(people)
        where = self.rng.choice([*channel.threads, channel]) if channel.threads else channel
        seated = [p for p in people if record.seat_of(p.id) is not None]
        choices: list[tuple[str, dict[str, Any]]] = [
            ("game status", {}),
            ("game sheet", {}),
            ("game sheet", {"player": self.rng.choice(people)}),
            ("game hand", {}),
            ("game rules", {}),
            ("game log", {}),
            ("game log", {"page": self.rng.randint(1, 40)}),
            ("game list", {}),
            ("game mine", {}),
        ]
        if seated and self.rng.random() < 0.03:  # rarely: the host hands a seat to the bot
            member = next(p for p in people if p.id == record.host_id)
            choices = [("game kick", {"player": self.rng.choice(seated)})]
        name, options = self.rng.choice(choices)
        self.stats.commands += 1
        shown = {k: getattr(v, "name", v) for k, v in options.items()}
        await self.interact(
            f"{member.name} /{name} {shown} in {where.name}", lambda: member.slash(where, name, **options)
        )

    async def restart(self) -> None:
        self.note("restart the bot")
        old = self.env.bot
        await self.timed("restart", lambda: self.env.restart_bot(self.make_bot()))
        self.stats.restarts += 1
        if old is not self.env.bot:
            await old.close()

    def close_dms(self, people: list[Any], record: Any) -> None:
        open_ = [p for p in people if p.id not in self.closed]
        if self.closed or len(open_) <= 1:  # one member per game changes their mind
            return
        member = self.rng.choice(open_)
        self.closed.add(member.id)
        self.note(f"{member.name} closes their DMs")
        self.env.inject_error(
            "POST", f"/channels/{member.user.dm_channel.id}/messages", times=None, **CLOSED_DM
        )

    async def timed(self, what: str, call: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        try:
            return await call()
        except TimeoutError as error:
            self.problem(f"{what}: {error}")
            return None
        finally:
            self._last_took = time.perf_counter() - start
            self.stats.timed(self._last_took, what)

    async def interact(self, what: str, call: Callable[[], Any]) -> Any:
        """One interaction: timed, and it must be acknowledged."""
        self.note(what)
        log.debug("interact %s real %.2f", what, time.perf_counter())
        try:
            result = await self.timed(what, call)
        except SetupError as error:  # a real client could not have done it: the fuzzer's slip
            self.note(f"  (not possible in a client: {error})")
            return None
        self.stats.clicks += 1
        if self._last_took > self.stats.slowest_click:
            self.stats.slowest_click, self.stats.slowest_click_what = self._last_took, what
        if result is not None and not result.acknowledged:
            self.stats.unacknowledged += 1
            self.problem(f"not acknowledged: {what}")
        return result

    # ------------------------------------------------------------------ checks

    async def check(self, slug: str, game_id: int, channel: Any) -> Any:
        """Every check after a step; returns the game's stored record."""
        for error in self.env.errors_since(self._error_cursor):
            self.problem(f"env.errors: {type(error).__name__}: {error}")
        self._error_cursor = self.env.error_cursor
        for text in self.errors.take():
            self.problem(f"logged error: {text}")
        storage = self.env.bot.storage
        record = await storage.load(game_id)
        why = self.replayer.mismatch(record, await storage.actions(game_id))
        if why:
            self.problem(f"game {game_id}: {why}")
        for leak in self.watch.leaks(slug, record.state, [channel.id, *(t.id for t in channel.threads)]):
            self.stats.leaks += 1
            self.problem(leak)
        return record
