"""Changes to a running tournament: a player withdraws (or is removed, or leaves the server), and the
organiser pauses, resumes, extends or cancels it; a server sets who may organise.

A player who stops keeps their past results; their game in play goes on with the bot in their
seat for good (as `/game leave` does), and they are paired no more."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.commands.tournament import _pick, group
from bot.commands.tournament_run import TournamentClock
from bot.core.clock import now
from bot.core.table import is_manager
from bot.games import get_game
from bot.i18n import M_, N_, _, speaking
from bot.storage.tournaments import Tournament
from bot.ui.interactions import Ack, Refusal, answer, entry
from bot.ui.ports import service_of

log = logging.getLogger(__name__)


async def drop_player(bot: Any, t: Tournament, user_id: int, status: str) -> bool:
    """``user_id`` stops playing ``t`` (``status``: why); False if they were not playing it."""
    storage, service = bot.storage, bot.service
    if t.status == "signup":
        return bool(await storage.leave_signup(t.id, user_id))
    if not await storage.stop_entrant(t.id, user_id, status):
        return False
    for table in await storage.tournament_tables(t.id):
        if table.round_no != t.round_no or user_id not in table.players:
            continue
        if table.status == "waiting":
            rest = [p for p in table.players if p != user_id]
            if len(rest) == 1 or len(rest) >= max(2, get_game(t.game).min_seats):
                await storage.reseat_table(table.id, rest, "bye" if len(rest) == 1 else table.why)
        elif table.status == "playing" and table.game_id is not None:
            record = await storage.load(table.game_id)
            seat = record.seat_of(user_id) if record is not None else None
            if record is None or seat is None or record.status != "active":
                continue
            async with service.lock(record.id):
                await storage.set_seat_control(record.id, seat, autopilot=True, left_game=True)
                await service.delivery.panels.retire_seat(record, seat)
                await service.delivery.post(
                    record,
                    None,
                    M_(
                        "{name} left the tournament; the bot plays their seat from now on.",
                        name=record.seats[seat].name,
                    ),
                )
                reloaded = await storage.load(record.id)
                assert reloaded is not None
                await service.settle(reloaded)
    clock = bot.tournaments
    await clock.refresh(t.id)
    await clock.after_table(t.id, t.round_no)
    log.info("tournament %s: player %s stopped (%s)", t.id, user_id, status)
    return True


async def member_left(bot: Any, guild_id: int, user_id: int) -> None:
    """A member left the server: they leave its tournaments too."""
    for t in await bot.storage.user_tournaments(user_id, guild_id):
        await drop_player(bot, t, user_id, "left")


@group.command(name="withdraw", description="Leave a tournament you're in; your results so far stay.")
@app_commands.describe(tournament="The tournament's number (default: your only one here)")
@entry(Ack.THINKING)
async def withdraw(interaction: discord.Interaction, tournament: int | None = None) -> None:
    t = await _pick(interaction, tournament, mine=True)
    if not await drop_player(interaction.client, t, interaction.user.id, "withdrawn"):
        raise Refusal(_("You're not playing in tournament #{id}.", id=t.id))
    await answer(interaction, _("You've withdrawn from tournament #{id}. Thanks for playing!", id=t.id))


@group.command(name="remove", description="Organiser: take a player out of a tournament.")
@app_commands.describe(player="Who to remove", tournament="The tournament's number (default: this channel's)")
@entry(Ack.THINKING)
async def remove(
    interaction: discord.Interaction, player: discord.Member, tournament: int | None = None
) -> None:
    t = await _organised(interaction, tournament)
    if not await drop_player(interaction.client, t, player.id, "removed"):
        raise Refusal(_("{name} is not playing in tournament #{id}.", name=player.display_name, id=t.id))
    await answer(interaction, _("{name} is out of tournament #{id}.", name=player.display_name, id=t.id))


@group.command(name="pause", description="Organiser: hold a tournament's round clock.")
@app_commands.describe(tournament="The tournament's number (default: this channel's)")
@entry(Ack.THINKING)
async def pause(interaction: discord.Interaction, tournament: int | None = None) -> None:
    t = await _organised(interaction, tournament)
    left = max(0.0, (t.due_at or now()) - now())
    if t.status != "running" or not await service_of(interaction).storage.pause_tournament(t.id, left):
        raise Refusal(_("Only a running tournament can be paused."))
    clock = TournamentClock.of(interaction)
    clock.disarm(t.id)
    await clock.refresh(t.id)
    await _tell(interaction, t, N_("Tournament #{id} is paused by its organiser."), id=t.id)
    await answer(
        interaction, _("Paused: games in play go on, and no new round opens until `/tournament resume`.")
    )


@group.command(name="resume", description="Organiser: run a paused tournament again.")
@app_commands.describe(tournament="The tournament's number (default: this channel's)")
@entry(Ack.THINKING)
async def resume(interaction: discord.Interaction, tournament: int | None = None) -> None:
    t = await _organised(interaction, tournament)
    storage = service_of(interaction).storage
    if t.status != "paused" or not await storage.resume_tournament(
        t.id, t.round_no, now() + (t.paused_left or 0)
    ):
        raise Refusal(_("This tournament is not paused."))
    clock = TournamentClock.of(interaction)
    await clock.rearm(t.id)
    await _tell(interaction, t, N_("Tournament #{id} goes on."), id=t.id)
    await answer(interaction, _("Resumed."))
    await clock.refresh(t.id)
    await clock.after_table(t.id, t.round_no)


@group.command(name="extend", description="Organiser: give the open round (or sign-up) more time.")
@app_commands.describe(
    hours="How many hours more", tournament="The tournament's number (default: this channel's)"
)
@entry(Ack.THINKING)
async def extend(
    interaction: discord.Interaction,
    hours: app_commands.Range[float, 0.25, 720.0],
    tournament: int | None = None,
) -> None:
    t = await _organised(interaction, tournament)
    storage = service_of(interaction).storage
    base = t.due_at if t.due_at is not None else now()
    due = base + hours * 3600
    if t.status == "signup":
        done = await storage.extend_signup(t.id, due)
    else:
        done = t.status == "running" and await storage.extend_round(t.id, t.round_no, due)
    if not done:
        raise Refusal(_("Only sign-up or a running round can be extended."))
    clock = TournamentClock.of(interaction)
    await clock.rearm(t.id)
    await clock.refresh(t.id)
    await _tell(
        interaction, t, N_("Tournament #{id}: the deadline moves to <t:{ts}:F>."), id=t.id, ts=int(due)
    )
    await answer(interaction, _("Extended to <t:{ts}:F>.", ts=int(due)))


@group.command(name="cancel", description="Organiser: call a tournament off.")
@app_commands.describe(tournament="The tournament's number (default: this channel's)")
@entry(Ack.THINKING)
async def cancel(interaction: discord.Interaction, tournament: int | None = None) -> None:
    t = await _organised(interaction, tournament)
    if not await service_of(interaction).storage.end_tournament(t.id, "cancelled"):
        raise Refusal(_("This tournament is already over."))
    clock = TournamentClock.of(interaction)
    clock.disarm(t.id)
    await clock.refresh(t.id)
    await clock.event_to(t, discord.EventStatus.cancelled)
    await _tell(
        interaction, t, N_("Tournament #{id} is cancelled. Tables in play finish as ordinary games."), id=t.id
    )
    await answer(interaction, _("Tournament cancelled."))


@group.command(name="organisers", description="Manage Server: the role that may create tournaments.")
@app_commands.describe(role="The role (leave empty to allow only Manage Server and Manage Events)")
@entry(Ack.THINKING)
async def organisers(interaction: discord.Interaction, role: discord.Role | None = None) -> None:
    if not is_manager(interaction.user):
        raise Refusal(_("Only someone with Manage Server can choose the organiser role."))
    assert interaction.guild_id is not None
    await service_of(interaction).storage.set_organiser_role(interaction.guild_id, role.id if role else None)
    if role is None:
        await answer(interaction, _("Only Manage Server and Manage Events may create tournaments now."))
    else:
        await answer(interaction, _("Members with {role} may now create tournaments.", role=role.mention))


async def _organised(interaction: discord.Interaction, tournament: int | None) -> Tournament:
    """The tournament a command means (see ``_pick``), which the caller must organise or manage."""
    t = await _pick(interaction, tournament)
    if interaction.user.id != t.organiser_id and not is_manager(interaction.user):
        raise Refusal(_("Only the organiser or someone with Manage Server can do that."))
    return t


async def _tell(interaction: discord.Interaction, t: Tournament, text: str, **params: Any) -> None:
    """A public line in the tournament's channel, in its language (``text``: ``N_``, filled from
    ``params``)."""
    with speaking(t.language):
        line = _(text, **params)
    channel = await service_of(interaction).channel(t.channel_id)
    if channel is not None:
        await channel.send(line, allowed_mentions=discord.AllowedMentions.none())


tournament_group = group
