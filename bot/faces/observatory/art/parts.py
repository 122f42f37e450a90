"""Observatory pieces shared by several images: dice, Constellation cards and the Night track.

Everything reads plain view data defensively (``as_map``, ``num``): a missing or odd field
draws as a dash, never raises, so a view-schema slip shows up as a blank, not a crash.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.observatory.art.map import DIE_BLUE, SHOOTING
from bot.i18n import _, language, ngettext, pgettext
from render import compose, shapes, theme
from render.common import as_map, clean, fitted, mix, panel, text
from render.theme import RGB

Part = tuple[str, RGB]

CARD_LARGE: RGB = theme.GOLD
CARD_SMALL: RGB = theme.LINE
CARD_ASTERISM: RGB = theme.PLAYER_COLOURS[3]  # pink: asterisms score together, so they stand out
PICKED: RGB = theme.ACCENT

# --- dice ------------------------------------------------------------------------------------
_PIPS = {
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)),
}


@functools.lru_cache(maxsize=64)
def die_sprite(face: int, size: int, shooting: bool = False) -> Image.Image:
    """A die showing ``face`` (1 is the wild "?"); blue for standard dice, orange for the
    Shooting Star die, which also carries a small star in its corner."""
    ss = shapes.SS
    s = size * ss
    body = SHOOTING if shooting else DIE_BLUE
    sprite = Image.new("RGBA", (s, s), (*body, 0))
    draw = ImageDraw.Draw(sprite)
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.2, fill=(*body, 255))
    ink = (*theme.DIE_INK, 255)
    if face in _PIPS:
        r = s * 0.085
        for fx, fy in _PIPS[face]:
            draw.ellipse((fx * s - r, fy * s - r, fx * s + r, fy * s + r), fill=ink)
    else:
        f = theme.font(round(s * 0.7), bold=True)
        draw.text((s / 2, s / 2), "?", font=f, fill=ink, anchor="mm")
    if shooting:
        draw.polygon(shapes.star_points("five", s * 0.84, s * 0.16, s * 0.11), fill=(*theme.INK, 255))
    return sprite.resize((size, size), Image.Resampling.LANCZOS)


def face_text(face: object) -> str:
    """A die face in words for text: "?" for the wild face."""
    return "?" if face == 1 else str(face) if isinstance(face, int) else "-"


# --- cards -----------------------------------------------------------------------------------
def card_colour(card: Mapping[str, Any]) -> RGB:
    if card.get("asterism"):
        return CARD_ASTERISM
    return CARD_LARGE if card.get("type") == "large" else CARD_SMALL


def bonus_text(bonus: object) -> str:
    """The completion bonus in a few characters: "+★ free star", "+☄ 4", "+research"."""
    data = as_map(bonus)
    kind = data.get("kind")
    if kind == "free_star":
        return _("+\u2605 free star")
    if kind == "research":
        return _("+ research")
    if kind == "shooting_star":
        return _("+\u2604 row/col {value}", value=data.get("value", "?"))
    return _("no bonus")


def points_text(card: Mapping[str, Any]) -> str:
    if card.get("asterism"):
        return _("Asterism")
    points = card.get("points")
    if not isinstance(points, int):
        return _("- pts")
    return ngettext("{n} pt", "{n} pts", points)


def size_text(card: Mapping[str, Any]) -> str:
    return _("Large") if card.get("type") == "large" else _("Small")


def card_title(card: Mapping[str, Any]) -> str:
    """The card's name in the reader's language (card names are in the catalog)."""
    name = card.get("name")
    return _(str(name)) if name else "?"


def named(template: str, name: str, name_colour: RGB, colour: RGB) -> tuple[list[Part], int]:
    """A translated line holding ``{name}`` ("{name}'s sheet") as coloured parts for a header,
    and the index of the name's part (the one cut if the line is too long)."""
    before, _sep, after = template.partition("{name}")
    parts: list[Part] = [(before, colour)] if before else []
    flexible = len(parts)
    parts.append((name, name_colour))
    if after:
        parts.append((after, colour))
    return parts, flexible


