"""A Sky of Stars buttons, selects and the typed-line form (custom_id prefix ``sky:``).

This module sits under the rest of the face: ``panels`` and ``presenter`` build messages from
these items, so nothing here imports them. A callback that redraws a panel asks the presenter
the service holds for it (``panel_for``).
"""

from __future__ import annotations

import enum
import re
from typing import Any

import discord

from bot.core.running import RunningGame
from bot.faces.sky_of_stars import stop
from bot.faces.sky_of_stars.pictures import keep_shown
from bot.faces.sky_of_stars.words import DO_LABELS, HALF_NAMES, star_description, stop_confirm_text
from bot.games import get_game
from bot.games.base import View
from bot.games.sky_of_stars.moves import parse_line
from bot.i18n import N_, _
from bot.ui.components import panel_for, service_of
from bot.ui.interactions import Ack, Refusal, acknowledge, entry, picked_values
from bot.ui.outgoing import Outgoing, edit_panel


class PublicKind(enum.StrEnum):
    """What an old public button (one in the thread, or the private question under one) played,
    so a click on it after its step is answered in words that fit it (``stale_text``)."""

    STOP = "stop"  # a roll's STOP, which asks for a confirmation
    STOP_CONFIRM = "stop-confirm"  # the "Yes, call STOP" under it
    GUESS = "guess"  # a number for a drawing being guessed


async def clicked_view(
    interaction: discord.Interaction, game_id: int, decision: int | None, kind: PublicKind | None = None
) -> tuple[RunningGame, View]:
    """The game and the clicker's own view, if the click is still current (else a ``Refusal``,
    in ``kind``'s words when it is an old public button)."""
    service = service_of(interaction)
    record, seat = await service.clicker_seat(interaction, game_id, decision, public_kind=kind)
    return record, get_game(record.game).view(record.state, seat)


def offered_stars(choice: dict[str, Any], stage: str) -> list[str]:
    """The stars a picker of ``stage`` offers for this choice (what ``pick_selects`` listed): a
    start or a cancel its stars; ``end`` every star a line reaches, ``via.X`` the stars a line to
    X may start from; ``from``/``to.X`` the same from panels sent before lines were one pick."""
    if choice["kind"] != "stroke" or stage in {"start", "cancel"}:
        return choice.get("stars", []) if choice["kind"] == stage else []
    moves: dict[str, list[str]] = choice["moves"]
    if stage == "end":
        return sorted({end for ends in moves.values() for end in ends})
    if stage.startswith("via."):
        return sorted(start for start, ends in moves.items() if stage[4:] in ends)
    return list(moves) if stage == "from" else moves.get(stage[3:], [])


PLACEHOLDERS = {
    "start": (N_("Pick a starting star"), N_("Pick a starting star ({columns})")),
    "end": (N_("Pick the star to draw a line to"), N_("Pick the star to draw a line to ({columns})")),
    "via": (N_("Draw it from another star of yours"), N_("Draw it from another star of yours")),
    "from": (N_("Pick a star to draw from"), N_("Pick a star to draw from ({columns})")),
    "cancel": (N_("Pick a star to cross out"), N_("Pick a star to cross out ({columns})")),
    "to": (N_("Pick a star to connect to"), N_("Pick a star to connect to ({columns})")),
}
"""A picker's placeholder by stage: over the whole vault, or over the columns of one half."""


def placeholder(stage: str, half: str) -> str:
    whole, part = PLACEHOLDERS.get(stage.partition(".")[0], PLACEHOLDERS["to"])
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
        return _("**STOP** is called.")  # the panel's STOP line says what is left
    if kind == "pass":
        return _("You skipped your last line.")
    return _("Your guess, **#{number}**, is locked in. You may change it until the reveal.", number=arg)


