"""Game-independent helpers: PNG encoding, safe text, panels and the night-sky backdrop."""

from __future__ import annotations

import functools
import logging
import random
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import _
from render import theme
from render.encode import MAX_IMAGE_BYTES as MAX_IMAGE_BYTES
from render.encode import PALETTE_COLOURS, Encoding, Format, encode
from render.encode import quantised as quantised
from render.theme import RGB

PNG_LEVEL = 6

log = logging.getLogger(__name__)


# The encoders live in ``render.encode`` (chosen per kind of picture by measurement); these two
# are the general ones, kept under their old names.
def to_png(image: Image.Image, compress_level: int = PNG_LEVEL) -> bytes:
    """Palette PNG bytes of ``image``: 256 colours, zlib level ``compress_level``."""
    return encode(image, Encoding(PALETTE_COLOURS, Format.PNG, compress_level))


WEBP_METHOD = 4  # libwebp's effort, 0-6: past 4 the bytes barely move and the time grows fast


def to_webp(image: Image.Image, colours: int = PALETTE_COLOURS, method: int = WEBP_METHOD) -> bytes:
    """Lossless WebP of ``image`` quantised to ``colours``: the same pixels as ``to_png``, fewer
    bytes, many times the time (see ``render.encode``)."""
    return encode(image, Encoding(colours, Format.WEBP, method))


# --- text ----------------------------------------------------------------------------------
MAX_MARKS = 2  # combining marks kept per letter: accents (even stacked, as in Vietnamese) stay,
# "zalgo" towers that would spill over the lines above and below do not.


@functools.lru_cache(maxsize=1)
def _probes() -> tuple[tuple[ImageFont.FreeTypeFont, bytes], ...]:
    """Both faces with their missing-glyph box, laid out char by char (no shaping)."""
    out = []
    for bold in (False, True):
        path = theme.BOLD_FONT if bold else theme.REGULAR_FONT
        f = ImageFont.truetype(str(path), 20, layout_engine=ImageFont.Layout.BASIC)
        out.append((f, bytes(f.getmask("\U0010fffd"))))  # a private-use code point: never in the font
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def has_glyph(ch: str) -> bool:
    """Whether both faces draw ``ch`` rather than the missing-glyph box (emoji and CJK: no)."""
    return all(bytes(f.getmask(ch)) != missing for f, missing in _probes())


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


@functools.lru_cache(maxsize=2048)
def clean(s: str) -> str:
    """Text the font can draw, kept as written where it can (José, Zoë, Łukasz, Дмитрий).

    Names come from Discord and may hold glyphs DejaVu lacks (most emoji, CJK): a missing glyph
    would draw as a box, so it becomes its compatibility form if the font has that (fullwidth
    or math letters) or is dropped. Control and format characters go; tabs and line breaks become
    spaces; marks are capped at ``MAX_MARKS`` per letter. Never raises.
    """
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", s):
        if ch.isspace():  # tabs and newlines would break the line; spaces the font has stay
            out.append(ch if unicodedata.category(ch) == "Zs" and has_glyph(ch) else " ")
            marks = 0
            continue
        if unicodedata.category(ch).startswith("C"):
            continue
        drawable = [ch] if has_glyph(ch) else [c for c in unicodedata.normalize("NFKD", ch) if has_glyph(c)]
        if not drawable and not _is_mark(ch):
            marks = MAX_MARKS  # its marks went with it: they must not land on the letter before
        for c in drawable:
            if _is_mark(c):
                if marks >= MAX_MARKS or not out or out[-1].isspace():
                    continue  # too many, or nothing to sit on (its letter was dropped)
                marks += 1
            else:
                marks = 0
            out.append(c)
    return unicodedata.normalize("NFC", "".join(out))


def seat_of(value: object, default: int = -1) -> int:
    """An int from view data, or ``default``: bad data draws as an unknown seat, never raises."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def num(value: object, default: str = "\u2014") -> str:
    """A score or count from view data as short text (anything else shows ``default``)."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else default


def as_map(value: object) -> Mapping[str, Any]:
    """``value`` if it is a mapping, else an empty one, so ``.get`` chains never raise."""
    return value if isinstance(value, Mapping) else {}


