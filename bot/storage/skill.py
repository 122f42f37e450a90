"""The skill model behind fair ratings, free of any database: openskill's Plackett-Luce model
applied to one rated game at a time, and the records the ratings reads return.

Both the live path (a game's results are written, ``bot.storage.ratings``) and the rebuild from
stored results run every game through ``rate_game`` in the same order, so they produce the same
floats; docs/ratings.md tells players how the numbers are made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from openskill.models import PlackettLuce

# The library's defaults (mu 25, sigma 25/3, beta, tau): a newcomer's conservative estimate is 0.
MODEL: Final = PlackettLuce()
Z: Final = 3  # the conservative estimate is mu - Z·sigma: 99.7% sure the skill is at least that
RANKED_AFTER: Final = 3  # rated games a player needs before the leaderboard ranks them
TREND_GAMES: Final = 5  # /stats shows the change over this many of the player's last rated games

PEOPLE: Final = "people"  # games between two or more people
SOLO: Final = "solo"  # solo games, each against the player's own best so far in the season
TRACKS: Final = (PEOPLE, SOLO)


# The number players read: the conservative estimate (0 for a newcomer, negative after early
# losses) on a familiar scale that starts at 1000 and, in practice, never nears 0.
SHOWN_START: Final = 1000
SHOWN_STEP: Final = 40  # shown points per unit of the estimate


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate ranked and shown: mu - 3·sigma."""
    return mu - Z * sigma


def shown(estimate: float) -> int:
    """The rating as players read it: 1000 for a newcomer, 40 per unit of the estimate, never
    below 0 (ranking uses the estimate itself, so the floor changes no order that matters)."""
    return max(0, round(SHOWN_START + SHOWN_STEP * estimate))


def shown_change(change: float) -> int:
    """A change of the estimate on the shown scale."""
    return round(SHOWN_STEP * change)


@dataclass(frozen=True)
class Skill:
    """One player's rating on one track of a season: ``best`` is the solo track's best score."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    best: int | None = None

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class Seat:
    """A rated seat of a finished game: who played it, its score and its place (1 = won)."""

    user_id: int
    score: int
    place: int


def track_of(seats: Sequence[Seat]) -> str:
    return SOLO if len(seats) == 1 else PEOPLE


def rate_game(seats: Sequence[Seat], before: Mapping[int, Skill]) -> dict[int, Skill]:
    """Each seat's player's skill after this game, from their skill before it (absent: new).

    Between people the places rank the table (shared places are ties), as openskill's
    Plackett-Luce model rates a free-for-all. A solo game is one player against their own best
    of the season so far, a ghost as strong as they are: beating the best is a win, equalling it
    a tie, falling short a loss; the first solo game only sets the best.
    """
    if len(seats) == 1:
        seat = seats[0]
        skill = before.get(seat.user_id, Skill())
        best = skill.best
        if best is None:
            return {seat.user_id: replace(skill, games=skill.games + 1, best=seat.score)}
        you = MODEL.rating(mu=skill.mu, sigma=skill.sigma)
        ghost = MODEL.rating(mu=skill.mu, sigma=skill.sigma)
        ranks = [1.0, 1.0] if seat.score == best else [1.0, 2.0] if seat.score > best else [2.0, 1.0]
        [[rated], _ghost] = MODEL.rate([[you], [ghost]], ranks=ranks)
        return {seat.user_id: Skill(rated.mu, rated.sigma, skill.games + 1, max(best, seat.score))}
    skills = [before.get(seat.user_id, Skill()) for seat in seats]
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated_teams = MODEL.rate(teams, ranks=[float(seat.place) for seat in seats])
    return {
        seat.user_id: Skill(team[0].mu, team[0].sigma, skill.games + 1)
        for seat, skill, team in zip(seats, skills, rated_teams, strict=True)
    }


@dataclass(frozen=True)
class Season:
    """One season of a game on a server; ``started_by`` is None for the first."""

    season: int
    started_at: float
    started_by: int | None


@dataclass(frozen=True)
class RatingRow:
    """One leaderboard line: ``rank`` is None for a player with too few games to be ranked."""

    rank: int | None
    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating on one track of a season, and its change over their last games."""

    game: str
    season: int
    track: str
    mu: float
    sigma: float
    games: int
    best: int | None
    trend: float  # the conservative estimate now minus before the last ``trend_games`` games
    trend_games: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)

    @property
    def ranked(self) -> bool:
        return self.games >= RANKED_AFTER
