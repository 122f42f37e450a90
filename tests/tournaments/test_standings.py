"""Standings from table results: points by place, byes, tie-breaks, elimination order, podium."""

from __future__ import annotations

from bot.tournaments.pairing import Format
from bot.tournaments.standings import TableResult, podium, standings


def test_points_then_opponents_then_scores() -> None:
    results = [
        TableResult(1, (1, 2), (1, 2), (30, 10)),
        TableResult(1, (3, 4), (1, 2), (20, 25)),
        TableResult(1, (5,)),
        TableResult(2, (1, 3), (2, 1), (5, 6), late=frozenset({1})),
        TableResult(2, (2, 5), None),
    ]
    lines = standings([1, 2, 3, 4, 5], results, 2, Format.SWISS)
    by = {line.player: line for line in lines}
    assert by[3].points == 4 and by[1].points == 2 and by[5].points == 1
    assert by[1].late == 1 and by[5].byes == 1 and by[2].played == 1
    assert [line.player for line in lines][:2] == [3, 1]
    assert by[1].opponents == by[2].points + by[3].points


def test_shared_ranks_and_podium() -> None:
    results = [TableResult(1, (1, 2, 3), (1, 1, 3), (9, 9, 1))]
    lines = standings([1, 2, 3], results, 3, Format.ROUND_ROBIN)
    assert [line.rank for line in lines] == [1, 1, 3]
    assert podium(lines) == [[1, 2], [3]]


def test_withdrawn_players_stay_listed_last() -> None:
    results = [TableResult(1, (1, 2), (1, 2), (3, 1))]
    lines = standings([1, 2, 3], results, 2, Format.SWISS, withdrawn={1: True})
    assert lines[-1].player == 1 and podium(lines)[0] == [2]


def test_elimination_ranks_by_the_round_reached() -> None:
    results = [
        TableResult(1, (1, 4), (1, 2), (5, 1)),
        TableResult(1, (2, 3), (2, 1), (1, 5)),
        TableResult(2, (1, 3), (2, 1), (2, 3)),
    ]
    lines = standings([1, 2, 3, 4], results, 2, Format.ELIMINATION)
    assert [line.player for line in lines[:2]] == [3, 1]
