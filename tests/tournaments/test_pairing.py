"""Pairing over many seeded tournaments: every table within the title's seat range, no rematch
that could be avoided, no second bye while someone has had none, the same round from the same
seed; round robins where everyone meets; brackets seeded by rating."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from bot.games.rng import Rng
from bot.tournaments.pairing import (
    Entrant,
    Pairing,
    Why,
    advancing,
    bracket_order,
    circle_round,
    covering_round,
    elimination_round,
    seeded,
    swiss,
    table_sizes,
)
from bot.tournaments.standings import place_points


def _repeat_free_exists(players: list[Entrant], sizes: list[int]) -> bool:
    """Brute force: can ``players`` sit at tables of ``sizes`` with no two who met before?"""
    if not sizes:
        return True
    first, rest = players[0], players[1:]
    for others in combinations(rest, sizes[0] - 1):
        table = (first, *others)
        if any(b.id in a.met for a, b in combinations(table, 2)):
            continue
        taken = {e.id for e in others}
        if _repeat_free_exists([e for e in rest if e.id not in taken], sizes[1:]):
            return True
    return False


def _play(entrants: dict[int, Entrant], tables: list[Pairing], rng: Rng, seats: int) -> None:
    """Random results: each table's order is random; points by place; byes the middle."""
    for table in tables:
        if table.bye:
            (p,) = table.players
            e = entrants[p]
            entrants[p] = replace(e, byes=e.byes + 1, points=e.points + seats - 1)
            continue
        order = list(table.players)
        rng.shuffle(order)
        points = place_points([order.index(p) + 1 for p in table.players], seats)
        for p, got in zip(table.players, points, strict=True):
            e = entrants[p]
            entrants[p] = replace(e, points=e.points + got, met=e.met | (set(table.players) - {p}))


@pytest.mark.parametrize("run", range(120))
def test_swiss_properties(run: int) -> None:
    rng = Rng(run)
    seats = rng.choice([2, 2, 3, 4])
    fewest = rng.randint(2, seats)
    count = rng.randint(max(3, fewest), 10 if seats > 2 else 11)
    rounds = rng.randint(2, 6)
    seed = rng.next_u64() >> 2
    entrants = {i: Entrant(i, rating=1400 + rng.below(200)) for i in range(1, count + 1)}
    for round_no in range(1, rounds + 1):
        before = list(entrants.values())
        tables = swiss(before, seats, fewest, seed, round_no)
        assert tables == swiss(before, seats, fewest, seed, round_no), "reproducible"
        seated = [p for t in tables for p in t.players]
        assert sorted(seated) == sorted(entrants), "everyone sits exactly once"
        played = [t for t in tables if not t.bye]
        assert all(fewest <= len(t.players) <= seats for t in played)
        sizes, byes = table_sizes(count, seats, fewest)
        assert sorted((len(t.players) for t in played), reverse=True) == sizes
        resting = [entrants[t.players[0]].byes for t in tables if t.bye]
        if resting:
            playing = [entrants[p].byes for t in played for p in t.players]
            assert max(resting) <= min(playing, default=0), "a second bye while others had none"
        at_tables = [entrants[p] for t in played for p in t.players]
        rematches = sum(1 for t in played for a, b in combinations(t.players, 2) if b in entrants[a].met)
        if rematches:
            by_standing = sorted(at_tables, key=lambda e: -e.points)
            assert not _repeat_free_exists(by_standing, sizes), f"an avoidable rematch in round {round_no}"
            assert any(t.why is Why.REMATCH for t in played)
        _play(entrants, tables, rng, seats)


def test_swiss_first_round_groups_by_rating() -> None:
    entrants = [Entrant(i, rating=2000 - 10 * i) for i in range(8)]
    tables = swiss(entrants, 2, 2, seed=5, round_no=1)
    assert [t.players for t in tables] == [(0, 1), (2, 3), (4, 5), (6, 7)]
    assert all(t.why is Why.STANDING for t in tables)


def test_seven_at_two_seats_have_one_bye_for_the_lowest() -> None:
    entrants = [Entrant(i, rating=1500 + i) for i in range(7)]
    tables = swiss(entrants, 2, 2, seed=1, round_no=1)
    byes = [t for t in tables if t.bye]
    assert [t.players for t in byes] == [(0,)] and byes[0].why is Why.BYE


