"""A button that does one of a few actions to one stored thing (a lobby's Join, a tournament's
Leave): its custom_id ``<prefix>:<action>:<id>`` says both, so a click after a restart still
finds them. A subclass gives the template (with the groups ``action`` and ``id``), the actions'
labels and styles, and the callback."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar, Self

import discord

from bot.i18n import pgettext


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    PREFIX: ClassVar[str]  # the custom_id's start: "lobby"
    LABELS: ClassVar[Mapping[str, str]]  # each action's label, marked ``NP_("button", …)``
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]]

    def __init__(self, key: int, action: str) -> None:
        """Labelled in the current language."""
        super().__init__(
            discord.ui.Button(
                label=pgettext("button", self.LABELS[action]),
                style=self.STYLES[action],
                custom_id=f"{self.PREFIX}:{action}:{key}",
            )
        )
        self.key, self.action = key, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["id"]), match["action"])
