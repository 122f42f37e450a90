"""The Sky of Stars table's scoreboard: what a table of a shape shows whatever the game's state
(panels, headings, stripes, legend: ``table_frame``, kept once per process by ``board``), and the
seats' names, marks and points drawn over it (``scoreboard``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.sky_of_stars.art.map import items
from bot.i18n import _
from render import shapes, theme
from render.common import as_map, fitted, mix, name_of, num, panel, text, text_width

View = Mapping[str, Any]
Box = tuple[int, int, int, int]


_BOX_INK = theme.ACCENT  # the +1 box mark is a ticked box, never the winners' gold


def plus_box(image: Image.Image, cx: float, cy: float, size: int = 26) -> None:
    """The "+1 box" mark: a small ticked box, like the one ticked on the score sheet."""
    draw = ImageDraw.Draw(image)
    half = size / 2
    draw.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), radius=5, outline=_BOX_INK, width=3)
    shapes.paste(image, shapes.check_sprite(size - 8, _BOX_INK), cx, cy)


def ints(values: Any) -> list[int]:
    return [v for v in items(values) if isinstance(v, int) and not isinstance(v, bool)]


def top_boxes(y: int, top_rows: int, status: bool) -> tuple[Box, Box]:
    """The card (left) and what is happening now (right); with nothing to say now (a roll's
    picture, whose die and progress are the card's words), the card takes the width: no empty box."""
    half = (theme.WIDTH - 3 * theme.GAP) // 2
    left = (theme.GAP, y, theme.GAP + half if status else theme.WIDTH - theme.GAP, y + top_rows)
    return left, (left[2] + theme.GAP, y, theme.WIDTH - theme.GAP, y + top_rows)


def table_frame(
    image: Image.Image,
    y: int,
    top_rows: int,
    status: bool,
    seats: int,
    row_h: int,
    board_h: int,
    legend: bool,
    rounds: int,
) -> Image.Image:
    """What a table of this shape shows whatever the state: its panels and their headings, the
    score rows' stripes and the legend (drawn on ``image``, returned)."""
    draw, small = ImageDraw.Draw(image), theme.font(theme.SMALL)
    left, right = top_boxes(y, top_rows, status)
    panel(draw, left)
    inner = left[2] - left[0] - 44
    fitted(draw, (left[0] + 22, y + 44), _("Constellation card"), small, theme.MUTED, inner, anchor="ls")
    if status:
        panel(draw, right)
        fitted(
            draw, (right[0] + 22, y + 44), _("Now"), small, theme.MUTED, right[2] - right[0] - 44, anchor="ls"
        )
    top = y + top_rows + theme.GAP
    box = (theme.GAP, top, theme.WIDTH - theme.GAP, top + board_h)
    panel(draw, box)
    cols = score_columns(box, rounds)
    _score_heads(draw, box, cols, cols[0] - 84, box[2] - 40)
    for seat in range(1, seats, 2):
        cy = top + 64 + seat * row_h + row_h / 2
        draw.rectangle(
            (box[0] + 8, cy - row_h / 2, box[2] - 8, cy + row_h / 2), fill=mix(theme.PANEL, theme.INK, 0.04)
        )
    if legend:
        _plus_legend(image, draw, box)
    return image


def score_columns(box: Box, rounds: int) -> list[int]:
    return [box[2] - 110 - (rounds - i) * 92 for i in range(rounds)]  # centres of R1..Rn


def scoreboard(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    names: Sequence[str],
    seats: int,
    top: int,
    row_h: int,
    rounds: int,
) -> None:
    """Names, lock status, points per round (gold star: everyone guessed it) and totals, over
    the panel, heads, stripes and legend of ``_table_frame``."""
    box = (theme.GAP, top, theme.WIDTH - theme.GAP, top)
    cols = score_columns(box, rounds)
    total_x, status_x = box[2] - 40, cols[0] - 84
    body, bold = theme.font(theme.BODY), theme.font(theme.BODY, True)

    scores = [as_map(s) for s in items(view.get("scores"))]
    locked, waiting, skipped = (
        set(ints(view.get("locked"))),
        set(ints(view.get("waiting"))),
        set(ints(view.get("skipped"))),
    )
    stop_by = view.get("stop_by")
    for seat in range(seats):
        cy = top + 64 + seat * row_h + row_h / 2
        _seat_name(draw, box, seat, cy, name_of(names, seat), status_x, stop=stop_by == seat)
        if seat in locked:
            shapes.paste(image, shapes.check_sprite(30, theme.ACCENT), status_x, cy)
        elif seat in skipped:
            fitted(draw, (status_x, cy), _("skip"), theme.font(theme.SMALL), theme.MUTED, 80, anchor="mm")
        elif seat in waiting:
            for dx in (-12, 0, 12):  # "still deciding"
                draw.ellipse((status_x + dx - 4, cy - 4, status_x + dx + 4, cy + 4), fill=theme.MUTED)
        score = scores[seat] if seat < len(scores) else {}
        for i, entry in enumerate(items(score.get("rounds"))):
            if i < len(cols) and isinstance(entry, Mapping):
                text(draw, (cols[i], cy), num(entry.get("points")), body, theme.INK, anchor="mm")
                if entry.get("plus_one"):
                    plus_box(image, cols[i] + 34, cy - 10, 22)
        text(draw, (total_x, cy), num(score.get("total"), "0"), bold, theme.GOLD, anchor="rm")


def _score_heads(
    draw: ImageDraw.ImageDraw,
    box: Box,
    cols: Sequence[float],
    status_x: float,
    total_x: float,
) -> None:
    """The scoreboard's column heads (Player, R1..Rn, Total) over a rule."""
    small, top = theme.font(theme.SMALL), box[1]
    hy = top + 46
    fitted(
        draw, (box[0] + 28, hy), _("Player"), small, theme.MUTED, status_x - 30 - (box[0] + 28), anchor="ls"
    )
    for i, cx in enumerate(cols):
        text(draw, (cx, hy), _("R{number}", number=i + 1), small, theme.MUTED, anchor="ms")
    fitted(draw, (total_x, hy), _("Total"), small, theme.MUTED, total_x - cols[-1] - 40, anchor="rs")
    draw.line((box[0] + 20, top + 60, box[2] - 20, top + 60), fill=theme.FAINT, width=2)


def _seat_name(
    draw: ImageDraw.ImageDraw,
    box: Box,
    seat: int,
    cy: float,
    name: str,
    status_x: float,
    *,
    stop: bool,
) -> None:
    """A row's colour chip and name, shrunk to leave room for a gold STOP after the seat that called it."""
    small = theme.font(theme.SMALL)
    draw.rounded_rectangle(
        (box[0] + 22, cy - 16, box[0] + 30, cy + 16), radius=4, fill=theme.player_colour(seat)
    )
    name_w = status_x - 30 - (box[0] + 44)
    tag = " " + _("STOP") if stop else ""
    shown_w = fitted(
        draw,
        (box[0] + 44, cy),
        name,
        theme.font(theme.BODY),
        theme.INK,
        name_w - text_width(tag, small),
        anchor="lm",
    )
    if tag:
        text(
            draw,
            (box[0] + 44 + shown_w, cy + 2),
            tag,
            theme.font(theme.SMALL, True),
            theme.GOLD,
            anchor="lm",
        )


def _plus_legend(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
    """What the +1 box means, at the scoreboard's foot: drawn only once some seat has earned one."""
    ly = box[3] - 30
    plus_box(image, box[0] + 36, ly, 22)
    fitted(
        draw,
        (box[0] + 56, ly),
        _("everyone guessed that drawing: +1 box"),
        theme.font(theme.SMALL),
        theme.MUTED,
        box[2] - 20 - (box[0] + 56),
        anchor="lm",
    )
