"""What each viewer may not know in Observatory, for ``Game.disguise``.

Secret from a viewer: the RNG, both decks, the cards dealt to other seats and their keep choices
(while the keep step is open), and other seats' drafts during a simultaneous step (their sheets
as they stand, not as the step opened).
"""

from __future__ import annotations

import json

from bot.games.base import RNG_FLIP, State, marked, renamed
from bot.games.observatory.model import Phase

SIMULTANEOUS = (Phase.NIGHT_BONUS.value, Phase.DECIDE.value)


def hidden_cards(state: State, viewer: int | None) -> set[str]:
    hidden = {c for deck in state["decks"].values() for c in deck}
    if state["phase"] == Phase.KEEP.value:
        hidden |= {c for seat, hand in enumerate(state["hands"]) if seat != viewer for c in hand}
    return hidden


def disguise(state: State, viewer: int | None) -> State:
    s = json.loads(json.dumps(state))
    if s["phase"] in SIMULTANEOUS:
        for seat in range(s["seats"]):
            if seat != viewer:
                s["sheets"][seat] = json.loads(json.dumps(s["base"][seat]))
    s = renamed(s, marked(hidden_cards(state, viewer)))
    s["rng"] ^= RNG_FLIP
    return s
