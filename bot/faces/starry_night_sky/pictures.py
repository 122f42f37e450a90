"""A panel's picture named by what it draws, so a click never uploads a picture already shown.

Changing a plan back, looking at a trade, or a Back leave the map as the panel already shows it;
drawing and uploading it again cost a player about 50 KB each time. The file name carries a
digest of the drawing's inputs (the function, its arguments with the view cut to what the panel
picture reads, the names, the language), so a message already holding a file of that name shows
exactly that picture, and the edit keeps it (``Outgoing.kept``) instead of drawing it again.
"""

from __future__ import annotations

import hashlib
import json
import logging
from functools import partial
from typing import Any

import discord

from bot.faces.starry_night_sky.art.images import EXTENSION
from bot.outgoing import Outgoing

log = logging.getLogger(__name__)

# What of a seat view the panel picture reads (``art.images.draw_panel`` and the map under it).
DRAWN_KEYS = ("round", "phase", "seats", "constellations", "edges", "start_xy", "players", "you", "choice",
              "my_myths")


def drawn_inputs(render: partial[bytes]) -> list[Any]:
    args = list(render.args)
    if args and isinstance(args[0], dict):
        args[0] = {k: args[0].get(k) for k in DRAWN_KEYS}
    return [render.func.__name__, args, sorted(render.keywords.items())]


def named(out: Outgoing, stem: str = "panel") -> Outgoing:
    """``out`` with its picture's file named ``stem-<digest>.webp`` by what it draws."""
    if isinstance(out.render, partial):
        blob = json.dumps([drawn_inputs(out.render), out.language.value], sort_keys=True, default=repr,
                          ensure_ascii=False).encode()
        out.filename = f"{stem}-{hashlib.blake2b(blob, digest_size=8).hexdigest()}.{EXTENSION}"
    return out


def keep_if_shown(out: Outgoing, message: discord.Message | None) -> Outgoing:
    """When ``message`` (the panel being edited, a card) already shows ``out``'s picture, keep
    that file instead of drawing and uploading it again."""
    if message is None or out.render is None or not message.flags.components_v2:
        return out
    if any(attachment.filename == out.filename for attachment in message.attachments):
        log.debug("panel %s already shows %s: kept", message.id, out.filename)
        out.render, out.kept = None, (out.filename,)
    return out
