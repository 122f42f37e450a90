"""What each viewer may not know in A Sky of Stars, for ``Game.disguise``.

Secret from a viewer: the RNG and the deck beyond the current round, every other seat's number
and pending stroke, and every other seat's drawing unless the viewer looks at it (a canceller
sees the vault on its left during a swirl; a guess shows the drawings up to the one guessed on;
a reveal shows those revealed so far).
"""

from __future__ import annotations

import json

from bot.games.base import RNG_FLIP, State
from bot.games.sky_of_stars.model import left_of

NOWHERE = {"start": "ZZ", "stars": ["ZZ"], "strokes": [["ZZ", "ZZ"]]}


def disguise(state: State, viewer: int | None) -> State:
    s = json.loads(json.dumps(state))
    seats = s["seats"]
    s["rng"] ^= RNG_FLIP
    s["deck"][s["round"] :] = reversed(s["deck"][s["round"] :])
    visible = {viewer}
    if viewer is not None and s["phase"] == "swirl" and viewer in s["waiting"]:
        visible.add(left_of(viewer, seats))
    if s["phase"] == "guess":
        visible |= set(s["guess"]["order"][: s["guess"]["position"] + 1])
    if s["phase"] == "reveal":
        visible |= set(s["guess"]["order"][: s["guess"]["position"]])
    for seat in range(seats):
        if seat == viewer:
            continue
        s["numbers"][seat] = s["numbers"][seat] % 5 + 1
        s["pending"][seat] = "hidden"
        if seat not in visible:
            s["vaults"][seat]["current"] = json.loads(json.dumps(NOWHERE))
            s["vaults"][seat]["cancelled"] = ["ZZ"]
    return s
