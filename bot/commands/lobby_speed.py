"""What the lobby says and offers about speed: the presets, the exact value a host chose, and
how long the game should take at that speed with the seats taken so far.

The estimate itself is Discord-free (``bot.core.lengths``, from measured game lengths); the
presets are ``bot.core.speeds``. Here they become the lobby's lines, its speed select and the
``/play speed`` choices.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.core.lengths import duration_text, estimate
from bot.core.speeds import PACED, SPEED, SPEEDS, live_presets, speed_of
from bot.games import get_game
from bot.i18n import _, ngettext, pgettext
from bot.storage import GameRecord
from bot.tell.live_timer import TIMERS, step_timer, timer_text
from bot.tell.pacing import PACES, pace_text

log = logging.getLogger(__name__)

PACE_CHOICES = [
    app_commands.Choice(name="live (timed steps)" if not v else f"{name} per move", value=v)
    for name, v in PACES.items()
]
# `/play speed`: the slash command's own words, in English like its other choices.
SPEED_CHOICES = [
    app_commands.Choice(name="live, quick (short step timers)", value="live-quick"),
    app_commands.Choice(name="live, normal (the game's own step timers)", value="live-normal"),
    app_commands.Choice(name="live, relaxed (long step timers)", value="live-relaxed"),
    app_commands.Choice(name="over days, quick (12 hours per move)", value="paced-quick"),
    app_commands.Choice(name="over days, normal (24 hours per move)", value="paced-normal"),
    app_commands.Choice(name="over days, relaxed (72 hours per move)", value="paced-relaxed"),
]


def presets(slug: str, paced: bool) -> dict[str, int]:
    """Each speed's seconds for this game: its step timer at a live table, or its pace."""
    return dict(PACED) if paced else live_presets(get_game(slug).live_timer, TIMERS.values())


def clock_of(slug: str, speed: str) -> tuple[int, int]:
    """``/play speed``'s value ("live-quick", "paced-normal"…) as (pace, step timer) seconds."""
    mode, _dash, name = speed.partition("-")
    seconds = presets(slug, mode == "paced")[name]
    return (seconds, 0) if mode == "paced" else (0, seconds)


def clock(record: GameRecord) -> int:
    """The seconds each decision of this table has: its pace, or its live step timer (0: none)."""
    return record.pace or step_timer(record)


def speed_name(speed: str) -> str:
    return pgettext(SPEED, SPEEDS[speed])


def clock_line(record: GameRecord) -> str:
    """How the lobby says the table's clock: the pace of a paced game, or the live step timer."""
    if record.pace:
        return _("Each player has {pace} per move.", pace=pace_text(record.pace))
    seconds = step_timer(record)
    if not seconds:
        return _("Played live, with no timers.")
    return _("Played live: each step has {timer} on the clock.", timer=timer_text(seconds))


def speed_line(record: GameRecord) -> str:
    """The speed preset the table runs at, or that the host set an exact value."""
    seconds = clock(record)
    if not seconds:
        return _("Speed: played without timers")
    speed = speed_of(presets(record.game, bool(record.pace)), seconds)
    if speed is None:
        return _("Speed: an exact value set by the host")
    return _("Speed: **{speed}**", speed=speed_name(speed))


def length_lines(record: GameRecord) -> list[str]:
    """The expected length for the seats taken so far (at least the fewest the game needs)."""
    game = get_game(record.game)
    seats = min(max(len(record.seats), game.min_seats), game.max_seats)
    length = estimate(record.game, seats, clock(record), bool(record.pace), record.options)
    if length is None:
        log.info("no measured length for %s with %s seats", record.game, seats)
        return []
    players = ngettext("{n} player", "{n} players", seats)
    lines = [
        _(
            "Expected length with {players}: about **{time}**",
            players=players,
            time=duration_text(length.expected),
        )
    ]
    decisions = ngettext("{n} decision", "{n} decisions", length.decisions)
    per = duration_text(length.per_decision)
    if length.longest is None:
        lines.append(_("{decisions}, about {per} each, with no time limit.", decisions=decisions, per=per))
    else:
        lines.append(
            _(
                "{decisions}, about {per} each; at most {longest}.",
                decisions=decisions,
                per=per,
                longest=duration_text(length.longest),
            )
        )
    return lines


def speed_options(record: GameRecord) -> list[discord.SelectOption]:
    """The lobby's speed select: the three presets, no timer (live), and the host's exact value
    when it is none of them. Labelled in the current language; values are seconds."""
    paced = bool(record.pace)
    current = clock(record)
    found = presets(record.game, paced)
    words = pace_text if paced else timer_text
    per = (
        (lambda value: _("{pace} per move", pace=value))
        if paced
        else (lambda value: _("{timer} per step", timer=value))
    )
    options: list[discord.SelectOption] = []
    for name, seconds in found.items():
        if str(seconds) in (option.value for option in options):
            continue  # a game whose timer is short has one value for two speeds; Discord wants each once
        label = _("{speed}: {clock}", speed=speed_name(name).capitalize(), clock=per(words(seconds)))
        options.append(discord.SelectOption(label=label, value=str(seconds), default=seconds == current))
    if not paced:
        options.append(discord.SelectOption(label=_("No timer"), value="0", default=current == 0))
    if current and current not in found.values():
        options.append(
            discord.SelectOption(
                label=_("Exact: {clock}", clock=per(words(current))), value=str(current), default=True
            )
        )
    return options


def offered(paced: bool, seconds: int) -> bool:
    """Whether a lobby may be set to ``seconds``: any pace or timer ``/play`` offers exactly."""
    return (seconds in PACES.values() and seconds > 0) if paced else seconds in TIMERS.values()
