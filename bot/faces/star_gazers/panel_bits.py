"""Pieces every Star Gazers panel step shares: component lists, button colours, turn words
and the panel image."""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.faces.star_gazers.art import images as art
from bot.games.base import View

Items = list[discord.ui.Item[Any]]
GREEN, GREY, BLUE, RED = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.danger,
)
TURNS = ("0°", "90°", "180°", "270°")


def panel_image(view: View, names: list[str], **kw: Any) -> Any:
    """The panel's picture, drawn later (in the language the message was built in)."""
    return partial(art.panel_webp, view, names, **kw)
