"""The one look shared by every image: palette, fonts and sizes.

Images are drawn 1000 px wide and shown by Discord at roughly 400 px on a phone, so every size
here is chosen for that 0.4 scale: the smallest text (~26 px) still reads as ~10 px there.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from PIL import ImageFont

from render.encode import old_way

RGB = tuple[int, int, int]

# --- palette -------------------------------------------------------------------------------
SKY_TOP: RGB = (7, 11, 32)  # night-sky gradient, top
SKY_BOTTOM: RGB = (18, 26, 64)  # ... and bottom
PANEL: RGB = (23, 32, 74)  # cards, header bands
PANEL_EDGE: RGB = (58, 72, 132)
INK: RGB = (244, 246, 255)  # main text
MUTED: RGB = (152, 163, 205)  # secondary text
FAINT: RGB = (46, 58, 108)  # grid guides, separators
SHADOW: RGB = (4, 6, 20)  # halo behind text drawn over busy areas
ACCENT: RGB = (88, 240, 178)  # "you can pick this": rings, prompts
GOLD: RGB = (255, 205, 86)  # secret word, winners, +1 boxes
LINE: RGB = (226, 236, 255)  # the constellation being drawn
PAST_LINE: RGB = (112, 126, 178)  # earlier constellations
USED: RGB = (98, 106, 136)  # greyed-out stars
DIE_FACE: RGB = (243, 234, 211)  # ivory die
DIE_INK: RGB = (20, 26, 60)

STAR_COLOURS: dict[str, RGB] = {
    "yellow": (255, 214, 64),
    "red": (255, 96, 96),
    "blue": (82, 164, 255),
}

# One colour per seat (up to 6), kept away from the three star colours so a name never
# reads as a star colour.
PLAYER_COLOURS: tuple[RGB, ...] = (
    (255, 146, 84),  # orange
    (64, 222, 218),  # teal
    (186, 150, 255),  # lavender
    (244, 114, 182),  # pink
    (152, 226, 96),  # lime
    (250, 190, 210),  # rose
)


def player_colour(seat: int) -> RGB:
    """Seat colour; wraps rather than failing if a game ever seats more than six."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


# --- sizes ---------------------------------------------------------------------------------
WIDTH = 1000  # every image is this wide
MARGIN = 28
GAP = 16
RADIUS = 18  # rounded corners of panels

TITLE = 44  # headline text
HEADING = 36
BODY = 32
SMALL = 27  # never go below this: it is ~11 px on a phone
LABEL = 28  # star labels on the vault

STAR_R = 24  # outer radius of a vault star in the 1000 px image (~10 px on a phone: points countable)
LINE_W = 8  # current constellation stroke
PAST_W = 5  # earlier constellations
RING_W = 5


# --- fonts ---------------------------------------------------------------------------------
# DejaVu Sans, vendored (see fonts/LICENSE-DejaVu.txt): it draws Latin with every accent, Greek,
# Cyrillic and more, so Discord names show as written, and it has a real bold face. Resolved
# from this file, so it works from a checkout, an editable install, a wheel and the Docker image.
FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"


MASKS_PER_FONT = 2048  # rasterised texts kept per face and size: star labels, names, numbers, words


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType face that rasterises each text once per process (issue 31).

    Most of a picture's text is the same from one click to the next (star labels, names, headings,
    numbers), and FreeType's rasterising was the largest part of drawing it. ``ImageDraw.text``
    asks the font for the text's mask (``getmask2``) and blends it into the image; here the mask
    of a text at a sub-pixel start, anchor and stroke is kept, so the blend, and so the pixels, are
    exactly those of a fresh rasterising. Widths (``getlength``, used by every layout) are kept too.
    Colour glyphs (``mode="RGBA"``) are not kept: Pillow writes into that mask. Inside
    ``render.encode.the_old_way`` every text is rasterised afresh, as before."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size)
        self._masks = functools.lru_cache(maxsize=MASKS_PER_FONT)(self._mask)
        self._lengths = functools.lru_cache(maxsize=MASKS_PER_FONT)(self._length)

    def _mask(self, *key: Any) -> tuple[Any, tuple[int, int]]:
        text, mode, direction, features, language, stroke_width, anchor, start, filled = key
        return super().getmask2(
            text,
            mode,
            direction,
            list(features) if features is not None else None,
            language,
            stroke_width,
            anchor,
            0,
            start,
            stroke_filled=filled,
        )

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        if (
            mode == "RGBA"
            or args
            or set(kwargs) - {"stroke_filled"}
            or not isinstance(text, str)
            or old_way()
        ):
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
        return self._masks(
            text,
            mode,
            direction,
            tuple(features) if features is not None else None,
            language,
            stroke_width,
            anchor,
            tuple(start) if start is not None else None,
            bool(kwargs.get("stroke_filled", False)),
        )

    def _length(self, text: str, mode: str, direction: str | None, language: str | None) -> float:
        return super().getlength(text, mode, direction, None, language)

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if features is not None or not isinstance(text, str) or old_way():
            return super().getlength(text, mode, direction, features, language)
        return self._lengths(text, mode, direction, language)


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (or DejaVu Sans Bold) at ``size`` pixels, loaded once per process and size,
    each text rasterised once (``CachedFont``)."""
    return CachedFont(str(BOLD_FONT if bold else REGULAR_FONT), size)
