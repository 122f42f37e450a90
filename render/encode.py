"""Encoders by measurement: each kind of picture names the encoding it is sent in, and the one it
was sent in before issue 31 (``was``), so the render bench can time both in the same run.

Every encoding starts from the same palette (``colours``, FASTOCTREE, no dither): the art is flat
colours and antialiased edges, so a palette loses nothing visible at phone size. The formats are
lossless over that palette, so the pixels a player sees do not depend on the format: a palette PNG
and a lossless WebP of one image decode to the same pixels (``tests/faces/test_picture_digests.py``).
They differ in time and bytes: measured on every kind (``python -m bench --only render``), a palette
PNG at zlib level 6 encodes in 2-8 ms where lossless WebP takes 15-400 ms, for 10-40% more bytes,
all well inside the budget (``MAX_IMAGE_BYTES`` an image, 3 MB a player's game).
"""

from __future__ import annotations

import enum
import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from PIL import Image

log = logging.getLogger(__name__)

MAX_IMAGE_BYTES = 100_000  # every image a player downloads stays under this (tests check it)
PALETTE_COLOURS = 256


class Format(enum.Enum):
    PNG = "PNG"
    WEBP = "WEBP"


@dataclass(frozen=True)
class Encoding:
    """A palette of ``colours``, then ``format`` at ``effort`` (PNG: the zlib level; WebP: the
    method, libwebp's effort 0-6)."""

    colours: int = PALETTE_COLOURS
    format: Format = Format.PNG
    effort: int = 6

    @property
    def suffix(self) -> str:
        return ".png" if self.format is Format.PNG else ".webp"

    def __str__(self) -> str:
        level = "zlib" if self.format is Format.PNG else "method"
        return f"{self.format.value} {self.colours} colours, {level} {self.effort}"


PNG = Encoding()  # the general palette PNG: 256 colours, zlib level 6 (the knee of time and size)

_old_way: ContextVar[bool] = ContextVar("render_old_way", default=False)


@contextmanager
def the_old_way() -> Iterator[None]:
    """Inside, pictures are drawn as before issue 31: every encode uses its ``was`` encoding, and
    every per-process layer cache (``render.layers``) draws afresh. The render bench's reference."""
    token = _old_way.set(True)
    try:
        yield
    finally:
        _old_way.reset(token)


def old_way() -> bool:
    """Whether ``the_old_way`` is on here."""
    return _old_way.get()


SAMPLE_STEP = 3
"""The palette is chosen on every third pixel of every third row (``quantised``)."""


def quantised(image: Image.Image, colours: int = PALETTE_COLOURS) -> Image.Image:
    """``image`` as a palette image of ``colours`` (no dither), ready to encode.

    The palette is chosen (FASTOCTREE) on a ninth of the pixels, a nearest-neighbour sample, and
    every pixel then takes its nearest palette colour. Measured on every kind of picture (issue
    31): half the time or less of choosing on every pixel (1000 x 1000: 3-4 ms instead of 9-11),
    and no worse: the octree's own mapping of a pixel is coarser than the nearest colour, so the
    mean error to the drawn pixels stays the same and the largest falls (181 to 38 levels on a
    vault's 24 colours). The art is flat colours and antialiased edges over wide areas, so a
    sample sees every colour that matters. Inside ``the_old_way`` every pixel is counted, as before.
    """
    if image.mode == "P":
        return image
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    if _old_way.get():
        return rgb.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    width, height = rgb.size
    sample = rgb.resize(
        (max(1, width // SAMPLE_STEP), max(1, height // SAMPLE_STEP)), Image.Resampling.NEAREST
    )
    palette = sample.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


_seen: ContextVar[list[tuple[Image.Image, Encoding]] | None] = ContextVar("render_encoded", default=None)


@contextmanager
def capturing() -> Iterator[list[tuple[Image.Image, Encoding]]]:
    """Collect every image encoded inside with its encoding (the bench tries other encoders on them)."""
    seen: list[tuple[Image.Image, Encoding]] = []
    token = _seen.set(seen)
    try:
        yield seen
    finally:
        _seen.reset(token)


def encode(image: Image.Image, now: Encoding = PNG, was: Encoding | None = None) -> bytes:
    """``image`` in the encoding ``now`` (``was`` inside ``the_old_way``). Images over
    ``MAX_IMAGE_BYTES`` are logged, so a layout that outgrows the budget is seen."""
    chosen = was if was is not None and _old_way.get() else now
    if (seen := _seen.get()) is not None:
        seen.append((image, chosen))
    buffer = io.BytesIO()
    paletted = quantised(image, chosen.colours)
    if chosen.format is Format.PNG:
        paletted.save(buffer, format="PNG", compress_level=chosen.effort)
    else:
        paletted.convert("RGB").save(buffer, format="WEBP", lossless=True, quality=100, method=chosen.effort)
    data = buffer.getvalue()
    if len(data) > MAX_IMAGE_BYTES:
        log.warning(
            "a %dx%d image encoded to %d KB (%s), over the %d KB budget",
            image.width,
            image.height,
            len(data) // 1000,
            chosen,
            MAX_IMAGE_BYTES // 1000,
        )
    return data
