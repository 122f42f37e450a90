"""Observatory's buttons and selects, and the short codes their custom_ids carry.

Panels are stateless: where a player is in a choice (the *stage*, e.g. ``p01`` = "plotting with
dice 0 and 1") and what they picked travel in custom_ids, so a panel keeps working after a
restart. A confirm button (``obs:do:``) plays the action its code stands for (such as
``plot.01.C4``); a list of moves (``obs:play:``) plays the code of the option picked: only a
step's draft moves, which **Undo last** takes back until the step is finished. Every
custom_id holds the game id and the decision id, so the service refuses a click on a panel
from an earlier step.

This module sits under the rest of the face: ``panels`` (with ``draft``) and ``presenter`` build
messages from these items, so nothing here imports them. A callback that redraws a panel asks
the presenter the service holds for it (``panel_for``).
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.faces.observatory.art.map import COLUMNS, SIZE
from bot.faces.observatory.pictures import keep_sheet
from bot.faces.observatory.words import DONE, DONE_TEXT
from bot.games import get_game
from bot.games.base import Action, View
from bot.i18n import N_, _
from bot.storage.records import GameRecord
from bot.ui.components import panel_for, service_of
from bot.ui.interactions import Ack, Refusal, acknowledge, entry, picked_values
from bot.ui.outgoing import edit_panel
from bot.ui.typed_square import parse_square

log = logging.getLogger(__name__)

CODE = r"[A-Za-z0-9.\-]{1,80}"
TRACKS = ("lens", "drive", "finder", "filter", "funding")
BAD_BUTTON = N_("That button doesn't match anything I can play. Open a fresh panel with **Open my panel**.")
TYPE_A_CELL = N_("Type a cell")
NOTHING_TO_DECIDE = N_("There's nothing for you to decide right now: your part is already in.")


async def clicked_view(
    interaction: discord.Interaction, game_id: int, decision: int
) -> tuple[GameRecord, View]:
    """The game and the clicker's own view, if the panel is still current (else a ``Refusal``)."""
    record, seat = await service_of(interaction).clicker_seat(interaction, game_id, decision)
    return record, get_game(record.game).view(record.state, seat)


def offered_codes(items: Any) -> set[str]:
    """Every action code a panel's items can play: its confirm buttons' and its move lists'."""
    codes = set()
    for item in items:
        if isinstance(item, ObsDo):
            codes.add(item.code)
        elif isinstance(item, ObsPlay):
            codes |= {option.value for option in item.item.options}
    return codes


def action_of(code: str) -> Action | None:
    """The engine action a confirm button's code stands for; ``None`` if it is malformed."""
    parts = code.split(".")
    kind, args = parts[0], parts[1:]
    try:
        if kind in ("roll", "undo", "done") and not args:
            return {"kind": kind}
        if kind == "keep" and args:
            return {"kind": "keep", "cards": args}
        if kind == "plot" and len(args) == 2 and len(args[0]) == 2:
            return {"kind": "plot", "dice": [int(args[0][0]), int(args[0][1])], "cell": args[1]}
        if kind == "res" and len(args) == 3 and args[1] in TRACKS:
            return {"kind": "research", "die": int(args[0]), "track": args[1], "space": int(args[2])}
        if kind == "lens" and len(args) == 2 and args[1] in ("up", "dn"):
            return {"kind": "lens", "die": int(args[0]), "delta": 1 if args[1] == "up" else -1}
        if kind == "ss" and len(args) == 1:
            return {"kind": "shooting_star", "cell": args[0]}
        if kind == "drive" and len(args) == 1:
            return {"kind": "set_drive", "value": int(args[0])}
        if kind == "fs" and len(args) == 2:
            return {"kind": "free_star", "grant": int(args[0]), "cell": args[1]}
        if kind == "fr" and len(args) == 3 and args[1] in TRACKS:
            return {"kind": "free_research", "grant": int(args[0]), "track": args[1], "space": int(args[2])}
        if kind == "cp" and len(args) == 2:
            return {"kind": "complete", "card": args[0], "placement": args[1]}
        if kind == "take" and len(args) == 2 and args[0] == "sky":
            return {"kind": "take", "source": "sky", "card": args[1]}
        if kind == "take" and len(args) == 2 and args[0] == "deck" and args[1] in ("large", "small"):
            return {"kind": "take", "source": "deck", "deck": args[1]}
    except ValueError:
        return None
    return None


