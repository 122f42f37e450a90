"""Starry Night Sky images: pure functions from an engine view (a dict) to a picture.

Each image has a ``draw_*`` function returning a PIL image (so drawing and encoding can be
timed apart) and a ``*_png`` wrapper returning its encoded bytes (``encode``: lossless WebP of the
palette image every game draws, about 35% lighter than its PNG; the ``_png`` names are older than
the format). The board and results images read
only the PUBLIC keys of a view (``public_only``), so a seat view handed to them by mistake can
never put a Myth card into a channel. The panel and sheet images may show the seat's own Myth
cards and go only to that seat (DM, ephemeral message).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.starry_night_sky.art.board import MAP_H, View, draw_board, player_of, public_only
from bot.faces.starry_night_sky.art.map import draw_map, star_colour
from bot.faces.starry_night_sky.art.parts import (
    draw_myths,
    draw_pool,
    goal_lines,
    myth_box_height,
    named_parts,
    pools_of,
    wrap,
)
from bot.faces.starry_night_sky.art.results import draw_results
from bot.faces.starry_night_sky.words import place_name
from bot.i18n import _, ngettext
from render import shapes, theme
from render.common import (
    as_map,
    fitted,
    name_of,
    num,
    panel,
    seat_of,
    sky,
    text,
    text_width,
)
from render.encode import Encoding, Format, encode
from render.headers import SEP, Part, header

log = logging.getLogger(__name__)

__all__ = [
    "draw_board",
    "draw_panel",
    "draw_results",
    "draw_sheet",
    "EXTENSION",
    "board_png",
    "panel_png",
    "results_png",
    "sheet_png",
    "public_only",
]


# --- the seat's panel ----------------------------------------------------------------------
def _prompt(view: View) -> str:
    choice = as_map(view.get("choice"))
    kind = choice.get("kind")
    bonus = bool(choice.get("bonus"))
    if kind == "assign":
        return _("Put each new star in a different pool")
    if kind == "move":
        if choice.get("stuck"):
            return _("No destination fits your pools: trade a goal")
        return (
            _("Bonus exploration: move to a ringed constellation")
            if bonus
            else _("move to a ringed constellation")
        )
    if kind == "place":
        where = as_map(as_map(view.get("constellations")).get(str(choice.get("at"))))
        name = place_name(str(where.get("name", "?")))
        return (
            _("Bonus exploration: place stars on {place}", place=name)
            if bonus
            else _("place stars on {place}", place=name)
        )
    if kind == "end":
        return _("Trade goals or end your turn")
    if view.get("phase") == "over":
        return _("The game is over")
    return _("Waiting for your turn")


def draw_panel(
    view: View,
    names: Sequence[str],
    *,
    picked: str | None = None,
    pool: int | None = None,
    preview: str | None = None,
) -> Image.Image:
    """A seat's private panel: the map with its legal destinations, its pools, goals and myths.

    ``picked`` is a destination chosen but not confirmed (ringed gold); ``pool`` a pool picked
    for placing or trading (outlined gold); ``preview`` the header's line when ``view`` is the
    board as a plan will leave it (``plan.planned_view``).
    """
    you = seat_of(view.get("you"))
    me = player_of(view, you)
    choice = as_map(view.get("choice"))
    myths = [as_map(m) for m in (view.get("my_myths") or [])]
    goals = [as_map(g) for g in (me.get("goals") or [])]
    goal_h = 60 + max(1, len(goals)) * 70
    drawn = [str(s) for s in (choice.get("drawn") or [])] if choice.get("kind") == "assign" else []
    pools_h = 170 + (70 if drawn else 0)
    height = 16 + 116 + 16 + MAP_H + 16 + pools_h + 16 + goal_h + 16 + myth_box_height(len(myths)) + 16
    image = sky(theme.WIDTH, height)
    draw = ImageDraw.Draw(image)
    _panel_header(image, view, me, preview)
    y = 16 + 116 + 16

    rings, marks = _move_rings(choice, picked)
    at = str(choice.get("at")) if choice.get("kind") == "place" else None
    draw_map(
        image,
        view,
        names,
        (theme.GAP, y, theme.WIDTH - theme.GAP, y + MAP_H),
        rings=rings,
        picked=picked or at,
        you=you,
        mark=marks,
    )
    y += MAP_H + theme.GAP

    box = (theme.GAP, y, theme.WIDTH - theme.GAP, y + pools_h)
    _pools_box(image, draw, box, me, _("Your star pools"), pool=pool, drawn=drawn)
    y = box[3] + theme.GAP

    box = (theme.GAP, y, theme.WIDTH - theme.GAP, y + goal_h)
    _own_goals_box(image, draw, box, goals)
    y = box[3] + theme.GAP
    draw_myths(
        image,
        myths,
        (theme.GAP, y, theme.WIDTH - theme.GAP, y + myth_box_height(len(myths))),
        title=_("Your Myth cards (secret until the end)"),
        colour=theme.GOLD,
    )
    return image


def _panel_header(image: Image.Image, view: View, me: Mapping[str, Any], preview: str | None) -> None:
    """The panel's title (the seat's points) over the round and either the plan's preview or the prompt."""
    score = as_map(me.get("score"))
    given = score.get("total")
    total = given if isinstance(given, int) else 0
    title: list[Part] = [
        (_("Your panel"), theme.INK),
        (" · " + ngettext("{n} point", "{n} points", total), theme.GOLD),
    ]
    round_ = _("Round {round}", round=num(view.get("round"), "?"))
    line = (round_ + SEP + preview, theme.GOLD) if preview else (round_ + SEP + _prompt(view), theme.MUTED)
    header(image, title, [line])


