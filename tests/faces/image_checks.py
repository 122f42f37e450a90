"""Measured checks every game's images share: the byte budget, and text kept inside its canvas.

``TextBoxes`` wraps ``ImageDraw.text`` while a render runs and records the bounding box of every
string drawn (halo included) with the size of the image it was drawn on, so a test can assert
that no text is clipped at an edge and no two strings overlap: measured with Pillow's own
``textbbox``, not eyeballed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from render import common
from render.common import MAX_IMAGE_BYTES


@dataclass(frozen=True)
class Drawn:
    text: str
    box: tuple[float, float, float, float]
    canvas: tuple[int, int]
    ink: tuple[float, float, float, float]  # the letters alone, without a halo
    image: Any = field(compare=False, repr=False)  # the core image drawn on (kept, so ids never repeat)

    def centre(self) -> tuple[float, float]:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)

    def outside(self) -> bool:
        # 1 px of slack: antialiasing and rounding of a box that exactly meets the edge
        x0, y0, x1, y1 = self.box
        return x0 < -1 or y0 < -1 or x1 > self.canvas[0] + 1 or y1 > self.canvas[1] + 1


class TextBoxes:
    """Records every ``ImageDraw.text`` call made while it is installed (via ``monkeypatch``)."""

    def __init__(self, monkeypatch) -> None:
        self.drawn: list[Drawn] = []
        original = ImageDraw.ImageDraw.text
        recorder = self

        def text(draw, xy, s, fill=None, font=None, anchor=None, *args, **kwargs):
            if str(s).strip():
                box = draw.textbbox(
                    xy, str(s), font=font, anchor=anchor, stroke_width=kwargs.get("stroke_width", 0)
                )
                ink = draw.textbbox(xy, str(s), font=font, anchor=anchor)
                recorder.drawn.append(Drawn(str(s), box, draw.im.size, ink, draw.im))
            return original(draw, xy, s, fill, font, anchor, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
        monkeypatch.setattr(common, "TEXTS_WATCHED", True)  # kept layers draw their texts too

    def clipped(self) -> list[Drawn]:
        """Strings that run past an edge of the image they were drawn on."""
        return [d for d in self.drawn if d.outside()]

    def overlapping(self, slack: float = 3) -> list[tuple[str, str]]:
        """Pairs of different strings whose letters overlap on one image by more than ``slack`` px
        (halos may touch; so may the parts of one line, by a letter's side bearing; a halo and
        its text, drawn at the same place, are one string)."""
        out = []
        by_image: dict[int, list[Drawn]] = {}
        for d in self.drawn:
            by_image.setdefault(id(d.image), []).append(d)
        for drawn in by_image.values():
            for i, a in enumerate(drawn):
                for b in drawn[:i]:
                    if (
                        a.text == b.text
                        and abs(a.centre()[0] - b.centre()[0]) <= 1
                        and abs(a.centre()[1] - b.centre()[1]) <= 1
                    ):
                        continue  # the same string: its halo, then its fill
                    w = min(a.ink[2], b.ink[2]) - max(a.ink[0], b.ink[0])
                    h = min(a.ink[3], b.ink[3]) - max(a.ink[1], b.ink[1])
                    if w > slack and h > slack:
                        out.append((b.text, a.text))
        return out


def assert_small(png: bytes, what: object = "") -> None:
    """A PNG within the budget a player downloads per image."""
    assert len(png) <= MAX_IMAGE_BYTES, f"{what}: {len(png):,} bytes > {MAX_IMAGE_BYTES:,}"
