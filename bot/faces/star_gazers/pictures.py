"""Pictures named by what they draw, so an edit never uploads a picture the message already shows.

A file's name carries a digest of the drawing's inputs (the drawing function, the view, the names,
the keywords and the language): a message already holding a file of that name shows exactly that
picture, and the edit refers to it (``Outgoing.kept``) instead of drawing and uploading it again,
as A Sky of Stars does for its vault.
"""

from __future__ import annotations

import hashlib
import json
import logging
from functools import partial

import discord

from bot.outgoing import Outgoing

log = logging.getLogger(__name__)


def picture_name(out: Outgoing, stem: str) -> str:
    """``stem-<digest>.webp`` for ``out``'s picture, or its plain name when it can't be keyed."""
    render = out.render
    if not isinstance(render, partial):
        return out.filename
    inputs = [render.func.__name__, list(render.args), sorted(render.keywords.items()), out.language.value]
    blob = json.dumps(inputs, sort_keys=True, default=repr, ensure_ascii=False).encode()
    return f"{stem}-{hashlib.blake2b(blob, digest_size=8).hexdigest()}.webp"


def named(out: Outgoing, stem: str) -> Outgoing:
    """``out`` with its picture's file named by what it draws (``picture_name``)."""
    out.filename = picture_name(out, stem)
    return out


def shown_picture(message: discord.Message | None) -> str | None:
    """The picture a card message shows now (the one file of a Star Gazers card), if any."""
    if message is None or not message.flags.components_v2 or len(message.attachments) != 1:
        return None
    return message.attachments[0].filename


def keep_if_shown(out: Outgoing, message: discord.Message | None) -> Outgoing:
    """When ``message`` (the panel being edited) already shows ``out``'s picture, keep that file
    instead of drawing and uploading it again."""
    if out.render is not None and shown_picture(message) == out.filename:
        log.debug("panel %s already shows %s: kept", getattr(message, "id", "?"), out.filename)
        out.render, out.kept = None, (out.filename,)
    return out