class SkyPick(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sky:pick:(?P<game>\d+):(?P<dec>\d+):"
    r"(?P<stage>start|from|cancel|end|(?:to|via)\.[A-H][1-6]):(?P<half>[abw])",
):
    """A star picker inside a panel; picking only moves the panel on (its picture shows the
    pick's result), nothing is played yet. ``chosen`` shows as the current pick; ``origins``
    (a line's end -> the stars it can be drawn from, nearest first) go under each end's label."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        stage: str,
        half: str,
        options: list[str] | None = None,
        *,
        chosen: str | None = None,
        origins: dict[str, list[str]] | None = None,
    ) -> None:
        choices = [
            discord.SelectOption(
                label=s,
                value=s,
                default=s == chosen,
                description=option_description(s, (origins or {}).get(s)),
            )
            for s in (options or [])
        ] or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder(stage, half),
                options=choices[:25],
                custom_id=f"sky:pick:{game_id}:{decision}:{stage}:{half}",
            )
        )
        self.game_id, self.decision, self.stage = game_id, decision, stage

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SkyPick:
        return cls(int(match["game"]), int(match["dec"]), match["stage"], match["half"])

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        picked = next(iter(picked_values(interaction)), None)
        record, view = await clicked_view(interaction, self.game_id, self.decision)
        choice = view.get("choice") or {}
        if choice.get("kind") not in {"start", "stroke", "cancel"}:
            raise Refusal(_("There's nothing to pick right now: your choice is already in."))
        if picked not in offered_stars(choice, self.stage):  # a value the menu never had
            raise Refusal(_("That star isn't one you can pick here. Choose one from the menu."))
        if self.stage == "from":
            out = panel_for(interaction, record, view, picked_from=picked)
        elif self.stage.startswith("to."):
            out = panel_for(interaction, record, view, picked_from=self.stage[3:], picked=picked)
        elif self.stage.startswith("via."):
            out = panel_for(interaction, record, view, picked_from=picked, picked=self.stage[4:])
        else:
            out = panel_for(interaction, record, view, picked=picked)
        await edit_panel(interaction, out)


def option_description(star: str, origins: list[str] | None) -> str:
    """ "4-point yellow", and for a line's end where the line would start: "… · from C4"."""
    described = star_description(star)
    if not origins:
        return described
    if len(origins) == 1:
        return _("{star} · from {origin}", star=described, origin=origins[0])
    return _(
        "{star} · from {origin} (nearest) or {others}",
        star=described,
        origin=origins[0],
        others=", ".join(origins[1:]),
    )[:100]


class SkyBack(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sky:back:(?P<game>\d+):(?P<dec>\d+)"
):
    """Back to the first stage of the current choice, redrawn by the presenter the service holds."""

    def __init__(self, game_id: int, decision: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Back"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"sky:back:{game_id}:{decision}",
            )
        )
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SkyBack:
        return cls(int(match["game"]), int(match["dec"]))

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        record, view = await clicked_view(interaction, self.game_id, self.decision)
        await edit_panel(interaction, panel_for(interaction, record, view))


class SkyType(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sky:type:(?P<game>\d+):(?P<dec>\d+)"
):
    """Opens a form to type a line as two star labels, for players who know their vault."""

    def __init__(self, game_id: int, decision: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Type a line"),
                emoji="⌨️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"sky:type:{game_id}:{decision}",
            )
        )
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SkyType:
        return cls(int(match["game"]), int(match["dec"]))

    @entry(Ack.NONE)
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(StrokeForm(self.game_id, self.decision))


class StrokeForm(discord.ui.Modal, title="Draw a line"):
    """The typed-line form, built per player so its title and field speak their language."""

    def __init__(self, game_id: int, decision: int) -> None:
        super().__init__(title=_("Draw a line"), custom_id=f"sky:form:{game_id}:{decision}", timeout=600)
        self.line: discord.ui.TextInput[StrokeForm] = discord.ui.TextInput(
            label=_("From and to, e.g. C4 D5"),
            placeholder="C4 D5",
            min_length=4,
            max_length=12,
            custom_id="line",
        )
        self.add_item(self.line)
        self.game_id, self.decision = game_id, decision

    @entry(Ack.UPDATE)
    async def on_submit(self, interaction: discord.Interaction) -> None:
        """A typed line is a pick like one from the menus: the panel shows it drawn in, and
        **Draw** makes it. A line the rules refuse is refused now, with their reason."""
        start, end = parse_line(self.line.value)  # refuses anything but two different labels
        record, view = await clicked_view(interaction, self.game_id, self.decision)
        moves = (view.get("choice") or {}).get("moves") or {}
        if end not in moves.get(start, []) and start in moves.get(end, []):
            start, end = end, start  # typed from its far end: the same line
        line = {"kind": "stroke", "from": start, "to": end}
        get_game(record.game).apply(record.state, record.seat_of(interaction.user.id), line)  # a check only
        await edit_panel(interaction, panel_for(interaction, record, view, picked_from=start, picked=end))


MADE_AS_PREVIEWED = frozenset({"start", "stroke", "cancel"})
"""Moves whose button sits under the picture of their result (``panels``): once made, with
nothing more to choose, the panel keeps that picture, which now shows what was done."""


