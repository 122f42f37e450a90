"""The Celestial Vault of A Sky of Stars: star data, where it lands in an image, and painting.

The vault is static data owned by the engine's package. It is read straight from its JSON
file (not through the engine's import) so rendering never depends on rules code being
importable, and it is cached because every image needs it.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render import shapes, theme
from render.common import text
from render.theme import RGB

Drawn = tuple[Image.Image, tuple[int, int]] | None  # a stroke layer's coverage and its place

VAULT_JSON = Path(__file__).resolve().parents[4] / "bot/games/sky_of_stars/data/vault.json"
COLUMNS = "ABCDEFGH"
ROWS = 6


@dataclass(frozen=True)
class Star:
    label: str
    x: float
    y: float
    shape: str
    colour: str


@dataclass(frozen=True)
class Vault:
    width: int
    height: int
    stars: tuple[Star, ...]

    @functools.cached_property
    def by_label(self) -> dict[str, Star]:
        return {s.label: s for s in self.stars}


@functools.lru_cache(maxsize=1)
def load_vault() -> Vault:
    data = json.loads(VAULT_JSON.read_text(encoding="utf-8"))
    stars = tuple(Star(s["label"], s["x"], s["y"], s["shape"], s["colour"]) for s in data["stars"])
    return Vault(data["width"], data["height"], stars)


@dataclass(frozen=True)
class Layout:
    """Where the vault's coordinate space lands in an image: origin and uniform scale."""

    x0: float
    y0: float
    scale: float

    @classmethod
    def fit(cls, box: tuple[float, float, float, float]) -> Layout:
        """The largest layout of the vault that fits ``box``, centred in it."""
        vault = load_vault()
        w, h = box[2] - box[0], box[3] - box[1]
        scale = min(w / vault.width, h / vault.height)
        return cls(box[0] + (w - vault.width * scale) / 2, box[1] + (h - vault.height * scale) / 2, scale)

    @property
    def box(self) -> tuple[int, int, int, int]:
        vault = load_vault()
        return (
            math.floor(self.x0),
            math.floor(self.y0),
            math.ceil(self.x0 + vault.width * self.scale),
            math.ceil(self.y0 + vault.height * self.scale),
        )

    def pos(self, label: str) -> tuple[float, float]:
        """Image coordinates of a star; unknown labels (bad view data) land off-canvas."""
        star = load_vault().by_label.get(label)
        if star is None:
            return (-1000.0, -1000.0)
        return (self.x0 + star.x * self.scale, self.y0 + star.y * self.scale)


def items(raw: object) -> Iterable[object]:
    """``raw`` if it is a collection (or iterator) to loop over, else nothing."""
    if isinstance(raw, (list, tuple, set, frozenset, dict, Iterator)):
        return raw
    return ()


def known(labels: Iterable[object] | None) -> list[str]:
    """Labels that exist on the vault, so malformed view data never breaks an image."""
    by_label = load_vault().by_label
    return [label for label in items(labels) if isinstance(label, str) and label in by_label]


def strokes(raw: object) -> list[tuple[str, str]]:
    """Pairs of known labels from a view's ``strokes`` list."""
    by_label = load_vault().by_label
    out = []
    for pair in items(raw):
        if (
            isinstance(pair, (list, tuple))
            and len(pair) == 2
            and all(isinstance(p, str) and p in by_label for p in pair)
        ):
            out.append((pair[0], pair[1]))
    return out


@functools.lru_cache(maxsize=8)
def label_spots(layout: Layout, r: int, size: int) -> dict[str, tuple[float, float, str]]:
    """Where each star's label goes: the candidate spot that overlaps the fewest stars and
    labels already placed. Computed once per layout since the vault never changes."""
    f = theme.font(size, bold=True)
    vault = load_vault()
    centres = {s.label: layout.pos(s.label) for s in vault.stars}
    box = layout.box
    placed: list[tuple[float, float, float, float]] = []
    spots: dict[str, tuple[float, float, str]] = {}
    gap = r + 3
    for star in vault.stars:
        x, y = centres[star.label]
        w, h = f.getlength(star.label) + 4, size * 0.8
        candidates = [
            (x, y + gap, "mt", 0.0),
            (x + gap, y + r * 0.3, "lm", 0.2),
            (x - gap, y + r * 0.3, "rm", 0.3),
            (x, y - gap, "mb", 0.4),
            (x + gap * 0.75, y + gap * 0.75, "lt", 0.5),
            (x - gap * 0.75, y + gap * 0.75, "rt", 0.5),
        ]
        best: tuple[float, float, float, str] | None = None
        for cx, cy, anchor, bias in candidates:
            left = cx - (w if anchor[0] == "r" else w / 2 if anchor[0] == "m" else 0)
            top = cy - (h if anchor[1] == "b" else h / 2 if anchor[1] == "m" else 0)
            rect = (left, top, left + w, top + h)
            cost = bias
            for other, (ox, oy) in centres.items():
                if other != star.label:
                    dx = max(rect[0] - ox, 0, ox - rect[2])
                    dy = max(rect[1] - oy, 0, oy - rect[3])
                    if math.hypot(dx, dy) < r + 2:
                        cost += 10
            for p in placed:
                if rect[0] < p[2] and p[0] < rect[2] and rect[1] < p[3] and p[1] < rect[3]:
                    cost += 6
            if (
                rect[0] < box[0] - 30
                or rect[2] > box[2] + 20
                or rect[1] < box[1] - 24
                or rect[3] > box[3] + 24
            ):
                cost += 20
            if best is None or cost < best[0]:
                best = (cost, cx, cy, anchor)
                best_rect = rect
        assert best is not None
        spots[star.label] = (best[1], best[2], best[3])
        placed.append(best_rect)
    return spots


