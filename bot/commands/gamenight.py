"""`/gamenight`: a host plans an evening. The bot creates a Discord scheduled event, posts a native
poll for the game, and at the start opens the winner's lobby (``bot.commands.gamenight_start``).

Nothing half-made is left behind: every permission is checked before anything is created, and if
the poll cannot be posted after the event was created, the event is deleted again.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Final

import discord
from discord import app_commands

from bot.commands.gamenight_start import GameNightClock, event_description
from bot.commands.gamenight_time import BadTime, parse_start, poll_hours
from bot.commands.lobby import GAME_CHOICES, refuse_missing
from bot.commands.settings import own_timezone
from bot.core.clock import now
from bot.core.quiet import shown_timezone, zone
from bot.core.table import is_manager
from bot.games import get_game
from bot.i18n import DEFAULT, N_, Language, _, from_discord, speaking
from bot.storage.game_nights import GameNight
from bot.ui.interactions import Ack, Refusal, answer, channel_id_of, entry
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

EVENT_HOURS: Final = 3  # an external event needs an end: the evening is planned this long


def server_language(guild: discord.Guild | None) -> Language:
    """Public texts of a night speak the server's language (its community settings)."""
    return from_discord(str(guild.preferred_locale)) if guild is not None else DEFAULT


def missing_night_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions a game night needs that the bot lacks, named as Discord's settings name
    them: Manage Events in the server (the event), and in the channel Send Polls and what
    the announcement and the lobby need."""
    guild = interaction.guild
    me = guild.me if guild is not None else None
    missing = []
    if me is None or not me.guild_permissions.manage_events:
        missing.append(_("Manage Events (in the server)"))
    channel_perms = interaction.app_permissions
    for name, shown in (
        ("view_channel", _("View Channel")),
        ("send_messages", _("Send Messages")),
        ("send_polls", _("Send Polls")),
        ("embed_links", _("Embed Links")),
    ):
        if not getattr(channel_perms, name):
            missing.append(_("{permission} (in this channel)", permission=shown))
    return missing


def _utc(moment: float) -> datetime:
    return datetime.fromtimestamp(moment, UTC)


def announcement(night_host: str, starts_at: float, games: list[str], event_url: str) -> str:
    """The post that carries the poll, in the night's language (the caller speaks it)."""
    ts = int(starts_at)
    titles = ", ".join(f"**{_(get_game(slug).title)}**" for slug in games)
    return "\n".join(
        (
            _("## Game night · <t:{ts}:F>", ts=ts),
            _(
                "{host} invites you to play, <t:{ts}:R>. On the menu: {games}.",
                host=night_host,
                ts=ts,
                games=titles,
            ),
            _(
                "Vote below for the game. At the start I open the lobby of the winner here and ping "
                "everyone who voted or is interested in the event: {url}",
                url=event_url,
            ),
        )
    )


def _games(*picked: app_commands.Choice[str] | None) -> list[str]:
    games: list[str] = []
    for choice in picked:
        if choice is not None and choice.value not in games:
            games.append(choice.value)
    return games


async def _when(interaction: discord.Interaction, time: str, day: str | None) -> tuple[float, str]:
    timezone = await own_timezone(interaction)
    try:
        return parse_start(time, day, timezone, now()), timezone
    except BadTime as error:
        raise Refusal(str(error)) from error


# A night creates a server event and a poll, so planning one takes what creating an event takes:
# Manage Events. It is the command's default, which Discord enforces; a server lets other roles
# or members plan nights in Server Settings > Integrations (README, "Game night").
MENU = ("game1", "game2", "game3", "game4")  # the parameters naming the poll's games, in its order
group = app_commands.Group(
    name="gamenight",
    description="Plan a game night: an event, a poll for the game, the lobby at the start.",
    guild_only=True,
    default_permissions=discord.Permissions(manage_events=True),
)


