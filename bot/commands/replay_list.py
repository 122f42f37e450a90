"""The list `/game replay`'s `game` option offers as you type: the games you may replay here.

That is every game of this server that has ended (finished or cancelled after it started: anyone
in the server may replay it, see ``replay_access``), your own running games, and your own
practice tables (`/learn`; nobody else's is ever listed). Your running games come first, then
ended games, yours before everyone's, the most recently ended first, within Discord's 25 choices.
Each is named with its title, number, whether it runs or when it ended (a date in your time
zone), and its players, in your language. Typing a number keeps the games whose number holds it
(that very game first), typing part of a title keeps that title's games, and anything else (a
player's name, a date) is looked for among the latest games.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime, tzinfo
from zoneinfo import ZoneInfo

import discord
from discord import app_commands

from bot.commands.which_game import CHOICE_CHARS, CHOICES_SHOWN, ID_DIGITS
from bot.core.quiet import BadTimezone, zone
from bot.games import GAMES
from bot.i18n import N_, _, speaking
from bot.i18n.readers import private_language
from bot.storage import GameRecord
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

WINDOW = 100  # the latest games searched for a name or a date (a number or a title is searched in all)
_DIGITS = re.compile(r"[0-9]+")
UTC = ZoneInfo("UTC")


NAMES = {  # (practice, state): how the list names a game; a practice's players are the caller and bots
    (True, "active"): N_("Practice: {title} #{id} · running"),
    (True, "cancelled"): N_("Practice: {title} #{id} · cancelled {date}"),
    (True, "finished"): N_("Practice: {title} #{id} · finished {date}"),
    (False, "active"): N_("{title} #{id} · running · {players}"),
    (False, "cancelled"): N_("{title} #{id} · cancelled {date} · {players}"),
    (False, "finished"): N_("{title} #{id} · finished {date} · {players}"),
}


def replay_name(record: GameRecord, where: tzinfo = UTC) -> str:
    """A game as the replay list names it: title, number, running or when it ended, players."""
    game = GAMES.get(record.game)
    title = _(game.title) if game is not None else record.game
    players = ", ".join(seat.name for seat in record.seats)
    day = datetime.fromtimestamp(record.updated_at, where).date().isoformat()
    state = record.status if record.status in ("active", "cancelled") else "finished"
    name = _(NAMES[record.practice, state], title=title, id=record.id, date=day, players=players)
    return name if len(name) <= CHOICE_CHARS else name[: CHOICE_CHARS - 1] + "…"


async def replay_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The games the caller may replay here (see the module doc), in the caller's language (an
    autocomplete doesn't pass through ``entry``)."""
    with speaking(await private_language(interaction)):
        return await _choices(interaction, current)


async def _choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    guild_id = interaction.guild_id
    if guild_id is None:  # /game is a server's: a DM has nothing of it
        return []
    storage = service_of(interaction).storage
    user_id = interaction.user.id
    typed = current.strip().removeprefix("#").strip().casefold()
    number = typed if _DIGITS.fullmatch(typed) else None
    if number is not None and len(number) > ID_DIGITS:
        return []  # a longer number names no game
    titles = None
    if typed and number is None:
        titles = [slug for slug, game in GAMES.items() if typed in _(game.title).casefold()] or None
    searched = typed and number is None and titles is None  # a name or a date: among the latest
    records = await storage.replayable_games(
        guild_id, user_id, games=titles, number=number, limit=WINDOW if searched else CHOICES_SHOWN
    )
    where = await _time_zone(interaction, user_id)
    named = [(record, replay_name(record, where)) for record in records]
    shown = [(record, name) for record, name in named if typed in name.casefold()]
    if number is not None:
        shown.sort(key=lambda pair: str(pair[0].id) != number)  # stable: that very game first
    return [app_commands.Choice(name=name, value=str(record.id)) for record, name in shown][:CHOICES_SHOWN]


async def _time_zone(interaction: discord.Interaction, user_id: int) -> tzinfo:
    """The caller's `/settings` time zone, for the dates; UTC when they set none (or it is gone)."""
    settings = await service_of(interaction).storage.user_settings(user_id)
    try:
        return zone(settings.timezone)
    except BadTimezone:
        log.debug("user %s has an unknown time zone %r; dates in UTC", user_id, settings.timezone)
        return UTC
