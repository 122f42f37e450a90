"""Game-independent helpers: PNG encoding, safe text, panels and the night-sky backdrop."""

from __future__ import annotations

import functools
import io
import random
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render import theme
from render.theme import RGB

# zlib level 3 measured best for these flat-coloured images: about 3x faster than the default
# (6) for roughly 10% more bytes; 1 saves a few ms more but grows files by a third.
PNG_LEVEL = 3


def to_png(image: Image.Image, compress_level: int = PNG_LEVEL) -> bytes:
    """Encode as PNG bytes (RGB, no optimise pass: it costs far more time than it saves)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=compress_level)
    return buffer.getvalue()


# --- text ----------------------------------------------------------------------------------
# Characters the bundled font lacks, mapped to close ASCII rather than dropped.
_SUBSTITUTES = {
    "\u2014": "-",
    "\u2013": "-",
    "\u2010": "-",
    "\u2011": "-",
    "\u2212": "-",
    "\u00d7": "x",
    "\u00df": "ss",
    "\u00e6": "ae",
    "\u00c6": "AE",
    "\u0153": "oe",
    "\u0152": "OE",
    "\u00f8": "o",
    "\u00d8": "O",
    "\u0111": "d",
    "\u0110": "D",
    "\u0142": "l",
    "\u0141": "L",
    "\u00fe": "th",
    "\u00de": "Th",
    "\u00f0": "d",
    "\u0131": "i",
}


@functools.lru_cache(maxsize=1)
def _notdef() -> bytes:
    return bytes(theme.font(20).getmask("\U0010fffd"))


@functools.lru_cache(maxsize=8192)
def has_glyph(ch: str) -> bool:
    """Whether the bundled font draws ``ch`` (it covers ASCII and little else)."""
    return bytes(theme.font(20).getmask(ch)) != _notdef()


@functools.lru_cache(maxsize=2048)
def clean(s: str) -> str:
    """Text the font can draw: accents folded (José -> Jose), unknown glyphs dropped.

    Names come from Discord and may hold emoji or scripts the bundled font cannot show; a
    missing glyph would draw as a box, so it is removed instead.
    """
    out: list[str] = []
    for ch in s:
        if ch.isspace():
            out.append(" ")
        elif ch in _SUBSTITUTES:
            out.append(_SUBSTITUTES[ch])
        elif unicodedata.category(ch).startswith("C"):
            continue
        elif has_glyph(ch):
            out.append(ch)
        else:
            out.extend(
                c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c) and has_glyph(c)
            )
    return "".join(out)


def seat_of(value: object, default: int = -1) -> int:
    """An int from view data, or ``default``: bad data draws as an unknown seat, never raises."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def num(value: object, default: str = "-") -> str:
    """A score or count from view data as short text (anything else shows ``default``)."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else default


def as_map(value: object) -> Mapping[str, Any]:
    """``value`` if it is a mapping, else an empty one, so ``.get`` chains never raise."""
    return value if isinstance(value, Mapping) else {}


def name_of(names: Sequence[str], seat: int) -> str:
    """A drawable display name for ``seat``; falls back to "Player N" when nothing is left."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return (" ".join(clean(raw).split()) if isinstance(raw, str) else "") or f"Player {seat + 1}"


def text_width(s: str, f: ImageFont.FreeTypeFont) -> float:
    return f.getlength(s) + 2 * theme.bold_width(f)


def fit(s: str, f: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``s`` cut with an ellipsis so it fits ``max_width`` pixels (binary search on length)."""
    if text_width(s, f) <= max_width:
        return s
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(s[:mid].rstrip() + "\u2026", f) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + "\u2026" if lo else "\u2026"


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    f: ImageFont.FreeTypeFont,
    fill: RGB,
    *,
    anchor: str = "la",
    halo: RGB | None = None,
    halo_width: float = 3,
) -> None:
    """Draw text, faux-bold when ``f`` is bold, with an optional dark halo for busy backdrops."""
    bold = theme.bold_width(f)
    if halo is not None:
        draw.text(xy, s, font=f, fill=halo, anchor=anchor, stroke_width=bold + halo_width, stroke_fill=halo)
    draw.text(xy, s, font=f, fill=fill, anchor=anchor, stroke_width=bold, stroke_fill=fill)


def fitted(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    f: ImageFont.FreeTypeFont,
    fill: RGB,
    max_width: float,
    **kwargs: object,
) -> float:
    """``text`` after ``clean`` and ``fit``; returns the drawn width for laying out what follows."""
    shown = fit(clean(s), f, max_width)
    text(draw, xy, shown, f, fill, **kwargs)  # type: ignore[arg-type]
    return text_width(shown, f)


# --- surfaces ------------------------------------------------------------------------------
def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    *,
    fill: RGB = theme.PANEL,
    outline: RGB | None = theme.PANEL_EDGE,
    width: int = 2,
    radius: int = theme.RADIUS,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend ``a`` towards ``b`` by ``t`` (0 keeps ``a``)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@functools.lru_cache(maxsize=16)
def _sky(width: int, height: int) -> Image.Image:
    column = Image.new("RGB", (1, 256))
    column.putdata([mix(theme.SKY_TOP, theme.SKY_BOTTOM, i / 255) for i in range(256)])
    image = column.resize((width, height), Image.Resampling.BILINEAR)
    draw = ImageDraw.Draw(image)
    rng = random.Random(width * 7919 + height)  # fixed seed: same backdrop, same bytes
    for _ in range(width * height // 2600):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        glow = rng.random() ** 3
        shade = mix(theme.SKY_BOTTOM, (200, 210, 255), 0.18 + 0.45 * glow)
        if glow > 0.55:
            draw.ellipse((x - 1.6, y - 1.6, x + 1.6, y + 1.6), fill=shade)
        else:
            draw.point((x, y), fill=shade)
    return image


def sky(width: int, height: int) -> Image.Image:
    """A fresh copy of the night-sky backdrop: navy gradient with faint, fixed dust stars."""
    return _sky(width, height).copy()
