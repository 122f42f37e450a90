"""Each game's Discord face (presenter, components, panels, words, art), one folder per game."""

from __future__ import annotations

import importlib
from typing import Any

import discord

from bot.registry import GAME_ENTRIES
from bot.ui import alt
from bot.ui.clicks import items_of
from bot.ui.presenter import Presenter


def _load() -> dict[str, Presenter]:
    presenters: list[Presenter] = [importlib.import_module(entry.face).PRESENTER for entry in GAME_ENTRIES]
    for presenter in presenters:  # every picture of the game is described by its presenter
        alt.register(presenter.slug, presenter.describe)
    return {p.slug: p for p in presenters}


PRESENTERS: dict[str, Presenter] = _load()
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = tuple(
    item
    for presenter in PRESENTERS.values()
    for item in items_of(presenter.controls) + presenter.dynamic_items
)
"""Every game's buttons, selects and modals, for the bot to route custom_ids after a restart."""
