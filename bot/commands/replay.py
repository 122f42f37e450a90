"""`/game replay`: step through a game from its stored seed and moves (see ``replay_card``).

Private by default, so a review does not fill the thread; ``share`` posts the card in the
channel, where a running game shows only the table's view. Every check is made, and every
refusal said privately, before anything is posted.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.commands.replay_access import check_step, game_here, parse_id, replay_of, viewable
from bot.commands.replay_card import card_for
from bot.commands.replay_list import replay_autocomplete
from bot.i18n import _, speaking
from bot.ui.interactions import Ack, Refusal, entry, tell_privately
from bot.ui.outgoing import reply, send_to
from bot.ui.ports import service_of

log = logging.getLogger(__name__)


@app_commands.command(
    name="replay", description="Step through a game move by move: any finished game, or your own up to now."
)
@app_commands.describe(
    game="Yours or any finished game of this server, listed as you type (default: the game here)",
    step="The step to open at (0 is the set-up; default 0)",
    share="Post it in the channel for everyone (default: only you see it)",
)
@app_commands.autocomplete(game=replay_autocomplete)
@entry(Ack.THINKING)
async def replay_command(
    interaction: discord.Interaction,
    game: str | None = None,
    step: app_commands.Range[int, 0] | None = None,
    share: bool = False,
) -> None:
    if game is not None:
        record = await game_here(interaction, parse_id(game))
    else:
        here = interaction.channel_id
        latest = await service_of(interaction).storage.latest_game_in_channel(here) if here else None
        if latest is None:
            raise Refusal(_("Say which game to replay with the `game` option: its number, such as 12."))
        record = await game_here(interaction, latest.id)
    if share and record.practice:
        raise Refusal(
            _("Game #{id} is your practice game, yours alone: replay it without `share`.", id=record.id)
        )
    replay = await replay_of(interaction, record)
    at = step or 0
    check_step(record, replay, at)
    views = viewable(record, interaction.user.id, shared=share, step=at)
    if not share:
        await reply(interaction, await card_for(record, replay, at, None, views))
        return
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        raise Refusal(_("I can't post in this channel."))
    with speaking(record.language):  # in the channel: the table's language
        out = await card_for(record, replay, at, None, views)
    await send_to(channel, out)
    await tell_privately(interaction, _("The replay of game #{id} is posted in the channel.", id=record.id))
