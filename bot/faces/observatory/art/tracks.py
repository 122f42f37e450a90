"""The research panel of an Observatory sheet: five tracks of spaces, their bonuses and notes.

``draw_tracks`` draws it whole. A sheet sent 640 px wide (``render.compose``) keeps the panel
as it stands before any research (``empty_tracks``) with its backdrop, and ``tracks_over`` draws
on it only what a sheet changes, marking each part it draws so only that part is shrunk again.
Each change repaints its own area the way the whole drawing paints it, in the same order, so
the pixels are the whole drawing's.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.games.observatory.texts import TRACK_NAMES
from bot.i18n import _, ngettext
from render import theme
from render.common import as_map, fitted, panel, text
from render.compose import mark
from render.theme import RGB

TRACKS = ("lens", "drive", "finder", "filter", "funding")
SPACES = (2, 3, 4, 5, 6)
FILLED: RGB = theme.ACCENT
TRACK_ROW = 56
NAME_COLUMN = 152  # a track's name, before its first space ("Cercatore" in bold)
SPACE_BOX, SPACE_GAP = 40, 4  # one research space and the gap after it
TRACKS_H = 56 + 5 * TRACK_ROW + 20
Box = tuple[int, int, int, int]


def _row(box: Box, index: int) -> int:
    return box[1] + 56 + index * TRACK_ROW + TRACK_ROW // 2


def _space_rect(box: Box, cy: int, index: int) -> Box:
    bx = box[0] + 20 + NAME_COLUMN + index * (SPACE_BOX + SPACE_GAP)
    return (bx, cy - SPACE_BOX // 2, bx + SPACE_BOX, cy + SPACE_BOX // 2)


def _tail(box: Box) -> int:
    return box[0] + 20 + NAME_COLUMN + 5 * (SPACE_BOX + SPACE_GAP) + 4


def _name(draw: ImageDraw.ImageDraw, box: Box, cy: int, track: str, done: bool) -> None:
    bold = theme.font(theme.SMALL, True)
    colour = theme.GOLD if done else theme.INK
    fitted(draw, (box[0] + 20, cy), _(TRACK_NAMES[track]), bold, colour, NAME_COLUMN - 2, anchor="lm")


def _space(draw: ImageDraw.ImageDraw, rect: Box, space: int, on: bool, picked: bool) -> None:
    fill = FILLED if on else theme.SKY_TOP
    draw.rounded_rectangle(rect, radius=8, fill=fill, outline=theme.PANEL_EDGE, width=2)
    ink = theme.DIE_INK if on else theme.MUTED
    centre = (rect[0] + SPACE_BOX / 2, (rect[1] + rect[3]) // 2 + 1)
    text(draw, centre, str(space), theme.font(theme.SMALL, True), ink, anchor="mm")
    if picked:
        ring = (rect[0] - 5, rect[1] - 5, rect[2] + 5, rect[3] + 5)
        draw.rounded_rectangle(ring, radius=11, outline=theme.GOLD, width=5)


@functools.lru_cache(maxsize=8)
def _filled(space: int) -> Image.Image:
    """A filled space as ``_space`` draws it on the panel (kept: pasted, not drawn)."""
    tile = Image.new("RGB", (SPACE_BOX + 1, SPACE_BOX + 1), theme.PANEL)
    _space(ImageDraw.Draw(tile), (0, 0, SPACE_BOX, SPACE_BOX), space, True, False)
    return tile


def _note(draw: ImageDraw.ImageDraw, box: Box, cy: int, note: str, done: bool) -> None:
    if note:
        tail, colour = _tail(box), theme.GOLD if done else theme.MUTED
        small = theme.font(theme.SMALL)
        fitted(draw, (tail + 48, cy), note, small, colour, box[2] - tail - 60, anchor="lm")


def draw_tracks(
    image: Image.Image, box: Box, sheet: Mapping[str, Any], picks: Sequence[tuple[str, int]]
) -> None:
    """The whole panel for ``sheet``; ``picks`` are research spaces ringed in gold."""
    draw = ImageDraw.Draw(image)
    panel(draw, box)
    x0, y0 = box[0], box[1]
    text(draw, (x0 + 20, y0 + 40), _("Research"), theme.font(theme.SMALL), theme.MUTED, anchor="ls")
    research = as_map(sheet.get("research"))
    bonuses = as_map(sheet.get("bonuses"))
    complete = set(sheet.get("complete") or [])
    for i, track in enumerate(TRACKS):
        cy = _row(box, i)
        done = track in complete
        _name(draw, box, cy, track, done)
        filled = {v for v in research.get(track) or [] if isinstance(v, int)}
        for j, space in enumerate(SPACES):
            _space(draw, _space_rect(box, cy, j), space, space in filled, (track, space) in picks)
        if track != "funding":
            _bonus_badge(draw, (_tail(box) + 20, cy), bonuses.get(track))
        _note(draw, box, cy, track_note(track, sheet, done, len(filled)), done)


def empty_tracks(image: Image.Image, box: Box) -> None:
    """The panel before any research: what ``tracks_over`` draws on."""
    draw_tracks(image, box, {}, ())


def tracks_over(
    image: Image.Image, box: Box, sheet: Mapping[str, Any], picks: Sequence[tuple[str, int]]
) -> None:
    """On ``empty_tracks``, what ``sheet`` and ``picks`` change, each part marked (shrunk again)."""
    draw = ImageDraw.Draw(image)
    research = as_map(sheet.get("research"))
    bonuses = as_map(sheet.get("bonuses"))
    complete = set(sheet.get("complete") or [])
    tail = _tail(box)
    for i, track in enumerate(TRACKS):
        cy = _row(box, i)
        done = track in complete
        if done:
            area = (box[0] + 18, cy - 22, box[0] + 20 + NAME_COLUMN - 1, cy + 22)
            draw.rectangle(area, fill=theme.PANEL)
            _name(draw, box, cy, track, done)
            mark(area)
        filled = {v for v in research.get(track) or [] if isinstance(v, int)}
        ringed = any(picked == track for picked, _space_value in picks)
        for j, space in enumerate(SPACES):
            rect = _space_rect(box, cy, j)
            if ringed:  # a ring reaches its neighbours: the row is redone in order
                _space(draw, rect, space, space in filled, (track, space) in picks)
                mark((rect[0] - 5, rect[1] - 5, rect[2] + 5, rect[3] + 5))
            elif space in filled:
                image.paste(_filled(space), rect[:2])
                mark(rect)
        state = bonuses.get(track)
        if track != "funding" and state in ("open", "used"):
            area = (tail + 2, cy - 18, tail + 38, cy + 18)
            draw.rectangle(area, fill=theme.PANEL)
            _bonus_badge(draw, (tail + 20, cy), state)
            mark(area)
        note = track_note(track, sheet, done, len(filled))
        if note != track_note(track, {}, False, 0):
            area = (tail + 46, cy - 22, box[2] - 12, cy + 22)
            draw.rectangle(area, fill=theme.PANEL)
            _note(draw, box, cy, note, done)
            mark(area)


def track_note(track: str, sheet: Mapping[str, Any], done: bool, filled: int) -> str:
    if track == "drive" and isinstance(sheet.get("drive_value"), int):
        return _("{value} is wild", value=sheet["drive_value"])
    if track == "finder" and done:
        left = sheet.get("finder_left")
        return ngettext("{n} left", "{n} left", left if isinstance(left, int) else 0)
    if track == "funding":
        return ngettext("+{n} pt", "+{n} pts", filled)
    return _("ready") if done else ""


def _bonus_badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], state: object) -> None:
    """The bonus of a track: faint when locked, a bright ring when banked, crossed when spent."""
    cx, cy, r = centre[0], centre[1], 16
    if state == "open":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=theme.GOLD, width=5)
        draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=theme.GOLD)
    elif state == "used":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=theme.MUTED, width=3)
        draw.line((cx - r + 4, cy + r - 4, cx + r - 4, cy - r + 4), fill=theme.MUTED, width=4)
    else:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=theme.FAINT, width=3)
