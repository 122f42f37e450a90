"""Header bands and small status pieces shared by the Sky of Stars images."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import N_, _
from render import shapes, theme
from render.common import clean, fitted, panel, text, text_width
from render.theme import RGB

Part = tuple[str, RGB]

HEADER_TOP = 16
HEADER_H = 116
SEP = "\u2002\u00b7\u2002"  # between phrases on one line: a middle dot with en spaces


def parts_line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    parts: Sequence[Part],
    size: int,
    max_width: float,
    *,
    bold: bool = True,
    flexible: int | None = None,
    anchor: str = "ls",
    min_size: int | None = None,
) -> float:
    """Draw coloured pieces of one line; the ``flexible`` piece (a name) is cut to fit.

    Every piece goes through ``clean`` (names and words may hold glyphs the font lacks). A
    line too long at ``size`` is first drawn smaller, down to ``min_size``, and only then cut.
    Returns the width drawn. Without a flexible piece the last one is cut.
    """
    pieces = [clean(s) for s, _colour in parts]
    f = theme.font(size, bold=bold)
    smallest = size if min_size is None else min(min_size, size)
    while size > smallest and sum(text_width(p, f) for p in pieces) > max_width:
        size = max(size - 2, smallest)
        f = theme.font(size, bold=bold)
    cut = flexible if flexible is not None else len(pieces) - 1
    others = sum(text_width(p, f) for i, p in enumerate(pieces) if i != cut)
    room = max(max_width - others, 0)
    x, y = xy
    for index, (piece, (_said, colour)) in enumerate(zip(pieces, parts, strict=True)):
        if not piece:
            continue
        if index == cut:  # through ``fitted``: a measured test sees the piece that had to be cut
            x += fitted(draw, (x, y), piece, f, colour, room, anchor=anchor)
        else:
            text(draw, (x, y), piece, f, colour, anchor=anchor)
            x += text_width(piece, f)
    return x - xy[0]


def die_with_caption(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    roll: Mapping[str, Any] | None,
    right: float,
    cy: float,
    size: int = 78,
) -> float:
    """The rolled face as a die icon right-aligned at ``right``, with "Roll k" before it.

    Returns the left edge used, so text to its left can stop short of it.
    """
    if not isinstance(roll, Mapping) or "face" not in roll:
        return right
    shapes.paste(image, shapes.die_sprite(str(roll["face"]), size), right - size / 2, cy)
    left = right - size - 14
    count = roll.get("count")
    if isinstance(count, int):
        f = theme.font(theme.SMALL)
        caption = _("Roll {count}", count=count)
        text(draw, (left, cy), caption, f, theme.MUTED, anchor="rm")
        left -= text_width(caption, f) + 14
    return left


def header(
    image: Image.Image,
    title: Sequence[Part],
    subtitle: Sequence[Part] = (),
    *,
    roll: Mapping[str, Any] | None = None,
    flexible: int | None = None,
    sub_flexible: int | None = None,
) -> int:
    """A rounded band at the top: a bold title line, a muted subtitle and the die on the right.

    Returns the y where content below the band may start.
    """
    draw = ImageDraw.Draw(image)
    w = image.width
    box = (theme.GAP, HEADER_TOP, w - theme.GAP, HEADER_TOP + HEADER_H)
    panel(draw, box)
    left = box[0] + theme.MARGIN - theme.GAP + 14
    limit = die_with_caption(image, draw, roll, box[2] - 20, (box[1] + box[3]) / 2) - 12
    title_y = box[1] + (56 if subtitle else 74)
    parts_line(
        draw, (left, title_y), title, theme.TITLE, limit - left, flexible=flexible, min_size=theme.HEADING
    )
    if subtitle:
        parts_line(
            draw, (left, box[1] + 98), subtitle, theme.SMALL, limit - left, bold=False, flexible=sub_flexible
        )
    return box[3] + theme.GAP


PHASES = {
    "start": N_("Choosing starting stars"),
    "stroke": N_("Drawing strokes"),
    "swirl": N_("Swirl: cancelling stars"),
    "final": N_("Last strokes after STOP"),
    "guess": N_("Guessing"),
    "reveal": N_("Answer revealed"),
    "over": N_("Game over"),
}


def phase_words(phase: object) -> str:
    """The phase in words, in the language the image is drawn in."""
    known = PHASES.get(str(phase))
    return _(known) if known else (str(phase).capitalize() if phase else "")
