"""Image bytes per player: one complete 3-player game of each title, through the real bot.

Issue 13 asks that a player of a whole 3-player game of A Sky of Stars receive at most 3 MB of
images. Each title is played here to its results in SimCord by the SimCord test drivers
(``tests/drivers/*_driver.py``): every move is a click or a select on a real panel, every player has
open DMs and plays from them. ``bench.image_ledger`` files each uploaded image under where it went:

* a player's own images: their DMs, and ephemeral replies only they see;
* the thread's (and the channel's) images, which every player reading the thread downloads too.

An edit that attaches a new picture counts again; an edit that keeps the picture counts nothing.
Interactions are counted per game and per turn (``bench.turn_taps``: the turn the player owed in
the game's state when they clicked; for A Sky of Stars, per roll of the die).
A Sky of Stars round ends when someone calls STOP; a group calls it when their drawings are done,
so the game is played twice: the first player calls STOP when the round's ``STOP_AT``-th roll is
up (or the first line roll after it; the others then draw their last line), and never
(drawing goes on until nobody can add a stroke, the most images a round can bring).
Deals come from a fixed seed (``bench.fuzz.game_seeds``), so a run can be repeated.

Render times are wall time in ``Outgoing``'s worker thread (draw and encode), measured while the
bot and SimCord run beside it on the same two cores. The tables are ``bench.image_bytes_report``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

from bench.image_ledger import Ledger, Render, RenderClock, Upload
from bench.turn_taps import OUTSIDE, TurnTaps
from bot.app import create_bot
from bot.core.config import Config
from bot.games import get_game

PLAYERS = ("ada", "bea", "cy")
SEAT_NAMES = (*PLAYERS, "dee")  # ``--seats 4`` adds a fourth player (Star Gazers' worst case)
STOP_AT = 6  # the roll of a round at which a Sky player calls STOP
SEED = 13
MOVES_LIMIT = 3000
# How long SimCord waits for the bot to finish one interaction. Its default, 5 s, is for tests; a
# benchmark on a shared machine must not fail because a render waited for a core. The bot's timers
# are virtual (``bot.tell.scheduler.ClientAlarm``), so a long settle fires no countdown.
SETTLE_SECONDS = 60.0
QUIET_LOGGERS = ("render.common", "bot.faces.sky_of_stars.art.animation")


@dataclass(frozen=True)
class Played:
    """One complete game: every upload and render, and who sat where."""

    title: str
    variant: str
    seconds: float
    dm_channels: dict[int, str]  # DM channel id -> player
    user_ids: dict[int, str]  # user id -> player
    thread_ids: frozenset[int]
    uploads: list[Upload]
    unplaced: list[tuple[str, int]]
    renders: list[Render]
    kinds: dict[bytes, str]  # a picture's digest -> the drawing function that made it
    thread_messages: int
    interactions: dict[str, int]  # player -> their clicks, selects, forms and commands
    slug: str = ""
    turns: dict[str, list[int]] = field(default_factory=dict)  # kind of turn -> taps per player-turn
    players: tuple[str, ...] = PLAYERS  # who sat, in seat order

    @property
    def name(self) -> str:
        return self.title + (f" ({self.variant})" if self.variant else "")

    def kind(self, upload: Upload) -> str:
        return self.kinds.get(upload.digest, upload.filename)

    def place(self, upload: Upload) -> str:
        """A player's name (their DMs or an ephemeral for them), ``thread`` or ``channel``."""
        if upload.viewer_id is not None:
            return self.user_ids.get(upload.viewer_id, "someone else")
        if upload.channel_id in self.dm_channels:
            return self.dm_channels[upload.channel_id]
        return "thread" if upload.channel_id in self.thread_ids else "channel"

    def bytes_by_place(self) -> dict[str, int]:
        totals: dict[str, int] = defaultdict(int)
        for upload in self.uploads:
            totals[self.place(upload)] += upload.size
        return totals

    def images_by_place(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for upload in self.uploads:
            counts[self.place(upload)] += 1
        return counts


_seated: ContextVar[tuple[str, ...]] = ContextVar("image_bytes_players", default=PLAYERS)


# --- playing: each game through its test driver, imported when played so a driver broken by work
# in progress fails only this section ------------------------------------------------------------
async def _members(env: Any) -> tuple[Any, list[Any]]:
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return channel, [guild.add_member(env.create_user(name)) for name in _seated.get()]


async def _sky(env: Any, stop_after: int | None) -> tuple[Any, list[Any]]:
    from tests.drivers import sky_driver as sky

    channel, players = await _members(env)
    await sky.start_game(env, channel, players)
    table_ = sky.Table(env, channel, players, closed=set())
    never = 10**6
    await sky.play_until(env, table_, lambda view: False, stop_after=stop_after or never)
    return channel, players


async def _observatory(env: Any) -> tuple[Any, list[Any]]:
    from tests.drivers import observatory_driver as obs

    channel, players = await _members(env)
    await obs.start_game(env, channel, players)
    await obs.play_until(env, obs.ObsTable(env, channel, players), lambda view: False)
    return channel, players


async def _starry_night_sky(env: Any) -> tuple[Any, list[Any]]:
    from tests.drivers import starry_night_sky_driver as sns
    from tests.drivers.helpers import current_record

    channel, players = await _members(env)
    await sns.start_game(env, channel, players)
    table_ = sns.Table(env, channel, players)
    for _ in range(MOVES_LIMIT):
        record = await current_record(env)
        if record is None:
            return channel, players
        await table_.play_turn(players[sns.GAME.to_act(record.state)[0]])
    raise RuntimeError("Starry Night Sky did not finish")


async def _star_gazers(env: Any) -> tuple[Any, list[Any]]:
    from tests.drivers import star_gazers_driver as sg
    from tests.drivers.helpers import current_record

    channel, players = await _members(env)
    await sg.start_game(env, channel, players)
    table_ = sg.Table(env, channel, players, closed=set())
    for _ in range(MOVES_LIMIT):
        record = await current_record(env)
        if record is None:
            return channel, players
        for seat in sg.GAME.to_act(record.state):
            player = players[seat]
            await table_.play_turn(player, await table_.panel(player), seat)
    raise RuntimeError("Star Gazers did not finish")


@dataclass(frozen=True)
class Match:
    slug: str
    variant: str
    play: Callable[[Any], Awaitable[tuple[Any, list[Any]]]]


TITLES = ("sky-of-stars", "observatory", "starry-night-sky", "star-gazers")


def matches(quick: bool, titles: list[str] | None = None) -> list[Match]:
    """The games to play: every title, or only ``titles`` (slugs), to measure one game."""
    sky = [Match("sky-of-stars", f"STOP at roll {STOP_AT}", lambda env: _sky(env, STOP_AT))]
    if not quick:
        sky.append(Match("sky-of-stars", "no STOP", lambda env: _sky(env, None)))
    every = [
        *sky,
        Match("observatory", "", _observatory),
        Match("starry-night-sky", "", _starry_night_sky),
        Match("star-gazers", "", _star_gazers),
    ]
    return [m for m in every if not titles or m.slug in titles]


async def play_one(directory: Path, match: Match, number: int) -> Played:
    from bench.fuzz import game_seeds

    bot = create_bot(
        Config(token=None, db_path=str(directory / f"images-{number}.sqlite3"), dev_guild_id=None)
    )
    started = time.perf_counter()
    # Over-budget images are counted in the report; the render code's warning for each would bury it.
    quiet = [logging.getLogger(name) for name in QUIET_LOGGERS]
    levels = [logger.level for logger in quiet]
    for logger in quiet:
        logger.setLevel(logging.ERROR)
    try:
        with game_seeds(SEED), RenderClock() as clock:
            async with simcord.run(bot, settle_timeout=SETTLE_SECONDS) as env:
                with Ledger(env) as ledger, TurnTaps(env, match.slug) as taps:
                    channel, members = await match.play(env)
                if await bot.storage.active_games():
                    raise RuntimeError(f"{match.slug}: the game did not reach its results")
                threads = frozenset(t.id for t in channel.threads)
                played = Played(
                    get_game(match.slug).title,
                    match.variant,
                    time.perf_counter() - started,
                    {m.user.dm_channel.id: m.name for m in members},
                    {m.id: m.name for m in members},
                    threads,
                    ledger.uploads,
                    ledger.unplaced,
                    clock.renders,
                    clock.kinds,
                    sum(len(t.history()) for t in channel.threads),
                    interactions_of(env, members),
                    match.slug,
                    {
                        **taps.per_turn({m.id for m in members}),
                        OUTSIDE: [sum(taps.outside[m.id] for m in members)],
                    },
                    tuple(m.name for m in members),
                )
    finally:
        await bot.close()
        for logger, level in zip(quiet, levels, strict=True):
            logger.setLevel(level)
    return played


def interactions_of(env: Any, members: list[Any]) -> dict[str, int]:
    """How many interactions each player made (the images a player gets depend on how they play)."""
    names = {m.id: m.name for m in members}
    made = Counter(names.get(i.user_id) for i in env.backend.interactions.values())
    return {name: made[name] for name in names.values()}


def run(directory: Path, quick: bool, titles: list[str] | None = None, seats: int = 3) -> list[Played]:
    """Each game with ``seats`` players (2-4; 3 unless asked: issue 13's budget is for 3)."""
    if not 2 <= seats <= len(SEAT_NAMES):
        raise ValueError(f"seats: 2 to {len(SEAT_NAMES)}, not {seats}")

    async def all_games() -> list[Played]:
        _seated.set(SEAT_NAMES[:seats])
        return [await play_one(directory, m, n) for n, m in enumerate(matches(quick, titles))]

    return asyncio.run(all_games())
