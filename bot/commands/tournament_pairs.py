"""The next round of a tournament from what is stored: the pure pairing (``bot.tournaments``) fed
with the standings so far, the same in every process that reads the same snapshot."""

from __future__ import annotations

from collections.abc import Sequence

from bot.commands.tournament_card import lines_of
from bot.games import get_game
from bot.storage.tournaments import Entrant, Table, Tournament
from bot.tournaments import pairing
from bot.tournaments.pairing import Format, Pairing, Why


def fewest(t: Tournament) -> int:
    return max(2, get_game(t.game).min_seats)


def pair_round(
    t: Tournament, entrants: Sequence[Entrant], active: Sequence[Entrant], tables: Sequence[Table]
) -> list[Pairing] | None:
    """The next round's tables from what is stored (the same in any process), or None at the end."""
    if len(active) < fewest(t):  # too few left to fill a table: the standings stand
        return None
    lines = {line.player: line for line in lines_of(t, entrants, tables)}
    rating = {e.user_id: e.rating for e in entrants}
    field = [
        pairing.Entrant(
            e.user_id,
            rating[e.user_id],
            lines[e.user_id].points,
            frozenset(lines[e.user_id].met),
            lines[e.user_id].byes,
        )
        for e in active
    ]
    round_no = t.round_no + 1
    if t.format == Format.SWISS:
        return None if t.round_no >= t.rounds else pairing.swiss(field, t.seats, fewest(t), t.seed, round_no)
    if t.format == Format.ROUND_ROBIN:
        if t.seats == 2:
            everyone = sorted(e.user_id for e in entrants)
            found = pairing.circle_round(everyone, t.seed, round_no)
            if found is None:
                return None
            here = {e.user_id for e in active}
            kept = [tuple(p for p in f.players if p in here) for f in found]
            return [
                Pairing(k, Why.BYE if len(k) == 1 else f.why) for k, f in zip(kept, found, strict=True) if k
            ]
        return pairing.covering_round(field, t.seats, fewest(t), t.seed, round_no)
    return _knockout(t, field, tables)


def _knockout(t: Tournament, field: list[pairing.Entrant], tables: Sequence[Table]) -> list[Pairing] | None:
    """The first round by seed; then the advancers of the last round's tables, in table order
    (two seats: the bracket's), a player who stopped replaced by the next at their table."""
    here = {e.id: e for e in field}
    if t.round_no == 0:
        seeds = [e.id for e in pairing.seeded(field, t.seed)]
        return pairing.elimination_round(seeds, t.seats, fewest(t), first=True)
    last = [x for x in tables if x.round_no == t.round_no]
    if len(last) == 1 and last[0].status != "bye":
        return None  # that was the final
    count = pairing.advancing([x.players for x in last if x.status != "bye"], fewest(t))
    through: list[int] = []
    for x in last:
        order = sorted(
            range(len(x.players)),
            key=lambda i: (
                (x.places or ())[i] if x.places else 1,
                -((x.scores or ())[i] if x.scores else 0),
            ),
        )
        still = [x.players[i] for i in order if x.players[i] in here]  # a player who stopped: the next goes
        through += still[: 1 if x.status == "bye" else count]
    if len(through) < 2:
        return None
    if t.seats > 2:
        through = [e.id for e in pairing.seeded([here[p] for p in through], t.seed)]
    return pairing.elimination_round(through, t.seats, fewest(t), first=False)
