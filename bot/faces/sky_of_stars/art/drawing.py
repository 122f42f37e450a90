"""A Sky of Stars' drawing for the channel: one revealed constellation, its card's words beneath.

Reads only keys of the PUBLIC view (``board.public_only``). Drawn over a kept sky of dimmed stars
(``panels.drawing_in_parts``): only the tiles its strokes, stars and ring touch are drawn again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.sky_of_stars.art import panels
from bot.faces.sky_of_stars.art.board import public_only
from bot.faces.sky_of_stars.art.map import Layout, MapPainter, items, known, load_vault, strokes
from bot.faces.sky_of_stars.art.said import coloured
from bot.i18n import N_, _
from render import theme
from render.common import clean, name_of, seat_of, sky, sky_part, text
from render.headers import header, parts_line

View = Mapping[str, Any]


DRAWING_H = 940


def _find_drawing(view: View, seat: int, round_: int) -> Mapping[str, Any] | None:
    for entry in items(view.get("drawings")):
        if isinstance(entry, Mapping) and entry.get("seat") == seat and entry.get("round") == round_:
            return entry
    return None


def drawing_inputs(view: View, seat: int, round: int) -> dict[str, Any]:
    """All ``draw_drawing`` reads of ``view`` for that drawing: a key that changes exactly when
    its picture does (a guess changes the view, never the drawing being guessed)."""
    view, seat = public_only(view), seat_of(seat)
    card = view.get("card") if view.get("round") == round else None
    return {"drawing": _find_drawing(view, seat, round), "card": card}


def draw_drawing(
    view: View, names: Sequence[str], seat: int, round: int, *, upto: int | None = None, half: bool = False
) -> Image.Image:
    """One revealed constellation for the channel (no word: the others must guess it).

    ``upto=k`` draws only its first ``k`` strokes (and their stars): one frame of the animation.
    ``half``: drawn at the size a panel and the animation send (``panels.SCALE``), where it can be.
    """
    inputs, seat = drawing_inputs(view, seat, round), seat_of(seat)
    card = inputs["card"]
    words = list(card)[:5] if isinstance(card, (list, tuple)) else []
    footer = 70 if words else 0
    layout = Layout.fit((theme.GAP + 6, 148, theme.WIDTH - theme.GAP - 6, DRAWING_H - 12 - footer))
    entry, colour = inputs["drawing"], theme.player_colour(seat)

    def frame(image: Image.Image) -> None:
        ImageDraw.Draw(image).rounded_rectangle(layout.box, radius=12, outline=theme.FAINT, width=2)

    def constellation(painter: MapPainter) -> None:
        assert entry is not None
        pairs = strokes(entry.get("strokes"))[:upto]
        members = {a for pair in pairs for a in pair} | set(known([entry.get("start")]))
        if upto is None:
            members |= set(known(entry.get("stars")))
        painter.strokes(pairs, theme.LINE, theme.LINE_W + 1, glow=True)
        painter.stars(
            bright=members,
            dim=[s.label for s in load_vault().stars if s.label not in members],
            dim_alpha=panels.DIM,
        )
        painter.rings(known([entry.get("start")]), colour, width=6)

    whose, name_at = coloured(
        N_("{name}'s constellation"), theme.INK, flexible="name", name=(name_of(names, seat), colour)
    )
    title = [(_("Round {round}", round=round) + " \u2014 ", theme.MUTED), *whose]
    at = None if name_at is None else name_at + 1
    size, parts = (theme.WIDTH, DRAWING_H), entry is not None and not panels.whole_needed()
    if parts and half:  # the kept map halved, the drawing redrawn on it, header and card halved
        image = panels.drawing_in_parts(size, layout, theme.STAR_R + 2, frame, constellation, panels.SCALE)
        band = sky_part(*size, (0, 0, theme.WIDTH, panels.SPLIT_Y))
        header(band, title, flexible=at)
        image.paste(band.reduce(panels.SCALE), (0, 0))
        if words:
            foot = sky_part(*size, (0, _FOOT, theme.WIDTH, DRAWING_H))
            _card_line(ImageDraw.Draw(foot), words, DRAWING_H - 32 - _FOOT)
            image.paste(foot.reduce(panels.SCALE), (0, _FOOT // panels.SCALE))
        return image
    if parts:  # the kept map, the drawing redrawn on it
        image = panels.drawing_in_parts(size, layout, theme.STAR_R + 2, frame, constellation)
    else:
        image = sky(theme.WIDTH, DRAWING_H)
    header(image, title, flexible=at)
    draw = ImageDraw.Draw(image)
    box = layout.box
    if entry is None:
        frame(image)
        painter = MapPainter(image, layout, star_r=theme.STAR_R + 2)
        painter.stars(dim=[s.label for s in load_vault().stars])
        text(
            draw,
            ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
            _("Not revealed yet"),
            theme.font(theme.HEADING, True),
            theme.INK,
            anchor="mm",
            halo=theme.SHADOW,
            halo_width=6,
        )
    elif panels.whole_needed():
        frame(image)
        constellation(MapPainter(image, layout, star_r=theme.STAR_R + 2))
    if words:  # the card, so guessers on a phone need not scroll back to it
        _card_line(draw, words, DRAWING_H - 32)
    return image


_FOOT = 872  # the card's line is below this (and the map above), so it is drawn on its own band


def _card_line(draw: ImageDraw.ImageDraw, words: list[Any], y: float) -> None:
    pieces: list[tuple[str, theme.RGB]] = []
    for number, word in enumerate(words, 1):
        gap = "   " if number < len(words) else ""
        pieces += [(str(number), theme.GOLD), (f" {clean(str(word))}{gap}", theme.INK)]
    width = theme.WIDTH - 2 * theme.MARGIN  # the longest cards need the smaller size to fit
    parts_line(draw, (theme.MARGIN, y), pieces, theme.BODY, width, min_size=theme.SMALL)
