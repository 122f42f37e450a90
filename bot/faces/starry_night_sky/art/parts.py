"""Starry Night Sky board pieces: the Night and Dawn Tracks, star pools, score rows, myth rows.

Each function draws into a box of a larger image and reads only what it is handed, so the
board, panel, sheet and results images share them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.starry_night_sky.art.map import MARKER_DAWN, MARKER_DONE, MARKER_NIGHT, star_colour
from bot.faces.starry_night_sky.words import place_name
from bot.i18n import _, ngettext
from render import shapes, theme
from render.common import as_map, clean, fitted, mix, name_of, num, panel, seat_of, text, text_width
from render.headers import Part
from render.theme import RGB

View = Mapping[str, Any]

NIGHT_VALUES = (1,) * 5 + (2,) * 7 + (3,) * 8  # the 20 spaces of the Night Track
TRACKS_H = 150
ROW_H = 84


def ints(values: Any) -> list[int]:
    return [v for v in (values or []) if isinstance(v, int) and not isinstance(v, bool)]


def named_parts(template: str, name: str, name_colour: RGB, colour: RGB) -> tuple[list[Part], int]:
    """A translated title with a ``{name}`` in it ("{name}'s sheet", Italian "Scheda di {name}") as
    coloured parts, the name in its own colour; returns the parts and the name's index (the piece
    to cut if the line is too long)."""
    before, __, after = template.partition("{name}")
    parts: list[Part] = [(before, colour)] if before else []
    parts.append((name, name_colour))
    if after:
        parts.append((after, colour))
    return parts, 1 if before else 0


def pools_of(player: Mapping[str, Any]) -> list[list[str]]:
    pools = player.get("pools")
    out = [[str(s) for s in p][:4] if isinstance(p, (list, tuple)) else [] for p in (pools or [])][:3]
    return out + [[] for _ in range(3 - len(out))]


def draw_tracks(image: Image.Image, view: View, top: int) -> int:
    """The Night Track (20 spaces, those in play filled until taken) and the Dawn Track."""
    draw = ImageDraw.Draw(image)
    box = (theme.GAP, top, theme.WIDTH - theme.GAP, top + TRACKS_H)
    panel(draw, box)
    night = ints(view.get("night"))
    total = seat_of(view.get("night_total"), len(night))
    taken = max(0, total - len(night))
    small = theme.font(theme.SMALL)
    dawn = bool(view.get("dawn"))
    label = (
        _("Night Track: empty, dawn has come")
        if dawn
        else ngettext("Night Track: {n} left", "Night Track: {n} left", len(night))
    )
    text(draw, (box[0] + 22, top + 38), label, small, theme.GOLD if dawn else theme.MUTED, anchor="ls")
    step, r = 37.5, 15
    x0, cy = box[0] + 34, top + 80
    digit = theme.font(20, True)
    for i, value in enumerate(NIGHT_VALUES):
        cx = x0 + i * step
        if i >= total:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=theme.FAINT, width=2)
        elif i < taken:
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r), outline=mix(MARKER_NIGHT, theme.PANEL, 0.55), width=3
            )
        else:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MARKER_NIGHT)
            text(draw, (cx, cy + 1), str(value), digit, theme.DIE_INK, anchor="mm")
    for boundary in (5, 12):  # where the points per marker change
        bx = x0 + (boundary - 0.5) * step
        draw.line((bx, cy - 24, bx, cy + 24), fill=theme.FAINT, width=2)
    legend_y = top + 126
    for first, value in ((0, 1), (5, 2), (12, 3)):
        text(
            draw,
            (x0 + first * step - r, legend_y),
            ngettext("{n} pt", "{n} pts", value),
            small,
            theme.MUTED,
            anchor="ls",
        )
    # Dawn Track: 4 markers worth 3
    dawn_left = seat_of(view.get("dawn_left"), 4)
    dx0 = box[2] - 4 * 40 - 4
    text(draw, (box[2] - 22, top + 38), _("Dawn"), small, MARKER_DAWN if dawn else theme.MUTED, anchor="rs")
    for i in range(4):
        cx = dx0 + i * 40
        if i < 4 - dawn_left:
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r), outline=mix(MARKER_DAWN, theme.PANEL, 0.5), width=3
            )
        else:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MARKER_DAWN)
            text(draw, (cx, cy + 1), "3", digit, theme.DIE_INK, anchor="mm")
    text(
        draw, (dx0 - r, legend_y), ngettext("{n} pt each", "{n} pts each", 3), small, theme.MUTED, anchor="ls"
    )
    return box[3] + theme.GAP


def draw_pool(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    stars: Sequence[str],
    *,
    label: str | None = None,
    highlight: bool = False,
    star_r: int = 13,
) -> None:
    """One Star Pool: a rounded box with up to four stars in a row (empty places faint)."""
    draw.rounded_rectangle(
        box,
        radius=12,
        fill=mix(theme.PANEL, theme.SKY_TOP, 0.4),
        outline=theme.GOLD if highlight else theme.PANEL_EDGE,
        width=4 if highlight else 2,
    )
    x0, y0, x1, y1 = box
    if label:
        text(draw, (x0 + 10, (y0 + y1) / 2), label, theme.font(20, True), theme.MUTED, anchor="lm")
        x0 += 26
    step = (x1 - x0 - 8) / 4
    cy = (y0 + y1) / 2
    for i in range(4):
        cx = x0 + 4 + step * (i + 0.5)
        if i < len(stars):
            shapes.paste(image, shapes.star_sprite("five", star_colour(stars[i]), star_r, glow=False), cx, cy)
        else:
            draw.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=theme.FAINT)


def score_table(
    image: Image.Image, view: View, names: Sequence[str], top: int, *, final: Mapping[str, Any] | None = None
) -> int:
    """One row per seat: colour, name, pools, goals held and the score with its parts.

    ``final`` is the outcome; then the myths column is filled and winners get a gold name.
    """
    draw = ImageDraw.Draw(image)
    players = [as_map(p) for p in (view.get("players") or [])]
    seats = len(players)
    height = 56 + seats * ROW_H + 12
    box = (theme.GAP, top, theme.WIDTH - theme.GAP, top + height)
    panel(draw, box)
    small, body, bold = theme.font(theme.SMALL), theme.font(theme.BODY, True), theme.font(40, True)
    current = seat_of(view.get("current"))
    winners = set(ints(as_map(final).get("winners"))) if final else set()
    cols = {"pools": 330, "goals": 640, "total": box[2] - 26}
    hy = top + 40
    text(draw, (box[0] + 24, hy), _("Player"), small, theme.MUTED, anchor="ls")
    text(draw, (cols["pools"], hy), _("Star pools"), small, theme.MUTED, anchor="ls")
    text(draw, (cols["goals"], hy), _("Goals"), small, theme.MUTED, anchor="ls")
    text(draw, (cols["total"], hy), _("Score"), small, theme.MUTED, anchor="rs")
    for i, player in enumerate(players):
        seat = seat_of(player.get("seat"), i)
        y = top + 56 + i * ROW_H
        cy = y + ROW_H / 2
        if i % 2:
            draw.rectangle((box[0] + 6, y, box[2] - 6, y + ROW_H), fill=mix(theme.PANEL, theme.INK, 0.04))
        colour = theme.player_colour(seat)
        draw.ellipse((box[0] + 20, cy - 14, box[0] + 48, cy + 14), fill=colour)
        if seat == current:
            shapes.ring(image, box[0] + 34, cy, 20, theme.INK, width=3)
        name_colour = theme.GOLD if seat in winners else theme.INK
        fitted(
            draw,
            (box[0] + 62, cy - 12),
            name_of(names, seat),
            body,
            name_colour,
            cols["pools"] - box[0] - 76,
            anchor="lm",
        )
        score = as_map(player.get("score"))
        fields = {k: num(score.get(k), "0") for k in ("discovery", "stars", "goals", "myths")}
        sub = (
            _("discovery {discovery} · stars {stars} · goals {goals} · myths {myths}", **fields)
            if final
            else _("discovery {discovery} · stars {stars} · goals {goals}", **fields)
        )
        fitted(
            draw,
            (box[0] + 62, cy + 20),
            sub,
            theme.font(23),
            theme.MUTED,
            cols["total"] - 80 - box[0] - 62,
            anchor="lm",
        )
        for p, stars in enumerate(pools_of(player)):
            px = cols["pools"] + p * 100
            draw_pool(image, draw, (px, cy - 36, px + 94, cy + 4), stars, star_r=11)
        goals = [as_map(g) for g in (player.get("goals") or [])]
        text(
            draw, (cols["goals"], cy - 14), _("{count} held", count=len(goals)), small, theme.INK, anchor="lm"
        )
        total = num(score.get("total"), "0")
        text(draw, (cols["total"], cy - 10), total, bold, theme.GOLD, anchor="rm")
    return box[3] + theme.GAP


def myth_label(myth: Mapping[str, Any]) -> str:
    """How a Myth card is named everywhere: its two constellations joined by an ampersand."""
    return _(
        "{first} & {second}",
        first=clean(place_name(str(myth.get("a_name") or myth.get("a") or "?"))),
        second=clean(place_name(str(myth.get("b_name") or myth.get("b") or "?"))),
    )


def draw_myths(
    image: Image.Image,
    myths: Sequence[Mapping[str, Any]],
    box: tuple[float, float, float, float],
    *,
    title: str,
    colour: tuple[int, int, int] = theme.INK,
) -> None:
    """A seat's Myth cards as rows: the pair, its points, and a tick when both are mapped."""
    draw = ImageDraw.Draw(image)
    panel(draw, box)
    small = theme.font(theme.SMALL)
    fitted(draw, (box[0] + 22, box[1] + 40), title, small, colour, box[2] - box[0] - 44, anchor="ls")
    row = theme.font(26, True)
    for i, myth in enumerate(myths):
        cy = box[1] + 78 + i * 42
        scored = bool(myth.get("scored"))
        mark = shapes.check_sprite(28, theme.ACCENT) if scored else None
        if mark is not None:
            shapes.paste(image, mark, box[0] + 36, cy)
        else:
            draw.ellipse((box[0] + 28, cy - 8, box[0] + 44, cy + 8), outline=theme.MUTED, width=3)
        points = f"+{num(myth.get('points'), '?')}"
        right = box[2] - 22
        text(draw, (right, cy), points, row, theme.GOLD if scored else theme.MUTED, anchor="rm")
        room = right - text_width(points, row) - 16 - (box[0] + 60)
        fitted(
            draw,
            (box[0] + 60, cy),
            myth_label(myth),
            row,
            theme.INK if scored else theme.MUTED,
            room,
            anchor="lm",
        )


def myth_box_height(count: int) -> int:
    return 56 + max(count, 1) * 42 + 8


def goal_lines(goals: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(points, text) for each held goal."""
    out = []
    for g in goals:
        shown = _("{points} pt", points=num(g.get("points"), "?"))
        words = g.get("text")
        out.append((shown, clean(_(words) if isinstance(words, str) and words else str(g.get("id") or ""))))
    return out


def wrap(s: str, f: Any, width: float, max_lines: int = 2) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines; what is left over joins the last line.

    Nothing is cut here: the caller draws each line with ``fitted`` at ``width``, so a line too
    long is shortened there, where a measured test sees it.
    """
    lines: list[str] = []
    current = ""
    for word in s.split():
        trial = f"{current} {word}".strip()
        if text_width(trial, f) <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1 :])]
    return lines


MARKERS = {"night": MARKER_NIGHT, "dawn": MARKER_DAWN, "done": MARKER_DONE}