@group.command(name="create", description="Plan a game night in this channel: a server event and a poll.")
@app_commands.describe(
    time="The start, in your /settings time zone, like 20:30",
    date="The day, like 2026-12-24 (default: the next time it is that hour)",
    game1="A game on the menu",
    **dict.fromkeys(MENU[1:], "Another game for the poll"),
)
@app_commands.choices(**dict.fromkeys(MENU, GAME_CHOICES))
@entry(Ack.THINKING)
async def create(
    interaction: discord.Interaction,
    time: str,
    game1: app_commands.Choice[str],
    game2: app_commands.Choice[str] | None = None,
    game3: app_commands.Choice[str] | None = None,
    game4: app_commands.Choice[str] | None = None,
    date: str | None = None,
) -> None:
    games = _games(game1, game2, game3, game4)
    refuse_missing(
        missing_night_permissions(interaction),
        N_(
            "I can't plan a game night here: I'm missing {permissions}. "
            "Ask a server admin to grant them, then try again."
        ),
    )
    storage = service_of(interaction).storage
    planned = await storage.open_game_night_in_channel(channel_id_of(interaction))
    if planned is not None:
        raise Refusal(
            _(
                "This channel already has a game night planned for <t:{ts}:F>. "
                "Use `/gamenight reschedule` or `/gamenight cancel` for it.",
                ts=int(planned.starts_at),
            )
        )
    starts_at, timezone = await _when(interaction, time, date)
    guild, channel = interaction.guild, interaction.channel
    assert guild is not None and isinstance(channel, discord.abc.Messageable)
    language = server_language(guild)
    host = interaction.user
    event, message = await _post_event_and_poll(guild, channel, host, games, starts_at, language)
    try:
        night = await storage.create_game_night(
            guild_id=guild.id,
            channel_id=channel_id_of(interaction),
            host_id=host.id,
            host_name=host.display_name,
            games=games,
            language=language,
            starts_at=starts_at,
            event_id=event.id,
            poll_message_id=message.id,
        )
    except Exception:
        await _undo_event(event)
        await _undo_message(message)
        raise
    GameNightClock.of(interaction).arm(night)
    log.info("game night %s planned in channel %s for %s", night.id, night.channel_id, starts_at)
    await answer(interaction, _planned(starts_at, timezone, event.url))


def _planned(starts_at: float, timezone: str, url: str) -> str:
    """The host's confirmation: when, in their time zone and in everyone's, and where."""
    local = datetime.fromtimestamp(starts_at, zone(timezone))
    return _(
        "Game night planned for {local} ({timezone}), <t:{ts}:R>: the event is {url} and the poll is "
        "in this channel. Change it with `/gamenight reschedule` or `/gamenight cancel`.",
        local=local.strftime("%Y-%m-%d %H:%M"),
        timezone=shown_timezone(timezone),
        ts=int(starts_at),
        url=url,
    )


