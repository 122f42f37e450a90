"""Alt text: every picture the bot sends says in words what it shows, in the reader's language.

A picture is drawn from a game's view (``partial(draw, view, names, ...)``), so the words are
made from the same view by the game's presenter (``Presenter.describe``): a public picture is
described from the public view it is drawn from, a panel from that seat's own view, and a
picture built anywhere (a panel, a sheet, a reveal) is described without its face having to
remember to. The presenters register here when ``bot.faces`` loads them.

Discord's limits (its OpenAPI spec: ``MediaGalleryItemRequest.description`` and
``MessageAttachmentRequest.description``, both at most 1024 characters, a gallery item's at least
1): the text is cut at a line or word end to fit, never sent empty.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any, Final

from bot.ops.faults import database_outage

log = logging.getLogger(__name__)

ALT_LIMIT: Final = 1024  # MediaGalleryItemRequest.description and MessageAttachmentRequest.description
SPOKEN_LIMIT: Final = 2000  # the text board beside the picture: half of a card's 4000 characters

Describer = Callable[[dict[str, Any], list[str], "int | None"], str]
"""A game's ``Presenter.describe``: a view, the seats' names and whose sheet (None: the view's own)."""

_DESCRIBERS: dict[str, Describer] = {}


def register(slug: str, describer: Describer) -> None:
    """``describer`` says in words what a picture of game ``slug`` shows."""
    _DESCRIBERS[slug] = describer


def cut(text: str, limit: int = ALT_LIMIT) -> str:
    """``text`` within ``limit`` characters: whole lines while they fit, else whole words, with
    an ellipsis where it was cut."""
    text = text.strip()
    if len(text) <= limit:
        return text
    room = text[: limit - 1]
    end = max(room.rfind("\n"), room.rfind(" "))
    return (room[:end] if end > limit // 2 else room).rstrip() + "…"


def _drawn_from(render: Any) -> tuple[dict[str, Any], list[str], int | None] | None:
    """The view, names and seat a drawing is called with (``partial(draw, view, names, seat?)``)."""
    if not isinstance(render, partial) or len(render.args) < 2:
        return None
    view, names = render.args[0], render.args[1]
    if not isinstance(view, dict) or not isinstance(names, list):
        return None
    seat = render.args[2] if len(render.args) > 2 and type(render.args[2]) is int else None
    return view, names, seat


def describe_drawing(render: Any) -> str:
    """What the picture ``render`` draws, in words (the current language), whole (the send
    path cuts it to each use's limit); "" when it is not drawn from a game's view or its game has
    no words for it."""
    drawn = _drawn_from(render)
    if drawn is None:
        return ""
    view, names, seat = drawn
    describer = _DESCRIBERS.get(str(view.get("game")))
    if describer is None:
        return ""
    try:
        return describer(view, names, seat).strip()
    except Exception:  # words are a courtesy: a picture still goes out without them
        log.exception("could not describe a picture of %s", view.get("game"))
        return ""


async def reads_text(client: Any, user_id: int) -> bool:
    """Whether ``user_id`` chose ``/settings`` "describe boards in text" (False without a way to ask)."""
    readers = getattr(client, "reader_languages", None)
    if readers is None or user_id < 0:
        return False
    try:
        return bool(await readers.boards_in_text(user_id))
    except Exception as error:  # the picture still goes out, with its words as alt text
        if database_outage(error):  # told once by bot.ops.faults
            log.debug("text boards choice of user %s unknown while the database is away", user_id)
        else:
            log.exception("could not look up the text boards choice of user %s", user_id)
        return False
