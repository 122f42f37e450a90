"""Round scores, colour majorities and the final ranking, as pure functions of plain data.

Kept apart from the state machine so the rulebook's scoring examples can be checked directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.outcome import Outcome, decide
from bot.games.sky_of_stars.components import Colour, Vault
from bot.i18n.msg import N_

RoundScore = dict[str, Any]


def round_points(guessed_by: int, guessed: int, seats: int) -> RoundScore:
    """One seat's round: a space per seat that read its drawing, a space per drawing it read,
    and the +1 box (worth one more point) when every other seat read its drawing."""
    plus_one = seats > 1 and guessed_by == seats - 1
    return {
        "guessed_by": guessed_by,
        "guessed": guessed,
        "plus_one": plus_one,
        "points": guessed_by + guessed + int(plus_one),
    }


def score_round(seats: int, reveals: Sequence[dict[str, Any]]) -> list[RoundScore]:
    """Score a round from its reveals (one per artist, each listing the seats that were right)."""
    guessed_by = [0] * seats
    guessed = [0] * seats
    for reveal in reveals:
        guessed_by[reveal["artist"]] = len(reveal["correct"])
        for seat in reveal["correct"]:
            guessed[seat] += 1
    return [round_points(guessed_by[s], guessed[s], seats) for s in range(seats)]


def colour_counts(constellations: Sequence[dict[str, Any]], vault: Vault) -> dict[str, int]:
    """Stars of each colour over a seat's constellations, starting stars included."""
    counts = {colour.value: 0 for colour in Colour}
    index = vault.index
    for constellation in constellations:
        for label in constellation["stars"]:
            counts[vault.stars[index[label]].colour.value] += 1
    return counts


def majorities(counts: Sequence[dict[str, int]]) -> list[list[str]]:
    """For each seat, the colours it leads or shares the lead in; an unused colour pays nobody."""
    won: list[list[str]] = [[] for _ in counts]
    for colour in Colour:
        best = max(c[colour.value] for c in counts)
        if best > 0:
            for seat, c in enumerate(counts):
                if c[colour.value] == best:
                    won[seat].append(colour.value)
    return won


def final_outcome(rounds: Sequence[Sequence[RoundScore]], counts: Sequence[dict[str, int]]) -> Outcome:
    """Totals and winners: most points, then most +1 boxes, then most majorities, else shared."""
    won = majorities(counts)
    breakdown = []
    for seat, seat_rounds in enumerate(rounds):
        breakdown.append(
            {
                "rounds": [dict(r) for r in seat_rounds],
                "colours": dict(counts[seat]),
                "majorities": won[seat],
                "plus_ones": sum(1 for r in seat_rounds if r["plus_one"]),
                "total": sum(r["points"] for r in seat_rounds) + len(won[seat]),
            }
        )
    ranks = [(b["total"], b["plus_ones"], len(b["majorities"])) for b in breakdown]
    winners, used = decide(ranks, TIE_BREAKS)
    return Outcome([b["total"] for b in breakdown], winners, breakdown, used)


TIE_BREAKS = (N_("more +1 boxes ticked"), N_("more colour majorities"))
