"""Live tables' step timers: at a table played live, every step has a few minutes on the clock.

A slow phone must not stall a party with nobody knowing how long it may last. The host picks the
timer with `/play timer` (the game's ``live_timer`` by default, "off" for none); it is stored with
the lobby's options under ``step_timer``, a table option the rules pass over (``TABLE_OPTIONS``).
``bot.tell.pacing`` gives every human seat that owes the step a stored deadline of that many seconds,
so a timer survives a restart, and the status card counts it down. When it runs out, the game's
missed-deadline handling applies, as in a paced game: the bot finishes the late player's turn, or
(A Sky of Stars) the late player draws nothing that roll.

Unlike a paced game, a live table never hands a seat to the bot for missed timers: the players
are at the table, a slow phone is not an absence, and a missed timer already costs its player
that move. A player who really left can be handed to the bot with `/game kick`.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.games import get_game
from bot.games.base import TABLE_OPTIONS
from bot.i18n import N_, _
from bot.storage import GameRecord

TIMER_KEY = TABLE_OPTIONS[0]
TIMERS = {
    N_("off"): 0,
    N_("30 seconds"): 30,
    N_("1 minute"): 60,
    N_("90 seconds"): 90,
    N_("2 minutes"): 120,
    N_("3 minutes"): 180,
    N_("5 minutes"): 300,
    N_("10 minutes"): 600,
}
# `/play timer`: the slash command's own words, in English like its other choices.
TIMER_CHOICES = [
    app_commands.Choice(name="off (no timers)" if not value else f"{name} per step", value=value)
    for name, value in TIMERS.items()
]


def timer_text(seconds: int) -> str:
    """A timer in words, in the current language ("2 minutes")."""
    return next((_(name) for name, value in TIMERS.items() if value == seconds), f"{seconds} s")


def default_timer(slug: str) -> int:
    """The timer a live table of this game gets when the host doesn't choose one."""
    return get_game(slug).live_timer


def with_timer(slug: str, options: dict[str, Any], chosen: int | None) -> dict[str, Any]:
    """A new lobby's options with its step timer (``chosen``, else the game's default)."""
    return {**options, TIMER_KEY: default_timer(slug) if chosen is None else chosen}


def step_timer(record: GameRecord) -> int:
    """Seconds each step of this game has at a live table; 0 when no timer runs: a paced game
    (its deadlines are ``pace``), a timer switched off, or a game opened before live timers."""
    if record.pace:
        return 0
    value = record.options.get(TIMER_KEY, 0)
    return value if type(value) is int and value > 0 else 0
