"""A Sky of Stars buttons, selects and the typed-line form (custom_id prefix ``sky:``)."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import discord

from bot.components import back_button, seat_view, service_of
from bot.faces.sky_of_stars.art import images as art
from bot.faces.sky_of_stars.words import DO_LABELS, HALF_NAMES, round_title, star_description
from bot.games import get_game
from bot.games.base import View
from bot.games.sky_of_stars.moves import parse_line
from bot.i18n import N_, _
from bot.interactions import Ack, Refusal, acknowledge, entry
from bot.outgoing import Outgoing, edit_panel


def offered_stars(choice: dict[str, Any], stage: str) -> list[str]:
    """The stars a picker of ``stage`` offers for this choice (what ``pick_selects`` listed)."""
    if choice["kind"] != "stroke" or stage in {"start", "cancel"}:
        return choice.get("stars", []) if choice["kind"] == stage else []
    return list(choice["moves"]) if stage == "from" else choice["moves"].get(stage[3:], [])


PLACEHOLDERS = {
    "start": (N_("Pick a starting star"), N_("Pick a starting star ({columns})")),
    "from": (N_("Pick a star to draw from"), N_("Pick a star to draw from ({columns})")),
    "cancel": (N_("Pick a star to cross out"), N_("Pick a star to cross out ({columns})")),
    "to": (N_("Pick a star to connect to"), N_("Pick a star to connect to ({columns})")),
}
"""A picker's placeholder by stage: over the whole vault, or over the columns of one half."""


def placeholder(stage: str, half: str) -> str:
    whole, part = PLACEHOLDERS.get(stage, PLACEHOLDERS["to"])
    if half in HALF_NAMES:  # "w": the whole vault
        return _(part, columns=_(HALF_NAMES[half]))
    return _(whole)


def done_text(kind: str, arg: str) -> str:
    """What a played button did, said back to its player."""
    if kind == "start":
        return _("Starting star **{star}** circled.", star=arg)
    if kind == "stroke":
        start, _dash, end = arg.partition("-")
        return _("Line **{start} → {end}** drawn.", start=start, end=end)
    if kind == "cancel":
        return _("Star **{star}** will be crossed out when everyone has chosen.", star=arg)
    if kind == "stop":
        return _("You called **STOP**: this roll is the last one.")
    if kind == "pass":
        return _("You skipped your last line.")
    return _("Your guess, **#{number}**, is locked in. You may change it until the reveal.", number=arg)


class SkyPick(discord.ui.DynamicItem[discord.ui.Select[Any]],
              template=r"sky:pick:(?P<game>\d+):(?P<dec>\d+):(?P<stage>start|from|cancel|to\.[A-H][1-6]):"
                       r"(?P<half>[abw])"):
    """A star picker inside a panel; picking only moves the panel on, nothing is played yet."""

    def __init__(self, game_id: int, decision: int, stage: str, half: str,
                 options: list[str] | None = None) -> None:
        choices = [discord.SelectOption(label=s, value=s, description=star_description(s))
                   for s in (options or [])] or [discord.SelectOption(label="-", value="-")]
        super().__init__(discord.ui.Select(
            placeholder=placeholder(stage, half), options=choices[:25],
            custom_id=f"sky:pick:{game_id}:{decision}:{stage}:{half}"))
        self.game_id, self.decision, self.stage = game_id, decision, stage

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SkyPick:
        return cls(int(match["game"]), int(match["dec"]), match["stage"], match["half"])

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        picked = (interaction.data or {}).get("values", [None])[0]
        view, names = await seat_view(interaction, self.game_id, self.decision)
        from bot.faces.sky_of_stars.panels import build_panel

        choice = view.get("choice") or {}
        if choice.get("kind") not in {"start", "stroke", "cancel"}:
            raise Refusal(_("There's nothing to pick right now: your choice is already in."))
        if picked not in offered_stars(choice, self.stage):  # a value the menu never had
            raise Refusal(_("That star isn't one you can pick here. Choose one from the menu."))
        if self.stage == "from":
            out = build_panel(view, names, self.game_id, picked_from=picked)
        elif self.stage.startswith("to."):
            out = build_panel(view, names, self.game_id, picked_from=self.stage[3:], picked=picked)
        else:
            out = build_panel(view, names, self.game_id, picked=picked)
        await edit_panel(interaction, out)


def _redraw(view: View, names: list[str], game_id: int) -> Outgoing:
    from bot.faces.sky_of_stars.panels import build_panel

    return build_panel(view, names, game_id)


SkyBack = back_button("sky", _redraw)
"""Back to the first stage of the current choice."""


class SkyType(discord.ui.DynamicItem[discord.ui.Button[Any]],
              template=r"sky:type:(?P<game>\d+):(?P<dec>\d+)"):
    """Opens a form to type a line as two star labels, for players who know their vault."""

    def __init__(self, game_id: int, decision: int) -> None:
        super().__init__(discord.ui.Button(label=_("Type a line"), emoji="⌨️",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"sky:type:{game_id}:{decision}"))
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SkyType:
        return cls(int(match["game"]), int(match["dec"]))

    @entry(Ack.NONE)
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(StrokeForm(self.game_id, self.decision))


