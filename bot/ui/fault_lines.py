"""The one line each expected fault gets on the Discord side: a database outage (told through
``bot.ops.faults``), an interaction that expired, Discord unreachable or failing after retries."""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord

from bot.ops.faults import DatabaseWatch, database_outage

log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = 10062  # Discord's code: the interaction's 3 s (or 15 min) are over


def expected_fault(
    error: BaseException, interaction: Any | None = None, *, watch: DatabaseWatch | None = None
) -> bool:
    """Log ``error`` as one line and return True when it is an expected fault; False for a bug
    (the caller logs its traceback). ``watch``: the bot's, when there is no ``interaction``."""
    watch = getattr(getattr(interaction, "client", None), "database_watch", None) or watch
    if database_outage(error):
        if watch is not None:
            watch.failed(error, click=interaction is not None)
        else:
            log.warning("database unavailable: %s", error)
        return True
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        log.warning(
            "an interaction expired before it was answered (the bot was too slow, or its clock is off): %s",
            " ".join(str(error).split())[:200],
        )
        return True
    if isinstance(error, aiohttp.ClientError):
        log.warning("cannot reach Discord: %s", " ".join(str(error).split())[:200] or type(error).__name__)
        return True
    if isinstance(error, discord.DiscordServerError):
        where = f" (interaction {interaction.id})" if interaction is not None else ""
        log.warning(
            "Discord failed after retries: %s %s%s",
            error.status,
            " ".join(str(error.text).split())[:200],
            where,
        )
        return True
    return False
