"""Star Gazers Journal cards drawn as small panels: kind, the icons they need, Telescopes.

Journal cards are secret until the game ends, so only seat views (DM panels, one's own sheet)
and the final results ever reach these painters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.star_gazers.art import icons
from render import shapes, theme
from render.common import as_map, text

KIND_TITLES = {"adjacent": "Two adjacent tiles", "line": "Row or column of 4", "solar": "Solar System"}
NEED_WORDS = {
    "moon": "Moon",
    "comet": "Comet",
    "station": "Space Station",
    "meteor": "Meteor",
    "planet": "Planet",
    "black_hole": "Black Hole",
    "sun": "Sun",
    "photo": "Photo",
    "star": "printed Star",
    "star_any": "Star (token or printed)",
}


def card_words(card: Mapping[str, Any]) -> str:
    """One line for a card, in our words: its shape, what it needs and its Telescopes."""
    needs = as_map(card.get("needs"))
    parts = [
        f"{n}× {NEED_WORDS.get(k, k)}" if isinstance(n, int) and n > 1 else NEED_WORDS.get(k, k)
        for k, n in needs.items()
    ]
    scope = card.get("telescopes")
    kind = KIND_TITLES.get(str(card.get("kind")), str(card.get("kind")))
    return f"{kind}: {' + '.join(parts)} · {scope} telescope{'s' if scope != 1 else ''}"


def need_icon(kind: str, size: int) -> Image.Image:
    """The picture of one need; a printed Star shows the seam of its two halves."""
    if kind == "planet":
        return icons.half("ringed", size // 2 - 2)
    if kind == "star":
        star = icons.icon("star", size).copy()
        ImageDraw.Draw(star).line(
            (size / 2, 0, size / 2, size), fill=(*theme.SHADOW, 255), width=max(2, size // 16)
        )
        return star
    if kind == "star_any":
        return icons.icon("star", size)
    return icons.icon(kind, size)


def draw_card(
    image: Image.Image,
    box: tuple[float, float, float, float],
    card: Mapping[str, Any],
    *,
    highlight: theme.RGB | None = None,
    note: str | None = None,
) -> None:
    """A Journal card in ``box`` (about 460 x 250 reads well on a phone)."""
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        box, radius=16, fill=theme.PANEL, outline=highlight or theme.PANEL_EDGE, width=6 if highlight else 2
    )
    bold, small = theme.font(theme.SMALL, bold=True), theme.font(theme.SMALL)
    title = KIND_TITLES.get(str(card.get("kind")), str(card.get("kind", "?")))
    text(draw, (x0 + 18, y0 + 40), title, bold, theme.INK, anchor="ls")
    if note:
        text(draw, (x1 - 18, y0 + 40), note, bold, theme.ACCENT, anchor="rs")
    needs = [(k, n) for k, n in as_map(card.get("needs")).items() if isinstance(n, int)]
    per = sum(n for _, n in needs)
    size = max(40, min(76, round((x1 - x0 - 40) / max(per, 1)) - 10))
    x, cy = x0 + 22 + size / 2, y0 + 62 + size / 2
    for kind, count in needs:
        for _ in range(count):
            shapes.paste(image, need_icon(kind, size), x, cy)
            if kind == "star_any":
                text(
                    draw,
                    (x + size / 2 - 2, cy - size / 2 + 6),
                    "*",
                    theme.font(theme.BODY, True),
                    theme.GOLD,
                    anchor="mm",
                    halo=theme.SHADOW,
                )
            x += size + 10
    scopes = card.get("telescopes")
    points = 3 * scopes if isinstance(scopes, int) else "?"
    line = f"{scopes} telescope{'s' if scopes != 1 else ''} = {points} pts"
    text(draw, (x0 + 18, y1 - 20), line, bold, theme.GOLD, anchor="ls")
    text(draw, (x1 - 18, y1 - 20), f"deck {card.get('deck', '?')}", small, theme.MUTED, anchor="rs")
