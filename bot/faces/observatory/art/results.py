"""The Observatory final results: each player's map in miniature and their points by kind.

Reads only keys of the PUBLIC view (``board.public_only``), so it is safe to post in a channel.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.faces.observatory.art.board import View, ints, public_only, seats_in
from bot.faces.observatory.art.map import mini_map
from bot.faces.observatory.art.parts import named
from bot.i18n import _, ngettext
from render import theme
from render.common import as_list, as_map, fitted, name_of, num, panel, seat_of, sky, text
from render.headers import SEP, header, parts_line

RESULT_ROW = 236


def draw_results(view: View, names: Sequence[str]) -> Image.Image:
    """Final ranking: each player's map in miniature and their points by kind."""
    view = public_only(view)
    seats = seats_in(view, names)
    outcome = as_map(view.get("outcome"))
    scores = ints(outcome.get("scores")) or [
        seat_of(as_map(s).get("total"), 0) for s in view.get("scores") or []
    ]
    scores = (scores + [0] * seats)[:seats]
    winners = set(ints(outcome.get("winners")))
    breakdown = as_list(
        outcome.get("breakdown") if isinstance(outcome.get("breakdown"), list) else view.get("scores")
    )
    order = sorted(range(seats), key=lambda s: (-scores[s], s not in winners, s))
    height = 16 + 116 + theme.GAP + seats * (RESULT_ROW + theme.GAP) + 60
    image = sky(theme.WIDTH, height)
    draw = ImageDraw.Draw(image)
    flexible: int | None = None
    if seats == 1:
        before, _sep, after = _("Solo score: {score}").partition("{score}")
        title = [
            (piece, colour)
            for piece, colour in ((before, theme.INK), (str(scores[0]), theme.GOLD), (after, theme.INK))
            if piece
        ]
    elif len(winners) == 1:
        w = next(iter(winners))
        title, flexible = named(_("{name} wins!"), name_of(names, w), theme.player_colour(w), theme.INK)
    else:
        title = [(_("Shared victory"), theme.GOLD)]
    y = header(
        image, title, [(SEP.join((_("Observatory"), _("final results"))), theme.MUTED)], flexible=flexible
    )
    sheets = as_list(view.get("sheets"))
    for rank, seat in enumerate(order):
        box = (theme.GAP, y, theme.WIDTH - theme.GAP, y + RESULT_ROW)
        parts = as_map(breakdown[seat]) if seat < len(breakdown) else {}
        _result_row(
            image,
            box,
            rank,
            seat,
            names,
            scores[seat],
            seat in winners and seats > 1,
            parts,
            as_map(sheets[seat]) if seat < len(sheets) else {},
        )
        y += RESULT_ROW + theme.GAP
    tied = (
        len({scores[s] for s in winners}) == 1
        and len([s for s in range(seats) if scores[s] == max(scores)]) > 1
    )
    note = (
        # i18n: one line under a tied ranking (about 65 characters fit at this size)
        _("Tied on points: fewer completed cards wins, else the win is shared.")
        if tied
        else _("Spare stars: 1 point per 2 stars left out of constellations.")
    )
    fitted(
        draw,
        (theme.WIDTH / 2, height - 30),
        note,
        theme.font(theme.SMALL),
        theme.MUTED,
        theme.WIDTH - 2 * theme.GAP,
        anchor="mm",
    )
    return image


def _result_row(
    image: Image.Image,
    box: tuple[int, int, int, int],
    rank: int,
    seat: int,
    names: Sequence[str],
    total: int,
    winner: bool,
    parts: View,
    sheet: View,
) -> None:
    draw = ImageDraw.Draw(image)
    panel(draw, box, outline=theme.GOLD if winner else theme.PANEL_EDGE, width=4 if winner else 2)
    x0, y0, x1, y1 = box
    mini_map(image, (x0 + 16, y0 + 16, x0 + 16 + (y1 - y0 - 32), y1 - 16), sheet, theme.player_colour(seat))
    tx = x0 + (y1 - y0) + 12
    parts_line(
        draw,
        (tx, y0 + 52),
        [(f"{rank + 1}. ", theme.MUTED), (name_of(names, seat), theme.player_colour(seat))],
        theme.HEADING,
        x1 - tx - 150,
        flexible=1,
    )
    text(
        draw,
        (x1 - 24, y0 + 52),
        str(total),
        theme.font(theme.TITLE + 8, True),
        theme.GOLD if winner else theme.INK,
        anchor="rs",
    )
    small = theme.font(theme.SMALL)
    rows = [
        (_("Constellations"), num(parts.get("constellations"), "0")),
        (
            _("Asterisms ({count})", count=num(parts.get("asterism_count"), "0")),
            num(parts.get("asterisms"), "0"),
        ),
        (_("Funding"), num(parts.get("funding"), "0")),
        (
            _("Spare stars ({count})", count=num(parts.get("unused_count"), "0")),
            num(parts.get("unused_stars"), "0"),
        ),
    ]
    col_w = (x1 - tx - 24) // 2
    bold = theme.font(theme.SMALL, True)
    for i, (label, value) in enumerate(rows):
        cx = tx + (i % 2) * (col_w + 12)
        cy = y0 + 104 + (i // 2) * 44
        fitted(draw, (cx, cy), label, small, theme.MUTED, col_w - 24 - bold.getlength(value), anchor="lm")
        text(draw, (cx + col_w - 12, cy), value, bold, theme.INK, anchor="rm")
    cards = ngettext("{n} card completed", "{n} cards completed", seat_of(parts.get("completed_cards"), 0))
    text(draw, (tx, y1 - 30), cards, small, theme.MUTED, anchor="lm")
    if winner:
        text(draw, (x1 - 24, y1 - 30), _("\u2605 winner"), bold, theme.GOLD, anchor="rm")
