"""Star Gazers icons: printed tile icons, Galaxy and Bonus tokens, and edge halves.

Every icon is drawn once at 4x on a transparent square, shrunk and cached per size, so a board
of sixteen tiles only pastes sprites. Shapes stay distinct without colour (a crescent, a tail,
panels, rays, a ring...) so the pictures still read for colour-blind players; unknown kinds
draw as their first letters instead of failing.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from render import shapes, theme
from render.common import mix
from render.theme import RGB

SS = 4

# --- the game's own colours (kept here: only Star Gazers draws these things) ----------------
TILE_BG: RGB = (30, 42, 96)
TILE_EDGE: RGB = (78, 96, 168)
EMPTY_CELL: RGB = (16, 22, 52)
MOON: RGB = (238, 232, 196)
COMET: RGB = (140, 226, 255)
STATION: RGB = (196, 204, 222)
PANELS: RGB = (72, 132, 246)
METEOR: RGB = (196, 128, 84)
SUN: RGB = (255, 176, 48)
STAR: RGB = (255, 222, 84)
HOLE_RING: RGB = (184, 112, 255)
SHUTTLE: RGB = (236, 240, 250)
CAMERA: RGB = (58, 62, 78)
TOKEN_BG: RGB = (12, 16, 40)
HEX_BG: RGB = (52, 36, 84)
ARROWS: RGB = theme.GOLD  # the targeting arrows that mark Bonus tokens
PLANETS: dict[str, RGB] = {
    "ringed": (236, 170, 92),
    "banded": (222, 96, 84),
    "cratered": (150, 156, 170),
    "icy": (120, 208, 236),
    "wild": (255, 255, 255),
}
EVENTS: dict[str, RGB] = {
    "eclipse": (255, 210, 120),
    "aurora": (96, 236, 150),
    "nebula": (244, 120, 200),
    "supernova": (255, 246, 170),
    "transit": (255, 170, 70),
}


def _canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big), float(size * SS)


def _finish(big: Image.Image, size: int) -> Image.Image:
    return big.resize((size, size), Image.Resampling.LANCZOS)


def _disc(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    fill: tuple[int, ...],
    outline: tuple[int, ...] | None = None,
    width: int = 1,
) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)


def _star_poly(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    draw.polygon(shapes.star_points("five", cx, cy, r), fill=(*fill, 255))


# --- one painter per kind, each drawing into a square of side s (at 4x) ---------------------
def _moon(d: ImageDraw.ImageDraw, s: float) -> None:
    c, r = s / 2, s * 0.4
    _disc(d, c, c, r, (*MOON, 255))
    _disc(d, c + r * 0.55, c - r * 0.3, r * 0.86, (0, 0, 0, 0))
    for fx, fy, fr in ((-0.35, 0.25, 0.12), (-0.5, -0.15, 0.08)):
        _disc(d, c + r * fx, c + r * fy, r * fr, (*mix(MOON, (120, 110, 90), 0.35), 255))


def _comet(d: ImageDraw.ImageDraw, s: float) -> None:
    hx, hy, r = s * 0.68, s * 0.32, s * 0.15
    for i, w in enumerate((0.34, 0.22, 0.12)):
        tail = mix(COMET, TOKEN_BG, 0.25 + 0.2 * i)
        d.line(
            (hx, hy, s * 0.12 + i * s * 0.04, s * 0.88 - i * s * 0.1),
            fill=(*tail, 255),
            width=round(s * w * 0.5),
        )
    _disc(d, hx, hy, r, (*COMET, 255))
    _disc(d, hx, hy, r * 0.5, (255, 255, 255, 255))


def _station(d: ImageDraw.ImageDraw, s: float) -> None:
    c = s / 2
    d.line((s * 0.08, c, s * 0.92, c), fill=(*STATION, 255), width=round(s * 0.06))
    for x0 in (0.06, 0.66):
        d.rectangle(
            (s * x0, s * 0.28, s * (x0 + 0.28), s * 0.72),
            fill=(*PANELS, 255),
            outline=(*STATION, 255),
            width=round(s * 0.03),
        )
        d.line(
            (s * (x0 + 0.14), s * 0.28, s * (x0 + 0.14), s * 0.72),
            fill=(*STATION, 255),
            width=round(s * 0.02),
        )
    d.rounded_rectangle((s * 0.38, s * 0.3, s * 0.62, s * 0.7), radius=s * 0.06, fill=(*STATION, 255))
    _disc(d, c, c, s * 0.05, (*PANELS, 255))


def _meteor(d: ImageDraw.ImageDraw, s: float) -> None:
    for i in range(3):
        off = (i - 1) * s * 0.13
        d.line(
            (s * 0.1 + off, s * 0.12 - off, s * 0.55 + off, s * 0.55 - off),
            fill=(*mix(METEOR, (255, 230, 160), 0.6), 255),
            width=round(s * 0.05),
        )
    pts = [
        (s * 0.44, s * 0.5),
        (s * 0.62, s * 0.4),
        (s * 0.84, s * 0.52),
        (s * 0.88, s * 0.74),
        (s * 0.7, s * 0.9),
        (s * 0.48, s * 0.82),
    ]
    d.polygon(pts, fill=(*METEOR, 255))
    _disc(d, s * 0.66, s * 0.64, s * 0.05, (*mix(METEOR, TOKEN_BG, 0.4), 255))


def _sun(d: ImageDraw.ImageDraw, s: float) -> None:
    c = s / 2
    for k in range(12):
        a = k * math.pi / 6
        d.line(
            (
                c + s * 0.2 * math.cos(a),
                c + s * 0.2 * math.sin(a),
                c + s * 0.45 * math.cos(a),
                c + s * 0.45 * math.sin(a),
            ),
            fill=(*SUN, 255),
            width=round(s * 0.06),
        )
    _disc(d, c, c, s * 0.27, (*SUN, 255))
    _disc(d, c, c, s * 0.16, (*mix(SUN, (255, 255, 255), 0.5), 255))


def _star(d: ImageDraw.ImageDraw, s: float) -> None:
    _star_poly(d, s / 2, s * 0.53, s * 0.46, STAR)
    _star_poly(d, s / 2, s * 0.53, s * 0.2, mix(STAR, (255, 255, 255), 0.6))


def _black_hole(d: ImageDraw.ImageDraw, s: float) -> None:
    c = s / 2
    d.ellipse((s * 0.04, s * 0.3, s * 0.96, s * 0.7), outline=(*HOLE_RING, 255), width=round(s * 0.07))
    _disc(
        d,
        c,
        c,
        s * 0.26,
        (0, 0, 0, 255),
        outline=(*mix(HOLE_RING, (255, 255, 255), 0.4), 255),
        width=round(s * 0.04),
    )
    d.arc((s * 0.04, s * 0.3, s * 0.96, s * 0.7), 180, 360, fill=(*HOLE_RING, 255), width=round(s * 0.07))


def _shuttle(d: ImageDraw.ImageDraw, s: float) -> None:
    c = s / 2
    body = [
        (c, s * 0.06),
        (c + s * 0.14, s * 0.3),
        (c + s * 0.14, s * 0.72),
        (c - s * 0.14, s * 0.72),
        (c - s * 0.14, s * 0.3),
    ]
    d.polygon(
        [(c - s * 0.14, s * 0.5), (c - s * 0.34, s * 0.78), (c - s * 0.14, s * 0.72)], fill=(*PANELS, 255)
    )
    d.polygon(
        [(c + s * 0.14, s * 0.5), (c + s * 0.34, s * 0.78), (c + s * 0.14, s * 0.72)], fill=(*PANELS, 255)
    )
    d.polygon(body, fill=(*SHUTTLE, 255))
    _disc(d, c, s * 0.36, s * 0.07, (*PANELS, 255))
    d.polygon([(c - s * 0.1, s * 0.74), (c + s * 0.1, s * 0.74), (c, s * 0.95)], fill=(*SUN, 255))


def _event(d: ImageDraw.ImageDraw, s: float, event: str) -> None:
    """The celestial event of a Photo Opportunity, in the upper part of the token."""
    colour = EVENTS.get(event, theme.INK)
    c, cy = s / 2, s * 0.4
    if event == "eclipse":
        _disc(d, c, cy, s * 0.3, (*colour, 255))
        _disc(d, c, cy, s * 0.24, (0, 0, 0, 255))
    elif event == "aurora":
        for i in range(3):
            pts = [
                (s * (0.1 + 0.08 * t), cy - s * 0.12 + i * s * 0.1 + s * 0.08 * math.sin(t * 1.3))
                for t in range(11)
            ]
            d.line(pts, fill=(*mix(colour, (120, 160, 255), i * 0.3), 255), width=round(s * 0.06))
    elif event == "nebula":
        for dx, dy, r in ((-0.14, 0.02, 0.17), (0.12, -0.04, 0.2), (0.02, 0.1, 0.15)):
            _disc(d, c + s * dx, cy + s * dy, s * r, (*mix(colour, TOKEN_BG, 0.15), 210))
        _disc(d, c, cy, s * 0.06, (255, 255, 255, 255))
    elif event == "supernova":
        for k in range(8):
            a = k * math.pi / 4
            d.line(
                (c, cy, c + s * 0.32 * math.cos(a), cy + s * 0.32 * math.sin(a)),
                fill=(*colour, 255),
                width=round(s * 0.05),
            )
        _disc(d, c, cy, s * 0.12, (255, 255, 255, 255))
    else:  # transit: a small dark planet crossing a sun
        _disc(d, c, cy, s * 0.3, (*colour, 255))
        _disc(d, c + s * 0.1, cy + s * 0.05, s * 0.08, (20, 20, 30, 255))


def _camera_badge(d: ImageDraw.ImageDraw, s: float) -> None:
    x0, y0, x1, y1 = s * 0.24, s * 0.66, s * 0.76, s * 0.94
    d.rounded_rectangle(
        (x0, y0, x1, y1),
        radius=s * 0.05,
        fill=(*CAMERA, 255),
        outline=(*theme.INK, 255),
        width=round(s * 0.025),
    )
    d.rectangle((s * 0.4, s * 0.61, s * 0.54, s * 0.66), fill=(*theme.INK, 255))
    _disc(d, s / 2, (y0 + y1) / 2, s * 0.085, (*theme.INK, 255))
    _disc(d, s / 2, (y0 + y1) / 2, s * 0.05, (*CAMERA, 255))


PAINTERS = {
    "moon": _moon,
    "comet": _comet,
    "station": _station,
    "meteor": _meteor,
    "sun": _sun,
    "star": _star,
    "black_hole": _black_hole,
    "shuttle": _shuttle,
}


@functools.lru_cache(maxsize=256)
def icon(kind: str, size: int, event: str | None = None) -> Image.Image:
    """A bare icon (no token background) of ``size`` pixels."""
    big, draw, s = _canvas(size)
    if kind == "photo":
        _event(draw, s, event or "")
        _camera_badge(draw, s)
    elif kind in PAINTERS:
        PAINTERS[kind](draw, s)
    else:
        f = theme.font(max(8, round(s * 0.45)), bold=True)
        draw.text((s / 2, s / 2), kind[:2].upper(), font=f, fill=(*theme.INK, 255), anchor="mm")
    return _finish(big, size)


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.pi / 6 + k * math.pi / 3), cy + r * math.sin(math.pi / 6 + k * math.pi / 3))
        for k in range(6)
    ]


def _arrows(draw: ImageDraw.ImageDraw, c: float, r: float, s: float) -> None:
    """Four small inward triangles round a Bonus token, like a telescope's target marks."""
    w = s * 0.07
    for k in range(4):
        a = k * math.pi / 2 + math.pi / 4
        ux, uy = math.cos(a), math.sin(a)
        tip = (c + ux * (r - w * 0.2), c + uy * (r - w * 0.2))
        base = (c + ux * (r + w * 1.4), c + uy * (r + w * 1.4))
        px, py = -uy * w, ux * w
        draw.polygon([tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)], fill=(*ARROWS, 255))


