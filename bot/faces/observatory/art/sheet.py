"""One seat's Observatory sheet: Star Map, research tracks, banked bonuses, goals and score.

Nothing on a sheet is secret (goal cards are face up once kept), so the same drawing serves
the seat's own panel (its CURRENT sheet, draft included, with legal cells highlighted) and
``/game sheet @player`` for anyone (the public sheet, as of the start of the step).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.faces.observatory.art.banked import banked_lines, draw_banked
from bot.faces.observatory.art.map import LABEL_BAND, Grid, grid_for, map_height, paint_sheet_map, plain_map
from bot.faces.observatory.art.parts import card_row, die_sprite, named
from bot.faces.observatory.art.tracks import TRACKS, TRACKS_H, draw_tracks, empty_tracks, tracks_over
from bot.i18n import _, language
from render import shapes, theme
from render.common import as_list, as_map, name_of, num, seat_of
from render.compose import canvas, composing, mark
from render.headers import HEADER_H, HEADER_TOP, SEP, header
from render.theme import RGB

# Sized for a phone (shown about 400 px wide): 1000 x ~1640. The map keeps 64 px cells (26 px on
# the phone), research rows are tight and the four goal cards stand in one row of tall tiles.
MAP_CELL = 64
MAP_W = 2 * LABEL_BAND + 12 * MAP_CELL  # label bands and 12 cells
MAP_LEFT = (theme.WIDTH - MAP_W) // 2
TRACKS_W = 604  # right edge of the research panel; the banked/score panel fills the rest
GOAL_H = 220  # one tall goal tile; the four goals stand in one row
GOALS_H = GOAL_H


@dataclass(frozen=True)
class Marks:
    """What a panel wants shown on top of the sheet (all optional)."""

    legal: Sequence[str] = ()  # cells the current choice allows (tinted)
    shooting: Sequence[str] = ()  # cells only the Shooting Star die allows
    picked: str | None = None  # a cell picked but not confirmed yet
    placement: Mapping[str, Any] | None = None  # a placement being considered
    space: tuple[str, int] | None = None  # a research space picked but not confirmed
    # (this step's own new stars and research spaces are ringed on every own sheet: ``fresh_of``)
    goal: str | None = None  # a goal card being completed


def sheet_of(view: Mapping[str, Any], seat: int) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """(sheet, score) of ``seat``: the seat's own current one when the view is theirs."""
    if view.get("you") == seat and isinstance(view.get("sheet"), Mapping):
        return view["sheet"], as_map(view.get("score"))
    sheets = as_list(view.get("sheets"))
    scores = as_list(view.get("scores"))
    sheet = as_map(sheets[seat]) if 0 <= seat < len(sheets) else {}
    score = as_map(scores[seat]) if 0 <= seat < len(scores) else {}
    return sheet, score


