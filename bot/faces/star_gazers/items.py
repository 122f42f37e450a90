"""Star Gazers buttons and selects (custom_id prefix ``sg:``); the short action codes they carry
are in ``codes``.

What a player is looking at travels in the custom_id (``sg:`` then game id, decision id and a
short code), so panels survive restarts. Two choices are only previewed before they are sent:
a tile with its token (square, rotation and the token's place, see ``plan``), and a tile move.
Their preview is the engine's own result (``game.apply`` on the stored state, shown from the
seat's view), so the picture can never disagree with the rules.

This module sits under the rest of the face: ``panels`` (and ``shuttle_steps``) and ``presenter``
build messages from these items, so nothing here imports them. A callback that redraws a panel
asks the presenter the service holds for it (``panel_for``).
"""

from __future__ import annotations

import logging
import re
from functools import partial
from typing import Any

import discord

from bot.core.running import RunningGame
from bot.core.table import names_of
from bot.faces.star_gazers import plan
from bot.faces.star_gazers.art import images as art
from bot.faces.star_gazers.codes import decode
from bot.faces.star_gazers.pictures import keep_if_shown, named, shown_picture
from bot.faces.star_gazers.words import NOT_OFFERED, round_line, titled
from bot.games import get_game
from bot.games.base import IllegalAction
from bot.i18n import _
from bot.i18n.msg import N_
from bot.ui.components import panel_for, service_of
from bot.ui.interactions import Ack, Refusal, entry, picked_values
from bot.ui.outgoing import Outgoing, edit_panel
from bot.ui.typed_square import parse_square

log = logging.getLogger(__name__)


async def _refresh_after(
    interaction: discord.Interaction, record: RunningGame, seat: int, decision: int, kind: str = ""
) -> None:
    """After a sub-action: the next step of the same panel, or a short note once the turn ended.

    When the seat acts again right away (the last pick of a round can be followed by the first
    of the next), a DM panel was just replaced by a fresh DM, so this one only says so; an
    ephemeral copy (closed DMs, or one opened with Open my panel or /game hand) is the live
    panel and gets no fresh one, so it carries on in place.
    """
    game = get_game(record.game)
    view = game.view(record.state, seat)
    names = names_of(record)
    same_turn = game.decision_id(record.state) == decision
    in_place = interaction.message is not None and interaction.message.flags.ephemeral
    if seat in game.to_act(record.state) and (same_turn or in_place or not record.seats[seat].dm_open):
        out = panel_for(interaction, record, view)
        await edit_panel(interaction, out)
        return
    if seat in game.to_act(record.state):
        if kind == "keep":
            said = _("Journal card kept. It's your turn now: use the new panel below.")
        else:
            said = _("Turn confirmed. It's your turn now: use the new panel below.")
        await edit_panel(interaction, Outgoing(said, titled(round_line(view))))
        return
    if view["phase"] == "journal":
        out = Outgoing(_("Journal card kept. The game starts when everyone has chosen."), titled(_("Setup")))
    elif kind == "keep":  # the last to keep a card starts the draft: no turn of theirs was played
        out = Outgoing(
            _(
                "Journal card kept. Everyone has chosen, so the draft has begun: your panel "
                "arrives when it's your pick."
            ),
            titled(_("Setup")),
        )
    elif view["phase"] == "over":
        out = Outgoing(_("The game is over: see the results in the game thread."), titled(_("Game over")))
    elif (shown := shown_picture(interaction.message)) is not None:
        # the picture on the panel is the Mural just confirmed (its preview): it stays, not re-sent
        out = Outgoing(
            _(
                "Turn confirmed: the picture shows your Mural as you placed it. Your next "
                "panel arrives when it's your turn again."
            ),
            titled(round_line(view)),
            kept=(shown,),
        )
    else:
        out = named(
            Outgoing(
                _("Turn confirmed. Your next panel arrives when it's your turn again."),
                titled(round_line(view)),
                partial(art.sheet_webp, view, names, seat),
                "mural.webp",
            ),
            "mural",
        )
    await edit_panel(interaction, out)


async def perform_code(interaction: discord.Interaction, game_id: int, decision: int, code: str) -> None:
    try:
        action = decode(code)
    except (IndexError, KeyError, ValueError):
        log.warning("undecodable star gazers code %r", code)
        raise Refusal(_(NOT_OFFERED)) from None
    record = await service_of(interaction).perform(interaction, game_id, action, decision=decision)
    seat = record.seat_of(interaction.user.id)
    if seat is not None:
        await _refresh_after(interaction, record, seat, decision, action["kind"])


STAGES = {"P", "m", "n", "f", "h"}  # a tile and token plan, a tile move (either tile), a move's source, back


async def show_stage(interaction: discord.Interaction, game_id: int, decision: int, stage: str) -> None:
    """Edit the panel to show a preview (nothing is sent to the engine)."""
    record, seat = await service_of(interaction).clicker_seat(interaction, game_id, decision)
    game = get_game(record.game)
    view = game.view(record.state, seat)
    tentative, note = None, None
    try:  # a stage comes from the client: one no panel offered is refused, not a crash
        if stage[:1] not in STAGES:
            raise ValueError(stage)
        if stage[:1] == "P":
            done, tentative, note = plan.preview(game, record.state, seat, plan.parse(stage))
            stage = done.code()
        elif stage[:1] in {"m", "n"}:
            action = decode("l" + stage[1:])
            try:
                tentative = game.view(game.apply(record.state, seat, action).state, seat)
            except IllegalAction as error:
                note = error.message
        out = panel_for(interaction, record, view, keep=False, stage=stage, tentative=tentative, note=note)
    except (IndexError, KeyError, ValueError):
        log.info("star gazers stage %r offered by no panel", stage)
        raise Refusal(_(NOT_OFFERED)) from None
    await edit_panel(interaction, keep_if_shown(out, interaction.message))


