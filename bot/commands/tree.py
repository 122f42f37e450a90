"""Every slash command, put together in one place, in the order Discord lists them.

The ``/game`` group is built here from the subcommands its modules define, so what the group
holds is read in one list, not gathered by whichever module happened to be imported.
"""

from __future__ import annotations

from typing import Any, Final

from discord import app_commands

from bot.commands import game, overview, ratings, seats
from bot.commands.gamenight import gamenight_group
from bot.commands.learn import learn_command
from bot.commands.lobby import play_command
from bot.commands.overview import stats_command
from bot.commands.ratings import leaderboard_command
from bot.commands.replay import replay_command
from bot.commands.settings import settings_command
from bot.commands.tournament_manage import tournament_group
from bot.commands.words import words_command

GAME_SUBCOMMANDS: Final[tuple[app_commands.Command[Any, ..., None], ...]] = (
    game.status,
    game.sheet,
    game.hand,
    game.rules,
    game.log_command,
    replay_command,
    game.cancel,
    overview.game_list,
    overview.game_mine,
    seats.leave,
    seats.kick,
    seats.replace,
    ratings.season,
)


def build_game_group() -> app_commands.Group:
    group = app_commands.Group(
        name="game", description="Look at or manage the game in this channel.", guild_only=True
    )
    for command in GAME_SUBCOMMANDS:
        group.add_command(command)
    return group


GAME_GROUP: Final = build_game_group()
COMMANDS: Final[tuple[app_commands.Command[Any, ..., None] | app_commands.Group, ...]] = (
    play_command,
    learn_command,
    GAME_GROUP,
    stats_command,
    leaderboard_command,
    settings_command,
    words_command,
    gamenight_group,
    tournament_group,
)
