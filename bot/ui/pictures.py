"""Pictures named by what they draw, so an edit never uploads a picture the message already shows.

Every game's panel answers most clicks with the same picture it already shows (a stage button, a
pick changed back, a move made from its preview). A file's name carries a digest of the drawing's
inputs (the drawing function, its arguments with the view cut to what the picture reads, the
names, the language), so a card already holding a file of that name shows exactly that picture,
and the edit keeps it (``Outgoing.kept``) instead of drawing and uploading it again. A face says
only what its pictures read (``Inputs``); the naming and keeping are written once, here.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from functools import partial
from pathlib import PurePath
from typing import Any

import discord

from bot.ui.outgoing import Outgoing

log = logging.getLogger(__name__)

Inputs = Callable[[partial[bytes]], list[Any]]
"""What a drawing reads: a face cuts its view down so that a change it doesn't draw (another
seat's progress, a guess) keeps the name, and so the picture."""


def all_inputs(render: partial[bytes]) -> list[Any]:
    """Everything ``render`` is called with: for pictures that draw the whole view they get."""
    return [render.func.__name__, list(render.args), sorted(render.keywords.items())]


def picture_name(out: Outgoing, stem: str, inputs: Inputs = all_inputs) -> str:
    """``stem-<digest><suffix>`` for ``out``'s picture (the suffix of its file name), or its plain
    name when it can't be keyed."""
    render = out.render
    if not isinstance(render, partial):
        return out.filename
    blob = json.dumps(
        [inputs(render), out.language.value], sort_keys=True, default=repr, ensure_ascii=False
    ).encode()
    suffix = PurePath(out.filename).suffix or ".png"
    return f"{stem}-{hashlib.blake2b(blob, digest_size=8).hexdigest()}{suffix}"


def named(out: Outgoing, stem: str, inputs: Inputs = all_inputs) -> Outgoing:
    """``out`` with its picture's file named by what it draws (``picture_name``)."""
    out.filename = picture_name(out, stem, inputs)
    return out


def _card(message: discord.Message | None) -> bool:
    """Only a card's file is kept: an older embed panel is redrawn as a card with a fresh upload."""
    return message is not None and message.flags.components_v2


def keep_if_shown(out: Outgoing, message: discord.Message | None) -> Outgoing:
    """When ``message`` (the panel being edited) already shows ``out``'s picture, ``out`` keeps
    that file instead of drawing and uploading it again."""
    if message is None or out.render is None or out.still is not None or not _card(message):
        return out
    if any(attachment.filename == out.filename for attachment in message.attachments):
        log.debug("panel %s already shows %s: kept", message.id, out.filename)
        out.render, out.kept = None, (out.filename,)
    return out


def shown_picture(message: discord.Message | None, prefix: str = "") -> str | None:
    """The file of the picture a card message shows now (the first whose name starts ``prefix``)."""
    if message is None or not _card(message):
        return None
    return next((a.filename for a in message.attachments if a.filename.startswith(prefix)), None)


def keep_shown(out: Outgoing, message: discord.Message | None, prefix: str = "") -> Outgoing:
    """``out`` showing the picture ``message`` already shows, whatever ``out`` would draw: after a
    move made from its preview, that picture is the move's result. With ``prefix``, only when
    ``out``'s own picture is of that kind (``sheet-``) and the one shown is too."""
    if out.still is not None or (prefix and not out.filename.startswith(prefix)):
        return out
    shown = shown_picture(message, prefix)
    if shown is not None:
        out.render, out.filename, out.kept = None, shown, (shown,)
    return out
