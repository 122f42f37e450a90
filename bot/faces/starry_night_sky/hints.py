"""The `/learn` guide's hints for Starry Night Sky: one per kind of decision, said the first
time a practice player meets it (``bot.tell.guide``)."""

from __future__ import annotations

from bot.games.base import View
from bot.i18n import N_
from bot.ui.presenter import Hint

HINTS = {
    "assign": N_(
        "New stars came out of the bag: choose a pool for each. Keep one colour together in a "
        "pool, so a single placing later fills several spots at once."
    ),
    "move": N_(
        "Steer your telescope: the list shows where it can stop. Landing first on an untouched "
        "constellation takes a Night Track marker, easy points while they last."
    ),
    "place": N_(
        "Put stars from one pool on free spots of their colour, a point each. Placing more now "
        "brings the constellation nearer to finished, which your secret Myth cards reward."
    ),
    "end": N_(
        "Your main moves are done. You may still trade a goal card for a star you need; "
        "otherwise end your turn and watch where the bots go."
    ),
}


def hint(view: View) -> Hint | None:
    kind = (view.get("choice") or {}).get("kind")
    return Hint(kind, HINTS[kind]) if kind in HINTS else None