def pattern(
    image: Image.Image,
    box: tuple[int, int, int, int],
    card: Mapping[str, Any],
    colour: RGB,
    *,
    star_r: int | None = None,
) -> None:
    """The card's figure, scaled to fit ``box``: lines between star dots, centred."""
    stars = [s for s in card.get("stars") or [] if isinstance(s, (list, tuple)) and len(s) == 2]
    if not stars:
        return
    rows, cols = [s[0] for s in stars], [s[1] for s in stars]
    span_r, span_c = max(rows) - min(rows), max(cols) - min(cols)
    w, h = box[2] - box[0], box[3] - box[1]
    step = min(w / (span_c + 1), h / (span_r + 1), 46)
    x0 = box[0] + (w - span_c * step) / 2
    y0 = box[1] + (h - span_r * step) / 2

    def at(i: int) -> tuple[float, float]:
        return (x0 + (stars[i][1] - min(cols)) * step, y0 + (stars[i][0] - min(rows)) * step)

    draw = ImageDraw.Draw(image)
    dot = mix(theme.PANEL, theme.MUTED, 0.45)  # the cell grid under the figure, so steps read
    for r in range(span_r + 1):
        for c in range(span_c + 1):
            x, y = x0 + c * step, y0 + r * step
            draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=dot)
    layer = shapes.StrokeLayer(box)
    for line in card.get("lines") or []:
        if (
            isinstance(line, (list, tuple))
            and len(line) == 2
            and all(isinstance(v, int) and 0 <= v < len(stars) for v in line)
        ):
            layer.line(at(line[0]), at(line[1]), max(3, step * 0.1))
    layer.paint(image, mix(colour, theme.SKY_TOP, 0.35))
    r = star_r or max(6, min(14, round(step * 0.3)))
    sprite = shapes.star_sprite("five", colour, r, glow=False)
    for i in range(len(stars)):
        shapes.paste(image, sprite, *at(i))


def card_tile(
    image: Image.Image,
    box: tuple[int, int, int, int],
    card: Mapping[str, Any] | None,
    *,
    marked: str | None = None,
    dim: bool = False,
    caption: str | None = None,
    tag: bool = True,
) -> None:
    """A Constellation card as a small picture: name, figure, points and bonus.

    A wide box puts the figure left of the words, a tall one above them. ``marked`` draws a
    coloured frame with a short tag ("KEEP", "PICKED"); ``dim`` fades the tile (a card put
    back, say); ``caption`` is the text of an empty slot. ``tag=False`` leaves the tag of a marked
    tile to the caller (``card_row`` keeps the tile's pixels and draws the tag over them).
    """
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    if card is None:
        _empty_slot(draw, box, caption)
        return
    colour = card_colour(card)
    outline = PICKED if marked else mix(colour, theme.PANEL, 0.4)
    panel(draw, box, fill=theme.PANEL, outline=outline, width=5 if marked else 3, radius=14)
    if x1 - x0 > 1.5 * (y1 - y0):
        _wide_tile(image, draw, box, card, colour)
    else:
        _tall_tile(image, draw, box, card, colour)
    if marked and tag:
        _tag(draw, box, marked)
    if dim:
        veil = Image.new("RGBA", (x1 - x0, y1 - y0), (*theme.SKY_TOP, 150))
        image.paste(veil, (x0, y0), veil)


def _empty_slot(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], caption: str | None) -> None:
    """A slot with no card: a faint frame and its caption in at most two centred lines."""
    x0, y0, x1, y1 = box
    panel(draw, box, fill=theme.SKY_TOP, outline=theme.FAINT)
    small, width = theme.font(theme.SMALL), x1 - x0 - 24
    lines = wrapped((caption or _("empty")).split(), small, width)
    lines = lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])]
    for i, line in enumerate(lines):
        cy = (y0 + y1) / 2 + (i - (len(lines) - 1) / 2) * NAME_LEADING
        fitted(draw, ((x0 + x1) / 2, cy), line, small, theme.MUTED, width, anchor="mm")


