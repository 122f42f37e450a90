"""How a game ends: every seat's points, the winners, and how a tie on points was settled.

The shared part of every game's ``outcome``: the rules say each seat's points and tie-break
numbers, ``decide`` compares them the same way for every title, and ``tie_event`` tells the log
how a tie was settled, so no title words it alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.i18n.msg import M_, Msg


@dataclass(frozen=True)
class Outcome:
    """The final result: per-seat totals, the winning seats and a per-seat breakdown.

    ``tie_break`` says how a tie on points was settled, so every screen can tell players why:
    the game's criteria (``N_`` phrases such as "more Telescopes") compared in order until one
    left a single winner, or all of them when the tied seats still share the win. Empty when
    points alone decided.
    """

    scores: list[int]
    winners: list[int]
    breakdown: list[dict[str, Any]] = field(default_factory=list)
    tie_break: list[str] = field(default_factory=list)

    def as_view(self) -> dict[str, Any]:
        """The result as a view carries it (``"outcome"``), in plain JSON."""
        return {
            "scores": self.scores,
            "winners": self.winners,
            "breakdown": self.breakdown,
            "tie_break": self.tie_break,
        }


def decide(keys: Sequence[tuple[int, ...]], criteria: tuple[str, ...]) -> tuple[list[int], list[str]]:
    """The winning seats and the tie-break criteria used: ``keys[seat]`` is the seat's points
    followed by one number per criterion (larger is better; negate "fewer is better")."""
    tied = list(range(len(keys)))
    used: list[str] = []
    for place in range(len(criteria) + 1):
        best = max(keys[s][place] for s in tied)
        tied = [s for s in tied if keys[s][place] == best]
        if len(tied) == 1 or place == len(criteria):
            break
        used.append(criteria[place])
    return tied, used


def tie_event(outcome: Outcome) -> Msg | None:
    """The log's sentence on how a tie on points was settled, or ``None`` with no tie."""
    if not outcome.tie_break:
        return None
    last = Msg(outcome.tie_break[-1])
    if len(outcome.winners) == 1:
        return M_("Tie on points, decided by {criterion}.", criterion=last)
    return M_("Tie on points and on the tie-break ({criterion}): the win is shared.", criterion=last)
