"""Points by place and the standings of a tournament, from its tables' results.

A full table of ``seats`` gives its winner ``2 × (seats − 1)`` points and its last 0, evenly in
between (four seats: 6/4/2/0); a smaller table spreads the same top over its places, so a short
table is worth the same; tied places share their points; a bye is worth the middle (``seats − 1``).
The order: points, then opponents' points (everyone a player met, at their current points),
then the games' own scores. An elimination ranks by the round reached first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.tournaments.pairing import Format


@dataclass(frozen=True)
class TableResult:
    """One table of a round as the standings need it. ``places`` (1 = first, ties share) and
    ``scores`` follow ``players``; ``places`` is None while the game runs. ``late``: players the
    bot finished for at the round's deadline."""

    round_no: int
    players: tuple[int, ...]
    places: tuple[int, ...] | None = None
    scores: tuple[int, ...] = ()
    late: frozenset[int] = frozenset()

    @property
    def bye(self) -> bool:
        return len(self.players) == 1

    @property
    def done(self) -> bool:
        return self.bye or self.places is not None


@dataclass
class Line:
    """One player's line of the standings."""

    player: int
    points: float = 0.0
    opponents: float = 0.0  # opponents' points, the first tie-break
    score: int = 0  # the games' own scores, the second
    played: int = 0
    byes: int = 0
    late: int = 0  # games the bot finished for them at a round's deadline
    reached: int = 0  # the last round they sat in (an elimination ranks by it)
    withdrawn: bool = False
    rank: int = 0
    met: set[int] = field(default_factory=set)


def top_points(seats: int) -> float:
    return 2.0 * (seats - 1)


def place_points(places: Sequence[int], seats: int) -> list[float]:
    """Each player's points for their place at a table of ``len(places)`` (ties share)."""
    size = len(places)
    if size < 2:
        return [top_points(seats) / 2] * size
    step = top_points(seats) / (size - 1)

    def at(place: int) -> float:
        return step * (size - place)

    shared = []
    for place in places:
        tied = sum(1 for other in places if other == place)
        shared.append(sum(at(p) for p in range(place, place + tied)) / tied)
    return shared


def standings(
    players: Sequence[int],
    results: Sequence[TableResult],
    seats: int,
    fmt: Format,
    withdrawn: Mapping[int, bool] | None = None,
) -> list[Line]:
    """Every player's line, best first, with shared ranks where everything ties."""
    lines = {p: Line(p, withdrawn=bool((withdrawn or {}).get(p))) for p in players}
    for result in results:
        for i, player in enumerate(result.players):
            line = lines.get(player)
            if line is None:
                continue
            line.reached = max(line.reached, result.round_no)
            if result.bye:
                line.byes += 1
                line.points += top_points(seats) / 2
                continue
            line.met.update(p for p in result.players if p != player)
            if result.places is None:
                continue
            line.played += 1
            line.points += place_points(result.places, seats)[i]
            line.score += result.scores[i] if i < len(result.scores) else 0
            line.late += player in result.late
    for line in lines.values():
        line.opponents = sum(lines[p].points for p in line.met if p in lines)
    if fmt is Format.ELIMINATION:
        finals = _final_places(results)

        def key(line: Line) -> tuple[float, ...]:
            return (-line.reached, finals.get(line.player, 99), -line.points, -line.score)
    else:

        def key(line: Line) -> tuple[float, ...]:
            return (-line.points, -line.opponents, -line.score)

    ordered = sorted(lines.values(), key=lambda line: (line.withdrawn, *key(line), line.player))
    for i, line in enumerate(ordered):
        before = ordered[i - 1] if i else None
        same = before is not None and key(before) == key(line) and before.withdrawn == line.withdrawn
        line.rank = before.rank if same and before is not None else i + 1
    return ordered


def _final_places(results: Sequence[TableResult]) -> dict[int, int]:
    """Each player's place at the last table they sat at (a bye counts as first)."""
    found: dict[int, tuple[int, int]] = {}
    for result in results:
        for i, player in enumerate(result.players):
            place = 1 if result.bye or result.places is None else result.places[i]
            if player not in found or found[player][0] <= result.round_no:
                found[player] = (result.round_no, place)
    return {player: place for player, (_round, place) in found.items()}


def podium(lines: Sequence[Line]) -> list[list[int]]:
    """The first three places (ties share a step), withdrawn players left out."""
    steps: list[list[int]] = []
    for line in lines:
        if line.withdrawn:
            continue
        if steps and line.rank == lines_rank(steps, lines):
            steps[-1].append(line.player)
        elif len(steps) < 3:
            steps.append([line.player])
        else:
            break
    return steps


def lines_rank(steps: list[list[int]], lines: Sequence[Line]) -> int:
    last = steps[-1][0]
    return next(line.rank for line in lines if line.player == last)