class ObsGo(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"obs:go:(?P<game>\d+):(?P<dec>\d+):(?P<stage>[A-Za-z0-9.~\-]{1,60})",
):
    """Moves a panel to another stage of the same choice; plays nothing."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        stage: str,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
    ) -> None:
        shown = _("Back") if label is None else label
        super().__init__(
            discord.ui.Button(
                label=shown[:80], style=style, emoji=emoji, custom_id=f"obs:go:{game_id}:{decision}:{stage}"
            )
        )
        self.game_id, self.decision, self.stage = game_id, decision, stage

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ObsGo:
        return cls(int(match["game"]), int(match["dec"]), match["stage"])

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        await show_stage(interaction, self.game_id, self.decision, self.stage, None)


class ObsPick(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"obs:pick:(?P<game>\d+):(?P<dec>\d+):(?P<stage>[A-Za-z0-9.~\-]{1,60}):(?P<n>\d)",
):
    """A list of legal options; picking one shows it with a confirm button (goals, a refill) or
    moves the panel on (a placement to preview)."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        stage: str,
        n: int = 0,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        count: int = 1,
    ) -> None:
        choices = options or [discord.SelectOption(label="-", value="-")]
        shown = _("Pick one") if placeholder is None else placeholder
        super().__init__(
            discord.ui.Select(
                placeholder=shown[:150],
                options=choices[:25],
                min_values=count,
                max_values=count,
                custom_id=f"obs:pick:{game_id}:{decision}:{stage}:{n}",
            )
        )
        self.game_id, self.decision, self.stage = game_id, decision, stage

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ObsPick:
        return cls(int(match["game"]), int(match["dec"]), match["stage"], int(match["n"]))

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        values = picked_values(interaction)
        await show_stage(interaction, self.game_id, self.decision, self.stage, ".".join(values) or None)


