"""Interaction latency through the real bot in SimCord: time to acknowledge, and full round trip.

Discord allows 3 s between an interaction and its first response (a reply or a defer). Here
the real bot runs in SimCord and players click as a human would: ``/play``, Join, Start, then
their DM panels (a star picked in a select, then the confirm button). Two figures per click:

* ack: dispatch to the bot's first ``POST /interactions/{id}/{token}/callback``. SimCord's HTTP
  log carries no timestamps, so the log is swapped for a list that stamps each append with
  ``time.perf_counter()`` (the router only ever appends to it). The clock starts just before the
  actor call, so it also counts SimCord building the interaction payload: an upper bound.
* round trip: the whole ``await actor.click(...)``. SimCord returns once the bot has settled, so
  this includes everything the click caused: rendering, DMs to other seats, the next step.

All real wall time: SimCord's clock is virtual, ``perf_counter`` is not.
"""

from __future__ import annotations

import functools
import random
import re
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord

from bench.stats import Summary, ms, table
from bot.app import AstrolabeBot, create_bot
from bot.core.config import Config
from bot.games import get_game
from bot.storage import Storage
from bot.ui.outgoing import has_controls, parts

SLUG = "sky-of-stars"
CALLBACK = re.compile(r"^/interactions/\d+/[^/]+/callback$")
KIND_ORDER = (
    "/play",
    "Join",
    "Start",
    "pick a star (DM select)",
    "confirm start",
    "confirm stroke",
    "confirm cross-out",
    "guess",
)


class StampedLog(list[Any]):
    """SimCord's HTTP log, plus the ``perf_counter`` time at which each request was logged."""

    def __init__(self, entries: Sequence[Any] = ()) -> None:
        super().__init__(entries)
        self.times: list[float] = [float("nan")] * len(entries)

    def append(self, entry: Any) -> None:
        self.times.append(time.perf_counter())
        super().append(entry)

    def first_callback_after(self, index: int) -> float | None:
        """When the first interaction callback (reply, defer, modal) at or after ``index`` was sent."""
        for i in range(index, len(self)):
            entry = self[i]
            if entry.method == "POST" and CALLBACK.match(entry.path):
                return self.times[i]
        return None


@dataclass
class Samples:
    """Ack and round-trip times per interaction kind, in seconds."""

    ack: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    round_trip: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    unacknowledged: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))


class Recorder:
    """Runs one actor call and files its ack and round-trip times under a kind."""

    def __init__(self, env: simcord.Env, samples: Samples) -> None:
        self.log = StampedLog(env.backend.http_requests)
        env.backend.http_requests = self.log  # the router appends through this attribute
        self.samples = samples

    async def __call__(self, kind: str, call: Callable[[], Awaitable[Any]]) -> Any:
        index = len(self.log)
        start = time.perf_counter()
        result = await call()
        self.samples.round_trip[kind].append(time.perf_counter() - start)
        acked = self.log.first_callback_after(index)
        if acked is None:
            self.samples.unacknowledged[kind] += 1
        else:
            self.samples.ack[kind].append(acked - start)
        return result


# --- reading messages as a player would ----------------------------------------------------
def _components(message: discord.Message) -> Iterator[Any]:
    """Every component, however nested (a card's container and rows too)."""
    yield from parts(message.components)


def _ids(message: discord.Message) -> list[str]:
    return [c.custom_id for c in _components(message) if getattr(c, "custom_id", None)]


def _component(message: discord.Message, custom_id: str) -> Any:
    return next(c for c in _components(message) if getattr(c, "custom_id", None) == custom_id)


def _latest_panel(member: Any) -> discord.Message | None:
    """The newest DM that still has components: the player's live panel."""
    return next((m for m in reversed(member.user.dm_channel.history()) if has_controls(m)), None)


def _reload(member: Any, message: discord.Message) -> discord.Message:
    """Messages are snapshots in SimCord: read the edited panel back."""
    return next(m for m in member.user.dm_channel.history() if m.id == message.id)


def _play_kind(custom_id: str) -> str:
    kind = custom_id.split(":")[4]
    names = {"start": "confirm start", "stroke": "confirm stroke", "cancel": "confirm cross-out"}
    return names.get(kind, kind)


# --- one game --------------------------------------------------------------------------------
@dataclass
class Plan:
    games: int  # games opened, one channel each
    rolls: int  # dice rolls played per game after the starting stars
    seed: int = 11


