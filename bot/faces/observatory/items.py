"""Observatory's controls and the short codes their custom_ids carry, declared for the platform to
play (``bot.ui.controls``).

Panels are stateless: where a player is in a choice (the *stage*, e.g. ``p01`` = "plotting with
dice 0 and 1") and what they picked travel in custom_ids, so a panel keeps working after a
restart. A confirm button (``obs:do:``) plays the action its code stands for (such as
``plot.01.C4``); a list of moves (``obs:play:``) plays the code of the option picked: only a
step's draft moves, which **Undo last** takes back until the step is finished. ``obs:go:`` and
``obs:pick:`` only move the panel to another stage; ``obs:type:`` opens a form for a cell. Every
custom_id holds the game id and the decision id, so the service refuses a click on a panel
from an earlier step. What a click shows next is the presenter's (``clicked``).

This module sits under the rest of the face: ``panels`` (with ``draft``) and ``presenter`` build
messages from these declarations, so nothing here imports them.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.games.base import Action
from bot.i18n import N_, _
from bot.ui.controls import Click, Control, Form, Role, button, select

log = logging.getLogger(__name__)

CODE = r"[A-Za-z0-9.\-]{1,80}"
STAGE = r"[A-Za-z0-9.~\-]{1,60}"
TRACKS = ("lens", "drive", "finder", "filter", "funding")
TYPE_A_CELL = N_("Type a cell")
NOTHING_TO_DECIDE = N_("There's nothing for you to decide right now: your part is already in.")


def action_of(code: str) -> Action | None:
    """The engine action a confirm button's code stands for; ``None`` if it is malformed."""
    parts = code.split(".")
    kind, args = parts[0], parts[1:]
    try:
        if kind in ("roll", "undo", "done") and not args:
            return {"kind": kind}
        if kind == "done" and len(args) == 2:  # Finish turn and take a new goal (the roller)
            taken = action_of(".".join(["take", *args]))
            return (
                {"kind": "done", "take": {k: v for k, v in taken.items() if k != "kind"}} if taken else None
            )
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
        if kind == "cp" and len(args) == 3:  # with its bonus star
            return {"kind": "complete", "card": args[0], "placement": args[1], "bonus": {"cell": args[2]}}
        if kind == "cp" and len(args) == 4 and args[2] in TRACKS:  # with its bonus Research space
            bonus = {"track": args[2], "space": int(args[3])}
            return {"kind": "complete", "card": args[0], "placement": args[1], "bonus": bonus}
        if kind == "take" and len(args) == 2 and args[0] == "sky":
            return {"kind": "take", "source": "sky", "card": args[1]}
        if kind == "take" and len(args) == 2 and args[0] == "deck" and args[1] in ("large", "small"):
            return {"kind": "take", "source": "deck", "deck": args[1]}
    except ValueError:
        return None
    return None


def played_code(click: Click) -> Action | None:
    """The action a confirm button or a move list's pick plays (``None``: no code of ours)."""
    if click.control is PLAY:
        code = click.picked[0] if len(click.picked) == 1 and re.fullmatch(CODE, click.picked[0]) else ""
    else:
        code = click["code"]
    return action_of(code) if code else None


GO = Control("obs:go:{game}:{dec}:{stage}", Role.STEP, {"stage": STAGE})
"""Moves a panel to another stage of the same choice; plays nothing."""
PICK = Control("obs:pick:{game}:{dec}:{stage}:{n}", Role.STEP, {"stage": STAGE, "n": r"\d"})
"""A list of legal options; picking one shows it with a confirm button (goals, a refill) or
moves the panel on (a placement to preview)."""
PLAY = Control("obs:play:{game}:{dec}:{n}", Role.PLAY, {"n": r"\d"}, action=played_code)
"""A list of a draft's legal moves; picking one plays it at once (its value is the code)."""
DO = Control(
    "obs:do:{game}:{dec}:{src}:{code}",
    Role.PLAY,
    {"src": "[pt]", "code": CODE},
    action=played_code,
    in_thread=lambda click: click["src"] == "t",
)
"""Plays one action. ``src`` says whether it sits on a panel (``p``) or in the thread (``t``)."""
TYPE = Control(
    "obs:type:{game}:{dec}:{stage}:{code}",
    Role.FORM,
    {"stage": r"[A-Za-z0-9.~\-]{1,40}", "code": CODE},
    form=Form(
        TYPE_A_CELL, N_("Cell: column letter and row number"), "C7", 1, 8, "cell", "obs:form:{game}:{dec}"
    ),
)
"""Opens a form to type the cell of a cell list (``C7``) instead of paging through menus."""
CONTROLS = (GO, PICK, PLAY, DO, TYPE)


def go_button(
    game_id: int,
    decision: int,
    stage: str,
    label: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
) -> discord.ui.Item[Any]:
    shown = _("Back") if label is None else label
    return button(GO, game_id, decision, label=shown[:80], style=style, emoji=emoji, stage=stage)


def pick_select(
    game_id: int,
    decision: int,
    stage: str,
    n: int = 0,
    options: list[discord.SelectOption] | None = None,
    placeholder: str | None = None,
    count: int = 1,
) -> discord.ui.Item[Any]:
    choices = (options or [discord.SelectOption(label="-", value="-")])[:25]
    shown = (_("Pick one") if placeholder is None else placeholder)[:150]
    return select(PICK, game_id, decision, options=choices, placeholder=shown, count=count, stage=stage, n=n)


def play_select(
    game_id: int,
    decision: int,
    n: int = 0,
    options: list[discord.SelectOption] | None = None,
    placeholder: str | None = None,
) -> discord.ui.Item[Any]:
    choices = (options or [discord.SelectOption(label="-", value="-")])[:25]
    shown = (_("Pick one") if placeholder is None else placeholder)[:150]
    return select(PLAY, game_id, decision, options=choices, placeholder=shown, n=n)


def do_button(
    game_id: int,
    decision: int,
    code: str,
    label: str,
    src: str = "p",
    style: discord.ButtonStyle = discord.ButtonStyle.success,
    emoji: str | None = None,
) -> discord.ui.Item[Any]:
    return button(DO, game_id, decision, label=label[:80], style=style, emoji=emoji, src=src, code=code)


def type_button(game_id: int, decision: int, stage: str, code: str) -> discord.ui.Item[Any]:
    return button(TYPE, game_id, decision, label=_(TYPE_A_CELL), emoji="⌨️", stage=stage, code=code)