class ObsPlay(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"obs:play:(?P<game>\d+):(?P<dec>\d+):(?P<n>\d)"
):
    """A list of a draft's legal moves; picking one plays it at once (its value is the code)."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        n: int = 0,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        choices = options or [discord.SelectOption(label="-", value="-")]
        shown = _("Pick one") if placeholder is None else placeholder
        super().__init__(
            discord.ui.Select(
                placeholder=shown[:150], options=choices[:25], custom_id=f"obs:play:{game_id}:{decision}:{n}"
            )
        )
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ObsPlay:
        return cls(int(match["game"]), int(match["dec"]), int(match["n"]))

    @entry(Ack.NONE)
    async def callback(self, interaction: discord.Interaction) -> None:
        values = picked_values(interaction)
        code = values[0] if len(values) == 1 and re.fullmatch(CODE, values[0]) else ""
        if not code:
            raise Refusal(_(BAD_BUTTON))
        await acknowledge(interaction, Ack.UPDATE)
        await play_code(interaction, self.game_id, self.decision, code, True)


class ObsDo(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"obs:do:(?P<game>\d+):(?P<dec>\d+):(?P<src>[pt]):(?P<code>{CODE})",
):
    """Plays one action. ``src`` says whether it sits on a panel (``p``) or in the thread (``t``)."""

    def __init__(
        self,
        game_id: int,
        decision: int,
        code: str,
        label: str,
        src: str = "p",
        style: discord.ButtonStyle = discord.ButtonStyle.success,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                emoji=emoji,
                custom_id=f"obs:do:{game_id}:{decision}:{src}:{code}",
            )
        )
        self.game_id, self.decision, self.code, self.src = game_id, decision, code, src

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ObsDo:
        return cls(int(match["game"]), int(match["dec"]), match["code"], "", match["src"])

    @entry(Ack.NONE)
    async def callback(self, interaction: discord.Interaction) -> None:
        on_panel = self.src == "p"
        await acknowledge(interaction, Ack.UPDATE if on_panel else Ack.THINKING)
        await play_code(interaction, self.game_id, self.decision, self.code, on_panel)


class ObsType(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"obs:type:(?P<game>\d+):(?P<dec>\d+):(?P<stage>[A-Za-z0-9.~\-]{{1,40}}):"
    rf"(?P<code>{CODE})",
):
    """Opens a form to type the cell of a cell list (``C7``) instead of paging through menus."""

    def __init__(self, game_id: int, decision: int, stage: str, code: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=_(TYPE_A_CELL),
                emoji="⌨️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"obs:type:{game_id}:{decision}:{stage}:{code}",
            )
        )
        self.game_id, self.decision, self.stage, self.code = game_id, decision, stage, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ObsType:
        return cls(int(match["game"]), int(match["dec"]), match["stage"], match["code"])

    @entry(Ack.NONE)
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(CellForm(self.game_id, self.decision, self.stage, self.code))


class CellForm(discord.ui.Modal, title=TYPE_A_CELL):
    """The typed-cell form, in the language of whoever opens it (so its text input is built here,
    not as a class attribute frozen at import)."""

    def __init__(self, game_id: int, decision: int, stage: str, code: str) -> None:
        super().__init__(title=_(TYPE_A_CELL), custom_id=f"obs:form:{game_id}:{decision}", timeout=600)
        self.cell: discord.ui.TextInput[CellForm] = discord.ui.TextInput(
            label=_("Cell: column letter and row number"),
            placeholder="C7",
            min_length=1,
            max_length=8,
            custom_id="cell",
        )
        self.add_item(self.cell)
        self.game_id, self.decision, self.stage, self.code = game_id, decision, stage, code

    @entry(Ack.UPDATE)
    async def on_submit(self, interaction: discord.Interaction) -> None:
        cell = parse_square(self.cell.value, COLUMNS, SIZE, what="cell")
        record, view = await clicked_view(interaction, self.game_id, self.decision)
        if view.get("choice") is None:
            raise Refusal(_(NOTHING_TO_DECIDE))
        offered = offered_codes(panel_for(interaction, record, view, stage=self.stage, picked=cell).items)
        # the code names the move (``plot.01``, ``ss``…) or only its kind (``plot``: any dice)
        fits = sorted(c for c in offered if c.startswith(f"{self.code}.") and c.rsplit(".", 1)[-1] == cell)
        if not fits:
            raise Refusal(
                _(
                    "{cell} isn't a cell you can use here. The highlighted cells on your sheet are "
                    "the ones you can; type one of those, or pick it from the menus.",
                    cell=cell,
                )
            )
        if len(fits) > 1:
            raise Refusal(
                _(
                    "{cell} can be reached with different dice: pick it from the list, where each "
                    "choice names its dice.",
                    cell=cell,
                )
            )
        await play_code(interaction, self.game_id, self.decision, fits[0], True)


async def play_code(
    interaction: discord.Interaction, game_id: int, decision: int, code: str, on_panel: bool
) -> None:
    """Send the action ``code`` stands for, then redraw the panel (or answer privately)."""
    action = action_of(code)
    if action is None:
        raise Refusal(_(BAD_BUTTON))
    service = service_of(interaction)
    record = await service.perform(interaction, game_id, action, decision=decision)
    kind = action["kind"]
    if not on_panel:
        await interaction.followup.send(_(DONE_TEXT.get(kind, DONE)), ephemeral=True)
        return
    game = get_game(record.game)
    seat = record.seat_of(interaction.user.id)
    assert seat is not None
    view = game.view(record.state, seat)
    same_step = game.decision_id(record.state) == decision
    if same_step and seat in game.to_act(record.state) and record.status == "active":
        # a sub-action: the panel carries on from its home stage, with the new draft
        await edit_panel(interaction, panel_for(interaction, record, view))
        return
    out = panel_for(interaction, record, view, finished=kind)
    if kind == "done" and view.get("choice") is None:  # waiting: the sheet as just finished
        out = keep_sheet(out, interaction.message)
    await edit_panel(interaction, out)


async def show_stage(
    interaction: discord.Interaction, game_id: int, decision: int, stage: str, picked: str | None
) -> None:
    record, view = await clicked_view(interaction, game_id, decision)
    if view.get("choice") is None:
        raise Refusal(_(NOTHING_TO_DECIDE))
    await edit_panel(interaction, panel_for(interaction, record, view, stage=stage, picked=picked))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ObsGo, ObsPick, ObsPlay, ObsDo, ObsType)