def _move_rings(choice: Mapping[str, Any], picked: str | None) -> tuple[list[str], dict[str, str]]:
    """The destinations a move may ring, and the discovery points to mark beside those not yet picked."""
    rings: list[str] = []
    marks: dict[str, str] = {}
    if choice.get("kind") == "move":
        for dest in choice.get("destinations") or []:
            dest = as_map(dest)
            rings.append(str(dest.get("to")))
            if dest.get("discovery") and dest.get("to") != picked:
                marks[str(dest.get("to"))] = f"+{num(dest.get('points'), '0')}"
    return rings, marks


def _pools_box(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    me: Mapping[str, Any],
    title: str,
    *,
    pool: int | None = None,
    drawn: Sequence[str] = (),
) -> None:
    """The three star pools in their panel, shared by the seat's panel and any player's sheet.

    ``pool`` is outlined gold (picked for placing or trading); ``drawn`` are the new stars still to
    sort, shown in a row under the pools (the panel makes the box taller for them).
    """
    panel(draw, box)
    small = theme.font(theme.SMALL)
    y = box[1]
    text(draw, (box[0] + 22, y + 40), title, small, theme.MUTED, anchor="ls")
    width = (box[2] - box[0] - 44 - 2 * 20) / 3
    for i, stars in enumerate(pools_of(me)):
        x = box[0] + 22 + i * (width + 20)
        draw_pool(
            image,
            draw,
            (x, y + 58, x + width, y + 148),
            stars,
            label=str(i + 1),
            highlight=pool == i,
            star_r=20,
        )
    if drawn:
        caption = _("New stars to sort:")
        text(draw, (box[0] + 22, y + 200), caption, small, theme.INK, anchor="lm")
        first = max(box[0] + 300, box[0] + 22 + text_width(caption, small) + 36)
        for i, colour in enumerate(drawn):
            sprite = shapes.star_sprite("five", star_colour(colour), 22)
            shapes.paste(image, sprite, first + i * 60, y + 198)


def _own_goals_box(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    goals: Sequence[Mapping[str, Any]],
) -> None:
    """The panel's goals, titled to remind the seat that its goals are public (its Myths are not)."""
    panel(draw, box)
    fitted(
        draw,
        (box[0] + 22, box[1] + 40),
        _("Your exploration goals (everyone can see them)"),
        theme.font(theme.SMALL),
        theme.MUTED,
        box[2] - box[0] - 44,
        anchor="ls",
    )
    _goal_rows(image, draw, goals, box)


def _goal_rows(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    goals: Sequence[Mapping[str, Any]],
    box: tuple[float, float, float, float],
) -> None:
    f, pts = theme.font(23), theme.font(24, True)
    if not goals:
        text(
            draw,
            (box[0] + 22, box[1] + 84),
            _("None held"),
            theme.font(theme.SMALL),
            theme.MUTED,
            anchor="lm",
        )
    for i, (points, words) in enumerate(goal_lines(goals)):
        top = box[1] + 58 + i * 70
        text(draw, (box[0] + 22, top + 8), points, pts, theme.GOLD, anchor="la")
        room = box[2] - box[0] - 120
        for j, line in enumerate(wrap(words, f, room)):
            fitted(draw, (box[0] + 96, top + 6 + j * 29), line, f, theme.INK, room, anchor="la")


