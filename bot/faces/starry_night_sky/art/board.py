"""The public Starry Night Sky board: map, telescopes, markers, both tracks and the scores.

It reads only the PUBLIC keys of a view (``public_only``), so a seat view handed to it by
mistake can never put a Myth card into a channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from bot.faces.starry_night_sky.art.map import draw_map
from bot.faces.starry_night_sky.art.parts import draw_tracks, named_parts, score_table
from bot.games.starry_night_sky.phrases import colour_count
from bot.i18n import _, translate
from render import theme
from render.common import as_map, name_of, num, seat_of, sky
from render.headers import Part, header

View = Mapping[str, Any]

PUBLIC_KEYS = frozenset(
    {
        "game",
        "phase",
        "seats",
        "decision",
        "round",
        "current",
        "step",
        "dawn",
        "final_round",
        "night",
        "night_total",
        "dawn_left",
        "bag",
        "deck",
        "discard",
        "start",
        "start_xy",
        "constellations",
        "edges",
        "players",
        "turn",
        "last_summary",
        "myths",
        "outcome",
    }
)
MAP_H = 1100


def public_only(view: View) -> dict[str, Any]:
    """Only the public keys: what the board and results may draw from, whatever they are handed."""
    return {k: v for k, v in view.items() if k in PUBLIC_KEYS}


def player_of(view: View, seat: int) -> Mapping[str, Any]:
    for entry in view.get("players") or []:
        if isinstance(entry, Mapping) and entry.get("seat") == seat:
            return entry
    return {}


def _bag_line(view: View) -> str:
    bag = as_map(view.get("bag"))
    return _(
        "Bag: {red}, {blue}, {yellow}",
        **{c: translate(colour_count(c, _count(bag.get(c)))) for c in ("red", "blue", "yellow")},
    )


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _turn_title(view: View, names: Sequence[str]) -> tuple[list[Part], int]:
    """The title's parts and the one to cut when it is too long (the player's name)."""
    seat = seat_of(view.get("current"))
    over = view.get("phase") == "over"
    # the final round is said in the title: beside the step and the bag it made the subtitle too long
    number = num(view.get("round"), "?")
    head = (
        _("Round {round} (final)", round=number)
        if view.get("final_round") and not over
        else _("Round {round}", round=number)
    )
    if over or seat < 0:
        return [(head, theme.INK), (" · " + _("game over"), theme.GOLD)], 1
    turn, name = named_parts(_("{name}'s turn"), name_of(names, seat), theme.player_colour(seat), theme.INK)
    return [(head + " · ", theme.MUTED), *turn], name + 1


def draw_board(view: View, names: Sequence[str]) -> Image.Image:
    """The public board after a turn: map, telescopes, markers, both tracks and the scores."""
    view = public_only(view)
    seats = len(view.get("players") or [])
    height = 16 + 116 + 16 + MAP_H + 16 + 150 + 16 + 56 + seats * 84 + 12 + 16
    image = sky(theme.WIDTH, height)
    # which part of the turn the player is at is the card's words: a turn's steps share one card,
    # whose picture stays while its text follows the player, so the picture says no step
    subtitle = [(_bag_line(view), theme.MUTED)]
    title, flexible = _turn_title(view, names)
    y = header(image, title, subtitle, flexible=flexible)
    draw_map(image, view, names, (theme.GAP, y, theme.WIDTH - theme.GAP, y + MAP_H))
    y = draw_tracks(image, view, y + MAP_H + theme.GAP)
    score_table(image, view, names, y, final=as_map(view.get("outcome")) or None)
    return image
