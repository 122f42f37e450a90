"""The Starry Night Sky final results: the final map, the standings and every Myth card revealed.

Reads only the PUBLIC keys of the view (``board.public_only``), so it is safe to post in a channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.starry_night_sky.art.board import MAP_H, View, public_only
from bot.faces.starry_night_sky.art.map import draw_map
from bot.faces.starry_night_sky.art.parts import ints, myth_label, named_parts
from bot.faces.starry_night_sky.words import TITLE
from bot.i18n import _, ngettext
from render import shapes, theme
from render.common import as_list, as_map, fitted, mix, name_of, num, panel, seat_of, sky, text, text_width
from render.headers import Part, header

ROW_H = 38  # one Myth card; a player's name and total take the first two rows beside them
PAD = 8  # above and below each player's block
MYTHS_X = 300  # where the Myth cards start, from the panel's left edge: the longest pair fits after it


def _myths_of(view: View, seats: int) -> list[list[Mapping[str, Any]]]:
    myths = as_list(view.get("myths"))
    return [
        [as_map(m) for m in (myths[s] if s < len(myths) and isinstance(myths[s], list) else [])]
        for s in range(seats)
    ]


def _block_h(cards: int) -> int:
    return max(cards, 2) * ROW_H + 2 * PAD


def _players(view: View) -> list[Mapping[str, Any]]:
    return [p for p in (view.get("players") or []) if isinstance(p, Mapping)]


def _standing(player: Mapping[str, Any], index: int) -> tuple[int, int, int]:
    """Sort key: most points first, then most Myth points (the rules' tie-break), then seat order."""
    score = as_map(player.get("score"))
    total, myths = seat_of(score.get("total"), 0), seat_of(score.get("myths"), 0)
    return -total, -myths, seat_of(player.get("seat"), index)


def _title(outcome: Mapping[str, Any], names: Sequence[str]) -> tuple[list[Part], int | None]:
    """The header's title and the part to cut when it is too long (a single winner's name)."""
    winners = ints(outcome.get("winners"))
    if len(winners) == 1:
        return named_parts(
            _("{name} wins!"), name_of(names, winners[0]), theme.player_colour(winners[0]), theme.GOLD
        )
    if not winners:
        return [(_("Final results"), theme.INK)], None
    title: list[Part] = []
    for i, seat in enumerate(winners):
        if i:
            title.append((" & ", theme.INK))
        title.append((name_of(names, seat), theme.player_colour(seat)))
    title.append((" " + _("share the win!"), theme.GOLD))
    return title, None


def standings_height(view: View) -> int:
    players = _players(view)
    return sum(_block_h(len(cards)) for cards in _myths_of(view, len(players))) + 2 * PAD


def draw_standings(image: Image.Image, view: View, names: Sequence[str], top: int) -> int:
    """Each player, best first: name and total, and beside them their Myth cards with what each is
    worth, ticked and gold where it scored (both constellations mapped). Returns the y below."""
    draw = ImageDraw.Draw(image)
    players = _players(view)
    per_seat = _myths_of(view, len(players))
    winners = set(ints(as_map(view.get("outcome")).get("winners")))
    box = (theme.GAP, top, theme.WIDTH - theme.GAP, top + standings_height(view))
    panel(draw, box)
    name_f, total_f, myth_f = theme.font(theme.BODY, True), theme.font(30, True), theme.font(24, True)
    left, myths_x, right = box[0] + 62, box[0] + MYTHS_X, box[2] - 24
    room = myths_x - 24 - left  # for a name and a total
    y = top + PAD
    for shade, i in enumerate(sorted(range(len(players)), key=lambda i: _standing(players[i], i))):
        player, cards = players[i], per_seat[i]
        seat = seat_of(player.get("seat"), i)
        height = _block_h(len(cards))
        if shade % 2 == 0:
            draw.rectangle((box[0] + 6, y, box[2] - 6, y + height), fill=mix(theme.PANEL, theme.INK, 0.04))
        first, second = y + PAD + ROW_H / 2, y + PAD + ROW_H * 1.5
        draw.ellipse((box[0] + 20, first - 14, box[0] + 48, first + 14), fill=theme.player_colour(seat))
        name_colour = theme.GOLD if seat in winners else theme.INK
        fitted(draw, (left, first), name_of(names, seat), name_f, name_colour, room, anchor="lm")
        total = seat_of(as_map(player.get("score")).get("total"), 0)
        points = ngettext("{n} point", "{n} points", total)
        fitted(draw, (left, second + 2), points, total_f, theme.GOLD, room, anchor="lm")
        for row, myth in enumerate(cards):
            cy = y + PAD + ROW_H * (row + 0.5)
            scored = bool(myth.get("scored"))
            if scored:
                shapes.paste(image, shapes.check_sprite(28, theme.ACCENT), myths_x + 14, cy)
            else:
                draw.ellipse((myths_x + 6, cy - 8, myths_x + 22, cy + 8), outline=theme.MUTED, width=3)
            points = f"+{num(myth.get('points'), '?')}"
            text(draw, (right, cy), points, myth_f, theme.GOLD if scored else theme.MUTED, anchor="rm")
            fitted(
                draw,
                (myths_x + 38, cy),
                myth_label(myth),
                myth_f,
                theme.INK if scored else theme.MUTED,
                right - text_width(points, myth_f) - 16 - (myths_x + 38),
                anchor="lm",
            )
        y += height
    return box[3] + theme.GAP


def draw_results(view: View, names: Sequence[str]) -> Image.Image:
    """Final results: the final sky as on the last board, then the standings with every Myth card.

    The map sits where the board has it (the same box, so its names are placed alike); the
    standings take the place of the board's tracks and score table. The score parts are in the
    message posted with the image: they would take it past the byte budget.
    """
    view = public_only(view)
    height = 16 + 116 + 16 + MAP_H + theme.GAP + standings_height(view) + theme.GAP
    image = sky(theme.WIDTH, height)
    title, flexible = _title(as_map(view.get("outcome")), names)
    # the game's name alone: "final scores with Myth cards revealed" cost 2.7 KB the standings say
    y = header(image, title, [(_(TITLE), theme.MUTED)], flexible=flexible)
    draw_map(image, view, names, (theme.GAP, y, theme.WIDTH - theme.GAP, y + MAP_H))
    draw_standings(image, view, names, y + MAP_H + theme.GAP)
    return image
