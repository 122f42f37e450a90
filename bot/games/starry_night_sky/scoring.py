"""Scores: the running parts (discoveries, stars, goals) plus Myth cards once the night is over.

Ties go to the most Myth points; players still level share the win.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Outcome
from bot.games.starry_night_sky.components import load_myths
from bot.games.starry_night_sky.model import is_mapped


def myth_scored(state: dict[str, Any], myth_id: str) -> bool:
    myth = load_myths()[myth_id]
    return is_mapped(state, myth.a) and is_mapped(state, myth.b)


def myth_points(state: dict[str, Any], seat: int) -> int:
    return sum(load_myths()[m].points for m in state["players"][seat]["myths"] if myth_scored(state, m))


def parts(state: dict[str, Any], seat: int) -> dict[str, int]:
    """Score parts; ``myths`` counts only once the game is over (they are secret until then)."""
    score = state["players"][seat]["score"]
    myths = myth_points(state, seat) if state["phase"] == "over" else 0
    out = {"discovery": score["discovery"], "stars": score["stars"], "goals": score["goals"], "myths": myths}
    out["total"] = sum(out.values())
    return out


def outcome_of(state: dict[str, Any]) -> Outcome:
    breakdown = [parts(state, seat) for seat in range(state["seats"])]
    scores = [b["total"] for b in breakdown]
    best = max(scores)
    leaders = [s for s in range(state["seats"]) if scores[s] == best]
    top_myths = max(breakdown[s]["myths"] for s in leaders)
    winners = [s for s in leaders if breakdown[s]["myths"] == top_myths]
    return Outcome(scores=scores, winners=winners, breakdown=breakdown)