CODE = r"[A-Za-z0-9.\-_]{1,48}"


class SgDo(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sg:do:(?P<game>\d+):(?P<dec>\d+):(?P<code>{CODE})",
):
    """A panel button that sends one sub-action (or undo / confirm) to the engine."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        code: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or code, style=style, custom_id=f"sg:do:{game_id}:{decision}:{code}"
            )
        )
        self.game_id, self.decision, self.code = game_id, decision, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SgDo:
        return cls(int(match["game"]), int(match["dec"]), match["code"])

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        await perform_code(interaction, self.game_id, self.decision, self.code)


class SgStage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sg:st:(?P<game>\d+):(?P<dec>\d+):(?P<stage>{CODE})",
):
    """A panel button that only changes what the panel previews (rotation, back...)."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        stage: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or stage,
                style=style,
                disabled=disabled,
                custom_id=f"sg:st:{game_id}:{decision}:{stage}",
            )
        )
        self.game_id, self.decision, self.stage = game_id, decision, stage

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SgStage:
        return cls(int(match["game"]), int(match["dec"]), match["stage"])

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        await show_stage(interaction, self.game_id, self.decision, self.stage)


class SgSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sg:sel:(?P<game>\d+):(?P<dec>\d+):(?P<mode>do|st):(?P<tag>[a-z]{1,8})",
):
    """A panel select: ``do`` options are sub-actions, ``st`` options are previews."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        mode: str,
        tag: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder or _("Choose…"),
                options=(options or [discord.SelectOption(label="-", value="-")])[:25],
                custom_id=f"sg:sel:{game_id}:{decision}:{mode}:{tag}",
            )
        )
        self.game_id, self.decision, self.mode = game_id, decision, mode

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SgSelect:
        return cls(int(match["game"]), int(match["dec"]), match["mode"], match["tag"])

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        value = (picked_values(interaction) or ["-"])[0]
        if not re.fullmatch(CODE, value):
            raise Refusal(_(NOT_OFFERED))
        if self.mode == "do":
            await perform_code(interaction, self.game_id, self.decision, value)
        else:
            await show_stage(interaction, self.game_id, self.decision, value)


class SgType(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sg:type:(?P<game>\d+):(?P<dec>\d+):(?P<tag>tile|token)",
):
    """Opens a form to type the Mural square (``B3``) for the tile or token instead of the menu."""

    def __init__(self, game_id: int, decision: int, tag: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Type a square"),
                emoji="⌨️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"sg:type:{game_id}:{decision}:{tag}",
            )
        )
        self.game_id, self.decision, self.tag = game_id, decision, tag

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SgType:
        return cls(int(match["game"]), int(match["dec"]), match["tag"])

    @entry(Ack.NONE)
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(SquareForm(self.game_id, self.decision, self.tag))


FORM_TITLE = N_("Type a square")
SQUARE_LABEL = N_("Mural square: column A–D, row 1–4")


def typed_square(game_id: int, decision: int, targets: list[dict[str, Any]]) -> list[SgType]:
    """The token's **Type a square** button, when a square of the Mural is among its targets."""
    return [SgType(game_id, decision, "token")] if any(t["target"] == "cell" for t in targets) else []


class SquareForm(discord.ui.Modal, title=FORM_TITLE):
    """The typed-square form, in the language of the player who opened it (so its text input is
    built here, not as a class attribute frozen at import)."""

    def __init__(self, game_id: int, decision: int, tag: str) -> None:
        super().__init__(title=_(FORM_TITLE), custom_id=f"sg:form:{game_id}:{decision}", timeout=600)
        self.square: discord.ui.TextInput[SquareForm] = discord.ui.TextInput(
            label=_(SQUARE_LABEL),
            placeholder="B3",
            min_length=1,
            max_length=8,
            custom_id="square",
        )
        self.add_item(self.square)
        self.game_id, self.decision, self.tag = game_id, decision, tag

    @entry(Ack.UPDATE)
    async def on_submit(self, interaction: discord.Interaction) -> None:
        name = parse_square(self.square.value, "ABCD", 4)
        cell = "ABCD".index(name[0]) + 4 * (int(name[1:]) - 1)
        record, seat = await service_of(interaction).clicker_seat(interaction, self.game_id, self.decision)
        view = get_game(record.game).view(record.state, seat)
        wanted = f"P{cell}." if self.tag == "tile" else f"kc{cell}"
        offered = [
            option.value
            for item in panel_for(interaction, record, view, keep=False).items
            if isinstance(item, SgSelect) and item.item.custom_id.endswith(f":{self.tag}")
            for option in item.item.options
        ]
        fits = [v for v in offered if v == wanted or self.tag == "tile" and v.startswith(wanted)]
        value = fits[0] if fits else None
        if value is None and self.tag == "tile":
            raise Refusal(
                _(
                    "{square} isn't a square your tile can go on now. The menu lists the squares you "
                    "can use: type one of those, or pick it there.",
                    square=name,
                )
            )
        if value is None:
            raise Refusal(
                _(
                    "{square} isn't a square the token can go on now. The menu lists the squares you "
                    "can use: type one of those, or pick it there.",
                    square=name,
                )
            )
        if self.tag == "tile":
            await show_stage(interaction, self.game_id, self.decision, value)
        else:
            await perform_code(interaction, self.game_id, self.decision, value)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (SgDo, SgSelect, SgStage, SgType)