def test_smaller_tables_before_byes() -> None:
    assert table_sizes(7, 3, 2) == ([3, 2, 2], 0)
    assert table_sizes(7, 3, 3) == ([3, 3], 1)
    assert table_sizes(9, 4, 3) == ([3, 3, 3], 0)
    assert table_sizes(7, 2, 2) == ([2, 2, 2], 1)


@pytest.mark.parametrize("count", range(2, 12))
def test_circle_round_robin_everyone_meets_once(count: int) -> None:
    players = list(range(100, 100 + count))
    met: list[frozenset[int]] = []
    byes: dict[int, int] = {}
    round_no = 1
    while (tables := circle_round(players, seed=3, round_no=round_no)) is not None:
        assert tables == circle_round(players, seed=3, round_no=round_no)
        assert sorted(p for t in tables for p in t.players) == players
        for t in tables:
            if t.bye:
                byes[t.players[0]] = byes.get(t.players[0], 0) + 1
            else:
                met.append(frozenset(t.players))
        round_no += 1
    assert len(met) == len(set(met)) == count * (count - 1) // 2
    assert set(byes.values()) <= {1} and len(byes) == (count if count % 2 else 0)


@pytest.mark.parametrize("run", range(40))
def test_covering_round_robin_ends_with_everyone_met(run: int) -> None:
    rng = Rng(run)
    seats = rng.choice([3, 4])
    fewest = rng.randint(2, seats)
    count = rng.randint(max(3, fewest), 10)
    entrants = {i: Entrant(i) for i in range(count)}
    round_no = 1
    while (tables := covering_round(list(entrants.values()), seats, fewest, 9, round_no)) is not None:
        assert sorted(p for t in tables for p in t.players) == sorted(entrants)
        assert all(fewest <= len(t.players) <= seats for t in tables if not t.bye)
        resting = [entrants[t.players[0]].byes for t in tables if t.bye]
        playing = [entrants[p].byes for t in tables if not t.bye for p in t.players]
        assert not resting or max(resting) <= min(playing)
        _play(entrants, tables, rng, seats)
        round_no += 1
        assert round_no <= count * count, "the schedule must end"
    assert all(e.met == set(entrants) - {e.id} for e in entrants.values())


def test_bracket_order_keeps_the_top_seeds_apart() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_elimination_of_eight_and_seven() -> None:
    eight = [e.id for e in seeded([Entrant(i, rating=1000 + i) for i in range(8)], seed=1)]
    first = elimination_round(eight, 2, 2, first=True)
    assert [t.players for t in first] == [(7, 0), (4, 3), (6, 1), (5, 2)]
    seven = [e.id for e in seeded([Entrant(i, rating=1000 + i) for i in range(7)], seed=1)]
    first = elimination_round(seven, 2, 2, first=True)
    assert first[0].players == (6,) and first[0].bye
    assert elimination_round([6, 3, 1, 2], 2, 2, first=False)[0].players == (6, 3)


def test_elimination_at_three_seats() -> None:
    nine = list(range(9))
    tables = elimination_round(nine, 3, 3, first=True)
    assert [t.players for t in tables] == [(0, 5, 6), (1, 4, 7), (2, 3, 8)]
    assert advancing([t.players for t in tables], 3) == 1
    final = elimination_round([0, 1, 2], 3, 3, first=False)
    assert [t.players for t in final] == [(0, 1, 2)]
    assert advancing([(0, 1, 2), (3, 4, 5)], 3) == 2, "two winners can't fill a three-seat final"


def test_points_by_place() -> None:
    assert place_points([1, 2, 3, 4], 4) == [6, 4, 2, 0]
    assert place_points([1, 1, 3, 4], 4) == [5, 5, 2, 0]
    assert place_points([1, 2, 3], 4) == [6, 3, 0]
    assert place_points([1, 2], 2) == [2, 0]


def test_the_tournament_logic_is_pure() -> None:
    from pathlib import Path

    from tests.games.test_purity import forbidden_imports

    folder = Path(__file__).resolve().parents[2] / "bot" / "tournaments"
    for path in folder.glob("*.py"):
        assert not forbidden_imports(path.read_text(encoding="utf-8")), path.name