@functools.lru_cache(maxsize=256)
def token(
    kind: str,
    size: int,
    event: str | None = None,
    shape: str = "circle",
    bonus: bool = False,
    dim: bool = False,
) -> Image.Image:
    """A token: its icon on a dark disc (circular) or hexagon (Hex bonus), arrows on Bonus tokens.

    ``dim`` greys it out (a token a Black Hole covers)."""
    big, draw, s = _canvas(size)
    c = s / 2
    r = s * (0.4 if bonus else 0.47)
    if shape == "hex":
        draw.polygon(_hexagon(c, c, r), fill=(*HEX_BG, 255), outline=(*theme.INK, 255), width=round(s * 0.03))
    else:
        _disc(draw, c, c, r, (*TOKEN_BG, 255), outline=(*theme.INK, 255), width=round(s * 0.03))
    if bonus:
        _arrows(draw, c, r, s)
    inner = icon(kind, size * SS, event).resize((round(r * 1.3), round(r * 1.3)), Image.Resampling.LANCZOS)
    big.alpha_composite(inner, (round(c - inner.width / 2), round(c - inner.height / 2)))
    sprite = _finish(big, size)
    if dim:
        sprite.putalpha(sprite.getchannel("A").point(lambda v: round(v * 0.35)))
    return sprite


