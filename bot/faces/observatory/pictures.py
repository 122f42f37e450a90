"""What an Observatory sheet reads, for naming it by what it draws (``bot.ui.pictures``).

A stage button, a Back, or finishing a turn whose draft the panel already shows leave the sheet as
it was; the name reads only what the sheet draws (``sheet_inputs``: the view cut down, the marks).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.sheet import sheet_inputs
from bot.ui import pictures
from bot.ui.outgoing import Outgoing
from bot.ui.pictures import keep_if_shown

__all__ = ["drawn_inputs", "keep_if_shown", "keep_sheet", "named"]


def drawn_inputs(render: partial[bytes]) -> list[Any]:
    """What ``render`` draws from; for the sheet, the view is cut down to what it shows."""
    args = list(render.args)
    keywords = dict(render.keywords)
    if render.func is art.sheet_png and len(args) == 3:
        args[0] = sheet_inputs(args[0], args[2])
        marks = keywords.get("marks")
        if marks is not None:  # Marks(legal=[]) and no marks draw the same
            drawn = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in vars(marks).items()}
            keywords["marks"] = drawn if any(drawn.values()) else None
    return [render.func.__name__, args, sorted((k, v) for k, v in keywords.items() if v is not None)]


def named(out: Outgoing) -> Outgoing:
    """``out`` with its picture named ``<stem>-<digest>.png`` (stem: its plain name's)."""
    stem = out.filename.rsplit(".", 1)[0].split("-", 1)[0]
    return pictures.named(out, stem, drawn_inputs)


def keep_sheet(out: Outgoing, message: discord.Message | None) -> Outgoing:
    """The panel after **Finish turn** shows the draft just made final, which the panel showed
    already (only the faded dice of the header could differ, and that the turn is in is said in
    words): it keeps that sheet."""
    return pictures.keep_shown(out, message, "sheet-")
