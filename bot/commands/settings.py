"""`/settings`: how each player is pinged, their quiet hours in their own time zone, their language,
and whether the boards are described to them in text (for a screen reader)."""

from __future__ import annotations

import logging
from dataclasses import replace

import discord
from discord import app_commands

from bot.core.quiet import BadTimezone, QuietHours, check_timezone, shown_timezone
from bot.games.text import typed
from bot.i18n import N_, Language, _, from_discord, parse, pgettext, speaking
from bot.storage import UserSettings
from bot.ui.interactions import Ack, Refusal, answer, entry
from bot.ui.outgoing import COLOUR
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

PING_CHOICES = [
    app_commands.Choice(name=N_("a DM and a mention in the game thread"), value="both"),
    app_commands.Choice(name=N_("a DM only"), value="dm"),
    app_commands.Choice(name=N_("a mention in the game thread only"), value="mention"),
    app_commands.Choice(name=N_("no pings"), value="none"),
]
PING_TEXT = {choice.value: choice.name for choice in PING_CHOICES}
FOLLOW_DISCORD = "discord"
# Each language by its own name (never translated), and going back to the Discord app's language.
LANGUAGE_CHOICES = [
    *(app_commands.Choice(name=language.native_name, value=language.value) for language in Language),
    app_commands.Choice(name=N_("follow Discord"), value=FOLLOW_DISCORD),
]


async def own_timezone(interaction: discord.Interaction) -> str:
    """The caller's `/settings` time zone, which the times they type are read in (a zone their
    settings hold but this machine doesn't know is refused, saying so)."""
    timezone = (await service_of(interaction).storage.user_settings(interaction.user.id)).timezone
    try:
        return check_timezone(timezone)
    except BadTimezone as error:
        raise Refusal(str(error)) from error


def describe(settings: UserSettings, discord_language: Language) -> str:
    """The settings as the player reads them; ``discord_language``: what their Discord app speaks."""
    quiet = QuietHours(settings.timezone, settings.quiet_start, settings.quiet_end)
    hours = (
        _("{start:02d}:00 to {end:02d}:00", start=settings.quiet_start, end=settings.quiet_end)
        if quiet.enabled
        else pgettext("quiet hours", "off")
    )
    language = (
        settings.language.native_name
        if settings.language is not None
        else _("as your Discord app ({language})", language=discord_language.native_name)
    )
    return "\n".join(
        (
            _("**Pings when it's your move:** {ping}", ping=_(PING_TEXT[settings.ping])),
            _("**Time zone:** {timezone}", timezone=shown_timezone(settings.timezone)),
            _("**Quiet hours:** {hours}", hours=hours),
            _("**Language:** {language}", language=language),
            _(
                "**Boards in text:** {choice}",
                choice=_("on: your panels and `/game` answers describe each picture in words")
                if settings.text_boards
                else pgettext("boards in text", "off"),
            ),
            _("During quiet hours you get no pings, and in games with a pace your deadline clock pauses."),
        )
    )


@app_commands.command(
    name="settings",
    description="How Astrolabe pings you, your quiet hours, your language and boards in text.",
)
@app_commands.describe(
    ping="How to tell you it's your move",
    timezone="Your time zone, e.g. Europe/Rome",
    quiet_start="Quiet hours start (hour 0–23, your time)",
    quiet_end="Quiet hours end (hour 0–23); the same as the start turns them off",
    language="The language of your panels, replies and DMs (default: your Discord app's)",
    text_boards="Describe boards in text beside each picture, for a screen reader (default: off)",
)
@app_commands.choices(ping=PING_CHOICES, language=LANGUAGE_CHOICES)
@entry(Ack.THINKING)
async def settings_command(
    interaction: discord.Interaction,
    ping: app_commands.Choice[str] | None = None,
    timezone: str | None = None,
    quiet_start: app_commands.Range[int, 0, 23] | None = None,
    quiet_end: app_commands.Range[int, 0, 23] | None = None,
    language: app_commands.Choice[str] | None = None,
    text_boards: bool | None = None,
) -> None:
    await _settings(
        interaction,
        ping.value if ping else None,
        timezone,
        quiet_start,
        quiet_end,
        language.value if language else None,
        text_boards,
    )


async def _settings(
    interaction: discord.Interaction,
    ping: str | None,
    timezone: str | None,
    quiet_start: int | None,
    quiet_end: int | None,
    language: str | None,
    text_boards: bool | None = None,
) -> None:
    storage = service_of(interaction).storage
    current = await storage.user_settings(interaction.user.id)
    if (quiet_start is None) != (quiet_end is None) and current.quiet_start is None:
        raise Refusal(_("Give both `quiet_start` and `quiet_end` to set quiet hours."))
    updated = replace(
        current,
        ping=ping or current.ping,
        timezone=typed(timezone) if timezone else current.timezone,
        quiet_start=current.quiet_start if quiet_start is None else quiet_start,
        quiet_end=current.quiet_end if quiet_end is None else quiet_end,
        language=current.language if language is None else parse(language),
        text_boards=current.text_boards if text_boards is None else text_boards,
    )
    if updated.quiet_start == updated.quiet_end:
        updated.quiet_start = updated.quiet_end = None
    try:
        # A new zone is always checked; a stored one (saved before names were checked) only when
        # quiet hours need it, so a player can still read and change their other settings.
        if timezone or QuietHours(updated.timezone, updated.quiet_start, updated.quiet_end).enabled:
            check_timezone(updated.timezone)
    except BadTimezone as error:
        raise Refusal(str(error)) from error
    changed = updated != current
    if changed:
        await storage.save_user_settings(updated)
        readers = getattr(interaction.client, "reader_languages", None)
        if readers is not None:
            readers.remember(updated)
    discord_language = from_discord(str(interaction.locale) if interaction.locale else None)
    # A new language choice answers in that language at once (the entry spoke the old one).
    with speaking(updated.language or discord_language):
        title = _("Settings saved") if changed else _("Your settings")
        embed = discord.Embed(title=title, description=describe(updated, discord_language), colour=COLOUR)
    await answer(interaction, embed=embed)
