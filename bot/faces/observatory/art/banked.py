"""The banked panel of an Observatory sheet: bonuses waiting to be spent, in words, and the
score by kind. Kept apart from the sheet's drawing because its words are also what the alt text
and the sheet's small-screen rows need to fit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.observatory.art.parts import wrapped
from bot.games.observatory.texts import TRACK_NAMES
from bot.i18n import N_, _, ngettext
from render import theme
from render.common import as_map, fitted, num, panel, text
from render.compose import mark

ORIGINS = {"finder": TRACK_NAMES["finder"], "night": N_("Night"), "completion": N_("Card")}


def grant_words(kind: object, count: int, value: object) -> str:
    """A banked bonus in a few words: one ("free star"), or several alike ("2 free stars")."""
    if count > 1:
        if kind == "star":
            return ngettext("{n} free star", "{n} free stars", count)
        if kind == "research":
            return ngettext("{n} research space", "{n} research spaces", count)
        if kind == "either":
            return ngettext("{n} star or space", "{n} stars or spaces", count)
        if kind == "shooting_star":
            return ngettext("{n} star in row/col {value}", "{n} stars in row/col {value}", count, value=value)
        return ngettext("{n} bonus", "{n} bonuses", count)
    if kind == "star":
        return _("free star")
    if kind == "research":
        return _("research space")
    if kind == "either":
        return _("star or space")
    if kind == "shooting_star":
        return _("star in row/col {value}", value=value)
    return _("bonus")


def banked_lines(view: Mapping[str, Any], seat: int, sheet: Mapping[str, Any]) -> list[str]:
    """Bonuses waiting to be spent, in words: grants in the seat's own view, else the sheet's
    open track bonuses and Finder stars."""
    if view.get("you") == seat and isinstance(as_map(view.get("choice")).get("grants"), list):
        lines = []
        for grant in view["choice"]["grants"]:
            g = as_map(grant)
            given = g.get("count")
            count = given if isinstance(given, int) else 1
            words = grant_words(g.get("kind"), count, g.get("value", "?"))
            track = g.get("track")
            origin = TRACK_NAMES.get(str(track)) if track else ORIGINS.get(str(g.get("source")), "")
            lines.append(_("{origin}: {what}", origin=_(origin), what=words) if origin else words)
        return lines
    lines = [
        _("{track}: star or space", track=_(TRACK_NAMES.get(t, t)))
        for t, s in as_map(sheet.get("bonuses")).items()
        if s == "open"
    ]
    left = sheet.get("finder_left")
    if isinstance(left, int) and left > 0:
        lines.append(ngettext("Finder: {n} free star", "Finder: {n} free stars", left))
    return lines


SCORE_ROWS = (
    (N_("Constellations"), "constellations"),
    (N_("Asterisms"), "asterisms"),
    (N_("Funding"), "funding"),
    (N_("Spare stars"), "unused_stars"),
)


def draw_banked(
    image: Image.Image,
    box: tuple[int, int, int, int],
    view: Mapping[str, Any],
    seat: int,
    sheet: Mapping[str, Any],
    score: Mapping[str, Any],
) -> None:
    """The sheet's right-hand panel: bonuses waiting to be spent, then the score by kind."""
    draw = ImageDraw.Draw(image)
    panel(draw, box)
    mark(box)
    x0, y0, x1, y1 = box
    small = theme.font(theme.SMALL)
    text(draw, (x0 + 20, y0 + 40), _("Bonuses banked"), small, theme.MUTED, anchor="ls")
    lines = banked_lines(view, seat, sheet)
    shown = banked_rows(lines, small, x1 - x0 - 40)
    for i, line in enumerate(shown or [_("none")]):
        fitted(
            draw,
            (x0 + 20, y0 + 74 + i * 34),
            line,
            small,
            theme.INK if lines else theme.MUTED,
            x1 - x0 - 40,
            anchor="lm",
        )
    sy = y0 + 70 + 3 * 34
    draw.line((x0 + 20, sy - 8, x1 - 20, sy - 8), fill=theme.FAINT, width=2)
    bold = theme.font(theme.SMALL, True)
    text(draw, (x0 + 20, sy + 20), _("Score"), bold, theme.INK, anchor="lm")
    text(draw, (x1 - 20, sy + 20), num(score.get("total"), "0"), bold, theme.GOLD, anchor="rm")
    for i, (label, key) in enumerate(SCORE_ROWS):
        y = sy + 52 + i * 33
        value = num(score.get(key), "0")
        fitted(
            draw,
            (x0 + 20, y),
            _(label),
            small,
            theme.MUTED,
            x1 - x0 - 56 - small.getlength(value),
            anchor="lm",
        )
        text(draw, (x1 - 20, y), num(score.get(key), "0"), small, theme.MUTED, anchor="rm")


def banked_rows(lines: list[str], f: Any, width: float, slots: int = 3) -> list[str]:
    """The banked lines on the panel's ``slots`` rows: a long one wraps onto the next row, and
    what does not fit is counted on the last row ("+2 more")."""
    rows = [wrapped(line.split(), f, width) for line in lines]
    if sum(len(r) for r in rows) <= slots:
        return [piece for r in rows for piece in r]
    shown: list[str] = []
    told = 0
    for r in rows:
        if len(shown) + len(r) > slots - 1:
            break
        shown += r
        told += 1
    return [*shown, _("+{count} more", count=len(lines) - told)]
