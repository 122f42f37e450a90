"""Who plays which seat during a game: `/game leave`, `/game kick` and `/game replace`.

A seat whose player is gone is played by the game's bot, so the others can finish; the game ends
cleanly instead when too few people would be left to play it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands

from bot.commands import end_game, game_group
from bot.games import get_game
from bot.interactions import Ack, Refusal, answer, entry, tell_privately
from bot.ports import service_of
from bot.storage import GameRecord, SeatTaken
from bot.table import is_manager
from bot.which_game import GAME_OPTION, find_game, game_autocomplete

log = logging.getLogger(__name__)

HOST_ONLY = "Only the host or someone with Manage Server can do that."


def humans_left(record: GameRecord, without: int | None = None) -> int:
    """People still playing their own seats (or able to reclaim them), ``without`` one seat."""
    return sum(1 for s in record.seats if not s.is_bot and not s.left_game and s.seat != without)


async def running_game(interaction: discord.Interaction, game: str | None) -> GameRecord:
    record = await find_game(interaction, game, for_user=True)
    if record is None or record.status != "active":
        raise Refusal("There's no running game here. Use this in a game's thread.")
    return record


async def seat_for_host(interaction: discord.Interaction, player: discord.Member,
                        game: str | None) -> tuple[GameRecord, int]:
    """The running game and ``player``'s seat, when the caller may manage seats (host or manager)."""
    record = await running_game(interaction, game)
    if interaction.user.id != record.host_id and not is_manager(interaction.user):
        raise Refusal(HOST_ONLY)
    seat = record.seat_of(player.id)
    if seat is None:
        raise Refusal(f"{player.display_name} isn't playing in this game.")
    return record, seat


@game_group.command(name="leave", description="Leave the lobby or the game here for good.")
@app_commands.describe(game=GAME_OPTION)
@app_commands.autocomplete(game=game_autocomplete)
@entry(Ack.THINKING)
async def leave(interaction: discord.Interaction, game: str | None = None) -> None:
    await _leave(interaction, game)


async def _leave(interaction: discord.Interaction, chosen: str | None) -> None:
    record = await find_game(interaction, chosen, for_user=True)
    if record is None or record.seat_of(interaction.user.id) is None:
        raise Refusal("You're not in a game here.")
    storage = service_of(interaction).storage
    if record.status == "lobby":
        if interaction.user.id == record.host_id:
            raise Refusal("You're hosting this lobby: use `/game cancel` to close it.")
        await storage.remove_seat(record.id, interaction.user.id)
        await tell_privately(interaction, "You left the lobby.")
        return
    game = get_game(record.game)
    seat = record.seat_of(interaction.user.id)
    if humans_left(record, without=seat) < game.min_humans:
        consequence = "too few players would be left, so the game would end for everyone"
    else:
        consequence = "the bot will play your seat until the end, and you can't take it back"
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmLeave(record.id))
    await answer(interaction, f"If you leave, {consequence}. Are you sure?", view=view)


class ConfirmLeave(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"astro:leave:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Leave the game", style=discord.ButtonStyle.danger,
                                           custom_id=f"astro:leave:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ConfirmLeave:
        return cls(int(match["game"]))

    @entry(Ack.THINKING)
    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        record = await service.storage.load(self.game_id)
        seat = record.seat_of(interaction.user.id) if record else None
        if record is None or record.status != "active" or seat is None or record.seats[seat].left_game:
            raise Refusal("This game is no longer running for you.")
        name = interaction.user.display_name
        if humans_left(record, without=seat) < get_game(record.game).min_humans:
            await end_game(interaction, record, f"{name} left, and too few players remain, so the game ends.")
            return
        await hand_to_bot(interaction, record, seat, left=True,
                          note=f"{name} left the game; the bot plays their seat from now on.")
        await tell_privately(interaction, "You left the game. Thanks for playing!")


async def hand_to_bot(interaction: discord.Interaction, record: GameRecord, seat: int, *,
                      left: bool, note: str) -> None:
    """Give a seat to the bot (for good when ``left``), tell the thread, and let the bot move."""
    service = service_of(interaction)
    async with service.lock(record.id):
        await service.storage.set_seat_control(record.id, seat, autopilot=True, left_game=left or None)
        await service.delivery.retire_seat(record, seat)  # their panels close with a line saying why
        if left:
            await service.delivery.post(record, None, note)
        else:
            reloaded = await service.storage.load(record.id)
            assert reloaded is not None
            await service.pacer.announce_handover(reloaded, seat, note)
        reloaded = await service.storage.load(record.id)
        assert reloaded is not None
        await service.settle(reloaded)


@game_group.command(name="kick", description="Hand a player's seat to the bot (host or Manage Server).")
@app_commands.describe(player="Whose seat the bot should play", game=GAME_OPTION)
@app_commands.autocomplete(game=game_autocomplete)
@entry(Ack.THINKING)
async def kick(interaction: discord.Interaction, player: discord.Member, game: str | None = None) -> None:
    await _kick(interaction, player, game)


async def _kick(interaction: discord.Interaction, player: discord.Member, game: str | None) -> None:
    record, seat = await seat_for_host(interaction, player, game)
    if record.seats[seat].bot_controlled:
        raise Refusal(f"The bot already plays {player.display_name}'s seat.")
    await hand_to_bot(interaction, record, seat, left=False,
                      note=f"{interaction.user.display_name} handed your seat to the bot")
    await tell_privately(interaction, f"The bot now plays {player.display_name}'s seat.")


@game_group.command(name="replace",
                    description="Give a player's seat to someone else (host or Manage Server).")
@app_commands.describe(player="Who is leaving the seat", new_player="Who takes it over", game=GAME_OPTION)
@app_commands.autocomplete(game=game_autocomplete)
@entry(Ack.THINKING)
async def replace(interaction: discord.Interaction, player: discord.Member,
                  new_player: discord.Member, game: str | None = None) -> None:
    await _replace(interaction, player, new_player, game)


async def _replace(interaction: discord.Interaction, player: discord.Member,
                   new_player: discord.Member, game: str | None) -> None:
    record, seat = await seat_for_host(interaction, player, game)
    if new_player.bot:
        raise Refusal("Pick a person: use `/game kick` to hand a seat to the bot.")
    service = service_of(interaction)
    async with service.lock(record.id):
        try:
            await service.storage.replace_player(record.id, seat, new_player.id, new_player.display_name)
        except SeatTaken as error:
            raise Refusal(f"{new_player.display_name} already plays in this game.") from error
        await service.delivery.retire_seat(record, seat)  # the old player's panels close
        record = await service.storage.load(record.id)
        assert record is not None
        record = await service.settle(record)
        waiting = seat in get_game(record.game).to_act(record.state)
    channel = await service.play_channel(record)
    await service.delivery.post(record, channel, f"{new_player.mention} takes over "
                                f"{player.display_name}'s seat.", mentions=(new_player.id,))
    if waiting:
        await service.send_panel(record, seat, channel)
    await tell_privately(interaction, f"{new_player.display_name} now plays that seat.")
