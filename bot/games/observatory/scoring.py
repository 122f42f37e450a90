"""End-of-game scoring and the winner rule (most points, then fewest completed cards, then shared)."""

from __future__ import annotations

from typing import Any

from bot.games.base import State
from bot.games.observatory.components import card
from bot.games.observatory.model import ASTERISM_TABLE, Track
from bot.games.observatory.sheet import Sheet, unused_cells
from bot.games.outcome import Outcome, decide
from bot.i18n.msg import N_


def asterism_points(count: int) -> int:
    """1, 3, 6, 10, 15, 21 points for 1..6 asterisms; nothing more beyond six."""
    return ASTERISM_TABLE[min(count, len(ASTERISM_TABLE) - 1)]


def breakdown(sheet: Sheet) -> dict[str, Any]:
    cards = [card(cid) for cid in sheet["completed"]]
    constellations = sum(c.points or 0 for c in cards if not c.asterism)
    asterisms = sum(1 for c in cards if c.asterism)
    unused = len(unused_cells(sheet))
    funding = len(sheet["research"][Track.FUNDING.value])
    parts = {
        "constellations": constellations,
        "asterisms": asterism_points(asterisms),
        "asterism_count": asterisms,
        "funding": funding,
        "unused_stars": unused // 2,
        "unused_count": unused,
        "completed_cards": len(cards),
    }
    parts["total"] = parts["constellations"] + parts["asterisms"] + parts["funding"] + parts["unused_stars"]
    return parts


def outcome_of(state: State) -> Outcome:
    parts = [breakdown(sheet) for sheet in state["sheets"]]
    totals = [p["total"] for p in parts]
    winners, used = decide(
        [(p["total"], -p["completed_cards"]) for p in parts], (N_("fewer completed cards"),)
    )
    return Outcome(totals, winners, parts, used)
