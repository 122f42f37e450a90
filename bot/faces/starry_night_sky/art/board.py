"""The public Starry Night Sky board: map, telescopes, markers, both tracks and the scores.

It reads only the PUBLIC keys of a view (``public_only``), so a seat view handed to it by
mistake can never put a Myth card into a channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from bot.faces.starry_night_sky.art.map import draw_map
from bot.faces.starry_night_sky.art.parts import draw_tracks, score_table
from render import theme
from render.common import as_map, name_of, num, seat_of, sky
from render.headers import SEP, Part, header

View = Mapping[str, Any]

PUBLIC_KEYS = frozenset({
    "game", "phase", "seats", "decision", "round", "current", "step", "dawn", "final_round", "night",
    "night_total", "dawn_left", "bag", "deck", "discard", "start", "start_xy", "constellations", "edges",
    "players", "turn", "last_summary", "myths", "outcome",
})
MAP_H = 1100
STEP_WORDS = {
    "assign": "sorting new stars into pools",
    "move": "choosing where to explore",
    "place": "placing stars",
    "bonus_move": "bonus exploration: choosing where",
    "bonus_place": "bonus exploration: placing stars",
    "end": "finishing the turn",
}


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
    return (f"Bag: {num(bag.get('red'), '0')} red, {num(bag.get('blue'), '0')} blue, "
            f"{num(bag.get('yellow'), '0')} yellow")


def _turn_title(view: View, names: Sequence[str]) -> list[Part]:
    seat = seat_of(view.get("current"))
    head = f"Round {num(view.get('round'), '?')}"
    if view.get("phase") == "over" or seat < 0:
        return [(head, theme.INK), (" · game over", theme.GOLD)]
    return [(head + " · ", theme.MUTED), (name_of(names, seat), theme.player_colour(seat)),
            ("'s turn", theme.INK)]


def draw_board(view: View, names: Sequence[str]) -> Image.Image:
    """The public board after a turn: map, telescopes, markers, both tracks and the scores."""
    view = public_only(view)
    seats = len(view.get("players") or [])
    height = 16 + 116 + 16 + MAP_H + 16 + 150 + 16 + 56 + seats * 84 + 12 + 16
    image = sky(theme.WIDTH, height)
    final = "; final round" if view.get("final_round") and view.get("phase") != "over" else ""
    step = STEP_WORDS.get(str(view.get("step")), "")
    subtitle = [(SEP.join(p for p in (step + final, _bag_line(view)) if p), theme.MUTED)]
    y = header(image, _turn_title(view, names), subtitle, flexible=1)
    draw_map(image, view, names, (theme.GAP, y, theme.WIDTH - theme.GAP, y + MAP_H))
    y = draw_tracks(image, view, y + MAP_H + theme.GAP)
    score_table(image, view, names, y, final=as_map(view.get("outcome")) or None)
    return image
