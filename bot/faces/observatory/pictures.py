"""A panel's sheet named by what it draws, so an answer never uploads a picture already shown.

A move that leaves the sheet as it was (a stage button, a Back, finishing a turn whose draft the
panel already shows) used to draw and upload the sheet again. The file name carries a digest of
the drawing's inputs (``art.sheet_inputs``: what of the view the sheet draws, the marks, the
names, the language), so a panel already holding a file of that name shows exactly that picture
and the edit keeps it (``Outgoing.kept``) instead of drawing it again.
"""

from __future__ import annotations

import hashlib
import json
import logging
from functools import partial
from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.sheet import sheet_inputs
from bot.outgoing import Outgoing

log = logging.getLogger(__name__)


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
    render = out.render
    if isinstance(render, partial):
        blob = json.dumps([drawn_inputs(render), out.language.value], sort_keys=True, default=repr,
                          ensure_ascii=False).encode()
        stem = out.filename.rsplit(".", 1)[0].split("-", 1)[0]
        out.filename = f"{stem}-{hashlib.blake2b(blob, digest_size=8).hexdigest()}.png"
    return out


def keep_sheet(out: Outgoing, message: discord.Message | None) -> Outgoing:
    """``out`` showing the sheet ``message`` already shows, whatever ``out`` would draw: the panel
    after **Finish turn** shows the draft just made final, which the panel showed already (only
    the faded dice of the header could differ, and that the turn is in is said in words)."""
    if message is None or not message.flags.components_v2 or out.filename.split("-", 1)[0] != "sheet":
        return out
    shown = next((a.filename for a in message.attachments if a.filename.startswith("sheet-")), None)
    if shown is not None:
        out.render, out.filename, out.kept = None, shown, (shown,)
    return out


def keep_if_shown(out: Outgoing, message: discord.Message | None) -> Outgoing:
    """When ``message`` (the panel being edited) already shows ``out``'s picture, keep that file
    instead of drawing and uploading it again (only a card's file: an older embed is redrawn)."""
    if message is None or out.render is None or out.still is not None or not message.flags.components_v2:
        return out
    if any(attachment.filename == out.filename for attachment in message.attachments):
        log.debug("panel %s already shows %s: kept", message.id, out.filename)
        out.render, out.kept = None, (out.filename,)
    return out
