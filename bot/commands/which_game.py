"""Which game a `/game` command acts on, now that one channel may run several tables at once.

In a game's thread, the command acts on that thread's game. In the channel, it acts on the only
open game there, or else on the caller's own one (the game they sit in); when that still leaves
more than one, the command is refused with the list, and the caller names one with the `game`
option, which autocompletes the channel's open games.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.games import GAMES
from bot.i18n import _, speaking
from bot.i18n.readers import private_language
from bot.storage import GameRecord
from bot.storage.records import MAX_ID
from bot.ui.interactions import Refusal, channel_id_of
from bot.ui.ports import service_of

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])

GAME_OPTION = "Which game of this channel (the list appears as you type); by default yours"
CHOICES_SHOWN = 25  # Discord shows at most 25 autocomplete choices
CHOICE_CHARS = 100  # and cuts a choice's name at 100 characters
ID_DIGITS = len(str(MAX_ID))  # a longer number names no game (and int() of thousands of digits fails)


def table_name(record: GameRecord) -> str:
    """A game as the lists name it: title, number, host and whether it is still a lobby."""
    game = GAMES.get(record.game)
    title = _(game.title) if game is not None else record.game
    host = next((s.name for s in record.seats if s.user_id == record.host_id), None)
    lobby = record.status == "lobby"
    if host:
        if lobby:
            return _("{title} #{id} · hosted by {host} · lobby", title=title, id=record.id, host=host)
        return _("{title} #{id} · hosted by {host}", title=title, id=record.id, host=host)
    if lobby:
        return _("{title} #{id} · lobby", title=title, id=record.id)
    return f"{title} #{record.id}"


def _ask_which(games: list[GameRecord], *, yours: bool) -> str:
    listed = "\n".join(f"- {discord.utils.escape_markdown(table_name(g))}" for g in games[:10])
    if yours:
        return _(
            "You're in several games in this channel:\n{games}\nSay which with the command's `game` "
            "option (it lists them as you type), or use the command in that game's thread.",
            games=listed,
        )
    return _(
        "Several games are open in this channel:\n{games}\nSay which with the command's `game` option "
        "(it lists them as you type), or use the command in that game's thread.",
        games=listed,
    )


def _parent_id(interaction: discord.Interaction) -> int | None:
    return getattr(interaction.channel, "parent_id", None)


async def chosen_game(interaction: discord.Interaction, value: str) -> GameRecord:
    """The game named by the `game` option; a value that names no game of this place is refused."""
    number = value.strip().removeprefix("#")
    if not number.isdecimal():
        typed = discord.utils.escape_markdown(value[:40])
        raise Refusal(
            _(
                "`game` takes a game number such as 12, not “{typed}”. Pick one from the list "
                "that appears as you type.",
                typed=typed,
            )
        )
    wanted = int(number) if len(number) <= ID_DIGITS else MAX_ID + 1
    record = await service_of(interaction).storage.load(wanted) if wanted <= MAX_ID else None
    if record is None or record.guild_id != interaction.guild_id:
        shown = f"{number[:ID_DIGITS]}…" if len(number) > ID_DIGITS else wanted
        raise Refusal(
            _(
                "There's no game #{number} in this server. Pick one from the list that "
                "appears as you type, or see `/game list`.",
                number=shown,
            )
        )
    here = {interaction.channel_id, _parent_id(interaction)}
    if record.channel_id not in here and record.thread_id != interaction.channel_id:
        raise Refusal(
            _(
                "Game #{id} is played in <#{channel}>: use the command "
                "there, or pick a game of this channel.",
                id=record.id,
                channel=record.play_channel_id,
            )
        )
    return record


async def find_game(
    interaction: discord.Interaction, game: str | None = None, *, for_user: bool = False
) -> GameRecord | None:
    """The game a command acts on (see the module doc), or None when none is open here.

    ``for_user``: a personal command (your panel, your sheet) used where no game is open falls
    back on the caller's only running game in this server. A command touches the game, so one
    whose stored state can't be loaded is set aside here (``GameService.checked``).
    """
    service = service_of(interaction)
    return await service.checked(await _which_game(interaction, game, for_user=for_user))


async def _which_game(
    interaction: discord.Interaction, game: str | None, *, for_user: bool
) -> GameRecord | None:
    if game is not None:
        return await chosen_game(interaction, game)
    storage = service_of(interaction).storage
    here = await storage.open_games_in_channel(channel_id_of(interaction))
    if here and here[0].thread_id == interaction.channel_id:
        return here[0]  # a thread is its own game's table
    if len(here) == 1:
        return here[0]
    if here:
        mine = [g for g in here if g.seat_of(interaction.user.id) is not None]
        if len(mine) == 1:
            return mine[0]
        raise Refusal(_ask_which(mine or here, yours=bool(mine)))
    if for_user:
        running = [
            g
            for g in await storage.games_for_user(interaction.user.id, guild_id=interaction.guild_id)
            if g.status == "active"
        ]
        if len(running) == 1:
            return running[0]
    return None


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The open games of this channel (in a thread: its game, then its channel's), the caller's
    own first, filtered by what was typed (a number, a title or a host), in the caller's language
    (an autocomplete doesn't pass through ``entry``)."""
    with speaking(await private_language(interaction)):
        return await _autocomplete(interaction, current)


async def _autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    storage = service_of(interaction).storage
    games = await storage.open_games_in_channel(channel_id_of(interaction))
    parent = _parent_id(interaction)
    if parent is not None:
        known = {g.id for g in games}
        games += [g for g in await storage.open_games_in_channel(parent) if g.id not in known]
    games.sort(key=lambda g: g.seat_of(interaction.user.id) is None)  # stable: keeps the order within
    typed = current.strip().removeprefix("#").casefold()
    names = [(g, table_name(g)) for g in games]
    return [
        app_commands.Choice(name=name[:CHOICE_CHARS], value=str(g.id))
        for g, name in names
        if typed in name.casefold()
    ][:CHOICES_SHOWN]


def game_parameter(callback: F) -> F:
    """Describe a command's ``game`` parameter (which of the channel's games it acts on) and
    complete it from the channel's open games as the caller types."""
    return app_commands.describe(game=GAME_OPTION)(
        app_commands.autocomplete(game=game_autocomplete)(callback)
    )
