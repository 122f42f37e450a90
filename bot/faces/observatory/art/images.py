"""Observatory images: pure functions from an engine view (a dict) to a picture.

Each image has a ``draw_*`` function returning a PIL image (drawing and encoding are timed
apart by the bench) and a ``*_png`` wrapper returning PNG bytes.

* ``draw_sheet`` - one seat's sheet. Nothing on it is secret, so it serves the seat's panel
  (its own view: current draft, legal cells, a preview) and ``/game sheet`` for anyone.
* ``draw_hand`` - the six dealt cards during the keep step (seat view only: the hand is secret).
* ``draw_refill`` - the Night Sky and the decks while a seat picks a new goal.
* ``draw_table`` / ``draw_results`` - the thread's images, read from PUBLIC view keys only.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.observatory.art.board import draw_table, public_only, when_line
from bot.faces.observatory.art.parts import card_row, named
from bot.faces.observatory.art.results import draw_results
from bot.faces.observatory.art.sheet import Marks, draw_sheet
from bot.i18n import _
from render import theme
from render.common import as_map, name_of, num, panel, seat_of, text
from render.compose import canvas, compacting, mark, shrunk
from render.encode import Encoding, Format, encode, old_way
from render.headers import HEADER_H, HEADER_TOP, SEP, header

__all__ = [
    "Marks",
    "draw_hand",
    "draw_refill",
    "draw_results",
    "draw_sheet",
    "draw_table",
    "hand_png",
    "public_only",
    "refill_png",
    "results_png",
    "sheet_png",
    "table_png",
]

log = logging.getLogger(__name__)
View = Mapping[str, Any]
# The sheet and the table are sent many times a game (a panel after each move, a status card per
# turn), so they go out lighter than the shared 1000 px, 256-colour PNG. A phone shows them about
# 400 px wide (800 on a dense screen), so 640 px loses nothing seen there; their art is flat
# panels, a few star and die colours and antialiased text, which 32 colours keep. Measured on a
# mid-game sheet: 48 KB as before, 23 KB so.
COMPACT_WIDTH, COMPACT_COLOURS = 640, 32
WIDE_H = 180  # a wide card tile (two to a row)


def _ids(values: object) -> list[str]:
    return [v for v in values or [] if isinstance(v, str)] if isinstance(values, (list, tuple)) else []


def draw_hand(view: View, names: Sequence[str], *, picked: Sequence[str] = ()) -> Image.Image:
    """The seat's dealt cards for the keep step; ``picked`` (the four to keep) are tagged and
    the others faded. Seat view only: the hand is a secret until the step resolves."""
    choice = as_map(view.get("choice"))
    hand = _ids(choice.get("hand")) or _ids(view.get("hand"))
    keep = seat_of(choice.get("keep"), 4)
    seat = seat_of(view.get("you"), 0)
    rows = max(1, -(-len(hand) // 2))
    height = 16 + 116 + theme.GAP + rows * (WIDE_H + theme.GAP) + 8
    image = canvas(theme.WIDTH, height, key="observatory-cards")
    chosen = [c for c in picked if c in hand]
    if chosen:
        note = _("keeping {kept} of {dealt}: the faded ones go back", kept=len(chosen), dealt=len(hand))
    elif keep < len(hand):
        note = _("pick the {keep} to keep as goals", keep=keep)
    else:
        note = _("these are your goals")
    title, flexible = named(
        _("{name}'s dealt cards"), name_of(names, seat), theme.player_colour(seat), theme.INK
    )
    header(image, title, [(when_line(view) + SEP, theme.MUTED), (note, theme.ACCENT)], flexible=flexible)
    mark((theme.GAP, HEADER_TOP, theme.WIDTH - theme.GAP, HEADER_TOP + HEADER_H))
    marked = dict.fromkeys(chosen, _("KEEP"))
    dim = [c for c in hand if chosen and c not in chosen]
    card_row(
        image,
        16 + 116 + theme.GAP + 14,
        hand,
        as_map(view.get("cards")),
        per_row=2,
        height=WIDE_H,
        marked=marked,
        dim=dim,
    )
    return image


def draw_refill(view: View, names: Sequence[str], *, picked: str | None = None) -> Image.Image:
    """The seat's refill choice: face-up Night Sky cards, the two deck tops (face down) and
    the goals the seat keeps. ``picked`` is a sky card id or ``"deck:large"``/``"deck:small"``."""
    choice = as_map(view.get("choice"))
    seat = seat_of(view.get("you"), 0)
    sky_ids = _ids(choice.get("sky"))
    decks = [d for d in _ids(choice.get("decks")) if d in ("large", "small")]
    counts = as_map(view.get("decks"))
    sheet = as_map(view.get("sheet"))
    goals = _ids(sheet.get("goals"))
    cards = as_map(view.get("cards"))
    options = sky_ids + [f"deck:{d}" for d in decks]
    rows = max(1, -(-len(options) // 2))
    goal_rows = max(1, -(-len(goals) // 2)) if goals else 0
    top = 16 + 116 + theme.GAP
    goals_h = 50 + goal_rows * (WIDE_H + theme.GAP) if goals else 0
    height = top + 50 + rows * (WIDE_H + theme.GAP) + goals_h + 10
    image = canvas(theme.WIDTH, height, key="observatory-cards")
    need = seat_of(choice.get("needs"), 1)
    title, flexible = named(
        _("{name}: take a new goal"), name_of(names, seat), theme.player_colour(seat), theme.INK
    )
    header(
        image,
        title,
        [
            (_("{need} to take", need=need) + SEP, theme.MUTED),
            (_("from the Night Sky or a deck top"), theme.ACCENT),
        ],
        flexible=flexible,
    )
    draw = ImageDraw.Draw(image)
    small = theme.font(theme.SMALL)
    text(draw, (theme.MARGIN, top + 34), _("You may take"), small, theme.MUTED, anchor="ls")
    mark((theme.GAP, HEADER_TOP, theme.WIDTH - theme.GAP, HEADER_TOP + HEADER_H))
    mark((theme.GAP, top + 4, theme.WIDTH - theme.GAP, top + 44))  # the words below the header
    captions = {len(sky_ids) + i: deck_caption(d, num(counts.get(d), "?")) for i, d in enumerate(decks)}
    marked = {picked: _("TAKE")} if picked else None
    y = card_row(image, top + 50, options, cards, per_row=2, height=WIDE_H, marked=marked, captions=captions)
    if picked and picked.startswith("deck:"):
        index = options.index(picked) if picked in options else -1
        if index >= 0:
            _frame_slot(draw, top + 50, index)
    if goals:
        y += theme.GAP
        text(draw, (theme.MARGIN, y + 34), _("Your goals"), small, theme.MUTED, anchor="ls")
        mark((0, y + 4, theme.WIDTH, y + 44))
        card_row(image, y + 50, goals, cards, per_row=2, height=WIDE_H)
    return image


def deck_caption(deck: str, left: str) -> str:
    if deck == "large":
        return _("Large deck top ({left} left)", left=left)
    return _("Small deck top ({left} left)", left=left)


def _frame_slot(draw: ImageDraw.ImageDraw, top: int, index: int) -> None:
    """A picked deck slot (an empty tile) gets the same bright frame as a picked card."""
    width = (theme.WIDTH - 2 * theme.GAP - theme.GAP) // 2
    x = theme.GAP + (index % 2) * (width + theme.GAP)
    y = top + (index // 2) * (WIDE_H + theme.GAP)
    panel(draw, (x, y, x + width, y + WIDE_H), fill=None, outline=theme.ACCENT, width=5)  # type: ignore[arg-type]
    edge = theme.RADIUS + 6  # the frame and its rounded corners: the slot inside stays as it was
    for strip in ((x, y, x + width, y + edge), (x, y + WIDE_H - edge, x + width, y + WIDE_H)):
        mark(strip)
    for strip in ((x, y, x + edge, y + WIDE_H), (x + width - edge, y, x + width, y + WIDE_H)):
        mark(strip)


# --- PNG wrappers --------------------------------------------------------------------------
# zlib level 6, not 9: measured on a late sheet, 10 ms and 32 KB where level 9 took 42 ms for 29.
# Not 4 (3.5 ms, 37 KB): the sheets are most of a player's bytes, and at level 4 a game's came to
# 3.2 MB a player with the thread (``--only image-bytes``), past the 3 MB budget.
COMPACT = Encoding(COMPACT_COLOURS, Format.PNG, 6)
# The table (24 a game, in the thread) at zlib 5: 1.3 ms less than 6 for 0.6 KB more (2.5 %).
TABLE = Encoding(COMPACT_COLOURS, Format.PNG, 5)
COMPACT_WAS = Encoding(COMPACT_COLOURS, Format.PNG, 9)  # before issue 31
GENERAL_WAS = Encoding()  # the hand and refill before issue 31: 1000 px, 256 colours, zlib 6
CARDS = Encoding(COMPACT_COLOURS, Format.PNG, 3)  # the hand and refill (2 and 1 a player a game)
# Sent once a game, 1000 px: its drawing is 6 ms, the rest was the palette and zlib 6 (14 ms).
# 32 colours at zlib 2: 8.5 ms and 57 KB (256 at 6 made 49 KB; 32 at 4: 10.6 ms, 44 KB).
RESULTS = Encoding(COMPACT_COLOURS, Format.PNG, 2)


def compact_png(draw: Callable[[], Image.Image], now: Encoding = COMPACT) -> bytes:
    """PNG bytes of a flat-coloured picture sent many times a game (see ``COMPACT_WIDTH``),
    drawn by ``draw`` at 1000 px and BOX-shrunk (9% smaller than Lanczos) where it changed from
    its kept backdrop (``render.compose``), pixel for pixel the whole picture's shrink."""
    with compacting(COMPACT_WIDTH) as holder:
        image = draw()
        return encode(shrunk(image, holder), now, was=COMPACT_WAS)


