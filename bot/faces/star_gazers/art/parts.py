"""Star Gazers boards: Galaxy tiles, the 4 x 4 Mural, the Universe board, Constellation cards
and the Journal board strip (Reserve and Shuttle spaces).

Each painter draws into a given box of an existing image, so the panel, sheet, board and
results images compose the same pieces at different sizes. Everything reads view dicts
defensively (``as_map``/``items``): odd data draws as empty, never raises.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.star_gazers.art import icons
from bot.i18n import _
from bot.i18n.msg import NP_
from render import shapes, theme
from render.common import as_map, fitted, mix, text
from render.theme import RGB

COLUMNS = "ABCD"
# Universe squares 0..7 run clockwise from the top left round the centre: (row, column).
UNIVERSE_POS = ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0))
# i18n: one short word in a small Shuttle space of the Journal board: what its bonus gives or moves
SHUTTLE_WORDS = {
    "gain": NP_("shuttle space", "Bonus"),
    "move_token": NP_("shuttle space", "Token"),
    "move_tile": NP_("shuttle space", "Tile"),
    "journal": NP_("shuttle space", "Card"),
}
EDGE_CENTRES = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))  # N, E, S, W as fractions


def items(value: object) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else []


def ints(value: object) -> list[int]:
    return [v for v in items(value) if isinstance(v, int) and not isinstance(v, bool)]


def shrunk(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: RGB,
    max_width: float,
    *,
    bold: bool = True,
    min_size: int = 22,
    anchor: str = "ls",
) -> float:
    """``words`` at ``size``, a step smaller (down to ``min_size``) when they would not fit
    ``max_width``, and only then cut; returns the width drawn."""
    f = theme.font(size, bold=bold)
    while size > min_size and f.getlength(words) > max_width:
        size -= 1
        f = theme.font(size, bold=bold)
    return fitted(draw, xy, words, f, fill, max_width, anchor=anchor)


def square_name(cell: int) -> str:
    """``A1`` top left to ``D4`` bottom right: column letter, row number."""
    return f"{COLUMNS[cell % 4]}{cell // 4 + 1}" if 0 <= cell < 16 else "?"


def rotated_edges(tile: Mapping[str, Any], rotation: int) -> list[str | None]:
    """A Tile's N, E, S, W edges after ``rotation`` quarter turns clockwise."""
    edges = items(tile.get("edges"))[:4] + [None] * 4
    out: list[str | None] = [None] * 4
    for i in range(4):
        out[(i + rotation) % 4] = edges[i] if isinstance(edges[i], str) else None
    return out


