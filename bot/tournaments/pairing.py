"""Who sits with whom in a tournament round: Swiss, round robin and single elimination, for tables
of any size within a title's seat range.

Pure and deterministic: the same entrants, history and stored seed give the same round in any
process, so a round can be paired again after a restart and checked by tests. Each pairing
carries a ``Why`` the standings card words for the players.

No pairing library is used: the one Swiss library on PyPI that fits (a FIDE Dutch engine) pairs
two players with colours and 1/½/0 scores, none of which a multiplayer table of places has, and
brackets are a few lines here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations

from bot.games.rng import Rng

SEARCH_BUDGET = 40_000  # tables tried by one Swiss search before it settles for the greedy pairing


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    ELIMINATION = "elimination"


class Why(StrEnum):
    """Why a table is as it is (the standings explain each)."""

    STANDING = "standing"  # Swiss: neighbours in the standings (points, then rating)
    FLOATED = "floated"  # Swiss: moved across score groups to avoid a rematch
    REMATCH = "rematch"  # Swiss: a rematch nobody could avoid
    BYE = "bye"  # sat out: fewest byes so far, then lowest in the standings
    SCHEDULE = "schedule"  # round robin's schedule
    SEEDED = "seeded"  # elimination's first round, by rating
    ADVANCED = "advanced"  # elimination: the winners of the tables before


@dataclass(frozen=True)
class Entrant:
    """A player as pairing sees them: standing, rating, whom they met and their byes so far."""

    id: int
    rating: float = 1500.0
    points: float = 0.0
    met: frozenset[int] = field(default_factory=frozenset)
    byes: int = 0


@dataclass(frozen=True)
class Pairing:
    """One table of a round (one player alone: a bye)."""

    players: tuple[int, ...]
    why: Why

    @property
    def bye(self) -> bool:
        return len(self.players) == 1


def table_sizes(players: int, seats: int, fewest: int) -> tuple[list[int], int]:
    """Table sizes (largest first) for ``players`` at tables of at most ``seats`` and at least
    ``fewest``, and how many sit out: the fewest byes, then the fewest tables."""
    fewest = max(2, fewest)
    for byes in range(players + 1):
        seated = players - byes
        if seated == 0:
            return [], byes
        tables = -(-seated // seats)
        if tables * fewest <= seated:
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra), byes
    return [], players  # pragma: no cover - the loop returns at seated == 0


def _tiebreak(seed: int, round_no: int, ids: Iterable[int]) -> dict[int, float]:
    """A reproducible random order among equals, fresh each round."""
    rng = Rng(seed * 1_000_003 + round_no)
    return {player: rng.random() for player in sorted(ids)}


def _repeats(table: Sequence[Entrant]) -> int:
    return sum(1 for a, b in combinations(table, 2) if b.id in a.met)


def pick_byes(entrants: Sequence[Entrant], count: int, order: dict[int, float]) -> list[Entrant]:
    """Who sits out: the fewest byes so far, then the lowest standing, then the lowest rating."""
    ranked = sorted(entrants, key=lambda e: (e.byes, e.points, e.rating, order[e.id]))
    return ranked[:count]


def swiss(entrants: Sequence[Entrant], seats: int, fewest: int, seed: int, round_no: int) -> list[Pairing]:
    """A Swiss round: tables of neighbours in the standings, avoiding rematches (first among close
    neighbours, then across score groups, and only then accepting the fewest rematches)."""
    order = _tiebreak(seed, round_no, (e.id for e in entrants))
    sizes, bye_count = table_sizes(len(entrants), seats, fewest)
    byes = pick_byes(entrants, bye_count, order)
    out = {e.id for e in byes}
    ranked = sorted(
        (e for e in entrants if e.id not in out), key=lambda e: (-e.points, -e.rating, order[e.id])
    )
    tables: list[Pairing] = []
    found = _search(ranked, sizes, window=2 * seats)
    why = Why.STANDING
    if found is None:
        found, why = _search(ranked, sizes, window=None), Why.FLOATED
    if found is None:
        found, why = _greedy(ranked, sizes), Why.REMATCH
    for table in found:
        said = why if why is not Why.REMATCH or _repeats(table) else Why.FLOATED
        tables.append(Pairing(tuple(e.id for e in table), said))
    tables += [Pairing((e.id,), Why.BYE) for e in byes]
    return tables


def _search(ranked: list[Entrant], sizes: list[int], window: int | None) -> list[tuple[Entrant, ...]] | None:
    """Tables without a rematch, the top remaining player first with the closest others that fit
    (within ``window`` places, or anywhere); None if there is none (or the budget runs out)."""
    budget = [SEARCH_BUDGET]

    def fill(remaining: list[Entrant], at: int) -> list[tuple[Entrant, ...]] | None:
        if at == len(sizes):
            return []
        first, rest = remaining[0], remaining[1:]
        near = rest if window is None else rest[:window]
        for others in combinations(near, sizes[at] - 1):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            table = (first, *others)
            if _repeats(table):
                continue
            taken = {e.id for e in others}
            tail = fill([e for e in rest if e.id not in taken], at + 1)
            if tail is not None:
                return [table, *tail]
        return None

    return fill(ranked, 0)


def _greedy(ranked: list[Entrant], sizes: list[int]) -> list[tuple[Entrant, ...]]:
    """Tables top down, each with the fewest rematches among the closest players."""
    remaining, tables = list(ranked), []
    for size in sizes:
        first, rest = remaining[0], remaining[1:]
        near = rest[: max(2 * size, size - 1)]
        others = min(combinations(near, size - 1), key=lambda group: _repeats((first, *group)))
        tables.append((first, *others))
        taken = {first.id, *(e.id for e in others)}
        remaining = [e for e in remaining if e.id not in taken]
    return tables


# ---- round robin ----------------------------------------------------------------------------


def circle_round(players: Sequence[int], seed: int, round_no: int) -> list[Pairing] | None:
    """Round ``round_no`` (from 1) of a two-player round robin by the circle method over all of
    ``players`` in a seeded order; an odd count gives one bye a round. None once everyone met."""
    order = sorted(players)
    Rng(seed).shuffle(order)
    slots: list[int | None] = [*order, None] if len(order) % 2 else list(order)
    rounds = len(slots) - 1
    if not 1 <= round_no <= rounds:
        return None
    turn = round_no - 1
    rest = slots[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    ring = [slots[0], *rest]
    half = len(ring) // 2
    tables: list[Pairing] = []
    for a, b in zip(ring[:half], reversed(ring[half:]), strict=True):
        pair = tuple(p for p in (a, b) if p is not None)
        tables.append(Pairing(pair, Why.BYE if len(pair) == 1 else Why.SCHEDULE))
    return tables


def covering_round(
    entrants: Sequence[Entrant], seats: int, fewest: int, seed: int, round_no: int
) -> list[Pairing] | None:
    """A round of a multiplayer round robin: tables that seat together as many players who have
    not met yet as possible, until every pair has met (then None)."""
    ids = {e.id for e in entrants}
    unmet = {e.id: (ids - e.met - {e.id}) for e in entrants}
    if not any(unmet.values()):
        return None
    order = _tiebreak(seed, round_no, ids)
    sizes, bye_count = table_sizes(len(entrants), seats, fewest)
    # Keep one unmet pair at the tables, so every round brings at least one new meeting.
    keen = max(unmet, key=lambda p: (len(unmet[p]), -order[p]))
    partner = min(unmet[keen], key=lambda p: order[p])
    sitting = [e for e in entrants if e.id not in (keen, partner)]
    byes = sorted(sitting, key=lambda e: (e.byes, len(unmet[e.id]), order[e.id]))[:bye_count]
    out = {e.id for e in byes}
    free = {e.id for e in entrants} - out
    tables: list[Pairing] = []
    for size in sizes:
        start = keen if keen in free else max(free, key=lambda p: (len(unmet[p] & free), -order[p]))
        table = [start]
        free.discard(start)
        while len(table) < size:
            best = max(
                free,
                key=lambda p: (
                    sum(p in unmet[q] for q in table),
                    -sum(p not in unmet[q] for q in table),
                    -order[p],
                ),
            )
            table.append(best)
            free.discard(best)
        tables.append(Pairing(tuple(table), Why.SCHEDULE))
    return tables + [Pairing((e.id,), Why.BYE) for e in byes]


# ---- single elimination ---------------------------------------------------------------------


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1 = best) in bracket order for ``size`` (a power of two): 1 meets the last,
    and the top two seeds can only meet in the final."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def seeded(entrants: Sequence[Entrant], seed: int) -> list[Entrant]:
    """Best rating first; equal ratings in a seeded order."""
    order = _tiebreak(seed, 0, (e.id for e in entrants))
    return sorted(entrants, key=lambda e: (-e.rating, order[e.id]))


def elimination_round(players: Sequence[int], seats: int, fewest: int, first: bool) -> list[Pairing]:
    """A knockout round for ``players`` in seed order (the first round) or in bracket order (the
    advancers of the tables before, in table order). Two-player tables follow a bracket whose top
    seeds get the byes; larger tables deal the seeds out like cards (1, 2, 3, 3, 2, 1…)."""
    why = Why.SEEDED if first else Why.ADVANCED
    if seats == 2:
        if first:
            size = 1 << max(1, (len(players) - 1).bit_length())
            slots = [players[s - 1] if s <= len(players) else None for s in bracket_order(size)]
        else:
            slots = [*players, None] if len(players) % 2 else list(players)
        pairs = [tuple(p for p in slots[i : i + 2] if p is not None) for i in range(0, len(slots), 2)]
        return [Pairing(pair, Why.BYE if len(pair) == 1 else why) for pair in pairs if pair]
    if fewest <= len(players) <= seats:
        return [Pairing(tuple(players), why)]
    sizes, bye_count = table_sizes(len(players), seats, fewest)
    byes, playing = list(players[:bye_count]), list(players[bye_count:])  # the top seeds sit out
    tables: list[list[int]] = [[] for _ in sizes]
    snake = [*range(len(sizes)), *reversed(range(len(sizes)))]
    turn = 0
    for player in playing:
        while len(tables[snake[turn % len(snake)]]) >= sizes[snake[turn % len(snake)]]:
            turn += 1
        tables[snake[turn % len(snake)]].append(player)
        turn += 1
    return [Pairing((p,), Why.BYE) for p in byes] + [Pairing(tuple(t), why) for t in tables]


def advancing(tables: Sequence[Sequence[int]], fewest: int) -> int:
    """How many of each table go through: the winner, or more when the winners alone could not
    fill a table of ``fewest`` (a three-player title down to two winners)."""
    count = 1
    largest = max((len(t) for t in tables), default=0)
    while 1 < sum(min(count, len(t)) for t in tables) < fewest and count < largest:
        count += 1
    return count
