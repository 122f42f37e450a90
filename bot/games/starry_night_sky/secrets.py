"""What each viewer may not know in Starry Night Sky, for ``Game.disguise``.

Secret from a viewer: the RNG, the order of the goal deck, and while the game runs the Myth
cards of every other seat.
"""

from __future__ import annotations

import json

from bot.games.base import RNG_FLIP, State, marked, renamed


def hidden_cards(state: State, viewer: int | None) -> set[str]:
    if state["phase"] == "over":
        return set()
    return {m for seat, player in enumerate(state["players"]) if seat != viewer for m in player["myths"]}


def disguise(state: State, viewer: int | None) -> State:
    s = renamed(json.loads(json.dumps(state)), marked(hidden_cards(state, viewer)))
    s["rng"] ^= RNG_FLIP
    s["deck"].reverse()
    return s
