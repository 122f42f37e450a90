"""Starry Night Sky's controls (custom_id prefix ``sns:``), declared for the platform to play
(``bot.ui.controls``): a button plays one sub-action of the turn (its codec is ``action_of``),
a select only shows the choice picked, with its confirm button, and **Back** returns to the
choice's first stage. What the panel shows after each is the presenter's (``after_play``,
``step``).

This module sits under the rest of the face: ``panels`` and ``presenter`` build messages from
these declarations, so nothing here imports them.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.faces.starry_night_sky.plan import parse as parse_plan
from bot.faces.starry_night_sky.words import parse_place
from bot.games.base import Action
from bot.i18n import _
from bot.ui.controls import Click, Control, Role, button, select


def action_of(click: Click) -> Action:
    """The action a ``DO`` button plays. ``ex`` plays a planned exploration (``plan``), ``xe``
    the same and then ends the turn."""
    kind, arg = click["kind"], click["arg"]
    if kind == "as":
        return {"kind": "assign", "pools": [int(ch) for ch in arg]}
    if kind == "mv":
        return {"kind": "move", "to": arg}
    if kind == "pl":
        pool, stars = parse_place(arg)
        return {"kind": "place", "pool": pool, "stars": stars}
    if kind in ("ex", "xe"):
        plan = parse_plan(arg)
        if plan is None:
            return {"kind": "explore"}  # refused by the rules as malformed
        return plan.action(end=kind == "xe")
    if kind == "tr":
        goal, colour, traded = arg.split(".")
        return {"kind": "trade", "goal": goal, "colour": colour, "pool": int(traded)}
    return {"kind": "end"}


DO = Control(
    "sns:do:{game}:{dec}:{kind}:{arg}",
    Role.PLAY,
    {"kind": "as|mv|pl|ex|xe|tr|end", "arg": r"[a-z0-9.\-]{1,40}"},
    action=action_of,
)
PICK = Control("sns:pick:{game}:{dec}:{what}:{page}", Role.STEP, {"what": "dest|place|trade", "page": r"\d"})
BACK = Control("sns:back:{game}:{dec}", Role.STEP)
CONTROLS = (PICK, DO, BACK)


def do_button(
    game_id: int,
    decision: int,
    kind: str,
    arg: str,
    label: str | None = None,
    style: discord.ButtonStyle | None = None,
) -> discord.ui.Item[Any]:
    style = style or (discord.ButtonStyle.primary if kind == "as" else discord.ButtonStyle.success)
    return button(DO, game_id, decision, label=label or kind, style=style, kind=kind, arg=arg)


def pick_select(
    game_id: int,
    decision: int,
    what: str,
    page: int,
    options: list[discord.SelectOption] | None = None,
    placeholder: str | None = None,
) -> discord.ui.Item[Any]:
    """A select inside a panel: picking only shows the choice (a plan: drawn on the map) with its
    confirm button; nothing is played."""
    shown = options or [discord.SelectOption(label="-", value="-")]
    return select(PICK, game_id, decision, options=shown, placeholder=placeholder, what=what, page=page)


def back_button(game_id: int, decision: int) -> discord.ui.Item[Any]:
    return button(BACK, game_id, decision, label=_("Back"), style=discord.ButtonStyle.secondary)
