"""How tall a card is on a phone, estimated from what it contains, the way the sandbox page draws it
(``bot/sandbox/page.py`` and ``page_script.py``) at 400 px wide.

The page at 400 px: ``#messages`` pads 8 px a side, a card (``.embed.card``) has a 4 px border and
10 px padding a side, so its parts are 360 px wide; the card pads 8 px at the top. A text part is
15 px type at line-height 1.4 (21 px a line; a ``###`` title or a ``-#`` line too, as the page
writes them as spans in the flow), wrapped at about ``CHARS`` characters. A picture
(``img.image``) is scaled to the card's width, never above its own width, at most 460 px tall,
8 px below what precedes it. An action row (``.row``) starts 6 px down; a button on a phone is
32 px tall with 12 px padding a side, a select 30 px; buttons wrap when a row is wider than the card.

``first_control`` is the distance from the card's top to its first control's top.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from PIL import Image

from bot.ui.outgoing import Outgoing, action_rows

CARD = 360  # px: the card's inner width at a 400 px viewport
TOP = 8  # the card's top padding
LINE = 21  # one line of 15 px text at line-height 1.4
CHARS = 44  # characters on a 360 px line of 15 px system-ui (a little under the mean, for bold)
IMAGE_MAX = 460  # img.image's max-height
IMAGE_GAP = 8
ROW_GAP = 6
BUTTON, SELECT = 32, 30
CHAR_PX = 8  # a button label's characters at 14 px
BUTTON_PAD = 24 + 6  # padding both sides and the gap to the next
EMOJI_PX = 20
DUE_LINES = 1  # the platform adds the move's due time under a panel's text (``panel_for``)


def text_height(text: str) -> int:
    """Lines of ``text`` wrapped at ``CHARS``, markdown marks not counted."""
    lines = 0
    for line in text.split("\n"):
        plain = line.replace("**", "").replace("__", "").removeprefix("### ").removeprefix("-# ")
        lines += max(1, math.ceil(len(plain) / CHARS))
    return lines * LINE


def row_height(row: discord.ui.ActionRow[Any]) -> int:
    """A select's row, or a row of buttons (wrapping where they outgrow the card)."""
    children = [unwrapped(c) for c in row.children]
    if any(isinstance(c, discord.ui.Select) for c in children):
        return ROW_GAP + SELECT
    lines, width = 1, 0
    for child in children:
        label = getattr(child, "label", None) or ""
        wide = BUTTON_PAD + CHAR_PX * len(label) + (EMOJI_PX if getattr(child, "emoji", None) else 0)
        if width and width + wide > CARD:
            lines, width = lines + 1, 0
        width += wide
    return ROW_GAP + lines * BUTTON + (lines - 1) * 6


def unwrapped(item: Any) -> Any:
    """A declared control's button or select (``DynamicItem.item``), or ``item`` itself."""
    return getattr(item, "item", item)


@dataclass(frozen=True)
class Height:
    first_control: int | None  # None: the card has no control
    total: int
    selects: int


def picture_height(size: tuple[int, int]) -> int:
    width, height = size
    shown = min(width, CARD)
    return IMAGE_GAP + min(IMAGE_MAX, round(height * shown / width))


class Pictures:
    """The size of each kind of picture (a face's drawing function), drawn a few times and the
    tallest kept: a panel's picture is drawn only to learn its shape."""

    def __init__(self, samples: int = 3) -> None:
        self.samples = samples
        self.sizes: dict[str, list[tuple[int, int]]] = {}

    def size(self, render: Callable[[], bytes]) -> tuple[int, int]:
        func = getattr(render, "func", render)
        key = f"{getattr(func, '__module__', '')}.{getattr(func, '__qualname__', repr(func))}"
        known = self.sizes.setdefault(key, [])
        if len(known) < self.samples:
            with Image.open(io.BytesIO(render())) as image:
                known.append(image.size)
        return max(known, key=lambda s: s[1] / s[0])


def measure(out: Outgoing, pictures: Pictures) -> Height:
    """The card ``out`` makes (``Outgoing.layout``), as the sandbox lays it out at 400 px."""
    head = f"### {out.title}\n" if out.title else ""
    height = TOP + text_height((head + out.content).strip()) + DUE_LINES * LINE
    rows: Sequence[discord.ui.ActionRow[Any]] = action_rows(out.items)
    picture = picture_height(pictures.size(out.render)) if out.render is not None else 0
    footer = text_height(out.footer) if out.footer else 0
    first = None
    if out.controls_first and rows:
        first = height + ROW_GAP
        height += sum(row_height(r) for r in rows)
        height += picture + footer
    else:
        height += picture + footer
        if rows:
            first = height + ROW_GAP
        height += sum(row_height(r) for r in rows)
    selects = sum(isinstance(unwrapped(item), discord.ui.Select) for row in rows for item in row.children)
    return Height(first, height, selects)
