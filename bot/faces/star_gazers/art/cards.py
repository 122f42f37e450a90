"""Star Gazers Journal cards drawn as small panels: kind, the icons they need, Telescopes.

Journal cards are secret until the game ends, so only seat views (DM panels, one's own sheet)
and the final results ever reach these painters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.star_gazers.art import icons
from bot.faces.star_gazers.art.parts import shrunk
from bot.i18n import _, ngettext
from bot.i18n.msg import N_
from render import shapes, theme
from render.common import as_map, text

# i18n: the shape a Journal card asks for
KIND_TITLES = {
    "adjacent": N_("Two adjacent tiles"),
    "line": N_("Row or column of 4"),
    "solar": N_("Solar System"),
}
NEED_WORDS = {
    "moon": N_("Moon"),
    "comet": N_("Comet"),
    "station": N_("Space Station"),
    "meteor": N_("Meteor"),
    "planet": N_("Planet"),
    "black_hole": N_("Black Hole"),
    "sun": N_("Sun"),
    "photo": N_("Photo"),
    "star": N_("printed Star"),
    "star_any": N_("Star (token or printed)"),
}


def _word(words: Mapping[str, str], key: Any) -> str:
    return _(words[key]) if key in words else str(key)


def card_words(card: Mapping[str, Any]) -> str:
    """One line for a card, in our words: its shape, what it needs and its Telescopes."""
    needs = as_map(card.get("needs"))
    parts = [
        # i18n: a count of one icon a Journal card needs ("2× Moon")
        _("{count}× {need}", count=n, need=_word(NEED_WORDS, k))
        if isinstance(n, int) and n > 1
        else _word(NEED_WORDS, k)
        for k, n in needs.items()
    ]
    scope = card.get("telescopes")
    kind = _word(KIND_TITLES, card.get("kind"))
    shown = {"kind": kind, "needs": " + ".join(parts)}
    if not isinstance(scope, int):
        return _("{kind}: {needs} · {scopes} telescopes", scopes=scope, **shown)
    # i18n: a Journal card in one line: its shape, the icons it needs, its Telescopes
    return ngettext("{kind}: {needs} · {n} telescope", "{kind}: {needs} · {n} telescopes", scope, **shown)


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
    title = _word(KIND_TITLES, card.get("kind", "?"))
    note_w = bold.getlength(note) if note else 0
    if note:
        text(draw, (x1 - 18, y0 + 40), note, bold, theme.ACCENT, anchor="rs")
    room = x1 - x0 - 36 - (note_w + 10 if note else 0)
    shrunk(draw, (x0 + 18, y0 + 40), title, theme.SMALL, theme.INK, room)
    needs = [(k, n) for k, n in as_map(card.get("needs")).items() if isinstance(n, int)]
    per = sum(n for _kind, n in needs)
    size = max(40, min(76, round((x1 - x0 - 40) / max(per, 1)) - 10))
    x, cy = x0 + 22 + size / 2, y0 + 62 + size / 2
    for kind, count in needs:
        for _copy in range(count):
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
    if isinstance(scopes, int):
        # i18n: a Journal card's Telescopes and what they score, drawn on the card
        line = ngettext(
            "{n} telescope = {points} pts", "{n} telescopes = {points} pts", scopes, points=3 * scopes
        )
    else:
        line = _("{scopes} telescopes = {points} pts", scopes="?", points="?")
    # i18n: which Journal deck (I, II or III) a card comes from
    deck = _("deck {deck}", deck=card.get("deck", "?"))
    deck_w = small.getlength(deck)
    text(draw, (x1 - 18, y1 - 20), deck, small, theme.MUTED, anchor="rs")
    shrunk(draw, (x0 + 18, y1 - 20), line, theme.SMALL, theme.GOLD, x1 - x0 - 36 - deck_w - 10)
