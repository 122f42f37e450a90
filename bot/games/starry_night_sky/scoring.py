"""Scores: the running parts (discoveries, stars, goals) plus Myth cards once the night is over,
and the close of the night that reveals them and names the winner.

Ties go to the most Myth points; players still level share the win.
"""

from __future__ import annotations

from typing import Any

from bot.games.outcome import Outcome, decide, tie_event
from bot.games.starry_night_sky.components import load_myths
from bot.games.starry_night_sky.model import is_mapped
from bot.games.starry_night_sky.phrases import listing, who
from bot.i18n.msg import M_, N_


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
    winners, used = decide([(b["total"], b["myths"]) for b in breakdown], (N_("more Myth points"),))
    return Outcome(scores=scores, winners=winners, breakdown=breakdown, tie_break=used)


def end_game(state: dict[str, Any], events: list[str]) -> None:
    """Close the night after its last round: Myths are revealed and scored, the winner named."""
    state["phase"] = "over"
    state["turn"] = None
    state["current"] = None
    state["decision"] += 1
    for seat in range(state["seats"]):
        points = myth_points(state, seat)
        if points:
            events.append(M_("{player} scores {points} from Myth cards.", player=who(seat), points=points))
    result = outcome_of(state)
    winners = [who(w) for w in result.winners]
    if len(winners) == 1:
        events.append(M_("The night is over. Winner: {player}.", player=winners[0]))
    else:
        events.append(M_("The night is over. Winner: {players}.", players=listing(winners)))
    tied = tie_event(result)
    events.extend([tied] if tied else [])
