"""**Skip the guide**: the button under a hint of the `/learn` guide. The game goes on as a plain
practice game, and the panel it sits on is drawn again without its hint."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.i18n import _
from bot.ui.interactions import Ack, Refusal, entry
from bot.ui.outgoing import edit_panel
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

GUIDE_KEY = "guide"  # the game option that keeps the guide's progress (``bot.tell.guide``)


class SkipGuideButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"astro:guide:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Skip the guide"),
                emoji="⏭️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"astro:guide:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SkipGuideButton:
        return cls(int(match["game"]))

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        async with service.lock(self.game_id):
            record = await service.storage.load(self.game_id)
            seat = record.seat_of(interaction.user.id) if record is not None else None
            if record is None or record.status != "active" or not record.practice or seat is None:
                raise Refusal(_("This practice game is no longer running."))
            record.options = {**record.options, GUIDE_KEY: 0}  # no more hints, for good
            await service.storage.set_game_options(self.game_id, record.options)
            log.info("game %s: the guide was skipped", self.game_id)
            out = await service.delivery.panel_of(record, seat)
        await edit_panel(interaction, out)
