"""A Sky of Stars' controls (custom_id prefix ``sky:``), declared for the platform to play
(``bot.ui.controls``): a star picker and **Back** only move the panel on, **Type a line** opens
a form, a ``DO`` button plays a move (on a panel; in the thread only the numbers of guess cards
sent before issue 29, which keep playing: cards now carry none, as a public card's buttons are
offered to its artist too). STOP, which asks for a confirmation first, is declared in
``calling_stop``. What a click shows next is the presenter's (``clicked``).

This module sits under the rest of the face: ``panels`` and ``presenter`` build messages from
these declarations, so nothing here imports them.
"""

from __future__ import annotations

import enum
from typing import Any

import discord

from bot.faces.sky_of_stars.words import DO_LABELS, option_description, placeholder
from bot.games.base import Action
from bot.i18n import N_, _
from bot.ui.controls import Click, Control, Form, Role, button, select


class PublicKind(enum.StrEnum):
    """What an old public button (one in the thread, or the private question under one) played,
    so a click on it after its step is answered in words that fit it (``stale_text``)."""

    STOP = "stop"  # a roll's STOP, which asks for a confirmation
    STOP_CONFIRM = "stop-confirm"  # the "Yes, call STOP" under it
    GUESS = "guess"  # a number for a drawing being guessed


def action_of(click: Click) -> Action:
    """The move a ``DO`` button plays."""
    kind, arg = click["kind"], click["arg"]
    if kind == "stroke":
        start, _dash, end = arg.partition("-")
        return {"kind": "stroke", "from": start, "to": end}
    if kind in {"start", "cancel"}:
        return {"kind": kind, "star": arg}
    if kind == "guess":
        return {"kind": "guess", "number": int(arg)}
    return {"kind": kind}


STAR = r"[A-H1-6\-?]{1,5}"
PICK = Control(
    "sky:pick:{game}:{dec}:{stage}:{half}",
    Role.STEP,
    {"stage": r"start|from|cancel|end|(?:to|via)\.[A-H][1-6]", "half": "[abw]"},
)
"""A star picker inside a panel; picking only moves the panel on (its picture shows the pick's
result), nothing is played yet."""
BACK = Control("sky:back:{game}:{dec}", Role.STEP)
"""Back to the first stage of the current choice."""
TYPE = Control(
    "sky:type:{game}:{dec}",
    Role.FORM,
    form=Form(
        N_("Draw a line"), N_("From and to, e.g. C4 D5"), "C4 D5", 4, 12, "line", "sky:form:{game}:{dec}"
    ),
)
"""Opens a form to type a line as two star labels, for players who know their vault."""
DO = Control(
    "sky:do:{game}:{dec}:{kind}:{arg}:{src}",
    Role.PLAY,
    {"kind": "start|stroke|cancel|pass|guess", "arg": STAR, "src": "[pt]"},
    action=action_of,
    in_thread=lambda click: click["src"] == "t",
    # a guess says the same wherever it sits: that drawing has been revealed
    public_kind=lambda click: PublicKind.GUESS if click["kind"] == "guess" else None,
)
"""A button that plays a move. ``src`` says whether it sits on a panel or in the thread."""


def pick_select(
    game_id: int,
    decision: int,
    stage: str,
    half: str,
    options: list[str] | None = None,
    *,
    chosen: str | None = None,
    origins: dict[str, list[str]] | None = None,
) -> discord.ui.Item[Any]:
    """``chosen`` shows as the current pick; ``origins`` (a line's end -> the stars it can be drawn
    from, nearest first) go under each end's label."""
    choices = [
        discord.SelectOption(
            label=s,
            value=s,
            default=s == chosen,
            description=option_description(s, (origins or {}).get(s)),
        )
        for s in (options or [])
    ] or [discord.SelectOption(label="-", value="-")]
    shown = placeholder(stage, half)
    return select(PICK, game_id, decision, options=choices[:25], placeholder=shown, stage=stage, half=half)


def back_button(game_id: int, decision: int) -> discord.ui.Item[Any]:
    return button(BACK, game_id, decision, label=_("Back"), style=discord.ButtonStyle.secondary)


def type_button(game_id: int, decision: int) -> discord.ui.Item[Any]:
    return button(
        TYPE, game_id, decision, label=_("Type a line"), emoji="⌨️", style=discord.ButtonStyle.secondary
    )


def do_button(
    game_id: int, decision: int, kind: str, arg: str, src: str, label: str | None = None
) -> discord.ui.Item[Any]:
    style = {"pass": discord.ButtonStyle.secondary, "guess": discord.ButtonStyle.primary}.get(
        kind, discord.ButtonStyle.success
    )
    shown = label or (_(DO_LABELS[kind]) if kind in DO_LABELS else arg)
    return button(DO, game_id, decision, label=shown, style=style, kind=kind, arg=arg, src=src)
