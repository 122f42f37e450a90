"""What A Sky of Stars' panel pictures read, for naming them by what they draw (``bot.ui.pictures``).

A select that only moves the panel on or a guess click leaves the picture as it was; the vault and
drawing functions read only part of the view (``art.vault_inputs``, ``art.drawing_inputs``), so
the others' progress or a guess changes the view, not the name.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from bot.faces.sky_of_stars.art import images as art
from bot.ui import pictures
from bot.ui.outgoing import Outgoing
from bot.ui.pictures import keep_if_shown, keep_shown

__all__ = ["drawn_inputs", "keep_if_shown", "keep_shown", "named", "picture_name"]


def drawn_inputs(render: partial[bytes]) -> list[Any]:
    """``render``'s function, arguments and keywords, with the view cut to what it draws."""
    args = list(render.args)
    if render.func in (art.drawing_png, art.panel_drawing_png) and len(args) == 4:
        view, _names, seat, round_ = args
        args[0] = art.drawing_inputs(view, seat, round_)
    elif render.func in (art.vault_png, art.cancel_target_png) and args:
        args[0] = art.vault_inputs(args[0])
    return [render.func.__name__, args, sorted(render.keywords.items())]


def picture_name(out: Outgoing, stem: str) -> str:
    return pictures.picture_name(out, stem, drawn_inputs)


def named(out: Outgoing, stem: str = "vault") -> Outgoing:
    return pictures.named(out, stem, drawn_inputs)
