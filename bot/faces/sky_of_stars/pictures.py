"""A panel's picture named by what it draws, so an answer never uploads a picture already shown.

A select that only moves the panel on (a stroke's first star, a Back) or a guess click leaves the
picture as it was; drawing and uploading it again cost a player about 86 KB each time. The file
name carries a digest of the drawing's inputs (the drawing function, what of the view it reads,
the names, the language), so a message already holding a file of that name shows exactly that
picture, and the edit refers to it (``Outgoing.kept``) instead of drawing it again.
"""

from __future__ import annotations

import hashlib
import json
import logging
from functools import partial
from pathlib import PurePath
from typing import Any

import discord

from bot.faces.sky_of_stars.art import images as art
from bot.outgoing import Outgoing

log = logging.getLogger(__name__)


def drawn_inputs(render: partial[bytes]) -> list[Any]:
    """What ``render`` draws from: its function, arguments and keywords, with the view cut down to
    what the drawing function reads of it (``art.vault_inputs``, ``art.drawing_inputs``): the
    others' progress or a guess changes the view, not the picture."""
    args = list(render.args)
    if render.func in (art.drawing_png, art.panel_drawing_png) and len(args) == 4:
        view, _names, seat, round_ = args
        args[0] = art.drawing_inputs(view, seat, round_)
    elif render.func in (art.vault_png, art.cancel_target_png) and args:
        args[0] = art.vault_inputs(args[0])
    return [render.func.__name__, args, sorted(render.keywords.items())]


def picture_name(out: Outgoing, stem: str) -> str:
    """``stem-<digest>.webp`` (the type ``out.filename`` has) for ``out``'s picture, or its plain
    name when it can't be keyed."""
    render = out.render
    if not isinstance(render, partial):
        return out.filename
    inputs = [drawn_inputs(render), out.language.value]
    blob = json.dumps(inputs, sort_keys=True, default=repr, ensure_ascii=False).encode()
    suffix = PurePath(out.filename).suffix or ".png"
    return f"{stem}-{hashlib.blake2b(blob, digest_size=8).hexdigest()}{suffix}"


def named(out: Outgoing, stem: str = "vault") -> Outgoing:
    """``out`` with its picture's file named by what it draws (``picture_name``)."""
    out.filename = picture_name(out, stem)
    return out


def keep_if_shown(out: Outgoing, message: discord.Message | None) -> Outgoing:
    """When ``message`` (the panel being edited) already shows ``out``'s picture, ``out`` keeps
    that file instead of drawing and uploading it again. Only a card's file is kept: an older
    embed panel is redrawn as a card with a fresh upload."""
    if message is None or out.render is None or out.still is not None:
        return out
    if not message.flags.components_v2:
        return out
    if any(attachment.filename == out.filename for attachment in message.attachments):
        log.debug("panel %s already shows %s: kept", message.id, out.filename)
        out.render, out.kept = None, (out.filename,)
    return out


def kept_as_shown(out: Outgoing, message: discord.Message | None) -> Outgoing:
    """``out`` keeping the picture ``message`` (a card panel) already shows instead of its own:
    after a move made from its preview, that picture is the move's result."""
    if message is None or out.still is not None or not message.flags.components_v2:
        return out
    shown = tuple(a.filename for a in message.attachments)
    if shown:
        out.render, out.kept = None, shown[:1]
    return out
