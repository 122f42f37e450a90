"""The one look shared by every image: palette, fonts and sizes.

Images are drawn 1000 px wide and shown by Discord at roughly 400 px on a phone, so every size
here is chosen for that 0.4 scale: the smallest text (~26 px) still reads as ~10 px there.
"""

from __future__ import annotations

import functools

from PIL import ImageFont

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

STAR_R = 21  # outer radius of a vault star in the 1000 px image
LINE_W = 8  # current constellation stroke
PAST_W = 5  # earlier constellations
RING_W = 5


# --- fonts ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font, so nothing has to be shipped or installed.

    It has no bold face; a bold font carries a stroke width that ``common.text`` applies as a
    same-colour outline, which thickens the glyphs enough to read as bold on a phone.
    """
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):  # pragma: no cover - FreeType missing
        raise RuntimeError("Pillow was built without FreeType; images need it for text")
    loaded.astrolabe_bold = max(0.6, size / 40) if bold else 0.0  # type: ignore[attr-defined]
    return loaded


def bold_width(f: ImageFont.FreeTypeFont) -> float:
    """The faux-bold stroke width a font from ``font`` asks for (0 for regular)."""
    return float(getattr(f, "astrolabe_bold", 0.0))