@functools.lru_cache(maxsize=8)
def centres(layout: Layout) -> dict[str, tuple[float, float]]:
    """Every star's place in the picture (parts of a picture test many against their box)."""
    return {s.label: layout.pos(s.label) for s in load_vault().stars}


@functools.lru_cache(maxsize=8)
def label_boxes(layout: Layout, r: int, size: int) -> dict[str, tuple[float, float, float, float]]:
    """Each label's box on the picture, its halo included (which labels a part of it shows)."""
    f = theme.font(size, bold=True)
    boxes = {}
    for label, (x, y, anchor) in label_spots(layout, r, size).items():
        left, top, right, bottom = f.getbbox(label, anchor=anchor)
        boxes[label] = (x + left - 5, y + top - 5, x + right + 5, y + bottom + 5)
    return boxes


class MapPainter:
    """Paints vault layers onto one image, in order: guide, strokes, stars, marks, labels."""

    def __init__(
        self,
        image: Image.Image,
        layout: Layout,
        star_r: int = theme.STAR_R,
        *,
        origin: tuple[int, int] = (0, 0),
        masks: dict[Hashable, Drawn] | None = None,
    ) -> None:
        """``origin``: where ``image``'s top left corner is in the full picture, when ``image`` is a
        part of it (``panels``): only what lands on it is drawn, at the same pixels. The parts of
        one picture share ``masks``: each call's strokes are drawn once, on the whole map."""
        self.masks = masks
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.layout = layout
        self.r = star_r
        self.origin = origin
        ox, oy = origin
        self._clip = (ox, oy, ox + image.width, oy + image.height)
        self._centres = centres(layout) if masks is not None else {}

    def pos(self, label: str) -> tuple[float, float]:
        """Where a star is on ``image``."""
        x, y = self.layout.pos(label)
        return (x - self.origin[0], y - self.origin[1]) if self.origin != (0, 0) else (x, y)

    def sees(self, box: tuple[float, float, float, float]) -> bool:
        """Whether ``box`` (in the full picture) touches ``image``."""
        clip = self._clip
        return box[0] < clip[2] and clip[0] < box[2] and box[1] < clip[3] and clip[1] < box[3]

    def _sees_at(self, label: str, half: float) -> bool:
        x, y = self._centres[label]
        clip = self._clip
        return x - half < clip[2] and clip[0] < x + half and y - half < clip[3] and clip[1] < y + half

    def guide(self, size: int = theme.SMALL) -> None:
        """Faint cell grid with A-H above and 1-6 to the left: how players find a label."""
        vault = load_vault()
        x0, y0, s = self.layout.x0, self.layout.y0, self.layout.scale
        cw, ch = vault.width / len(COLUMNS) * s, vault.height / ROWS * s
        x1, y1 = x0 + vault.width * s, y0 + vault.height * s
        for i in range(1, len(COLUMNS)):
            self.draw.line((x0 + i * cw, y0, x0 + i * cw, y1), fill=theme.FAINT, width=2)
        for j in range(1, ROWS):
            self.draw.line((x0, y0 + j * ch, x1, y0 + j * ch), fill=theme.FAINT, width=2)
        self.draw.rounded_rectangle((x0, y0, x1, y1), radius=10, outline=theme.FAINT, width=2)
        f = theme.font(size, bold=True)
        for i, letter in enumerate(COLUMNS):
            text(self.draw, (x0 + (i + 0.5) * cw, y0 - 8), letter, f, theme.MUTED, anchor="ms")
        for j in range(ROWS):
            text(self.draw, (x0 - 12, y0 + (j + 0.5) * ch), str(j + 1), f, theme.MUTED, anchor="rm")

    def strokes(
        self,
        pairs: Iterable[tuple[str, str]],
        colour: RGB,
        width: float,
        *,
        glow: bool = False,
        dashed: bool = False,
    ) -> None:
        pairs = list(pairs)
        if self.masks is not None:
            key = (tuple(pairs), colour, width, glow, dashed)
            if key not in self.masks:
                self.masks[key] = self._stroke_layer(pairs, width, glow, dashed, self.layout.pos).mask()
            drawn = self.masks[key]
            if drawn is not None:
                small, (x, y) = drawn
                x, y = x - self.origin[0], y - self.origin[1]
                self.image.paste(colour, (x, y, x + small.width, y + small.height), small)
            return
        self._stroke_layer(pairs, width, glow, dashed, self.pos).paint(self.image, colour)

    def _stroke_layer(
        self,
        pairs: list[tuple[str, str]],
        width: float,
        glow: bool,
        dashed: bool,
        pos: Callable[[str], tuple[float, float]],
    ) -> shapes.StrokeLayer:
        layer = shapes.StrokeLayer(self.layout.box)
        for a, b in pairs:
            if glow:
                layer.line(pos(a), pos(b), width * 2.6, value=70)
        for a, b in pairs:
            if dashed:
                layer.dashed(pos(a), pos(b), width)
            else:
                layer.line(pos(a), pos(b), width)
        return layer

    def stars(
        self,
        *,
        bright: Iterable[str] | None = None,
        dim: Iterable[str] = (),
        grey: Iterable[str] = (),
        dim_alpha: float = 0.3,
        glow: bool = True,
    ) -> None:
        """All stars (or just ``bright``): normal, ``dim`` (faded) or ``grey`` (used up); ``glow``
        haloes the normal ones."""
        vault = load_vault()
        dim_set, grey_set = set(dim), set(grey)
        only = set(bright) if bright is not None else None
        reach = round(self.r * 2.2) + 2 if glow else self.r + 3  # half the widest sprite, and more
        for star in vault.stars:
            if only is not None and star.label not in only and star.label not in dim_set | grey_set:
                continue
            if self.masks is not None and not self._sees_at(star.label, reach):
                continue
            colour = theme.STAR_COLOURS.get(star.colour, theme.INK)
            if star.label in grey_set:
                sprite = shapes.star_sprite(star.shape, theme.USED, self.r, glow=False)
            elif star.label in dim_set:
                sprite = shapes.star_sprite(star.shape, colour, self.r, glow=False, alpha=dim_alpha)
            else:
                sprite = shapes.star_sprite(star.shape, colour, self.r, glow=glow)
            self._paste(sprite, star.label)

    def rings(self, labels: Iterable[str], colour: RGB, width: int = theme.RING_W, grow: int = 9) -> None:
        for label in labels:
            if self.masks is None:
                shapes.ring(self.image, *self.pos(label), self.r + grow, colour, width)
            elif self._sees_at(label, self.r + grow + 8):  # as ``shapes.ring``: a dark backing, the ring
                self._paste(shapes.ring_sprite(self.r + grow + 2, width + 4, theme.SHADOW), label)
                self._paste(shapes.ring_sprite(self.r + grow, width, colour), label)

    def crosses(self, labels: Iterable[str], colour: RGB = theme.INK) -> None:
        sprite = shapes.cross_sprite(self.r, 6, colour)
        for label in labels:
            if self.masks is None or self._sees_at(label, sprite.width / 2 + 1):
                self._paste(sprite, label)

    def _paste(self, sprite: Image.Image, label: str) -> None:
        """``shapes.paste`` of ``sprite`` on a star; on a part of a picture, without ``Image.paste``'s
        checks (a part pastes a few hundred sprites): the same blend at the same place."""
        cx, cy = self.pos(label)
        x, y = round(cx - sprite.width / 2), round(cy - sprite.height / 2)
        if self.masks is None:
            self.image.paste(sprite, (x, y), sprite)
        else:
            core = sprite.im
            self.image.im.paste(core, (x, y, x + sprite.width, y + sprite.height), core)

    def labels(
        self, size: int = theme.LABEL, colour: RGB = theme.INK, only: Iterable[str] | None = None
    ) -> None:
        f = theme.font(size, bold=True)
        spots = label_spots(self.layout, self.r, size)
        boxes = label_boxes(self.layout, self.r, size) if self.masks is not None else None
        wanted = set(only) if only is not None else None
        ox, oy = self.origin
        for label, (x, y, anchor) in spots.items():
            if wanted is not None and label not in wanted:
                continue
            if boxes is None:
                text(self.draw, (x, y), label, f, colour, anchor=anchor, halo=theme.SHADOW, halo_width=3)
            elif self.sees(boxes[label]):
                self._blit((x - ox, y - oy), label, f, theme.SHADOW, anchor, 3)
                self._blit((x - ox, y - oy), label, f, colour, anchor, 0)

    def _blit(
        self,
        xy: tuple[float, float],
        label: str,
        f: ImageFont.FreeTypeFont,
        fill: RGB,
        anchor: str,
        stroke: int,
    ) -> None:
        """What ``ImageDraw.text`` does for one line of text, without its bookkeeping (a part of a
        picture draws a few hundred labels): the font's mask at the same sub-pixel start, blended
        in at the same place, so the pixels are the same."""
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        mask, offset = f.getmask2(
            label, self.draw.fontmode, None, None, None, stroke, anchor, 0, start, stroke_filled=True
        )
        ink = self.draw._getink(fill)[0]
        self.draw.draw.draw_bitmap((int(x) + offset[0], int(y) + offset[1]), mask, ink)
