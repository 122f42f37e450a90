"""High Card's one control: a button per card in hand, which plays it."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import _
from bot.ui.components import service_of
from bot.ui.interactions import Ack, entry
from bot.ui.outgoing import Outgoing, edit_panel


class PlayCard(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"toy:play:(?P<game>\d+):(?P<dec>\d+):(?P<card>\d{1,3})",
):
    """Plays one card of the clicker's hand, then says so in place of the panel."""

    def __init__(self, game_id: int, decision: int, card: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=str(card),
                style=discord.ButtonStyle.primary,
                custom_id=f"toy:play:{game_id}:{decision}:{card}",
            )
        )
        self.game_id, self.decision, self.card = game_id, decision, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayCard:
        return cls(int(match["game"]), int(match["dec"]), int(match["card"]))

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        action = {"kind": "play", "card": self.card}
        await service_of(interaction).perform(interaction, self.game_id, action, decision=self.decision)
        await edit_panel(interaction, Outgoing(_("You played {card}.", card=self.card), _("High Card")))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (PlayCard,)