# --- one tile ------------------------------------------------------------------------------
def tile_image(
    tile: Mapping[str, Any], size: int, edges: Sequence[str | None] | None = None, hexes: Iterable[Any] = ()
) -> Image.Image:
    """A Galaxy tile as an RGBA square: printed icons in two corners, Hex tokens in the other
    two, half icons on the edges (clipped by the tile, so neighbours complete them)."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (1, 1, size - 2, size - 2),
        radius=max(4, size // 14),
        fill=(*icons.TILE_BG, 255),
        outline=(*icons.TILE_EDGE, 255),
        width=max(2, size // 60),
    )
    shown = list(edges) if edges is not None else rotated_edges(tile, int(tile.get("rotation") or 0))
    r = max(6, round(size * 0.17))
    for kind, (fx, fy) in zip(shown, EDGE_CENTRES, strict=False):
        if isinstance(kind, str):
            shapes.paste(image, icons.half(kind, r), fx * size, fy * size)
    corner = max(8, round(size * 0.27))
    printed = [i for i in items(tile.get("icons")) if isinstance(i, str)][:2]
    for kind, (fx, fy) in zip(printed, ((0.2, 0.2), (0.8, 0.8)), strict=False):
        shapes.paste(image, icons.icon(kind, corner), fx * size, fy * size)
    tokens = [sprite for h in hexes if (sprite := icons.token_of(h, corner + 4)) is not None]
    for token, (fx, fy) in zip(tokens[:2], ((0.8, 0.2), (0.2, 0.8)), strict=False):
        shapes.paste(image, token, fx * size, fy * size)
    if len(tokens) > 2:  # no limit per tile: the rest are counted beside the second one
        more = f"+{len(tokens) - 2}"
        text(
            draw,
            (0.2 * size + corner * 0.55, 0.8 * size + corner * 0.1),
            more,
            theme.font(max(9, round(size * 0.16)), bold=True),
            theme.INK,
            anchor="lm",
            halo=icons.TILE_BG,
            halo_width=max(2, size // 40),
        )
    return image


def paste_tile(
    image: Image.Image,
    x: float,
    y: float,
    size: int,
    tile: Mapping[str, Any],
    edges: Sequence[str | None] | None = None,
    hexes: Iterable[Any] = (),
) -> None:
    sprite = tile_image(tile, size, edges, hexes)
    image.paste(sprite, (round(x), round(y)), sprite)


def outline(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB, width: int
) -> None:
    draw.rounded_rectangle(box, radius=10, outline=theme.SHADOW, width=width + 4)
    inset = 2
    draw.rounded_rectangle(
        (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
        radius=9,
        outline=colour,
        width=width,
    )


# --- the Mural ---------------------------------------------------------------------------
def draw_mural(
    image: Image.Image,
    x0: float,
    y0: float,
    cell: int,
    mural: Mapping[str, Any],
    *,
    rings: Iterable[int] = (),
    gold: Iterable[int] = (),
    guide: bool = True,
    token_rings: Iterable[int] = (),
) -> None:
    """A Mural with its top-left corner at (x0, y0) and square side ``cell``.

    ``rings``: squares to outline as choices (accent); ``gold``: squares just changed (the
    preview); ``token_rings``: squares whose token is a choice. ``guide`` adds A-D / 1-4.
    """
    draw = ImageDraw.Draw(image)
    squares = [as_map(s) for s in items(mural.get("squares"))][:16]
    squares += [{}] * (16 - len(squares))
    label_font = theme.font(max(14, min(theme.SMALL, cell // 5)), bold=True)
    rings, gold, token_rings = set(rings), set(gold), set(token_rings)
    for i, square in enumerate(squares):
        x, y = x0 + (i % 4) * cell, y0 + (i // 4) * cell
        tile = square.get("tile")
        if isinstance(tile, Mapping):
            edges = items(tile.get("edges"))[:4]
            paste_tile(image, x, y, cell, tile, edges if len(edges) == 4 else None, items(tile.get("hex")))
        else:
            draw.rounded_rectangle(
                (x + 2, y + 2, x + cell - 3, y + cell - 3),
                radius=8,
                fill=icons.EMPTY_CELL,
                outline=theme.FAINT,
                width=2,
            )
            if cell >= 60 and not square.get("token"):
                colour = theme.ACCENT if i in rings else mix(theme.FAINT, theme.MUTED, 0.5)
                text(draw, (x + cell / 2, y + cell / 2), square_name(i), label_font, colour, anchor="mm")
        size = round(cell * 0.46)
        under = icons.token_of(square.get("under"), round(size * 0.8), dim=True)
        if under is not None:
            shapes.paste(image, under, x + cell * 0.62, y + cell * 0.62)
        top = icons.token_of(square.get("token"), size)
        if top is not None:
            shapes.paste(image, top, x + cell / 2, y + cell / 2)
        if i in token_rings:
            shapes.ring(image, x + cell / 2, y + cell / 2, size // 2 + 6, theme.ACCENT, width=4)
    for item in items(mural.get("completed")):
        cells = ints(as_map(item).get("cells"))
        if len(cells) == 2:
            ax, ay = x0 + (cells[0] % 4 + 0.5) * cell, y0 + (cells[0] // 4 + 0.5) * cell
            bx, by = x0 + (cells[1] % 4 + 0.5) * cell, y0 + (cells[1] // 4 + 0.5) * cell
            shapes.ring(image, (ax + bx) / 2, (ay + by) / 2, round(cell * 0.19), theme.GOLD, width=3)
    for i in sorted(rings - gold):
        x, y = x0 + (i % 4) * cell, y0 + (i // 4) * cell
        outline(draw, (x + 3, y + 3, x + cell - 3, y + cell - 3), theme.ACCENT, max(3, cell // 40))
    for i in sorted(gold):
        x, y = x0 + (i % 4) * cell, y0 + (i // 4) * cell
        outline(draw, (x + 2, y + 2, x + cell - 2, y + cell - 2), theme.GOLD, max(4, cell // 30))
    if guide:
        f = theme.font(theme.SMALL, bold=True)
        for c in range(4):
            text(draw, (x0 + (c + 0.5) * cell, y0 - 6), COLUMNS[c], f, theme.MUTED, anchor="md")
        for r in range(4):
            text(draw, (x0 - 10, y0 + (r + 0.5) * cell), str(r + 1), f, theme.MUTED, anchor="rm")


# --- the Universe board ---------------------------------------------------------------------
def draw_universe(
    image: Image.Image,
    x0: float,
    y0: float,
    cell: int,
    universe: Sequence[Any],
    centre: Mapping[str, Any],
    *,
    rings: Iterable[int] = (),
    gold: Iterable[int] = (),
    bonus_rings: Iterable[str] = (),
) -> None:
    """The 3 x 3 Universe board: eight numbered squares (tile + token) round the bonus centre."""
    draw = ImageDraw.Draw(image)
    rings, gold, bonus_rings = set(rings), set(gold), set(bonus_rings)
    pad = max(3, cell // 24)
    badge_font = theme.font(max(16, min(theme.BODY, cell // 6)), bold=True)
    for square, (row, col) in enumerate(UNIVERSE_POS):
        x, y = x0 + col * cell, y0 + row * cell
        offer = as_map(universe[square]) if square < len(universe) else {}
        tile = offer.get("tile")
        if isinstance(tile, Mapping):
            paste_tile(image, x + pad, y + pad, cell - 2 * pad, tile, rotated_edges(tile, 0))
            sprite = icons.token_of(offer.get("token"), round(cell * 0.42))
            if sprite is not None:
                shapes.paste(image, sprite, x + cell / 2, y + cell / 2)
        else:
            draw.rounded_rectangle(
                (x + pad, y + pad, x + cell - pad, y + cell - pad),
                radius=10,
                fill=icons.EMPTY_CELL,
                outline=theme.FAINT,
                width=2,
            )
            # i18n: an empty Universe square, its tile and token already taken
            taken = theme.font(max(14, min(theme.SMALL, cell // 6)))
            fitted(
                draw,
                (x + cell / 2, y + cell / 2),
                _("taken"),
                taken,
                theme.MUTED,
                cell - 2 * pad - 8,
                anchor="mm",
            )
        br = max(12, cell // 9)
        bx, by = x + cell - pad - br - 4, y + pad + br + 4
        fill = theme.ACCENT if square in rings else theme.GOLD if square in gold else theme.PANEL_EDGE
        draw.ellipse((bx - br, by - br, bx + br, by + br), fill=fill, outline=theme.SHADOW, width=3)
        text(
            draw,
            (bx, by),
            str(square + 1),
            badge_font,
            theme.SHADOW if square in rings | gold else theme.INK,
            anchor="mm",
        )
        if square in rings:
            outline(draw, (x + 2, y + 2, x + cell - 2, y + cell - 2), theme.ACCENT, max(3, cell // 40))
        if square in gold:
            outline(draw, (x + 2, y + 2, x + cell - 2, y + cell - 2), theme.GOLD, max(4, cell // 30))
    _centre(image, x0 + cell, y0 + cell, cell, centre, bonus_rings)


def _centre(
    image: Image.Image, x: float, y: float, cell: int, centre: Mapping[str, Any], rings: set[str]
) -> None:
    """The centre square: the Circle and Hex bonus tokens the round's last pick will choose from."""
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (x + 6, y + 6, x + cell - 6, y + cell - 6),
        radius=14,
        fill=theme.PANEL,
        outline=theme.PANEL_EDGE,
        width=2,
    )
    size = round(cell * 0.27)
    for row, (shape, kinds) in enumerate(
        (("circle", ("star", "shuttle", "sun")), ("hex", ("moon", "comet", "station")))
    ):
        present = {k for k in items(centre.get(shape)) if isinstance(k, str)}
        for col, kind in enumerate(kinds):
            cx, cy = x + cell * (0.2 + 0.3 * col), y + cell * (0.3 + 0.4 * row)
            sprite = icons.token(kind, size, None, shape, True, dim=kind not in present)
            shapes.paste(image, sprite, cx, cy)
            if kind in rings:
                shapes.ring(image, cx, cy, size // 2 + 4, theme.ACCENT, width=4)


# --- Constellation cards -------------------------------------------------------------------
def draw_constellation(
    image: Image.Image, box: tuple[int, int, int, int], card: Mapping[str, Any], title: str
) -> None:
    """A Constellation card: its 4 x 4 grid with Stars in squares and on shared edges."""
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box, radius=14, fill=theme.PANEL, outline=theme.PANEL_EDGE, width=2)
    f = theme.font(theme.SMALL, bold=True)
    fitted(draw, (box[0] + 16, box[1] + 34), title, f, theme.INK, box[2] - box[0] - 32, anchor="ls")
    grid = min(box[2] - box[0] - 32, box[3] - box[1] - 60)
    cell = grid // 4
    gx, gy = box[0] + (box[2] - box[0] - 4 * cell) / 2, box[1] + 48
    for i in range(16):
        x, y = gx + (i % 4) * cell, gy + (i // 4) * cell
        draw.rectangle((x, y, x + cell, y + cell), fill=icons.EMPTY_CELL, outline=theme.FAINT, width=2)
    star = icons.icon("star", max(10, round(cell * 0.62)))
    for i in ints(card.get("cells")):
        if 0 <= i < 16:
            shapes.paste(image, star, gx + (i % 4 + 0.5) * cell, gy + (i // 4 + 0.5) * cell)
    for pair in items(card.get("edges")):
        a, b = (ints(pair) + [-1, -1])[:2]
        if 0 <= a < 16 and 0 <= b < 16:
            cx = gx + ((a % 4 + b % 4) / 2 + 0.5) * cell
            cy = gy + ((a // 4 + b // 4) / 2 + 0.5) * cell
            shapes.paste(image, star, cx, cy)
