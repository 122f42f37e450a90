"""The Journal board strip of a Star Gazers board: the reserve and the eight Shuttle spaces."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.faces.star_gazers.art import icons
from bot.faces.star_gazers.art.parts import SHUTTLE_WORDS, items, outline
from bot.i18n import _, pgettext
from render import shapes, theme
from render.common import fitted


def draw_journal_strip(
    image: Image.Image,
    box: tuple[int, int, int, int],
    player: Mapping[str, Any],
    bonuses: Sequence[Any],
    *,
    reserve_rings: Iterable[int] = (),
    shuttle_rings: Iterable[int] = (),
    reserve_gold: bool = False,
) -> None:
    """Reserve spaces and the eight Shuttle spaces (with their bonus words) in one band."""
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=14, fill=theme.PANEL, outline=theme.PANEL_EDGE, width=2)
    slot = min(y1 - y0 - 56, 92)
    _reserve(image, draw, box, slot, items(player.get("reserve")), set(reserve_rings), gold=reserve_gold)
    _shuttle_spaces(image, draw, box, slot, player, bonuses, set(shuttle_rings))


def _reserve(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    slot: int,
    reserve: Sequence[Any],
    rings: set[int],
    *,
    gold: bool,
) -> None:
    """The two reserve spaces at the strip's left; ``gold`` rings the token that last arrived."""
    x0, y0 = box[0], box[1]
    cy = y0 + 40 + slot / 2
    small = theme.font(theme.SMALL, bold=True)
    fitted(draw, (x0 + 16, y0 + 30), _("Reserve"), small, theme.MUTED, 2 * slot + 8, anchor="ls")
    for k in range(2):
        cx = x0 + 16 + slot / 2 + k * (slot + 8)
        draw.ellipse(
            (cx - slot / 2, cy - slot / 2, cx + slot / 2, cy + slot / 2),
            fill=icons.EMPTY_CELL,
            outline=theme.FAINT,
            width=2,
        )
        sprite = icons.token_of(reserve[k], slot - 8) if k < len(reserve) else None
        if sprite is not None:
            shapes.paste(image, sprite, cx, cy)
        if k in rings or (gold and k == len(reserve) - 1):
            shapes.ring(image, cx, cy, round(slot / 2) + 3, theme.ACCENT if k in rings else theme.GOLD, 4)


def _shuttle_spaces(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    slot: int,
    player: Mapping[str, Any],
    bonuses: Sequence[Any],
    rings: set[int],
) -> None:
    """The eight Shuttle spaces right of the reserve: a token where one sits, else its bonus word."""
    x0, y0, x1 = box[0], box[1], box[2]
    small = theme.font(theme.SMALL, bold=True)
    sx = x0 + 16 + 2 * slot + 8 + 28
    spaces = _("Shuttle spaces")
    drawn = fitted(draw, (sx, y0 + 30), spaces, small, theme.MUTED, x1 - 16 - sx, anchor="ls")
    if player.get("tile_move_used"):
        # i18n: beside "Shuttle spaces" once the once-per-game tile move is spent
        used, plain = _("(tile move used)"), theme.font(theme.SMALL)
        left = sx + drawn + plain.getlength("  ")
        fitted(draw, (left, y0 + 30), used, plain, theme.MUTED, x1 - 16 - left, anchor="ls")
    width = (x1 - 16 - sx - 7 * 6) / 8
    shuttles = items(player.get("shuttles"))
    words = {key: pgettext("shuttle space", word) for key, word in SHUTTLE_WORDS.items()}
    words["used"] = pgettext("shuttle space", "used")
    word_font = _word_font(words.values(), width - 8)
    for k in range(8):
        bx = sx + k * (width + 6)
        cell = (bx, y0 + 40, bx + width, y0 + 40 + slot)
        draw.rounded_rectangle(cell, radius=8, fill=icons.EMPTY_CELL, outline=theme.FAINT, width=2)
        bonus = bonuses[k] if k < len(bonuses) and isinstance(bonuses[k], str) else ""
        word = words.get(bonus, bonus[:5])
        if bonus == "move_tile" and player.get("tile_move_used"):
            word = words["used"]
        sprite = icons.token_of(shuttles[k], round(min(width, slot) - 10)) if k < len(shuttles) else None
        if sprite is not None:
            shapes.paste(image, sprite, bx + width / 2, y0 + 40 + slot / 2)
        else:
            fitted(
                draw,
                (bx + width / 2, y0 + 40 + slot / 2),
                word,
                word_font,
                theme.MUTED,
                width - 8,
                anchor="mm",
            )
        if k in rings:
            outline(draw, cell, theme.ACCENT, 4)


def _word_font(words: Iterable[str], room: float) -> ImageFont.FreeTypeFont:
    """One bold size for every bonus word, the largest (down to 14) at which the longest fits ``room``.

    One size for all, so the row reads evenly rather than each word shrinking on its own.
    """
    size = theme.SMALL
    longest = max(words, key=lambda w: theme.font(theme.SMALL, bold=True).getlength(w))
    while size > 14 and theme.font(size, bold=True).getlength(longest) > room:
        size -= 1
    return theme.font(size, bold=True)
