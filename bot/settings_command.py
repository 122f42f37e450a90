"""`/settings`: how each player is pinged, and their quiet hours in their own time zone."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.interactions import Ack, Refusal, answer, entry
from bot.outgoing import COLOUR
from bot.ports import service_of
from bot.quiet import BadTimezone, QuietHours
from bot.storage import UserSettings

log = logging.getLogger(__name__)

PING_CHOICES = [
    app_commands.Choice(name="a DM and a mention in the game thread", value="both"),
    app_commands.Choice(name="a DM only", value="dm"),
    app_commands.Choice(name="a mention in the game thread only", value="mention"),
    app_commands.Choice(name="no pings", value="none"),
]
PING_TEXT = {choice.value: choice.name for choice in PING_CHOICES}


def describe(settings: UserSettings) -> str:
    quiet = QuietHours(settings.timezone, settings.quiet_start, settings.quiet_end)
    hours = (f"{settings.quiet_start:02d}:00 to {settings.quiet_end:02d}:00" if quiet.enabled else "off")
    return (f"**Pings when it's your move:** {PING_TEXT[settings.ping]}\n"
            f"**Time zone:** {settings.timezone}\n"
            f"**Quiet hours:** {hours}\n"
            "During quiet hours you get no pings, and in games with a pace your deadline clock pauses.")


@app_commands.command(name="settings", description="How Astrolabe pings you, and your quiet hours.")
@app_commands.describe(ping="How to tell you it's your move", timezone="Your time zone, e.g. Europe/Rome",
                       quiet_start="Quiet hours start (hour 0–23, your time)",
                       quiet_end="Quiet hours end (hour 0–23); the same as the start turns them off")
@app_commands.choices(ping=PING_CHOICES)
@entry(Ack.THINKING)
async def settings_command(interaction: discord.Interaction,
                           ping: app_commands.Choice[str] | None = None, timezone: str | None = None,
                           quiet_start: app_commands.Range[int, 0, 23] | None = None,
                           quiet_end: app_commands.Range[int, 0, 23] | None = None) -> None:
    await _settings(interaction, ping.value if ping else None, timezone, quiet_start, quiet_end)


async def _settings(interaction: discord.Interaction, ping: str | None, timezone: str | None,
                    quiet_start: int | None, quiet_end: int | None) -> None:
    storage = service_of(interaction).storage
    current = await storage.user_settings(interaction.user.id)
    if (quiet_start is None) != (quiet_end is None) and current.quiet_start is None:
        raise Refusal("Give both `quiet_start` and `quiet_end` to set quiet hours.")
    updated = UserSettings(
        interaction.user.id,
        ping=ping or current.ping,
        timezone=(timezone or current.timezone).strip(),
        quiet_start=current.quiet_start if quiet_start is None else quiet_start,
        quiet_end=current.quiet_end if quiet_end is None else quiet_end,
    )
    if updated.quiet_start == updated.quiet_end:
        updated.quiet_start = updated.quiet_end = None
    try:
        QuietHours(updated.timezone, updated.quiet_start, updated.quiet_end).is_quiet(0)
    except BadTimezone as error:
        raise Refusal(str(error)) from error
    changed = updated != current
    if changed:
        await storage.save_user_settings(updated)
    title = "Settings saved" if changed else "Your settings"
    embed = discord.Embed(title=title, description=describe(updated), colour=COLOUR)
    await answer(interaction, embed=embed)