def _dice_header(image: Image.Image, view: Mapping[str, Any], right: int, cy: int) -> int:
    """The roll in the header, right-aligned: used dice faded (in the seat's own view)."""
    roll = as_map(view.get("roll"))
    faces = [f for f in roll.get("standard") or [] if isinstance(f, int)]
    if not faces:
        return right
    choice = as_map(view.get("choice"))
    used = {d.get("index") for d in choice.get("dice") or [] if isinstance(d, Mapping) and d.get("used")}
    shooting = as_map(choice.get("shooting"))
    size, x = 58, right
    dice = [(f, i in used, False) for i, f in enumerate(faces)]
    if isinstance(roll.get("shooting"), int):
        dice.append((roll["shooting"], bool(shooting.get("used")), True))
    for face, spent, orange in reversed(dice):
        sprite = die_sprite(face, size, orange)
        if spent:
            sprite = sprite.copy()
            sprite.putalpha(sprite.getchannel("A").point(lambda v: v * 35 // 100))
        shapes.paste(image, sprite, x - size / 2, cy)
        x -= size + 10
    return x


def _title(
    view: Mapping[str, Any], names: Sequence[str], seat: int, score: Mapping[str, Any], note: str | None
) -> tuple[list[tuple[str, RGB]], int, list[tuple[str, RGB]]]:
    """The header's title (and which of its parts is the name) and its subtitle."""
    title, flexible = named(_("{name}'s sheet"), name_of(names, seat), theme.player_colour(seat), theme.INK)
    when = _(
        "Night {night} of {nights}", night=num(view.get("night"), "?"), nights=num(view.get("nights"), "?")
    )
    sub = [(when + SEP, theme.MUTED), (_("score {total}", total=num(score.get("total"), "0")), theme.GOLD)]
    if note:
        sub.append((SEP + note, theme.ACCENT))
    return title, flexible, sub


def fresh_of(view: Mapping[str, Any], seat: int) -> tuple[list[str], list[tuple[str, int]]]:
    """The stars and research spaces of this step's draft, not final yet: in the seat's own view
    during a simultaneous step, what its current sheet holds beyond the public one (which lags
    until the step resolves). The sheet rings them, so a move is seen before Finish makes it final."""
    if view.get("you") != seat or view.get("phase") not in ("decide", "night_bonus"):
        return [], []
    own = as_map(view.get("sheet"))
    sheets = as_list(view.get("sheets"))
    public = as_map(sheets[seat]) if 0 <= seat < len(sheets) else {}
    before = set(public.get("stars") or [])
    stars = [c for c in own.get("stars") or [] if isinstance(c, str) and c not in before]
    mine, theirs = as_map(own.get("research")), as_map(public.get("research"))
    spaces = [(t, s) for t in TRACKS for s in mine.get(t) or [] if s not in (theirs.get(t) or [])]
    return stars, spaces


def sheet_inputs(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """Everything of ``view`` that ``draw_sheet`` draws for ``seat`` (keep in step with it): a
    picture is named by a digest of these, so a panel whose picture did not change keeps it."""
    sheet, score = sheet_of(view, seat)
    choice = as_map(view.get("choice"))
    used = sorted(
        str(d.get("index")) for d in choice.get("dice") or [] if isinstance(d, Mapping) and d.get("used")
    )
    cards = as_map(view.get("cards"))
    goals = [g for g in sheet.get("goals") or [] if isinstance(g, str)]
    return {
        "sheet": sheet,
        "score": score,
        "roll": view.get("roll"),
        "used": used,
        "shooting": bool(as_map(choice.get("shooting")).get("used")),
        "night": view.get("night"),
        "nights": view.get("nights"),
        "banked": banked_lines(view, seat, sheet),
        "cards": {g: cards.get(g) for g in goals},
        "fresh": fresh_of(view, seat),
    }


def draw_sheet(
    view: Mapping[str, Any],
    names: Sequence[str],
    seat: int,
    *,
    marks: Marks | None = None,
    note: str | None = None,
) -> Image.Image:
    """The sheet image; ``marks`` highlight a choice being made, ``note`` goes in the header."""
    marks = marks or Marks()
    seat = seat_of(seat, 0)
    sheet, score = sheet_of(view, seat)
    grid = grid_of_sheet()
    map_bottom = grid.y0 - 92 + map_height(grid)
    tracks_top = map_bottom + theme.GAP
    goals_top = tracks_top + TRACKS_H + theme.GAP
    height = goals_top + GOALS_H + 20
    # the empty map and research panel are on every sheet: kept with the backdrop
    # (``render.compose``: a sheet sent 640 px wide is shrunk only where this drawing changed it)
    tracks_box = (theme.GAP, tracks_top, TRACKS_W, tracks_top + TRACKS_H)
    image = canvas(
        theme.WIDTH,
        height,
        key=("observatory-sheet", grid, tracks_box, language()),
        static=functools.partial(_static, grid=grid, tracks_box=tracks_box),
    )
    kept = composing(image)
    title, flexible, sub = _title(view, names, seat, score, note)
    header(image, title, sub, flexible=flexible)
    mark((theme.GAP, HEADER_TOP, theme.WIDTH - theme.GAP, HEADER_TOP + HEADER_H))
    _dice_header(image, view, theme.WIDTH - theme.GAP - 20, 16 + 58)
    fresh, spaces = fresh_of(view, seat)
    paint_sheet_map(
        image,
        grid,
        sheet,
        legal=marks.legal,
        shooting=marks.shooting,
        picked=marks.picked,
        placement=marks.placement,
        fresh=fresh,
        plain=not kept,
    )
    picks = [*spaces, *([marks.space] if marks.space else [])]
    (tracks_over if kept else draw_tracks)(image, tracks_box, sheet, picks)
    draw_banked(
        image,
        (TRACKS_W + theme.GAP, tracks_top, theme.WIDTH - theme.GAP, tracks_top + TRACKS_H),
        view,
        seat,
        sheet,
        score,
    )
    _goals(image, goals_top, view, sheet, marks.goal)
    return image


def _static(image: Image.Image, *, grid: Grid, tracks_box: tuple[int, int, int, int]) -> None:
    """What every sheet shows whatever the game: the empty map and research panel."""
    plain_map(image, grid=grid)
    empty_tracks(image, tracks_box)


def _goals(
    image: Image.Image, top: int, view: Mapping[str, Any], sheet: Mapping[str, Any], goal: str | None
) -> None:
    cards = as_map(view.get("cards"))
    goals = [g for g in sheet.get("goals") or [] if isinstance(g, str)]
    slots = (goals + [""] * 4)[:4] if len(goals) <= 4 else goals
    captions = {i: _("goal to draw") for i in range(len(goals), 4)}
    marked = {goal: _("PICKED")} if goal else None
    card_row(image, top, slots[:4], cards, per_row=4, height=GOAL_H, marked=marked, captions=captions)


def grid_of_sheet() -> Grid:
    """The map grid of ``draw_sheet`` (tests and previews locate cells with it)."""
    return grid_for(MAP_LEFT, 16 + 116 + theme.GAP, MAP_W)
