"""The lobby message once its game is over, and **Rematch**.

When a game ends or is cancelled, its lobby message in the channel is edited to say so (the
winner and scores, or who cancelled it, with the thread's link), so the channel reads as a list
of tables and how each went. A finished game's lobby carries **Rematch**: any of its players
opens a new lobby with the same options, pace and bot seats, seated as its host; the others are
mentioned in it and join with its **Join** button, one click each. Once the rematch is open, the
old lobby links to it instead, so a second press can't open a second lobby.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.commands.lobby import DM_WARNING, lobby_view, missing_permissions, refuse_missing, welcome_dm
from bot.commands.lobby_card import lobby_embed
from bot.i18n import N_, _, ngettext, speaking
from bot.storage import GameRecord
from bot.ui.controls import Click, Control, Role, button
from bot.ui.interactions import Refusal, channel_id_of, tell_privately
from bot.ui.outgoing import only_users
from bot.ui.ports import Service, service_of

log = logging.getLogger(__name__)


def channel_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id if guild_id is not None else '@me'}/{channel_id}"


def closed_view(record: GameRecord, rematch_url: str | None = None) -> discord.ui.View | None:
    """A finished game's lobby: **Rematch** (or the link to the rematch once it is open) and the
    thread's link. A cancelled game's lobby has no component at all."""
    if record.status != "finished":
        return None
    view = discord.ui.View(timeout=None)
    if rematch_url is None:
        view.add_item(rematch_button(record.id))
    else:
        view.add_item(discord.ui.Button(label=_("Go to the rematch"), emoji="🔁", url=rematch_url))
    if record.thread_id is not None:
        view.add_item(
            discord.ui.Button(label=_("Open the thread"), url=channel_link(record.guild_id, record.thread_id))
        )
    return view


async def close_lobby(
    service: Service, record: GameRecord, note: str | None = None, *, rematch_url: str | None = None
) -> None:
    """Edit ``record``'s lobby message to say how the game ended (``note``: who cancelled it or
    why, in the table's language). A lobby message that is gone or can't be edited is only logged:
    the game is over anyway."""
    if record.lobby_message_id is None:
        return
    channel: Any = await service.channel(record.channel_id)
    if channel is None:
        return
    with speaking(record.language):
        embed, view = lobby_embed(record, note), closed_view(record, rematch_url)
    try:
        await channel.get_partial_message(record.lobby_message_id).edit(embed=embed, view=view)
    except discord.HTTPException as error:
        log.warning("game %s: could not edit its lobby message: %s", record.id, error)


def _offers_rematch(message: discord.Message, custom_id: str) -> bool:
    return any(
        getattr(child, "custom_id", None) == custom_id
        for row in message.components
        for child in getattr(row, "children", [row])
    )


async def _rematch(interaction: discord.Interaction, click: Click) -> None:
    """A new lobby for the same table: same options, pace and bot seats; the clicker hosts it."""
    service = service_of(interaction)
    async with service.lock(click.game_id):
        record = await service.storage.load(click.game_id)
        if record is None or record.status != "finished":
            raise Refusal(_("Only a finished game can be played again."))
        seat = record.seat_of(interaction.user.id)
        if seat is None or record.seats[seat].is_bot:
            raise Refusal(
                _(
                    "Only the players of game #{id} can ask for its rematch. "
                    "Start a game of your own with `/play`.",
                    id=record.id,
                )
            )
        # Two players may press at once: the second one, after the lock, sees the link.
        channel, clicked = interaction.channel, interaction.message
        assert isinstance(channel, discord.abc.Messageable) and clicked is not None  # a click on a message
        current = await channel.fetch_message(clicked.id)
        if not _offers_rematch(current, REMATCH.custom_id(click.game_id, 0)):
            raise Refusal(_("The rematch is already open: press **Join** in its lobby, just below."))
        refuse_missing(
            missing_permissions(interaction),
            N_(
                "I can't open a lobby here: I'm missing these permissions in this "
                "channel: {permissions}. Ask a server admin to grant them."
            ),
        )
        message, lobby = await _open(interaction, record)
        await close_lobby(service, record, rematch_url=message.jump_url)
    if not await welcome_dm(interaction.user, lobby):
        await service.storage.set_dm_open(lobby.id, interaction.user.id, False)
        await tell_privately(interaction, _(DM_WARNING))


async def _open(interaction: discord.Interaction, record: GameRecord) -> tuple[discord.Message, GameRecord]:
    storage = service_of(interaction).storage
    lobby = await storage.create_lobby(
        game=record.game,
        guild_id=interaction.guild_id,
        channel_id=channel_id_of(interaction),
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
        options=dict(record.options),
        pace=record.pace,
        language=record.language,
    )
    for seat in record.seats:
        if seat.is_bot:
            lobby = await storage.add_bot_seat(lobby.id, seat.name)
    invited = [s.user_id for s in record.seats if not s.is_bot and s.user_id != interaction.user.id]
    players = " ".join(f"<@{user}>" for user in invited)
    with speaking(lobby.language):  # a public message: the table's language
        if invited:
            text = ngettext(
                "Rematch of game #{id}: {players}, press **Join** to play again.",
                "Rematch of game #{id}: {players}, press **Join** to play again.",
                len(invited),
                id=record.id,
                players=players,
            )
        else:
            text = _("Rematch of game #{id}", id=record.id)
        embed, view = lobby_embed(lobby), lobby_view(lobby)
    await interaction.response.send_message(
        text, embed=embed, view=view, allowed_mentions=only_users(*invited)
    )
    message = await interaction.original_response()
    await storage.set_messages(lobby.id, lobby_message_id=message.id)
    return message, lobby


REMATCH = Control("lobby:rematch:{game}", Role.OWN, run=_rematch)


def rematch_button(game_id: int) -> discord.ui.Item[Any]:
    return button(REMATCH, game_id, 0, label="Rematch", emoji="🔁", style=discord.ButtonStyle.success)


__all__ = ["REMATCH", "close_lobby", "closed_view"]
