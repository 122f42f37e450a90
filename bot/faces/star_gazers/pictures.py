"""Star Gazers' pictures are named by what they draw (``bot.ui.pictures``), so an edit never
uploads a picture the message already shows.

The panel draws its turn's draft (``preview``) but not the draft's Journal cards, the Journal
decks or the supply: taking a Journal card with a shuttle bonus, or a token from the supply,
changes those and nothing the panel shows. Named by the whole view, that click uploaded the very
same picture again (five a 3-player game, measured by ``python -m bench --only image-bytes``);
``drawn_inputs`` leaves them out of the panel's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from bot.faces.star_gazers.art import images as art
from bot.ui import pictures
from bot.ui.outgoing import Outgoing
from bot.ui.pictures import keep_if_shown, shown_picture

__all__ = ["drawn_inputs", "keep_if_shown", "named", "shown_picture"]

UNDRAWN_IN_PREVIEW = frozenset({"journal", "journal_count", "journal_board", "supply"})
"""Keys of a panel's ``preview`` that ``art.draw_panel`` never reads
(``tests/faces/star_gazers/test_sg_picture_names.py`` changes each and compares the pixels)."""


def drawn_inputs(render: partial[bytes]) -> list[Any]:
    """What ``render`` draws from; for the panel, the preview without what it does not draw."""
    args = list(render.args)
    if render.func is art.panel_webp and args and isinstance(args[0], Mapping):
        view = dict(args[0])
        preview = view.get("preview")
        if isinstance(preview, Mapping):
            view["preview"] = {k: v for k, v in preview.items() if k not in UNDRAWN_IN_PREVIEW}
        args[0] = view
    return [render.func.__name__, args, sorted(render.keywords.items())]


def named(out: Outgoing, stem: str) -> Outgoing:
    """``out`` with its picture named ``<stem>-<digest><suffix>`` by what it draws."""
    return pictures.named(out, stem, drawn_inputs)