# --- a seat's sheet ------------------------------------------------------------------------
def draw_sheet(view: View, names: Sequence[str], seat: int) -> Image.Image:
    """A player's pools, goals and score; their Myth cards only on their own view or at the end."""
    seat = seat_of(seat)
    own = seat_of(view.get("you")) == seat
    if not own:
        view = public_only(view)
    me = player_of(view, seat)
    goals = [as_map(g) for g in (me.get("goals") or [])]
    revealed = [
        as_map(m)
        for m in (
            (view.get("myths") or [])[seat]
            if isinstance(view.get("myths"), list) and seat < len(view["myths"])
            else []
        )
    ]
    myths = [as_map(m) for m in view.get("my_myths") or []] if own else revealed
    goal_h = 60 + max(1, len(goals)) * 70
    myth_h = myth_box_height(len(myths)) if myths or own else 0
    height = 16 + 116 + 16 + 170 + 16 + goal_h + 16 + (myth_h + 16 if myth_h else 0)
    image = sky(theme.WIDTH, height)
    draw = ImageDraw.Draw(image)
    score = as_map(me.get("score"))
    title, flexible = named_parts(
        _("{name}'s sheet"), name_of(names, seat), theme.player_colour(seat), theme.INK
    )
    given = score.get("total")
    total = given if isinstance(given, int) else 0
    points = ngettext("{n} point", "{n} points", total)
    parts = _(
        "discovery {discovery}, stars {stars}, goals {goals}",
        discovery=num(score.get("discovery"), "0"),
        stars=num(score.get("stars"), "0"),
        goals=num(score.get("goals"), "0"),
    )
    header(image, title, [(points + SEP + parts, theme.MUTED)], flexible=flexible)
    y = 16 + 116 + 16
    box = (theme.GAP, y, theme.WIDTH - theme.GAP, y + 170)
    _pools_box(image, draw, box, me, _("Star pools"))
    y = box[3] + theme.GAP
    box = (theme.GAP, y, theme.WIDTH - theme.GAP, y + goal_h)
    panel(draw, box)
    text(
        draw, (box[0] + 22, y + 40), _("Exploration goals"), theme.font(theme.SMALL), theme.MUTED, anchor="ls"
    )
    _goal_rows(image, draw, goals, box)
    y = box[3] + theme.GAP
    if myth_h:
        myth_title = _("Your Myth cards (secret until the end)") if own and not revealed else _("Myth cards")
        draw_myths(
            image,
            myths,
            (theme.GAP, y, theme.WIDTH - theme.GAP, y + myth_h),
            title=myth_title,
            colour=theme.GOLD,
        )
    return image


# --- encoded pictures ----------------------------------------------------------------------
# A 64-colour palette PNG: measured on a 4-seat panel, 28 ms and 78 KB where the 256-colour lossless
# WebP took 180 ms for 53 KB (``python -m bench --only render``). 64 colours, not 256: the PNG of 256
# reached 89 KB of the 100 KB budget; no difference shows on this flat art (the mean change is a
# quarter of a level of 255 per channel). zlib level 4, not 6 (issue 31's third pass): 9.5 ms
# instead of 15 for a 1000 x 1850 board, 82-91 KB instead of 74-81; level 3 (7.3 ms) reached
# 102 KB on the final board and results, level 1 116 KB.
PICTURE = Encoding(64, Format.PNG, 4)
PICTURE_WAS = Encoding(256, Format.WEBP, 4)  # before issue 31


EXTENSION = PICTURE.suffix.removeprefix(".")


def board_png(view: View, names: Sequence[str]) -> bytes:
    return encode(draw_board(view, names), PICTURE, was=PICTURE_WAS)


def panel_png(
    view: View,
    names: Sequence[str],
    *,
    picked: str | None = None,
    pool: int | None = None,
    preview: str | None = None,
) -> bytes:
    return encode(
        draw_panel(view, names, picked=picked, pool=pool, preview=preview), PICTURE, was=PICTURE_WAS
    )


def sheet_png(view: View, names: Sequence[str], seat: int) -> bytes:
    return encode(draw_sheet(view, names, seat), PICTURE, was=PICTURE_WAS)


def results_png(view: View, names: Sequence[str]) -> bytes:
    return encode(draw_results(view, names), PICTURE, was=PICTURE_WAS)
