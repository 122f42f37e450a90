"""The Sky of Stars final results: each player's three constellations and how the score adds up.

Reads only keys of the PUBLIC view (``board.public_only``), so it is safe to post in a channel.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.sky_of_stars.art.board import COLOUR_ORDER, View, ints, public_only, seats_in
from bot.faces.sky_of_stars.art.map import items
from bot.faces.sky_of_stars.art.thumbnails import thumbnail
from render import shapes, theme
from render.common import as_map, mix, name_of, num, panel, seat_of, sky, text, text_width
from render.headers import SEP, header, parts_line


def draw_results(view: View, names: Sequence[str]) -> Image.Image:
    """Final results: each player's three constellations and how their score adds up."""
    view = public_only(view)
    outcome = as_map(view.get("outcome"))
    seats = seats_in(view, names)
    # before the outcome is set (or if it lacks a breakdown) fall back to the running scores
    breakdown = [as_map(b) for b in items(outcome.get("breakdown"))] or [
        as_map(s) for s in items(view.get("scores"))
    ]
    totals = [seat_of(b.get("total"), 0) for b in breakdown][:seats]
    totals += [0] * (seats - len(totals))
    winners = set(ints(outcome.get("winners")))
    order = sorted(range(seats), key=lambda s: (s not in winners, -totals[s], s))

    columns = 2  # two cards a row keeps six players to one phone screen
    card_w = (theme.WIDTH - 2 * theme.GAP - (columns - 1) * theme.GAP) // columns
    thumb_w = (card_w - 2 * 14 - 2 * 8) // 3
    thumb_h = round(thumb_w * 0.8)
    card_h = 72 + thumb_h + 44 + 66
    rows = math.ceil(seats / columns)
    height = 16 + 116 + 16 + rows * (card_h + theme.GAP) + 56
    image = sky(theme.WIDTH, height)
    win_names = [name_of(names, s) for s in sorted(winners)]
    if win_names:  # the headline a phone shows first: who won
        title = [
            ("Winner: " if len(win_names) == 1 else "Winners: ", theme.INK),
            (" & ".join(win_names), theme.GOLD),
        ]
        sub = [(f"Final results{SEP}A Sky of Stars", theme.MUTED)]
    else:
        title, sub = [("Final results", theme.INK)], [("No result yet", theme.MUTED)]
    top = header(image, title, sub, flexible=1 if win_names else None)

    drawings = [d for d in items(view.get("drawings")) if isinstance(d, Mapping)]
    for i, seat in enumerate(order):
        x = theme.GAP + (i % columns) * (card_w + theme.GAP)
        y = top + (i // columns) * (card_h + theme.GAP)
        entry = breakdown[seat] if seat < len(breakdown) else {}
        _result_card(
            image,
            (x, y, x + card_w, y + card_h),
            seat,
            names,
            entry,
            totals[seat],
            seat in winners,
            drawings,
            thumb_w,
            thumb_h,
        )
    _results_legend(image, height - 56)
    return image


def _results_legend(image: Image.Image, top: float) -> None:
    """What the gold marks mean, once, under the cards."""
    draw = ImageDraw.Draw(image)
    panel(draw, (theme.GAP, top, theme.WIDTH - theme.GAP, top + 46), outline=None)
    y = top + 23
    small = theme.font(theme.SMALL)
    x: float = theme.GAP + 20
    shapes.paste(image, shapes.star_sprite("five", theme.GOLD, 11, glow=False), x, y)
    note = "everyone guessed it (+1 box)"
    text(draw, (x + 20, y), note, small, theme.MUTED, anchor="lm")
    x += 20 + text_width(note, small) + 40
    draw.rounded_rectangle((x, y - 15, x + 44, y + 15), radius=10, outline=theme.GOLD, width=3)
    text(draw, (x + 56, y), "colour majority (+1)", small, theme.MUTED, anchor="lm")


def _result_card(
    image: Image.Image,
    box: tuple[int, int, int, int],
    seat: int,
    names: Sequence[str],
    entry: Mapping[str, Any],
    total: int,
    winner: bool,
    drawings: list[Mapping[str, Any]],
    thumb_w: int,
    thumb_h: int,
) -> None:
    draw = ImageDraw.Draw(image)
    colour = theme.player_colour(seat)
    panel(
        draw,
        box,
        fill=mix(theme.PANEL, theme.GOLD, 0.08) if winner else theme.PANEL,
        outline=theme.GOLD if winner else theme.PANEL_EDGE,
        width=4 if winner else 2,
    )
    x0, y0 = box[0] + 14, box[1]
    total_font = theme.font(theme.TITLE + 4, True)
    total_w = text_width(str(total), total_font)
    name_x = x0
    if winner:
        shapes.paste(image, shapes.star_sprite("five", theme.GOLD, 16), x0 + 16, y0 + 38)
        name_x += 40
    name_w = box[2] - 36 - total_w - name_x
    parts_line(
        draw, (name_x, y0 + 52), [(name_of(names, seat), colour)], theme.HEADING, name_w, min_size=theme.BODY
    )
    text(
        draw, (box[2] - 18, y0 + 54), str(total), total_font, theme.GOLD if winner else theme.INK, anchor="rs"
    )

    rounds = [as_map(r) for r in items(entry.get("rounds"))]
    small, small_bold = theme.font(theme.SMALL), theme.font(theme.SMALL, True)
    ty = y0 + 70
    plus = shapes.star_sprite("five", theme.GOLD, 11, glow=False)
    for r in range(3):
        tx = x0 + r * (thumb_w + 8)
        found = next((d for d in drawings if d.get("seat") == seat and d.get("round") == r + 1), None)
        thumbnail(image, (tx, ty, tx + thumb_w, ty + thumb_h), found, colour)
        points = num(rounds[r].get("points")) if r < len(rounds) else "\u2014"
        caption = f"R{r + 1}: "
        cx: float = tx + 4
        text(draw, (cx, ty + thumb_h + 34), caption, small, theme.MUTED, anchor="ls")
        cx += text_width(caption, small)
        text(draw, (cx, ty + thumb_h + 34), str(points), small_bold, theme.INK, anchor="ls")
        cx += text_width(str(points), small_bold) + 16
        if r < len(rounds) and rounds[r].get("plus_one"):
            shapes.paste(image, plus, cx, ty + thumb_h + 24)

    # colour counts, majorities outlined in gold with their +1
    cy = box[3] - 40
    colours = as_map(entry.get("colours"))
    majorities = {m for m in items(entry.get("majorities")) if isinstance(m, str)}
    cx = float(x0)
    for name in COLOUR_ORDER:
        label = num(colours.get(name), "0") + (" +1" if name in majorities else "")
        w = 44 + text_width(label, small_bold) + 14
        if name in majorities:
            draw.rounded_rectangle((cx - 6, cy - 22, cx + w, cy + 22), radius=12, outline=theme.GOLD, width=3)
        shapes.paste(image, shapes.star_sprite("five", theme.STAR_COLOURS[name], 14, glow=False), cx + 18, cy)
        text(
            draw,
            (cx + 40, cy),
            label,
            small_bold,
            theme.GOLD if name in majorities else theme.INK,
            anchor="lm",
        )
        cx += w + 14
