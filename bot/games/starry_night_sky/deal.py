"""The opening deal: the shuffled goal deck, three secret Myths and a star in each pool per seat.

Kept apart from the turn because it runs once, before any turn exists; the first turn then
starts as every later one does, through ``turn.start_turn``.
"""

from __future__ import annotations

from typing import Any

from bot.games.rng import Rng
from bot.games.starry_night_sky.components import (
    BAG_PER_COLOUR,
    COLOURS,
    START,
    load_goals,
    load_map,
    load_myths,
)
from bot.games.starry_night_sky.model import DAWN_MARKERS, MYTHS_EACH, NIGHT_FILL, NIGHT_TRACK, POOLS, SLUG
from bot.games.starry_night_sky.turn import State, draw_star, start_turn


def new_game(seats: int, options: dict[str, Any], seed: int) -> State:
    rng = Rng(seed)
    deck = sorted(load_goals())
    rng.shuffle(deck)
    myths = sorted(load_myths())
    rng.shuffle(myths)
    state: State = {
        "game": SLUG,
        "seats": seats,
        "options": dict(options),
        "rng": 0,
        "decision": 1,
        "phase": "play",
        "round": 1,
        "current": 0,
        "night": list(NIGHT_TRACK[: NIGHT_FILL[seats]]),
        "night_total": NIGHT_FILL[seats],
        "dawn_left": DAWN_MARKERS,
        "dawn": False,
        "ended_by": None,
        "bag": {c: BAG_PER_COLOUR for c in COLOURS},
        "deck": deck,
        "discard": [],
        "board": {
            cid: {"filled": [False] * len(c.spots), "marker": None, "dawn_marker": False, "by": None}
            for cid, c in load_map().constellations.items()
        },
        "players": [],
        "turn": None,
        "last_summary": None,
        "round_activity": False,
    }
    for seat in range(seats):
        pools = [[draw_star(state, rng)] for _ in range(POOLS)]
        dealt = sorted(myths[seat * MYTHS_EACH : (seat + 1) * MYTHS_EACH])
        state["players"].append(
            {
                "at": START,
                "pools": pools,
                "goals": [],
                "myths": dealt,
                "score": {"discovery": 0, "stars": 0, "goals": 0},
                "turns": 0,
            }
        )
    state["rng"] = rng.state
    events: list[str] = []
    start_turn(state, events)
    return state
