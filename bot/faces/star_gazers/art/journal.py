"""The Journal board strip of a Star Gazers board: the reserve and the eight Shuttle spaces."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

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
    small = theme.font(theme.SMALL, bold=True)
    h = y1 - y0
    slot = min(h - 56, 92)
    cy = y0 + 40 + slot / 2
    fitted(draw, (x0 + 16, y0 + 30), _("Reserve"), small, theme.MUTED, 2 * slot + 8, anchor="ls")
    reserve = items(player.get("reserve"))
    reserve_rings = set(reserve_rings)
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
        if k in reserve_rings or (reserve_gold and k == len(reserve) - 1):
            shapes.ring(
                image, cx, cy, round(slot / 2) + 3, theme.ACCENT if k in reserve_rings else theme.GOLD, 4
            )
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
    size = theme.SMALL
    longest = max(words.values(), key=lambda w: theme.font(theme.SMALL, bold=True).getlength(w))
    while size > 14 and theme.font(size, bold=True).getlength(longest) > width - 8:
        size -= 1
    word_font = theme.font(size, bold=True)
    shuttle_rings = set(shuttle_rings)
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
        if k in shuttle_rings:
            outline(draw, cell, theme.ACCENT, 4)