def sheet_png(
    view: View, names: Sequence[str], seat: int, *, marks: Marks | None = None, note: str | None = None
) -> bytes:
    return compact_png(lambda: draw_sheet(view, names, seat, marks=marks, note=note))


def cards_png(draw: Callable[[], Image.Image]) -> bytes:
    """PNG bytes of a picture of card tiles (the hand, the refill), sent ``COMPACT_WIDTH`` wide
    as the sheet and table are: its tiles are kept per process at that width, so only the header
    and the words are drawn and shrunk (``render.compose``). Before issue 31 (``the_old_way``) it
    went out 1000 px wide, 256 colours: drawn and encoded so there."""
    if old_way():
        return encode(draw(), GENERAL_WAS)
    with compacting(COMPACT_WIDTH) as holder:
        image = draw()
        return encode(shrunk(image, holder), CARDS)


def hand_png(view: View, names: Sequence[str], *, picked: Sequence[str] = ()) -> bytes:
    return cards_png(lambda: draw_hand(view, names, picked=picked))


def refill_png(view: View, names: Sequence[str], *, picked: str | None = None) -> bytes:
    return cards_png(lambda: draw_refill(view, names, picked=picked))


def table_png(view: View, names: Sequence[str]) -> bytes:
    return compact_png(lambda: draw_table(view, names), TABLE)


def results_png(view: View, names: Sequence[str]) -> bytes:
    return encode(draw_results(view, names), RESULTS, was=GENERAL_WAS)