async def _post_event_and_poll(
    guild: discord.Guild,
    channel: discord.abc.Messageable,
    host: discord.abc.User,
    games: list[str],
    starts_at: float,
    language: Language,
) -> tuple[discord.ScheduledEvent, discord.Message]:
    """The server event, then the poll announcing it; the event goes again if the poll can't be
    posted. Both are in the server's language."""
    with speaking(language):
        event = await guild.create_scheduled_event(
            name=_("Game night"),
            description=event_description(games, None),
            start_time=_utc(starts_at),
            end_time=_utc(starts_at + EVENT_HOURS * 3600),
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location=getattr(channel, "jump_url", "")[:100] or _("this server"),
            reason=f"/gamenight by {host.id}",
        )
        try:
            poll = discord.Poll(
                question=_("Which game shall we play on game night?"),
                duration=timedelta(hours=poll_hours(starts_at, now())),
            )
            for slug in games:
                poll.add_answer(text=_(get_game(slug).title)[:55])
            message = await channel.send(
                announcement(host.mention, starts_at, games, event.url),
                poll=poll,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            await _undo_event(event)
            raise Refusal(
                _(
                    "I couldn't post the poll here ({error}), so I removed the event again.",
                    error=error.text or error.status,
                )
            ) from error
    return event, message


async def _undo_event(event: discord.ScheduledEvent) -> None:
    try:
        await event.delete(reason="/gamenight could not finish")
    except discord.HTTPException:
        log.warning("could not delete the half-made event %s", event.id)


async def _undo_message(message: discord.Message) -> None:
    try:
        await message.delete()
    except discord.HTTPException:
        log.warning("could not delete the half-made poll %s", message.id)


async def _own_night(interaction: discord.Interaction) -> GameNight:
    """The channel's planned night, if the caller may change it and the bot may edit its event."""
    night = await service_of(interaction).storage.open_game_night_in_channel(channel_id_of(interaction))
    if night is None or night.status != "planned":
        raise Refusal(_("No game night is planned in this channel (or its lobby is already open)."))
    if interaction.user.id != night.host_id and not is_manager(interaction.user):
        raise Refusal(_("Only the host or someone with Manage Server can change this game night."))
    me = interaction.guild.me if interaction.guild is not None else None
    if me is None or not me.guild_permissions.manage_events:
        raise Refusal(
            _(
                "I can't change this game night's event: I'm missing {permissions}. "
                "Ask a server admin to grant it, then try again.",
                permissions=_("Manage Events (in the server)"),
            )
        )
    return night


async def _event(interaction: discord.Interaction, night: GameNight) -> discord.ScheduledEvent | None:
    assert interaction.guild is not None
    try:
        return await interaction.guild.fetch_scheduled_event(night.event_id)
    except discord.NotFound:
        return None  # someone deleted it in Discord: the night goes on without it


@group.command(name="cancel", description="Cancel the game night planned in this channel.")
@entry(Ack.THINKING)
async def cancel(interaction: discord.Interaction) -> None:
    night = await _own_night(interaction)
    storage = service_of(interaction).storage
    if not await storage.cancel_game_night(night.id):
        raise Refusal(_("No game night is planned in this channel (or its lobby is already open)."))
    GameNightClock.of(interaction).disarm(night.id)
    event = await _event(interaction, night)
    if event is not None and event.status is discord.EventStatus.scheduled:
        await event.cancel(reason=f"/gamenight cancel by {interaction.user.id}")
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)
    try:
        poll_message = await channel.fetch_message(night.poll_message_id)
        if poll_message.poll is not None and not poll_message.poll.is_finalized():
            await poll_message.end_poll()
    except discord.HTTPException as error:  # deleted, or already ended by Discord
        log.info("game night %s: its poll could not be ended (%s)", night.id, error)
    with speaking(night.language):
        note = _(
            "The game night of <t:{ts}:F> is cancelled by {name}.",
            ts=int(night.starts_at),
            name=interaction.user.mention,
        )
    await channel.send(note, allowed_mentions=discord.AllowedMentions.none())
    await answer(interaction, _("Game night cancelled: the event is cancelled and the poll is closed."))


@group.command(name="reschedule", description="Move the game night planned in this channel.")
@app_commands.describe(
    time="The new start, in your /settings time zone, like 21:00",
    date="The new day, like 2026-12-24 (default: the next time it is that hour)",
)
@entry(Ack.THINKING)
async def reschedule(interaction: discord.Interaction, time: str, date: str | None = None) -> None:
    night = await _own_night(interaction)
    starts_at, timezone = await _when(interaction, time, date)
    event = await _event(interaction, night)
    if event is not None:
        await event.edit(
            start_time=_utc(starts_at),
            end_time=_utc(starts_at + EVENT_HOURS * 3600),
            entity_type=discord.EntityType.external,
            location=event.location or "-",
            reason=f"/gamenight reschedule by {interaction.user.id}",
        )
    storage = service_of(interaction).storage
    if not await storage.reschedule_game_night(night.id, starts_at):
        raise Refusal(_("No game night is planned in this channel (or its lobby is already open)."))
    moved = await storage.game_night(night.id)
    assert moved is not None
    GameNightClock.of(interaction).arm(moved)
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)
    with speaking(night.language):
        note = _(
            "The game night moves to <t:{ts}:F> (<t:{ts}:R>). The poll above still counts.",
            ts=int(starts_at),
        )
    await channel.send(note, allowed_mentions=discord.AllowedMentions.none())
    local = datetime.fromtimestamp(starts_at, zone(timezone))
    await answer(
        interaction,
        _(
            "Game night moved to {local} ({timezone}), <t:{ts}:R>.",
            local=local.strftime("%Y-%m-%d %H:%M"),
            timezone=shown_timezone(timezone),
            ts=int(starts_at),
        ),
    )


gamenight_group: Final[app_commands.Group] = group
__all__ = ["gamenight_group", "parse_start", "poll_hours"]
