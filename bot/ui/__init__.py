"""Discord building blocks every game's face uses: the way in, messages as data, shared buttons.

Loading the Discord side points the core's clock at ``discord.utils.utcnow``, the clock that
SimCord's simulated time drives.
"""

from __future__ import annotations

import discord

from bot.core import clock

clock.use(discord.utils.utcnow)
