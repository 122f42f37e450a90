"""Starry Night Sky buttons and selects (custom_id prefix ``sns:``): each button plays one
sub-action of the turn, then shows the next step in place.

This module sits under the rest of the face: ``panels`` and ``presenter`` build messages from
these items, so nothing here imports them. A callback that redraws a panel asks the presenter
the service holds for it (``panel_for``).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.core.table import names_of
from bot.faces.starry_night_sky.plan import parse as parse_plan
from bot.faces.starry_night_sky.words import heading, next_turn_line, parse_place, said
from bot.games import get_game
from bot.games.base import View
from bot.i18n import _
from bot.storage.records import GameRecord
from bot.ui.components import panel_for, service_of
from bot.ui.interactions import Ack, Refusal, entry, picked_values
from bot.ui.outgoing import Outgoing, edit_panel


async def clicked_view(
    interaction: discord.Interaction, game_id: int, decision: int
) -> tuple[GameRecord, View]:
    """The game and the clicker's own view, if the panel is still current (else a ``Refusal``)."""
    record, seat = await service_of(interaction).clicker_seat(interaction, game_id, decision)
    return record, get_game(record.game).view(record.state, seat)


class SnsPick(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sns:pick:(?P<game>\d+):(?P<dec>\d+):(?P<what>dest|place|trade):(?P<page>\d)",
):
    """A select inside a panel: picking only shows the choice (a plan: drawn on the map) with its
    confirm button; nothing is played."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        what: str,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
                custom_id=f"sns:pick:{game_id}:{decision}:{what}:{page}",
            )
        )
        self.game_id, self.decision, self.what = game_id, decision, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SnsPick:
        return cls(int(match["game"]), int(match["dec"]), match["what"], int(match["page"]))

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        picked = (picked_values(interaction) or ["-"])[0]
        record, view = await clicked_view(interaction, self.game_id, self.decision)
        if view.get("choice") is None:
            raise Refusal(_("It isn't your turn any more."))
        await edit_panel(interaction, panel_for(interaction, record, view, pick=(self.what, picked)))


class SnsBack(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sns:back:(?P<game>\d+):(?P<dec>\d+)"
):
    """Back to the first stage of the current choice, redrawn by the presenter the service holds."""

    def __init__(self, game_id: int, decision: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Back"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"sns:back:{game_id}:{decision}",
            )
        )
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SnsBack:
        return cls(int(match["game"]), int(match["dec"]))

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        record, view = await clicked_view(interaction, self.game_id, self.decision)
        await edit_panel(interaction, panel_for(interaction, record, view))


class SnsDo(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sns:do:(?P<game>\d+):(?P<dec>\d+):(?P<kind>as|mv|pl|ex|xe|tr|end):(?P<arg>[a-z0-9.\-]{1,40})",
):
    """A button that plays one sub-action of the turn, then shows the next step in place.
    ``ex`` plays a planned exploration (``plan``), ``xe`` the same and then ends the turn."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        kind: str,
        arg: str,
        label: str | None = None,
        style: discord.ButtonStyle | None = None,
    ) -> None:
        style = style or (discord.ButtonStyle.primary if kind == "as" else discord.ButtonStyle.success)
        super().__init__(
            discord.ui.Button(
                label=label or kind, style=style, custom_id=f"sns:do:{game_id}:{decision}:{kind}:{arg}"
            )
        )
        self.game_id, self.decision, self.kind, self.arg = game_id, decision, kind, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SnsDo:
        return cls(int(match["game"]), int(match["dec"]), match["kind"], match["arg"])

    def action(self) -> dict[str, Any]:
        if self.kind == "as":
            return {"kind": "assign", "pools": [int(ch) for ch in self.arg]}
        if self.kind == "mv":
            return {"kind": "move", "to": self.arg}
        if self.kind == "pl":
            pool, stars = parse_place(self.arg)
            return {"kind": "place", "pool": pool, "stars": stars}
        if self.kind in ("ex", "xe"):
            plan = parse_plan(self.arg)
            if plan is None:
                return {"kind": "explore"}  # refused by the rules as malformed
            return plan.action(end=self.kind == "xe")
        if self.kind == "tr":
            goal, colour, traded = self.arg.split(".")
            return {"kind": "trade", "goal": goal, "colour": colour, "pool": int(traded)}
        return {"kind": "end"}

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        record = await service_of(interaction).perform(
            interaction, self.game_id, self.action(), decision=self.decision
        )
        seat = record.seat_of(interaction.user.id)
        game = get_game(record.game)
        if seat is None:
            return
        view = game.view(record.state, seat)
        if (
            record.status == "active"
            and view.get("choice") is not None
            and game.decision_id(record.state) == self.decision
        ):
            await edit_panel(interaction, panel_for(interaction, record, view))
            return
        summary = said(view.get("last_summary") or "", names_of(record))
        done = _("Your turn is over.") + (f"\n{summary}" if summary else "")
        if record.status == "active":
            done += "\n" + next_turn_line(view, names_of(record))
        await edit_panel(interaction, Outgoing(done, heading(view)))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (SnsPick, SnsDo, SnsBack)
