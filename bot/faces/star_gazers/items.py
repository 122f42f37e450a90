"""Star Gazers' controls (custom_id prefix ``sg:``), declared for the platform to play
(``bot.ui.controls``); the short action codes they carry are in ``codes``.

What a player is looking at travels in the custom_id (``sg:`` then game id, decision id and a
short code), so panels survive restarts. A ``DO`` button or a ``do`` select plays the action its
code stands for; a ``STAGE`` button or an ``st`` select only changes what the panel previews (a
tile with its token, a tile move: see ``clicked``); **Type a square** opens a form for a Mural
square.

This module sits under the rest of the face: ``panels`` (and ``shuttle_steps``) and ``presenter``
build messages from these declarations, so nothing here imports them.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.faces.star_gazers.codes import decode
from bot.faces.star_gazers.words import NOT_OFFERED
from bot.games.base import Action
from bot.i18n import N_, _
from bot.ui.controls import Click, Control, Form, Role, button, select

log = logging.getLogger(__name__)

CODE = r"[A-Za-z0-9.\-_]{1,80}"  # a drafted turn's plan (see ``plan``) is the longest
FORM_TITLE = N_("Type a square")
SQUARE_LABEL = N_("Mural square: column A–D, row 1–4")


def code_of(click: Click) -> str | None:
    """The code a click carries: a button's, or the option a select picked (``None``: not a code)."""
    code = click.picked[0] if click.picked else click.fields.get("code", "")
    return code if re.fullmatch(CODE, code) else None


def action_of(click: Click) -> Action | None:
    """The action a ``DO`` button or a ``do`` select plays (``None``: a code no panel offered)."""
    code = code_of(click)
    try:
        return None if code is None else decode(code)
    except (IndexError, KeyError, ValueError):
        log.warning("undecodable star gazers code %r", code)
        return None


DO = Control("sg:do:{game}:{dec}:{code}", Role.PLAY, {"code": CODE}, action=action_of, refused=NOT_OFFERED)
STAGE = Control("sg:st:{game}:{dec}:{stage}", Role.STEP, {"stage": CODE})
PLAY_PICK = Control(
    "sg:sel:{game}:{dec}:do:{tag}", Role.PLAY, {"tag": "[a-z]{1,8}"}, action=action_of, refused=NOT_OFFERED
)
PREVIEW_PICK = Control("sg:sel:{game}:{dec}:st:{tag}", Role.STEP, {"tag": "[a-z]{1,8}"})
TYPE = Control(
    "sg:type:{game}:{dec}:{tag}",
    Role.FORM,
    {"tag": "tile|token"},
    form=Form(FORM_TITLE, SQUARE_LABEL, "B3", 1, 8, "square", "sg:form:{game}:{dec}"),
)
CONTROLS = (DO, PLAY_PICK, PREVIEW_PICK, STAGE, TYPE)


def do_button(
    game_id: int,
    decision: int,
    code: str,
    label: str = "",
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
) -> discord.ui.Item[Any]:
    """A panel button that sends one sub-action (or undo / confirm) to the engine."""
    return button(DO, game_id, decision, label=label or code, style=style, code=code)


def stage_button(
    game_id: int,
    decision: int,
    stage: str,
    label: str = "",
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> discord.ui.Item[Any]:
    """A panel button that only changes what the panel previews (rotation, back...)."""
    return button(STAGE, game_id, decision, label=label or stage, style=style, disabled=disabled, stage=stage)


def pick_select(
    game_id: int,
    decision: int,
    mode: str,
    tag: str,
    options: list[discord.SelectOption] | None = None,
    placeholder: str | None = None,
) -> discord.ui.Item[Any]:
    """A panel select: ``do`` options are sub-actions, ``st`` options are previews."""
    control = PLAY_PICK if mode == "do" else PREVIEW_PICK
    shown = (options or [discord.SelectOption(label="-", value="-")])[:25]
    return select(control, game_id, decision, options=shown, placeholder=placeholder or _("Choose…"), tag=tag)


def typed_square(game_id: int, decision: int, targets: list[dict[str, Any]]) -> list[discord.ui.Item[Any]]:
    """The token's **Type a square** button, when a square of the Mural is among its targets."""
    return [type_button(game_id, decision, "token")] if any(t["target"] == "cell" for t in targets) else []


def type_button(game_id: int, decision: int, tag: str) -> discord.ui.Item[Any]:
    """Opens a form to type the Mural square (``B3``) for the tile or token instead of the menu."""
    return button(TYPE, game_id, decision, label=_("Type a square"), emoji="⌨️", tag=tag)