def as_list(value: object) -> list[Any]:
    """``value`` if it is a list, else an empty one, so indexing by seat never meets ``None``."""
    return value if isinstance(value, list) else []


def name_of(names: Sequence[str], seat: int) -> str:
    """A drawable display name for ``seat``; falls back to "Player N" when nothing is left."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return (" ".join(clean(raw).split()) if isinstance(raw, str) else "") or _("Player {n}", n=seat + 1)


def text_width(s: str, f: ImageFont.FreeTypeFont) -> float:
    return f.getlength(s)


def fit(s: str, f: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``s`` cut with an ellipsis so it fits ``max_width`` pixels (binary search on length).

    The cut never falls between a letter and its accents.
    """
    if text_width(s, f) <= max_width:
        return s
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(s[:mid].rstrip() + "\u2026", f) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    while 0 < lo < len(s) and _is_mark(s[lo]):
        lo -= 1
    return s[:lo].rstrip() + "\u2026" if lo else "\u2026"


@dataclass(frozen=True)
class DrawnText:
    """One text as drawn: what was asked for, what was shown, where it landed and its allowance."""

    asked: str
    shown: str
    bbox: tuple[float, float, float, float]
    image_size: tuple[int, int]
    max_width: float | None

    @property
    def cut(self) -> bool:
        """``fit`` had to shorten it with an ellipsis: it did not fit its box."""
        return self.shown != clean(self.asked) and self.shown.endswith("\u2026")

    @property
    def inside_image(self) -> bool:
        left, top, right, bottom = self.bbox
        width, height = self.image_size
        return left >= 0 and top >= 0 and right <= width and bottom <= height

    @property
    def within_width(self) -> bool:
        return self.max_width is None or self.bbox[2] - self.bbox[0] <= self.max_width + 1


_drawn: ContextVar[list[DrawnText] | None] = ContextVar("render_drawn_texts", default=None)


TEXTS_WATCHED = False
"""Set by a test that watches every ``ImageDraw.text`` call (it patches Pillow): like
``recording_texts``, it makes every kept layer (``render.layers``) draw its texts afresh."""


def is_recording() -> bool:
    """Whether the texts drawn now are being recorded (``recording_texts``) or watched."""
    return TEXTS_WATCHED or _drawn.get() is not None


@contextmanager
def recording_texts() -> Iterator[list[DrawnText]]:
    """Collect every text drawn inside (for tests that measure translated text in its box)."""
    seen: list[DrawnText] = []
    token = _drawn.set(seen)
    try:
        yield seen
    finally:
        _drawn.reset(token)


def _record(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    asked: str,
    shown: str,
    f: ImageFont.FreeTypeFont,
    anchor: str,
    max_width: float | None,
) -> None:
    seen = _drawn.get()
    if seen is None:
        return
    left, top, right, bottom = draw.textbbox(xy, shown, font=f, anchor=anchor)
    bbox = (float(left), float(top), float(right), float(bottom))
    seen.append(DrawnText(asked, shown, bbox, draw.im.size, max_width))


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
    """Draw text, with an optional dark halo (an outline) for busy backdrops."""
    if _drawn.get() is not None and not _in_fitted.get():
        _record(draw, xy, s, s, f, anchor, None)
    if halo is not None:
        draw.text(xy, s, font=f, fill=halo, anchor=anchor, stroke_width=halo_width, stroke_fill=halo)
    draw.text(xy, s, font=f, fill=fill, anchor=anchor)


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
    if _drawn.get() is not None:
        _record(draw, xy, s, shown, f, str(kwargs.get("anchor", "la")), max_width)
    token = _in_fitted.set(True)
    try:
        text(draw, xy, shown, f, fill, **kwargs)  # type: ignore[arg-type]
    finally:
        _in_fitted.reset(token)
    return text_width(shown, f)


_in_fitted: ContextVar[bool] = ContextVar("render_in_fitted", default=False)


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
    for _dust in range(width * height // 2600):
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


def sky_part(width: int, height: int, box: tuple[int, int, int, int]) -> Image.Image:
    """``box`` of the ``width`` x ``height`` backdrop, without copying the rest of it."""
    return _sky(width, height).crop(box)
