"""Who plays which seat during a game: `/game leave`, `/game kick` and `/game replace`.

A seat whose player is gone is played by the game's bot, so the others can finish; the game ends
cleanly instead when too few people would be left to play it.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.commands.game import end_game
from bot.commands.which_game import find_game, game_parameter
from bot.core.running import running
from bot.core.table import is_manager
from bot.games import get_game
from bot.i18n import M_, N_, Msg, _, speaking
from bot.storage import GameRecord, SeatTaken
from bot.tell.takeover import announce_handover
from bot.ui.controls import Click, Control, Role, button
from bot.ui.interactions import Ack, Refusal, acknowledge, answer, entry, tell_privately
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

HOST_ONLY = N_("Only the host or someone with Manage Server can do that.")


def humans_left(record: GameRecord, without: int | None = None) -> int:
    """People still playing their own seats (or able to reclaim them), ``without`` one seat."""
    return sum(1 for s in record.seats if not s.is_bot and not s.left_game and s.seat != without)


async def running_game(interaction: discord.Interaction, game: str | None) -> GameRecord:
    record = await find_game(interaction, game, for_user=True)
    if record is None or record.status != "active":
        raise Refusal(_("There's no running game here. Use this in a game's thread."))
    return record


async def seat_for_host(
    interaction: discord.Interaction, player: discord.Member, game: str | None
) -> tuple[GameRecord, int]:
    """The running game and ``player``'s seat, when the caller may manage seats (host or manager)."""
    record = await running_game(interaction, game)
    if interaction.user.id != record.host_id and not is_manager(interaction.user):
        raise Refusal(_(HOST_ONLY))
    seat = record.seat_of(player.id)
    if seat is None:
        raise Refusal(_("{name} isn't playing in this game.", name=player.display_name))
    return record, seat


@app_commands.command(name="leave", description="Leave the lobby or the game here for good.")
@game_parameter
@entry(Ack.THINKING)
async def leave(interaction: discord.Interaction, game: str | None = None) -> None:
    record = await find_game(interaction, game, for_user=True)
    if record is None or record.seat_of(interaction.user.id) is None:
        raise Refusal(_("You're not in a game here."))
    storage = service_of(interaction).storage
    if record.status == "lobby":
        if interaction.user.id == record.host_id:
            raise Refusal(_("You're hosting this lobby: use `/game cancel` to close it."))
        await storage.remove_seat(record.id, interaction.user.id)
        await tell_privately(interaction, _("You left the lobby."))
        return
    rules = get_game(record.game)
    seat = record.seat_of(interaction.user.id)
    if humans_left(record, without=seat) < rules.min_humans:
        question = _(
            "If you leave, too few players would be left, so the game would end for everyone. Are you sure?"
        )
    else:
        question = _(
            "If you leave, the bot will play your seat until the end, and you can't take it back. "
            "Are you sure?"
        )
    view = discord.ui.View(timeout=None)
    view.add_item(confirm_leave_button(record.id))
    await answer(interaction, question, view=view)


async def _confirm_leave(interaction: discord.Interaction, click: Click) -> None:
    await acknowledge(interaction, Ack.UPDATE)
    await interaction.edit_original_response(view=None)  # the question is answered once
    service = service_of(interaction)
    record = await service.storage.load(click.game_id)
    seat = record.seat_of(interaction.user.id) if record else None
    if record is None or record.status != "active" or seat is None or record.seats[seat].left_game:
        raise Refusal(_("This game is no longer running for you."))
    name = interaction.user.display_name
    if humans_left(record, without=seat) < get_game(record.game).min_humans:
        await end_game(
            interaction,
            record,
            M_("{name} left, and too few players remain, so the game ends.", name=name),
        )
        return
    await hand_to_bot(
        interaction,
        record,
        seat,
        left=True,
        note=M_("{name} left the game; the bot plays their seat from now on.", name=name),
    )
    await tell_privately(interaction, _("You left the game. Thanks for playing!"))


CONFIRM_LEAVE = Control("astro:leave:{game}", Role.OWN, run=_confirm_leave)


def confirm_leave_button(game_id: int) -> discord.ui.Item[Any]:
    return button(CONFIRM_LEAVE, game_id, 0, label=_("Leave the game"), style=discord.ButtonStyle.danger)


async def hand_to_bot(
    interaction: discord.Interaction, record: GameRecord, seat: int, *, left: bool, note: Msg
) -> None:
    """Give a seat to the bot (for good when ``left``), tell the thread, and let the bot move.

    ``note`` is said in the table's language: when the player left, the line for the thread;
    else the whole handover message (it mentions the player and offers **Reclaim seat**)."""
    service = service_of(interaction)
    async with service.lock(record.id):
        await service.storage.set_seat_control(record.id, seat, autopilot=True, left_game=left or None)
        await service.delivery.panels.retire_seat(record, seat)  # their panels close with a line saying why
        if left:
            await service.delivery.post(record, None, note)  # a Msg: said in the table's language
        else:
            reloaded = await service.storage.load(record.id)
            assert reloaded is not None
            await announce_handover(service, reloaded, seat, note)
        reloaded = await service.storage.load(record.id)
        assert reloaded is not None
        await service.settle(reloaded)


@app_commands.command(name="kick", description="Hand a player's seat to the bot (host or Manage Server).")
@app_commands.describe(player="Whose seat the bot should play")
@game_parameter
@entry(Ack.THINKING)
async def kick(interaction: discord.Interaction, player: discord.Member, game: str | None = None) -> None:
    record, seat = await seat_for_host(interaction, player, game)
    if record.seats[seat].bot_controlled:
        raise Refusal(_("The bot already plays {name}'s seat.", name=player.display_name))
    # The bot plays it "for now": the player may press Reclaim seat, which the message offers.
    note = M_(
        "<@{user}> {name} handed your seat to the bot, so the bot is playing your seat for now. "
        "Press **Reclaim seat** whenever you're back.",
        user=player.id,
        name=interaction.user.display_name,
    )
    await hand_to_bot(interaction, record, seat, left=False, note=note)
    await tell_privately(interaction, _("The bot now plays {name}'s seat.", name=player.display_name))


@app_commands.command(
    name="replace", description="Give a player's seat to someone else (host or Manage Server)."
)
@app_commands.describe(player="Who is leaving the seat", new_player="Who takes it over")
@game_parameter
@entry(Ack.THINKING)
async def replace(
    interaction: discord.Interaction,
    player: discord.Member,
    new_player: discord.Member,
    game: str | None = None,
) -> None:
    record, seat = await seat_for_host(interaction, player, game)
    if new_player.bot:
        raise Refusal(_("Pick a person: use `/game kick` to hand a seat to the bot."))
    service = service_of(interaction)
    async with service.lock(record.id):
        try:
            await service.storage.replace_player(record.id, seat, new_player.id, new_player.display_name)
        except SeatTaken as error:
            raise Refusal(_("{name} already plays in this game.", name=new_player.display_name)) from error
        await service.delivery.panels.retire_seat(record, seat)  # the old player's panels close
        reloaded = await service.storage.load(record.id)
        assert reloaded is not None
        record = await service.settle(reloaded)
        waiting = seat in get_game(record.game).to_act(running(record).state)
    channel = await service.play_channel(record)
    with speaking(record.language):
        taken = _("{new} takes over {old}'s seat.", new=new_player.mention, old=player.display_name)
    await service.delivery.post(record, channel, taken, mentions=(new_player.id,))
    if waiting:
        await service.send_panel(record, seat, channel)
    await tell_privately(interaction, _("{name} now plays that seat.", name=new_player.display_name))