class SkyDo(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sky:do:(?P<game>\d+):(?P<dec>\d+):(?P<kind>start|stroke|cancel|stop|pass|guess):"
    r"(?P<arg>[A-H1-6\-?]{1,5}):(?P<src>[pt])",
):
    """A button that plays an action. ``src`` says whether it sits on a panel or in the thread.
    A STOP button with the argument ``?`` only asks for the confirmation: STOP ends the drawing
    for everyone, so one stray click must not call it."""

    def __init__(
        self, game_id: int, decision: int, kind: str, arg: str, src: str, label: str | None = None
    ) -> None:
        style = {"stop": discord.ButtonStyle.danger, "pass": discord.ButtonStyle.secondary}.get(
            kind, discord.ButtonStyle.success if kind != "guess" else discord.ButtonStyle.primary
        )
        super().__init__(
            discord.ui.Button(
                label=label or (_(DO_LABELS[kind]) if kind in DO_LABELS else arg),
                style=style,
                custom_id=f"sky:do:{game_id}:{decision}:{kind}:{arg}:{src}",
            )
        )
        self.game_id, self.decision, self.kind, self.arg, self.src = game_id, decision, kind, arg, src

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SkyDo:
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

    def public_kind(self) -> PublicKind | None:
        """The kind of old public button this is, for its stale words; ``None`` on a panel, whose
        stale click gets the platform's "that panel belongs to an earlier step". A guess says
        the same wherever it sits: that drawing has been revealed."""
        if self.kind == "guess":
            return PublicKind.GUESS
        if self.kind != "stop" or self.src == "p":
            return None
        return PublicKind.STOP if self.arg == "?" else PublicKind.STOP_CONFIRM

    @entry(Ack.NONE)
    async def callback(self, interaction: discord.Interaction) -> None:
        on_panel = self.src == "p"
        confirming = self.kind == "stop" and self.arg == "-" and not on_panel  # the private question
        await acknowledge(interaction, Ack.UPDATE if on_panel or confirming else Ack.THINKING)
        if self.kind == "stop" and self.arg == "?":
            await self._ask_stop(interaction)
            return
        service = service_of(interaction)
        question = getattr(interaction.message, "id", None) if confirming else None
        answered = stop.answering(service.delivery, self.game_id, question)
        try:
            record = await service.perform(interaction, self.game_id, self.action(), decision=self.decision)
        except Refusal:
            stop.restore(service.delivery, self.game_id, answered)
            if self.public_kind() is not None:  # over since? then say it in this button's words
                await clicked_view(interaction, self.game_id, self.decision, self.public_kind())
            raise
        seat = record.seat_of(interaction.user.id)
        done = done_text(self.kind, self.arg)
        if confirming:  # the question becomes its answer, with no button left on it
            await interaction.edit_original_response(content=done, view=None)
            return
        if not on_panel:
            await interaction.followup.send(done, ephemeral=True)
            return
        # the panel goes on with whatever the game still waits for from this player (after
        # STOP, their own line for this roll), or says there is nothing to do yet
        view = get_game(record.game).view(record.state, seat)
        note = None if self.kind == "stop" else done  # after STOP, the panel's own STOP line says it
        out = panel_for(interaction, record, view, note=note)
        if self.kind in MADE_AS_PREVIEWED and view.get("choice") is None:
            out = keep_shown(out, interaction.message)
        await edit_panel(interaction, out)

    async def _ask_stop(self, interaction: discord.Interaction) -> None:
        """Show the confirmation: in place on a panel, privately under a thread button."""
        record, view = await clicked_view(interaction, self.game_id, self.decision, self.public_kind())
        if not view.get("can_stop"):
            raise Refusal(_("STOP can't be called now: it has been called already, or no roll is on."))
        if self.src == "p":
            await edit_panel(interaction, panel_for(interaction, record, view, asking_stop=True))
            return
        confirm = SkyDo(self.game_id, self.decision, "stop", "-", "t", label=_("Yes, call STOP"))
        buttons = Outgoing(items=[confirm]).view()
        assert buttons is not None  # it holds the confirm button
        asked = await interaction.followup.send(stop_confirm_text(), view=buttons, ephemeral=True, wait=True)
        delivery = service_of(interaction).delivery
        stop.remember(delivery, self.game_id, self.decision, asked)  # retired when its roll is over
        delivery.copies.track_public(self.game_id, asked)  # and at the end


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (SkyPick, SkyDo, SkyBack, SkyType)