def token_of(data: object, size: int, dim: bool = False) -> Image.Image | None:
    """The sprite for a view's Token dict, or None for anything that is not one."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        return None
    event = data.get("event") if isinstance(data.get("event"), str) else None
    shape = "hex" if data.get("shape") == "hex" else "circle"
    return token(data["kind"], size, event, shape, bool(data.get("bonus")), dim)


# --- edge halves ---------------------------------------------------------------------------
@functools.lru_cache(maxsize=128)
def half(kind: str, r: int) -> Image.Image:
    """A whole Planet or Star of radius ``r``, to be pasted centred on an edge and clipped to
    the tile: the part inside the tile is the half icon, and two matching neighbours make the
    whole icon on their shared edge."""
    size = 2 * r + 4
    big, draw, s = _canvas(size)
    c, rr = s / 2, r * SS
    if kind == "star":
        _star_poly(draw, c, c, rr, STAR)
        _star_poly(draw, c, c, rr * 0.42, mix(STAR, (255, 255, 255), 0.6))
        return _finish(big, size)
    colour = PLANETS.get(kind, theme.MUTED)
    if kind == "wild":  # four colour quarters: matches any planet half (but not another wild)
        box = (c - rr, c - rr, c + rr, c + rr)
        for k, name in enumerate(("ringed", "banded", "icy", "cratered")):
            draw.pieslice(box, k * 90, (k + 1) * 90, fill=(*PLANETS[name], 255))
        _disc(draw, c, c, rr * 0.35, (*theme.INK, 255))
    else:
        _disc(draw, c, c, rr, (*colour, 255))
        dark = (*mix(colour, (20, 20, 30), 0.45), 255)
        if kind == "banded":
            for band in (-0.45, 0, 0.45):
                draw.line((c - rr, c + rr * band, c + rr, c + rr * band), fill=dark, width=round(rr * 0.16))
        elif kind == "cratered":
            for dx, dy, cr in ((-0.4, -0.3, 0.2), (0.35, 0.3, 0.25), (0.3, -0.45, 0.13), (-0.35, 0.45, 0.15)):
                _disc(draw, c + rr * dx, c + rr * dy, rr * cr, dark)
        elif kind == "icy":
            for k in range(3):
                a = k * math.pi / 3
                draw.line(
                    (
                        c - rr * 0.6 * math.cos(a),
                        c - rr * 0.6 * math.sin(a),
                        c + rr * 0.6 * math.cos(a),
                        c + rr * 0.6 * math.sin(a),
                    ),
                    fill=(255, 255, 255, 255),
                    width=round(rr * 0.1),
                )
        elif kind == "ringed":
            draw.line((c - rr, c + rr * 0.5, c + rr, c - rr * 0.5), fill=dark, width=round(rr * 0.22))
    draw.ellipse((c - rr, c - rr, c + rr, c + rr), outline=(*theme.SHADOW, 255), width=round(rr * 0.08))
    return _finish(big, size)
