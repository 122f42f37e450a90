"""The Sky of Stars final results: each player's three constellations and how the score adds up.

Reads only keys of the PUBLIC view (``board.public_only``), so it is safe to post in a channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.sky_of_stars.art.board import COLOUR_ORDER, View, public_only, seats_in
from bot.faces.sky_of_stars.art.map import items
from bot.faces.sky_of_stars.art.said import coloured
from bot.faces.sky_of_stars.art.scoreboard import ints, plus_box
from bot.faces.sky_of_stars.art.thumbnails import thumbnail
from bot.i18n import N_, _, ngettext
from render import shapes, theme
from render.common import as_map, clean, fitted, mix, name_of, num, panel, seat_of, sky, text, text_width
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

    # one card a row: three constellations across the full width are large enough to tell
    # apart on a phone (the two-column grid made them specks), each with its word beneath
    card_w = theme.WIDTH - 2 * theme.GAP
    thumb_w = (card_w - 2 * 14 - 2 * 10) // 3
    thumb_h = round(thumb_w * 0.62)
    card_h = CARD_HEAD + thumb_h + CAPTION_H
    height = 16 + 116 + 16 + seats * (card_h + theme.GAP) + 56
    image = sky(theme.WIDTH, height)
    win_names = [name_of(names, s) for s in sorted(winners)]
    flexible = None
    if win_names:  # the headline a phone shows first: who won
        headline = N_("Winner: {names}") if len(win_names) == 1 else N_("Winners: {names}")
        title, flexible = coloured(
            headline, theme.INK, flexible="names", names=(" & ".join(win_names), theme.GOLD)
        )
        sub = [(_("Final results") + SEP + _("A Sky of Stars"), theme.MUTED)]
    else:
        title, sub = [(_("Final results"), theme.INK)], [(_("No result yet"), theme.MUTED)]
    top = header(image, title, sub, flexible=flexible)

    drawings = [d for d in items(view.get("drawings")) if isinstance(d, Mapping)]
    for i, seat in enumerate(order):
        x, y = theme.GAP, top + i * (card_h + theme.GAP)
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
            [as_map(r) for r in items(view.get("reveals"))],
            thumb_w,
            thumb_h,
        )
    _results_legend(image, height - 56)
    return image


CARD_HEAD = 72  # name, colour counts and total
CAPTION_H = 54  # the word and the round's points under each constellation


def winner_badge(image: Image.Image, x: float, cy: float) -> float:
    """A gold pill reading WINNER; returns its width."""
    draw = ImageDraw.Draw(image)
    f = theme.font(theme.SMALL, True)
    said = _("WINNER")
    w = text_width(said, f) + 28
    draw.rounded_rectangle((x, cy - 20, x + w, cy + 20), radius=20, fill=theme.GOLD)
    text(draw, (x + w / 2, cy), said, f, theme.DIE_INK, anchor="mm")
    return w


def _results_legend(image: Image.Image, top: float) -> None:
    """What each mark means, once, under the cards."""
    draw = ImageDraw.Draw(image)
    panel(draw, (theme.GAP, top, theme.WIDTH - theme.GAP, top + 46), outline=None)
    y = top + 23
    small = theme.font(theme.SMALL)
    x: float = theme.GAP + 30
    right = theme.WIDTH - theme.GAP - 20
    plus_box(image, x, y)
    note, majority = _("+1 box: everyone guessed it"), _("colour majority (+1)")
    room = right - (x + 24) - 40 - 56 - text_width(majority, small)  # what the first note may take
    x += 24 + fitted(draw, (x + 24, y), note, small, theme.MUTED, room, anchor="lm") + 40
    draw.rounded_rectangle((x, y - 15, x + 44, y + 15), radius=10, outline=theme.GOLD, width=3)
    fitted(draw, (x + 56, y), majority, small, theme.MUTED, right - (x + 56), anchor="lm")


def _word_of(reveals: list[Mapping[str, Any]], seat: int, round_: int) -> str:
    found = next((r for r in reveals if r.get("artist") == seat and r.get("round") == round_), None)
    if found is None:
        return "\u2014"
    return clean(str(found.get("word") or "?"))


def _result_card(
    image: Image.Image,
    box: tuple[int, int, int, int],
    seat: int,
    names: Sequence[str],
    entry: Mapping[str, Any],
    total: int,
    winner: bool,
    drawings: list[Mapping[str, Any]],
    reveals: list[Mapping[str, Any]],
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
    head_y = y0 + CARD_HEAD / 2
    total_font = theme.font(theme.TITLE + 4, True)
    total_w = text_width(str(total), total_font)
    total_ink = theme.GOLD if winner else theme.INK
    text(draw, (box[2] - 18, head_y), str(total), total_font, total_ink, anchor="rm")
    colours_x = _colour_counts(draw, image, entry, box[2] - 18 - total_w - 24, head_y)
    name_x: float = x0
    if winner:
        name_x += winner_badge(image, x0, head_y) + 14
    parts_line(
        draw,
        (name_x, head_y + 12),
        [(name_of(names, seat), colour)],
        theme.HEADING,
        colours_x - 20 - name_x,
        min_size=theme.BODY,
    )

    rounds = [as_map(r) for r in items(entry.get("rounds"))]
    small_bold = theme.font(theme.SMALL, True)
    ty = y0 + CARD_HEAD
    for r in range(3):
        tx = x0 + r * (thumb_w + 10)
        found = next((d for d in drawings if d.get("seat") == seat and d.get("round") == r + 1), None)
        thumbnail(image, (tx, ty, tx + thumb_w, ty + thumb_h), found, colour)
        # under each drawing: its word on the left, the round's points (and +1 box) on the right
        line_y = ty + thumb_h + 38
        boxed = r < len(rounds) and bool(rounds[r].get("plus_one"))
        right = tx + thumb_w - 4 - (34 if boxed else 0)
        points = rounds[r].get("points") if r < len(rounds) else None
        if isinstance(points, int) and not isinstance(points, bool):  # "1 pt", not "1 pts"
            shown = ngettext("{n} pt", "{n} pts", points)
        else:
            shown = _("{points} pts", points=num(points))
        text(draw, (right, line_y), shown, small_bold, theme.INK, anchor="rs")
        if boxed:
            plus_box(image, tx + thumb_w - 18, line_y - 10, 24)
        word_w = right - text_width(shown, small_bold) - 14 - (tx + 4)
        parts_line(
            draw, (tx + 4, line_y), [(_word_of(reveals, seat, r + 1), theme.GOLD)], theme.SMALL, word_w
        )


def _colour_counts(
    draw: ImageDraw.ImageDraw, image: Image.Image, entry: Mapping[str, Any], right: float, cy: float
) -> float:
    """Stars of each colour, right-aligned ending at ``right``; majorities outlined in gold with
    their +1. Returns where the group starts."""
    small_bold = theme.font(theme.SMALL, True)
    colours = as_map(entry.get("colours"))
    majorities = {m for m in items(entry.get("majorities")) if isinstance(m, str)}
    labels = [num(colours.get(n), "0") + (" +1" if n in majorities else "") for n in COLOUR_ORDER]
    widths = [44 + text_width(label, small_bold) + 14 for label in labels]
    cx = right - sum(widths) - 14 * (len(widths) - 1)
    start = cx
    for name, label, w in zip(COLOUR_ORDER, labels, widths, strict=True):
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
    return start