def _wide_tile(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    card: Mapping[str, Any],
    colour: RGB,
) -> None:
    """A wide tile: the name across the top, the figure left, points, size and bonus beside it."""
    x0, y0, x1, y1 = box
    bold, small = theme.font(theme.SMALL, True), theme.font(theme.SMALL)
    name = clean(card_title(card))
    fitted(draw, (x0 + 18, y0 + 38), name, bold, theme.INK, x1 - x0 - 36, anchor="ls")
    side = min(y1 - y0 - 62, (x1 - x0) // 2 - 20)
    pattern(image, (x0 + 14, y0 + 50, x0 + 14 + side, y1 - 12), card, colour)
    tx = x0 + side + 32
    width = x1 - tx - 14
    fitted(draw, (tx, y0 + 80), points_text(card), bold, colour, width, anchor="lm")
    fitted(draw, (tx, y0 + 118), size_text(card), small, theme.MUTED, width, anchor="lm")
    fitted(draw, (tx, y0 + 156), bonus_text(card.get("bonus")), small, theme.MUTED, width, anchor="lm")


def _tall_tile(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    card: Mapping[str, Any],
    colour: RGB,
) -> None:
    """A narrow tile: the name (two lines if long) over the figure, points and size initial in the foot.

    The size is only an initial here: the full word does not fit beside the points.
    """
    x0, y0, x1, y1 = box
    bold, small = theme.font(theme.SMALL, True), theme.font(theme.SMALL)
    name_font, lines = name_lines(clean(card_title(card)), x1 - x0 - 28)
    for i, line in enumerate(lines):
        fitted(
            draw,
            (x0 + 14, y0 + 34 + i * NAME_LEADING),
            line,
            name_font,
            theme.INK,
            x1 - x0 - 28,
            anchor="ls",
        )
    foot = y1 - 78
    top = y0 + 46 + (len(lines) - 1) * NAME_LEADING
    pattern(image, (x0 + 12, top, x1 - 12, foot - 2), card, colour)
    # i18n: the first letter of "Large" / "Small" on a narrow card tile
    initial = (
        pgettext("card size initial", "L")
        if card.get("type") == "large"
        else pgettext("card size initial", "S")
    )
    initial_w = bold.getlength(initial) + 12
    fitted(draw, (x0 + 14, foot + 22), points_text(card), bold, colour, x1 - x0 - 28 - initial_w, anchor="lm")
    text(draw, (x1 - 14, foot + 22), initial, bold, theme.MUTED, anchor="rm")
    fitted(
        draw,
        (x0 + 14, foot + 54),
        bonus_text(card.get("bonus")),
        small,
        theme.MUTED,
        x1 - x0 - 28,
        anchor="lm",
    )


def _tag(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], marked: str
) -> tuple[float, float, float, float]:
    """The short tag ("KEEP", "PICKED") straddling the top edge at the right of a marked tile;
    returns the box it covers."""
    x0, y0, x1, y1 = box
    tag_font = theme.font(22, True)
    tag_width = tag_font.getlength(marked) + 20
    tag = (x1 - tag_width - 8, y0 - 14, x1 - 8, y0 + 16)
    draw.rounded_rectangle(tag, radius=10, fill=PICKED)
    text(
        draw,
        ((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2 + 1),
        marked,
        tag_font,
        theme.DIE_INK,
        anchor="mm",
    )
    return tag


NAME_LEADING = 30  # between the two lines of a long name on a narrow tile


def wrapped(words: list[str], f: Any, width: float) -> list[str]:
    """``words`` packed greedily into lines of at most ``width`` pixels (a long word stays whole)."""
    lines: list[str] = []
    for word in words:
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def name_lines(name: str, width: float) -> tuple[Any, list[str]]:
    """A narrow tile's card name as one line, else two (bold, then regular if bold needs more);
    a name that still does not fit is cut on its second line."""
    words = name.split() or [name]
    bold = theme.font(theme.SMALL, True)
    if bold.getlength(name) <= width:
        return bold, [name]
    for f in (bold, theme.font(theme.SMALL)):
        lines = wrapped(words, f, width)
        if len(lines) <= 2 and all(f.getlength(line) <= width for line in lines):
            return f, lines
    lines = wrapped(words, bold, width)
    return bold, [lines[0], " ".join(lines[1:])] if len(lines) > 1 else lines


def card_row(
    image: Image.Image,
    top: int,
    ids: Sequence[str],
    cards: Mapping[str, Any],
    *,
    per_row: int,
    height: int,
    marked: Mapping[str, str] | None = None,
    dim: Sequence[str] = (),
    captions: Mapping[int, str] | None = None,
    left: int = theme.GAP,
    right: int = theme.WIDTH - theme.GAP,
    ground: RGB | None = None,
) -> int:
    """Lay ``ids`` out ``per_row`` to a row; returns the y below the last row. An empty id
    draws an empty slot (with ``captions[i]`` if given).

    A card's tile is the same wherever it stands: drawn once per process and place, then pasted
    (``render.compose.patch``; ``ground`` is the flat colour under the row, if not the backdrop).
    A marked tile's tag, which reaches above the tile, is drawn over the kept tile."""
    gap = theme.GAP
    width = (right - left - (per_row - 1) * gap) // per_row
    y = top
    for i, cid in enumerate(ids):
        col = i % per_row
        if col == 0 and i:
            y += height + gap
        x = left + col * (width + gap)
        card = as_map(cards.get(cid)) if cid else None
        box = (x, y, x + width, y + height)
        mark_text, dimmed, caption = (marked or {}).get(cid), cid in dim, (captions or {}).get(i)
        if mark_text and dimmed:  # the veil goes over the tag: drawn whole
            card_tile(image, box, card or None, marked=mark_text, dim=True, caption=caption)
            compose.mark((x, y - 16, x + width, y + height))
            continue
        key = ("observatory-card", cid, repr(card), bool(mark_text), dimmed, caption, language())
        tile = functools.partial(
            card_tile, box=box, card=card or None, marked=mark_text, dim=dimmed, caption=caption, tag=False
        )
        compose.patch(image, key, box, tile, ground=ground)
        if mark_text and card:
            compose.mark(_tag(ImageDraw.Draw(image), box, mark_text))
    return y + height if ids else top
