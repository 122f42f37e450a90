"""Measured checks every game's images share: the byte budget, and text kept inside its canvas.

``TextBoxes`` wraps ``ImageDraw.text`` while a render runs and records the bounding box of every
string drawn (halo included) with the size of the image it was drawn on, so a test can assert
that no text is clipped at an edge: measured with Pillow's own ``textbbox``, not eyeballed.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from render.common import MAX_IMAGE_BYTES


@dataclass(frozen=True)
class Drawn:
    text: str
    box: tuple[float, float, float, float]
    canvas: tuple[int, int]

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
                box = draw.textbbox(xy, str(s), font=font, anchor=anchor,
                                    stroke_width=kwargs.get("stroke_width", 0))
                recorder.drawn.append(Drawn(str(s), box, draw.im.size))
            return original(draw, xy, s, fill, font, anchor, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)

    def clipped(self) -> list[Drawn]:
        """Strings that run past an edge of the image they were drawn on."""
        return [d for d in self.drawn if d.outside()]


def assert_small(png: bytes, what: object = "") -> None:
    """A PNG within the budget a player downloads per image."""
    assert len(png) <= MAX_IMAGE_BYTES, f"{what}: {len(png):,} bytes > {MAX_IMAGE_BYTES:,}"
