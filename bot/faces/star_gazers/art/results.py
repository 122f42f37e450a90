"""The final Star Gazers image: every Mural beside its score breakdown, winners first.

The breakdown is laid out like a scoresheet, one line per kind of points with the count and
the points it earned, and the total underneath. Reads only the public view (the caller strips
it), which carries every player's Journal cards once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.star_gazers.art.board import public_only
from bot.faces.star_gazers.art.parts import draw_mural, ints, items
from bot.faces.star_gazers.words import TITLE
from bot.i18n import _, ngettext
from render import theme
from render.common import as_map, fitted, name_of, seat_of, sky, text
from render.headers import SEP, header

# Each seat's row: its Mural (4 x MURAL_CELL) beside a scoresheet in two columns, so four seats
# fit a phone screen and the image stays under the byte budget (a Mural is most of its bytes).
MURAL_CELL = 60
ROW_H = 4 * MURAL_CELL + 62
LINE_H = 32


def _icon_words(key: str, n: int) -> str:
    """One scoresheet line's words for a printed or placed icon ("3 Moons", "2 Planets ×2")."""
    if key == "meteor":
        return ngettext("{n} Meteor", "{n} Meteors", n)
    if key == "station":
        return ngettext("{n} Space Station", "{n} Space Stations", n)
    if key == "moon":
        return ngettext("{n} Moon", "{n} Moons", n)
    if key == "comet":
        return ngettext("{n} Comet", "{n} Comets", n)
    if key == "black_hole":
        # i18n: Black Holes score 2 points each
        return ngettext("{n} Black Hole ×2", "{n} Black Holes ×2", n)
    # i18n: completed Planets score 2 points each
    return ngettext("{n} Planet ×2", "{n} Planets ×2", n)


# (icon, points each), in scoresheet order
ICON_LINES = (("meteor", 1), ("station", 1), ("moon", 1), ("comet", 1), ("black_hole", 2), ("planet", 2))


def score_lines(entry: Mapping[str, Any], names_of_cards: Mapping[str, str]) -> list[tuple[str, int]]:
    """(words, points) for each part of one seat's breakdown, in scoresheet order."""
    lines: list[tuple[str, int]] = []
    photos = as_map(entry.get("photos"))
    unique = seat_of(photos.get("unique"), 0)
    photo_points = seat_of(photos.get("points"), 0)
    lines.append((ngettext("{n} unique photo", "{n} unique photos", unique), photo_points))
    counts = as_map(entry.get("icons"))
    for key, each in ICON_LINES:
        n = seat_of(counts.get(key), 0)
        lines.append((_icon_words(key, n), n * each))
    scopes = as_map(entry.get("telescopes"))
    done = len(items(scopes.get("completed")))
    points = seat_of(scopes.get("points"), 0)
    lines.append((ngettext("{n} Telescope card", "{n} Telescope cards", done), points))
    for c in items(entry.get("constellations")):
        c = as_map(c)
        card = str(c.get("card", "?"))
        name = _(names_of_cards[card]) if card in names_of_cards else card
        stars = seat_of(c.get("stars"), 0)
        # i18n: a Constellation card's name and the Stars a Mural matches of it
        lines.append(
            (ngettext("{name}: {n} star", "{name}: {n} stars", stars, name=name), seat_of(c.get("points"), 0))
        )
    return lines


def draw_scores(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """Final results from a PUBLIC view: ranking, Murals and scoresheets."""
    outcome = as_map(view.get("outcome"))
    players = [as_map(p) for p in items(view.get("players"))][:4]
    seats = max(1, len(players))
    breakdown = [as_map(b) for b in items(outcome.get("breakdown"))]
    if len(breakdown) < seats:
        breakdown = [as_map(p.get("score")) for p in players] or [{}]
    totals = [seat_of(b.get("total"), 0) for b in breakdown][:seats]
    winners = set(ints(outcome.get("winners")))
    order = sorted(range(seats), key=lambda s: (s not in winners, -totals[s], s))
    image = sky(theme.WIDTH, 148 + seats * (ROW_H + 16))
    win = [name_of(names, s) for s in sorted(winners)]
    title = (
        [(_("Winner: ") if len(win) == 1 else _("Winners: "), theme.INK), (" & ".join(win), theme.GOLD)]
        if win
        else [(_("Final results"), theme.INK)]
    )
    # i18n: the results image's subtitle
    sub = _("Final results{sep}{game}", sep=SEP, game=_(TITLE))
    header(image, title, [(sub, theme.MUTED)], flexible=1 if win else None)
    card_names = {
        str(as_map(c).get("id")): str(as_map(c).get("name")) for c in items(view.get("constellations"))
    }
    draw = ImageDraw.Draw(image)
    bold, small = theme.font(theme.SMALL, bold=True), theme.font(theme.SMALL)
    for rank, seat in enumerate(order):
        y = 148 + rank * (ROW_H + 16)
        box = (16, y, theme.WIDTH - 16, y + ROW_H)
        draw.rounded_rectangle(
            box,
            radius=16,
            fill=theme.PANEL,
            outline=theme.GOLD if seat in winners else theme.PANEL_EDGE,
            width=5 if seat in winners else 2,
        )
        mural = as_map(players[seat].get("mural")) if seat < len(players) else {}
        draw_mural(image, 30, y + 31, MURAL_CELL, mural, guide=False)
        x = 30 + 4 * MURAL_CELL + 24
        fitted(
            draw,
            (x, y + 44),
            name_of(names, seat),
            theme.font(theme.HEADING, True),
            theme.player_colour(seat),
            box[2] - 20 - 90 - x,
            anchor="ls",
        )
        text(
            draw,
            (box[2] - 20, y + 44),
            str(totals[seat] if seat < len(totals) else 0),
            theme.font(theme.HEADING, True),
            theme.GOLD,
            anchor="rs",
        )
        entry = breakdown[seat] if seat < len(breakdown) else {}
        lines = score_lines(entry, card_names)
        half = (len(lines) + 1) // 2
        column_w = (box[2] - 20 - x - 24) / 2
        for i, (words, points) in enumerate(lines):
            cx = x + (i // half) * (column_w + 24)
            ly = y + 86 + (i % half) * LINE_H
            colour = theme.INK if points else theme.MUTED
            fitted(draw, (cx, ly), words, small, colour, column_w - 44, anchor="ls")
            text(draw, (cx + column_w, ly), str(points), bold, colour, anchor="rs")
    return image


def draw_results(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """Every Mural with its score breakdown (public view only)."""
    return draw_scores(public_only(view), names)