class StrokeForm(discord.ui.Modal, title="Draw a line"):
    """The typed-line form, built per player so its title and field speak their language."""

    def __init__(self, game_id: int, decision: int) -> None:
        super().__init__(title=_("Draw a line"), custom_id=f"sky:form:{game_id}:{decision}", timeout=600)
        self.line: discord.ui.TextInput[StrokeForm] = discord.ui.TextInput(
            label=_("From and to, e.g. C4 D5"), placeholder="C4 D5", min_length=4, max_length=12,
            custom_id="line")
        self.add_item(self.line)
        self.game_id, self.decision = game_id, decision

    @entry(Ack.THINKING)
    async def on_submit(self, interaction: discord.Interaction) -> None:
        start, end = parse_line(self.line.value)  # refuses anything but two different labels
        await service_of(interaction).perform(
            interaction, self.game_id, {"kind": "stroke", "from": start, "to": end}, decision=self.decision)
        await interaction.followup.send(done_text("stroke", f"{start}-{end}"), ephemeral=True)


class SkyDo(discord.ui.DynamicItem[discord.ui.Button[Any]],
            template=r"sky:do:(?P<game>\d+):(?P<dec>\d+):(?P<kind>start|stroke|cancel|stop|pass|guess):"
                     r"(?P<arg>[A-H1-6\-?]{1,5}):(?P<src>[pt])"):
    """A button that plays an action. ``src`` says whether it sits on a panel or in the thread.
    A STOP button with the argument ``?`` only asks for the confirmation: STOP ends the drawing
    for everyone, so one stray click must not call it."""

    def __init__(self, game_id: int, decision: int, kind: str, arg: str, src: str,
                 label: str | None = None) -> None:
        style = {"stop": discord.ButtonStyle.danger, "pass": discord.ButtonStyle.secondary}.get(
            kind, discord.ButtonStyle.success if kind != "guess" else discord.ButtonStyle.primary)
        super().__init__(discord.ui.Button(
            label=label or (_(DO_LABELS[kind]) if kind in DO_LABELS else arg), style=style,
            custom_id=f"sky:do:{game_id}:{decision}:{kind}:{arg}:{src}"))
        self.game_id, self.decision, self.kind, self.arg, self.src = game_id, decision, kind, arg, src

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SkyDo:
        return cls(int(match["game"]), int(match["dec"]), match["kind"], match["arg"], match["src"])

    def action(self) -> dict[str, Any]:
        if self.kind == "stroke":
            start, _dash, end = self.arg.partition("-")
            return {"kind": "stroke", "from": start, "to": end}
        if self.kind in {"start", "cancel"}:
            return {"kind": self.kind, "star": self.arg}
        if self.kind == "guess":
            return {"kind": "guess", "number": int(self.arg)}
        return {"kind": self.kind}

    @entry(Ack.NONE)
    async def callback(self, interaction: discord.Interaction) -> None:
        on_panel = self.src == "p"
        confirming = self.kind == "stop" and self.arg == "-" and not on_panel  # the private question
        await acknowledge(interaction, Ack.UPDATE if on_panel or confirming else Ack.THINKING)
        if self.kind == "stop" and self.arg == "?":
            await self._ask_stop(interaction)
            return
        service = service_of(interaction)
        if self.kind == "guess":
            record, _seat = await service.clicker_seat(interaction, self.game_id, None)
            if get_game(record.game).decision_id(record.state) != self.decision:
                raise Refusal(_("Guessing for that drawing has ended: its answer is out."))
        record = await service.perform(interaction, self.game_id, self.action(), decision=self.decision)
        seat = record.seat_of(interaction.user.id)
        done = done_text(self.kind, self.arg)
        if confirming:  # the question becomes its answer, with no button left on it
            await interaction.edit_original_response(content=done, view=None)
            return
        if not on_panel:
            await interaction.followup.send(done, ephemeral=True)
            return
        from bot.faces.sky_of_stars.panels import build_panel

        # the panel goes on with whatever the game still waits for from this player (after
        # STOP, their own line for this roll), or says there is nothing to do yet
        view = get_game(record.game).view(record.state, seat)
        await edit_panel(interaction, build_panel(view, record.names, self.game_id, note=done))

    async def _ask_stop(self, interaction: discord.Interaction) -> None:
        """Show the confirmation: in place on a panel, privately under a thread button."""
        view, names = await seat_view(interaction, self.game_id, self.decision)
        if not view.get("can_stop"):
            raise Refusal(_("STOP can't be called now: it has been called already, or no roll is on."))
        from bot.faces.sky_of_stars.moments import stop_confirm_text, stop_items

        items = stop_items(self.game_id, self.decision, self.src)
        if self.src == "p":
            await edit_panel(interaction, Outgoing(
                stop_confirm_text(), round_title(view),
                partial(art.vault_png, view, names), "vault.png", items))
            return
        await interaction.followup.send(stop_confirm_text(), view=Outgoing(items=items).view(),
                                        ephemeral=True)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (SkyPick, SkyDo, SkyBack, SkyType)
