"""What Starry Night Sky's panel picture reads, for naming it by what it draws (``bot.ui.pictures``).

Changing a plan back, looking at a trade or a Back leave the map as the panel shows it; the name
reads only the view keys the panel picture draws, so the edit keeps the picture.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from bot.ui import pictures
from bot.ui.outgoing import Outgoing
from bot.ui.pictures import keep_if_shown

__all__ = ["drawn_inputs", "keep_if_shown", "named"]

# What of a seat view the panel picture reads (``art.images.draw_panel`` and the map under it).
DRAWN_KEYS = (
    "round",
    "phase",
    "seats",
    "constellations",
    "edges",
    "start_xy",
    "players",
    "you",
    "choice",
    "my_myths",
)


def drawn_inputs(render: partial[bytes]) -> list[Any]:
    args = list(render.args)
    if args and isinstance(args[0], dict):
        args[0] = {k: args[0].get(k) for k in DRAWN_KEYS}
    return [render.func.__name__, args, sorted(render.keywords.items())]


def named(out: Outgoing, stem: str = "panel") -> Outgoing:
    return pictures.named(out, stem, drawn_inputs)
