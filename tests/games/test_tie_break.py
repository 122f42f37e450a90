"""Ties say how they were broken: the rules' outcome carries the criteria it compared, and the
log says them (the faces' results say them too, see ``tests/faces/test_tie_results.py``)."""

from __future__ import annotations

from bot.games.outcome import Outcome, decide, tie_event


def test_points_alone_decide_without_a_tie_break() -> None:
    assert decide([(5, 0), (7, 0)], ("more boxes",)) == ([1], [])


def test_the_first_criterion_that_separates_is_named() -> None:
    assert decide([(6, 1, 0), (6, 2, 0), (3, 9, 9)], ("boxes", "majorities")) == ([1], ["boxes"])
    assert decide([(6, 1, 0), (6, 1, 2)], ("boxes", "majorities")) == ([1], ["boxes", "majorities"])


def test_seats_level_on_every_criterion_share_the_win() -> None:
    assert decide([(6, 1), (6, 1), (2, 0)], ("boxes",)) == ([0, 1], ["boxes"])


def test_the_log_says_how_the_tie_was_settled() -> None:
    assert tie_event(Outcome([6, 6], [1])) is None
    said = tie_event(Outcome([6, 6], [1], tie_break=["more Telescopes"]))
    assert said == "Tie on points, decided by more Telescopes."
    shared = tie_event(Outcome([6, 6], [0, 1], tie_break=["more Telescopes"]))
    assert shared == "Tie on points and on the tie-break (more Telescopes): the win is shared."
