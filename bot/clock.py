"""The bot's notion of now, shared by everything that schedules."""

from __future__ import annotations

import discord


def now() -> float:
    """Epoch seconds from ``discord.utils.utcnow``, which simulated time in tests also drives."""
    return discord.utils.utcnow().timestamp()
