"""The end of a round and of the game: round scores filed and told, then the final result.

The arithmetic is in ``scoring`` (pure functions of plain data); this applies it to the state
and says it in the log, once the round's last drawing is revealed.
"""

from __future__ import annotations

from bot.games.base import State
from bot.games.outcome import Outcome, tie_event
from bot.games.sky_of_stars.components import load_vault
from bot.games.sky_of_stars.model import Phase, comma_list, empty_constellation, join_seats, seat_mark
from bot.games.sky_of_stars.scoring import colour_counts, final_outcome, score_round
from bot.i18n.msg import M_, MN_, N_


def close_round(state: State, events: list[str]) -> None:
    """Score the round just revealed, file each sky away with its round, and say the scores."""
    number = state["round"]
    reveals = [r for r in state["reveals"] if r["round"] == number]
    points = score_round(state["seats"], reveals)
    for seat, score in enumerate(points):
        state["scores"][seat]["rounds"].append(score)
    for vault in state["vaults"]:
        vault["past"].append({"round": number, **vault["current"]})
        vault["current"] = empty_constellation()
    listed = comma_list(
        [
            M_("{who} {points} (+1 box)", who=seat_mark(s), points=p["points"])
            if p["plus_one"]
            else f"{seat_mark(s)} {p['points']}"
            for s, p in enumerate(points)
        ]
    )
    events.append(M_("Round {round} scores: {listed}.", round=number, listed=listed))


def end_game(state: State, events: list[str]) -> None:
    """The last round is scored: close the game and name the colour majorities and the winner."""
    state.update(phase=Phase.OVER.value, waiting=[], locked=[], skipped=[], late=[], guess=None, roll=None)
    state["pending"] = [None] * state["seats"]
    result = outcome_of(state)
    for colour, said in MAJORITY_TEXT.items():
        leaders = [s for s, b in enumerate(result.breakdown) if colour in b["majorities"]]
        if leaders:
            events.append(M_(said, seats=join_seats(leaders)))
    best = result.scores[result.winners[0]]
    if len(result.winners) == 1:
        events.append(
            MN_(
                "Game over. {who} wins with {n} point.",
                "Game over. {who} wins with {n} points.",
                best,
                who=seat_mark(result.winners[0]),
            )
        )
    else:
        events.append(
            MN_(
                "Game over. {seats} share the win with {n} point.",
                "Game over. {seats} share the win with {n} points.",
                best,
                seats=join_seats(result.winners),
            )
        )
    tied = tie_event(result)
    events.extend([tied] if tied else [])


MAJORITY_TEXT = {
    "yellow": N_("Most yellow stars: {seats} (+1)."),
    "red": N_("Most red stars: {seats} (+1)."),
    "blue": N_("Most blue stars: {seats} (+1)."),
}


def outcome_of(state: State) -> Outcome:
    """The final result, derived from the stored round scores and the finished vaults."""
    vault = load_vault()
    counts = [colour_counts(v["past"], vault) for v in state["vaults"]]
    return final_outcome([s["rounds"] for s in state["scores"]], counts)