async def _act(record: Recorder, member: Any, rng: random.Random) -> bool:
    """Walk a DM panel: pick in selects until a play button shows, then press it."""
    message = _latest_panel(member)
    if message is None:
        return False
    for _ in range(6):
        ids = _ids(message)
        play = [i for i in ids if i.startswith("sky:do:") and ":stop:" not in i and ":pass:" not in i]
        if play:
            chosen = rng.choice(play)
            await record(_play_kind(chosen), functools.partial(member.user.click, message, custom_id=chosen))
            return True
        picks = [i for i in ids if i.startswith("sky:pick:")]
        if not picks:
            return False
        select = _component(message, rng.choice(picks))
        value = rng.choice(select.options).value
        pick = functools.partial(member.user.select, message, [value], custom_id=select.custom_id)
        await record("pick a star (DM select)", pick)
        message = _reload(member, message)
    raise RuntimeError("a panel never offered a play button")


async def _open_game(
    env: simcord.Env, record: Recorder, guild: Any, number: int, seats: int
) -> tuple[Any, list[Any]]:
    """``/play``, everyone joins, the host starts: a lobby as players open one."""
    channel = guild.create_text_channel(f"games-{number}")
    members = [guild.add_member(env.create_user(f"g{number}p{s}")) for s in range(seats)]
    host = members[0]
    await record("/play", lambda: host.slash(channel, "play", game=SLUG))
    lobby_id = channel.last_message.id

    def lobby() -> discord.Message:
        return next(m for m in channel.history() if m.id == lobby_id)

    for member in members[1:]:
        await record("Join", functools.partial(member.click, lobby(), label="Join"))
    await record("Start", functools.partial(host.click, lobby(), label="Start"))
    return channel, members


async def _play_game(
    storage: Storage, record: Recorder, channel: Any, members: list[Any], plan: Plan, rng: random.Random
) -> None:
    """Starting stars, then ``plan.rolls`` rolls of lines (or swirls), every seat through its DMs."""
    game = get_game(SLUG)
    while True:
        current = await storage.game_in_channel(channel.id)
        if current is None or current.state is None:
            return
        phase, roll = current.state["phase"], (current.state.get("roll") or {}).get("count", 0)
        if phase not in ("start", "stroke", "swirl") or roll > plan.rolls:
            return
        seats = game.to_act(current.state)
        moved = [await _act(record, members[seat], rng) for seat in seats]
        if not any(moved):
            raise RuntimeError(f"no panel could move game {current.id} in phase {current.state['phase']}")


async def run_async(directory: Path, plan: Plan) -> Samples:
    """One bot for every game, as in production: later games run while earlier ones stay open."""
    samples = Samples()
    db_path = str(directory / "bench-simcord.sqlite3")
    bot = create_bot(Config(token=None, db_path=db_path, dev_guild_id=None))
    rng = random.Random(plan.seed)
    try:
        async with simcord.run(bot) as env:
            record = Recorder(env, samples)
            await bot.tree.sync()
            guild = env.create_guild()
            for number in range(plan.games):
                seats = 3 + number % 4
                channel, members = await _open_game(env, record, guild, number, seats)
                await _play_game(bot.storage, record, channel, members, plan, rng)
    finally:
        await _close_storage(bot)
    return samples


async def _close_storage(bot: AstrolabeBot) -> None:
    """SimCord detaches the bot without closing it; aiosqlite's thread would keep the process alive."""
    try:
        storage = bot.storage
    except RuntimeError:  # never opened
        return
    await storage.close()


def report(samples: Samples, plan: Plan) -> str:
    kinds = [k for k in KIND_ORDER if k in samples.round_trip]
    kinds += sorted(set(samples.round_trip) - set(kinds))
    rows = []
    for kind in kinds:
        ack, trip = Summary.of(samples.ack[kind]), Summary.of(samples.round_trip[kind])
        missing = samples.unacknowledged.get(kind, 0)
        rows.append(
            [
                kind,
                str(trip.n),
                ms(ack.median_ms),
                ms(ack.p95_ms),
                ms(trip.median_ms),
                ms(trip.p95_ms),
                str(missing),
            ]
        )
    headers = ["interaction", "n", "ack med", "ack p95", "round trip med", "round trip p95", "no ack"]
    title = (
        f"SimCord, real bot ({plan.games} games of 3-6 seats, starting stars + {plan.rolls} rolls each; "
        "ms of real time)"
    )
    return title + "\n\n" + table(headers, rows)
