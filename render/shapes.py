"""Antialiased icons: stars (4, 5, 8 points), rings, crosses, die faces and stroke layers.

Small shapes are drawn once at 4x, shrunk and cached as RGBA sprites, so each image only
pastes them: smooth edges at the cost of a dictionary look-up. Strokes go on a 2x mask that
is shrunk once per layer, which keeps thick lines smooth without supersampling the image.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from render import theme
from render.common import mix
from render.layers import kept
from render.theme import RGB

SS = 4  # supersampling factor for sprites
Point = tuple[float, float]

# Inner radius as a fraction of the outer one: thin arms for four points, fuller for eight,
# so the three shapes stay distinct even at thumbnail size.
_POINTS = {"four": (4, 0.36), "five": (5, 0.45), "eight": (8, 0.52)}


def star_points(shape: str, cx: float, cy: float, r: float) -> list[Point]:
    """Polygon of a ``shape`` star ("four", "five" or "eight"), one point straight up."""
    n, inner = _POINTS.get(shape, _POINTS["five"])
    points = []
    for i in range(2 * n):
        radius = r if i % 2 == 0 else r * inner
        angle = -math.pi / 2 + i * math.pi / n
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _shrink(big: Image.Image) -> Image.Image:
    return big.reduce(SS)


@functools.lru_cache(maxsize=64)
def _glow(colour: RGB, radius: int, peak: int) -> Image.Image:
    """Soft radial halo, brightest in the middle and fading to nothing at ``radius``."""
    falloff = Image.radial_gradient("L").resize((2 * radius, 2 * radius), Image.Resampling.BILINEAR)
    # radial_gradient is 0 at the centre, ~180 at the middle of each edge and 255 at corners
    alpha = falloff.point(lambda v: round(peak * max(0.0, 1 - v / 180) ** 2))
    glow = Image.new("RGBA", alpha.size, colour)
    glow.putalpha(alpha)
    return glow


@functools.lru_cache(maxsize=256)
def star_sprite(shape: str, colour: RGB, r: int, glow: bool = True, alpha: float = 1.0) -> Image.Image:
    """A star of ``colour`` with a lighter core and, optionally, a halo; centred in the sprite."""
    half = round(r * 2.2) if glow else r + 2
    size = 2 * half
    big = Image.new("L", (size * SS, size * SS))
    ImageDraw.Draw(big).polygon(star_points(shape, half * SS, half * SS, r * SS), fill=255)
    core = Image.new("L", big.size)
    ImageDraw.Draw(core).polygon(star_points(shape, half * SS, half * SS, r * SS * 0.42), fill=255)
    sprite = Image.new("RGBA", (size, size), (*colour, 0))
    if glow:
        halo = _glow(colour, half, 120)
        sprite.alpha_composite(halo)
    body = Image.new("RGBA", (size, size), colour)
    body.putalpha(_shrink(big))
    sprite.alpha_composite(body)
    light = Image.new("RGBA", (size, size), mix(colour, (255, 255, 255), 0.6))
    light.putalpha(_shrink(core))
    sprite.alpha_composite(light)
    if alpha < 1:
        sprite.putalpha(sprite.getchannel("A").point(lambda v: round(v * alpha)))
    return sprite


def paste(image: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    """Blend ``sprite`` onto ``image`` centred at (cx, cy)."""
    image.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


@functools.lru_cache(maxsize=64)
def ring_sprite(r: int, width: int, colour: RGB) -> Image.Image:
    """An antialiased circle outline of outer radius ``r``."""
    size = 2 * r + 4
    big = Image.new("L", (size * SS, size * SS))
    c = size * SS / 2
    ImageDraw.Draw(big).ellipse(
        (c - r * SS, c - r * SS, c + r * SS, c + r * SS), outline=255, width=width * SS
    )
    sprite = Image.new("RGBA", (size, size), colour)
    sprite.putalpha(_shrink(big))
    return sprite


def ring(image: Image.Image, cx: float, cy: float, r: int, colour: RGB, width: int = theme.RING_W) -> None:
    """Circle a point with a dark backing so the ring reads on top of glows and lines."""
    paste(image, ring_sprite(r + 2, width + 4, theme.SHADOW), cx, cy)
    paste(image, ring_sprite(r, width, colour), cx, cy)


@functools.lru_cache(maxsize=32)
def cross_sprite(r: int, width: int, colour: RGB) -> Image.Image:
    """An X with a dark outline, used for cancelled stars."""
    size = 2 * r + 2 * width + 4
    c = size * SS / 2
    arm = r * SS * 0.8
    sprite = Image.new("RGBA", (size, size), (*theme.SHADOW, 0))
    for fill, w in ((theme.SHADOW, width + 4), (colour, width)):
        big = Image.new("L", (size * SS, size * SS))
        draw = ImageDraw.Draw(big)
        for sx in (-1, 1):
            draw.line((c - arm, c - sx * arm, c + arm, c + sx * arm), fill=255, width=w * SS)
        for px, py in ((-1, -1), (1, 1), (-1, 1), (1, -1)):
            x, y, h = c + px * arm, c + py * arm, w * SS / 2
            draw.ellipse((x - h, y - h, x + h, y + h), fill=255)
        layer = Image.new("RGBA", (size, size), fill)
        layer.putalpha(_shrink(big))
        sprite.alpha_composite(layer)
    return sprite


@functools.lru_cache(maxsize=16)
def check_sprite(size: int, colour: RGB) -> Image.Image:
    """A tick mark, drawn as a shape so its weight matches the rings and crosses."""
    big = Image.new("L", (size * SS, size * SS))
    s = size * SS
    ImageDraw.Draw(big).line(
        [(0.14 * s, 0.55 * s), (0.4 * s, 0.8 * s), (0.86 * s, 0.22 * s)],
        fill=255,
        width=round(0.16 * s),
        joint="curve",
    )
    sprite = Image.new("RGBA", (size, size), colour)
    sprite.putalpha(_shrink(big))
    return sprite


def _spiral(c: float, r: float) -> list[Point]:
    turns, steps = 2.3, 120
    return [
        (
            c + r * (t / steps) * math.cos(2 * math.pi * turns * t / steps),
            c + r * (t / steps) * math.sin(2 * math.pi * turns * t / steps),
        )
        for t in range(4, steps + 1)
    ]


@functools.lru_cache(maxsize=32)
def die_sprite(face: str, size: int) -> Image.Image:
    """An ivory die showing ``face``: "four", "five", "eight", "any" (?) or "swirl"."""
    s = size * SS
    sprite = Image.new("RGBA", (s, s), (*theme.DIE_FACE, 0))
    draw = ImageDraw.Draw(sprite)
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.2, fill=(*theme.DIE_FACE, 255))
    ink = (*theme.DIE_INK, 255)
    c = s / 2
    if face in _POINTS:
        draw.polygon(star_points(face, c, c * 1.04, s * 0.36), fill=ink)
    elif face == "swirl":
        draw.line(_spiral(c, s * 0.34), fill=ink, width=round(s * 0.085), joint="curve")
    else:
        f = theme.font(round(s * 0.72), bold=True)
        draw.text((c, c), "?", font=f, fill=ink, anchor="mm")
    return sprite.resize((size, size), Image.Resampling.LANCZOS)


class StrokeLayer:
    """Lines drawn on a 2x mask over one region, shrunk once and painted in one colour.

    The lines are kept until ``paint``, which draws them on a mask of their own extent (within the
    region, on whole pixels) rather than of the whole region: a vault's few strokes no longer cost
    a 2x mask of the whole map. The mask's origin moves by whole pixels only, so every line and
    cap lands on the same sub-pixels and the picture is the same (``tests/faces/test_picture_digests.py``).
    """

    SCALE = 2

    def __init__(self, box: tuple[int, int, int, int]) -> None:
        self.box = box
        self._lines: list[tuple[Point, Point, float, int]] = []

    @property
    def lines(self) -> tuple[tuple[Point, Point, float, int], ...]:
        """Every line so far (a key for what they paint)."""
        return tuple(self._lines)

    def line(self, a: Point, b: Point, width: float, value: int = 255) -> None:
        """A segment with round caps; ``value`` < 255 makes it translucent (for glows)."""
        self._lines.append((a, b, width, value))

    def dashed(self, a: Point, b: Point, width: float, dash: float = 22, gap: float = 14) -> None:
        length = math.dist(a, b)
        if length == 0:
            return
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        t = 0.0
        while t < length:
            end = min(t + dash, length)
            self.line((a[0] + ux * t, a[1] + uy * t), (a[0] + ux * end, a[1] + uy * end), width)
            t = end + gap

    def _extent(self) -> tuple[int, int, int, int] | None:
        """The lines' box (caps and a margin included) within ``box``, on whole pixels."""
        if not self._lines:
            return None
        x0, y0, x1, y1 = math.inf, math.inf, -math.inf, -math.inf
        for a, b, width, _value in self._lines:
            pad = width + 4  # a full width and more: Pillow clips a wide line near the edge
            x0, x1 = min(x0, a[0] - pad, b[0] - pad), max(x1, a[0] + pad, b[0] + pad)
            y0, y1 = min(y0, a[1] - pad, b[1] - pad), max(y1, a[1] + pad, b[1] + pad)
        left, top = max(self.box[0], math.floor(x0)), max(self.box[1], math.floor(y0))
        right, bottom = min(self.box[2], math.ceil(x1)), min(self.box[3], math.ceil(y1))
        return (left, top, right, bottom) if left < right and top < bottom else None

    def paint(
        self, image: Image.Image, colour: RGB, *, fixed: bool = False, ground: RGB | None = None
    ) -> None:
        """Paint the lines in ``colour``. ``fixed``: they are the same on every picture (a map's
        paths), so they are drawn once per process (``render.layers.kept``) and pasted. With
        ``ground``, the flat colour ``image`` has everywhere under the lines' extent, they are kept
        painted on it and pasted as a plain copy (a tenth of the time of blending the mask)."""
        if fixed and ground is not None:
            key = ("strokes on", self.box, tuple(self._lines), colour, ground)
            tile = kept(key, lambda: self._tile(colour, ground))
            if tile is not None:
                image.paste(tile[2], tile[:2])
            return
        shrunk = kept(("strokes", self.box, tuple(self._lines)), self._shrunk) if fixed else self._shrunk()
        if shrunk is not None:
            x, y, mask = shrunk
            image.paste(colour, (x, y, x + mask.width, y + mask.height), mask)

    def _tile(self, colour: RGB, ground: RGB) -> tuple[int, int, Image.Image] | None:
        """The lines painted on ``ground`` over their extent, and where the tile goes."""
        shrunk = self._shrunk()
        if shrunk is None:
            return None
        x, y, mask = shrunk
        tile = Image.new("RGB", mask.size, ground)
        tile.paste(colour, (0, 0, mask.width, mask.height), mask)
        return x, y, tile

    def mask(self) -> tuple[Image.Image, tuple[int, int]] | None:
        """The lines' coverage at 1x, cropped to what they cover, and where it goes on the image
        (a picture drawn in parts pastes a part of it: Pillow places a wide line's ends by
        truncating, so a line drawn on each part would not land on the same pixels where a part
        cuts it)."""
        shrunk = self._shrunk()
        if shrunk is None:
            return None
        x, y, small = shrunk
        return small, (x, y)

    def _shrunk(self) -> tuple[int, int, Image.Image] | None:
        """The lines' mask, drawn at ``SCALE`` and shrunk, cut to what it covers, and where it goes."""
        extent = self._extent()
        if extent is None:
            return None
        left, top, right, bottom = extent
        s = self.SCALE
        mask = Image.new("L", ((right - left) * s, (bottom - top) * s))
        draw = ImageDraw.Draw(mask)
        for a, b, width, value in self._lines:
            x1, y1, x2, y2 = (a[0] - left) * s, (a[1] - top) * s, (b[0] - left) * s, (b[1] - top) * s
            w = width * s
            draw.line((x1, y1, x2, y2), fill=value, width=round(w))
            for x, y in ((x1, y1), (x2, y2)):
                draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=value)
        small = mask.reduce(s)
        bbox = small.getbbox()
        if bbox is None:
            return None
        return left + bbox[0], top + bbox[1], small.crop(bbox)
