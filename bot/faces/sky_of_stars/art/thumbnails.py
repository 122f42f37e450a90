"""Small pictures of one constellation, for the results grid.

A thumbnail zooms to the constellation (with a minimum span, so a three-star drawing is not
blown up) because on a phone the whole vault at this size would leave only a speck to see.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.sky_of_stars.art.map import Layout, known, load_vault, strokes
from render import shapes, theme
from render.common import mix, text
from render.theme import RGB

_DOT = mix(theme.SKY_TOP, theme.MUTED, 0.3)
_PAD = 20  # pixels kept clear round the drawing, so the start ring is never clipped
_MIN_W, _MIN_H = 330, 250  # smallest span shown, in vault units (about 2 x 1.7 cells)


@functools.lru_cache(maxsize=8)
def _rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    mask = Image.new("L", (w, h))
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
    return mask


def _zoom(members: set[str], w: int, h: int) -> Layout:
    vault = load_vault().by_label
    xs = [vault[label].x for label in members]
    ys = [vault[label].y for label in members]
    span_w = max(max(xs) - min(xs), _MIN_W)
    span_h = max(max(ys) - min(ys), _MIN_H)
    scale = min((w - 2 * _PAD) / span_w, (h - 2 * _PAD) / span_h)
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return Layout(w / 2 - cx * scale, h / 2 - cy * scale, scale)


def thumbnail(
    image: Image.Image, box: tuple[int, int, int, int], entry: Mapping[str, Any] | None, colour: RGB
) -> None:
    """Draw ``entry`` (one of a view's drawings) into ``box``; nearby unused stars as dots."""
    w, h = box[2] - box[0], box[3] - box[1]
    tile = Image.new("RGB", (w, h), theme.SKY_TOP)
    draw = ImageDraw.Draw(tile)
    pairs = strokes(entry.get("strokes")) if entry else []
    members = (set(known(entry.get("stars"))) | {a for pair in pairs for a in pair}) if entry else set()
    if not members:
        text(draw, (w / 2, h / 2), "\u2014", theme.font(theme.BODY, True), theme.MUTED, anchor="mm")
    else:
        layout = _zoom(members, w, h)
        # what ``draw.ellipse(..., fill=_DOT)`` does, without its checks: 45 dots a thumbnail, 18
        # thumbnails a results picture (the same pixels)
        core, ink = draw.draw, draw._getink(None, _DOT)[1]
        for star in load_vault().stars:
            if star.label not in members:
                x, y = layout.pos(star.label)
                core.draw_ellipse((x - 1.6, y - 1.6, x + 1.6, y + 1.6), ink, 1)
        layer = shapes.StrokeLayer((0, 0, w, h))
        for a, b in pairs:
            layer.line(layout.pos(a), layout.pos(b), 9, value=60)
        for a, b in pairs:
            layer.line(layout.pos(a), layout.pos(b), 4)
        layer.paint(tile, theme.LINE)
        r = max(6, min(13, round(16 * layout.scale * 1.5)))
        vault = load_vault().by_label
        for label in sorted(members):
            star = vault[label]
            sprite = shapes.star_sprite(
                star.shape, theme.STAR_COLOURS.get(star.colour, theme.INK), r, glow=False
            )
            shapes.paste(tile, sprite, *layout.pos(label))
        for label in known([entry.get("start")]) if entry else ():
            shapes.ring(tile, *layout.pos(label), r + 5, colour, width=3)
    image.paste(tile, box[:2], _rounded_mask(w, h, 10))
    ImageDraw.Draw(image).rounded_rectangle(box, radius=10, outline=theme.FAINT, width=2)
