"""Fair ratings: kept with the results, only for games between people, by season, and equal to a
rebuild from the stored results, on both backends."""

from __future__ import annotations

import asyncio
import random

import pytest
from openskill.models import PlackettLuce

from bot.games.outcome import Outcome
from bot.storage import Storage, places
from bot.storage.skill import RANKED_AFTER, TREND_GAMES, ordinal

from .helpers import make_lobby

GUILD = 1
SEED = 20261203
PLAYERS = list(range(100, 106))  # make_lobby seats host_id, host_id + 1, …


def seeded_season(seed: int = SEED, games: int = 14) -> list[tuple[int, list[int], list[int]]]:
    """(host, scores, winners) of ``games`` games of 2-4 consecutive players, from ``seed``."""
    rng = random.Random(seed)
    season = []
    for _ in range(games):
        size = rng.randint(2, 4)
        host = rng.choice(PLAYERS[: len(PLAYERS) - size + 1])
        scores = [rng.randint(0, 12) for _ in range(size)]
        top = max(scores)
        season.append((host, scores, [seat for seat, score in enumerate(scores) if score == top]))
    return season


async def finish(
    storage: Storage,
    host: int,
    seats: int,
    *,
    guild_id: int | None = GUILD,
    bots: int = 0,
    handed_over: bool = False,
    game: str = "counter",
) -> int:
    """A game of ``seats`` people from ``host`` on, played to its end; results not recorded yet."""
    record = await make_lobby(storage, players=seats, host_id=host, guild_id=guild_id, game=game)
    for n in range(bots):
        await storage.add_bot_seat(record.id, f"Bot {n + 1}")
    await storage.start(record.id, seed=record.id, state={})
    if handed_over:  # the bot played seat 1 for a while, then its player reclaimed it
        await storage.set_seat_control(record.id, 1, autopilot=True, timeouts=2)
        await storage.set_seat_control(record.id, 1, autopilot=False, timeouts=0)
    await storage.record_action(
        record.id, expected_version=0, seat=0, action={}, state={}, events=["{0} ends it."], finished=True
    )
    return record.id


async def play(storage: Storage, host: int, scores: list[int], winners: list[int], **kwargs: object) -> int:
    people = len(scores) - int(kwargs.get("bots", 0))  # type: ignore[call-overload]
    game_id = await finish(storage, host, people, **kwargs)  # type: ignore[arg-type]
    assert await storage.record_results(game_id, Outcome(scores=scores, winners=winners))
    return game_id


def expected_ratings(season: list[tuple[int, list[int], list[int]]]) -> dict[int, tuple[float, float, int]]:
    """Each player's (mu, sigma, games) after ``season``, straight from openskill."""
    model = PlackettLuce()
    ratings: dict[int, tuple[float, float, int]] = {}
    for host, scores, winners in season:
        users = [host + seat for seat in range(len(scores))]
        teams = [[model.rating(*ratings.get(u, (model.mu, model.sigma, 0))[:2])] for u in users]
        ranks = [float(p) for p in places(scores, winners)]
        for user, [rated] in zip(users, model.rate(teams, ranks=ranks), strict=True):
            ratings[user] = (rated.mu, rated.sigma, ratings.get(user, (0, 0, 0))[2] + 1)
    return ratings


async def snapshot(storage: Storage, guild_id: int = GUILD, game: str = "counter") -> object:
    """Every number the ratings show: every season's board and every player's rating and trend."""
    seasons = await storage.rating_seasons(guild_id, game)
    boards = [await storage.rating_board(guild_id, game, s.season, limit=100) for s in seasons]
    players = {u: await storage.player_ratings(guild_id, u) for u in range(90, 120)}
    return seasons, boards, players


async def test_a_seeded_season_gives_openskill_numbers_and_rebuilds_the_same(storage: Storage) -> None:
    season = seeded_season()
    for host, scores, winners in season:
        await play(storage, host, scores, winners)
    # Not rated: a bot seat, a seat handed to the bot (even if reclaimed), a cancelled game,
    # a game outside any server.
    await play(storage, 100, [50, 0], [0], bots=1)
    await play(storage, 100, [50, 0, 0], [0], handed_over=True)
    await play(storage, 100, [50, 0], [0], guild_id=None)
    cancelled = await make_lobby(storage, players=2)
    await storage.start(cancelled.id, seed=1, state={})
    await storage.set_status(cancelled.id, "cancelled")

    expected = expected_ratings(season)
    ranked, unranked = await storage.rating_board(GUILD, "counter", limit=100)
    got = {row.user_id: (row.mu, row.sigma, row.games) for row in [*ranked, *unranked]}
    assert got == expected  # exactly: the same model, the same games, the same order
    assert all(row.games >= RANKED_AFTER for row in ranked)
    assert all(row.games < RANKED_AFTER and row.rank is None for row in unranked)
    assert [row.ordinal for row in ranked] == sorted((row.ordinal for row in ranked), reverse=True)
    assert [row.rank for row in ranked] == list(range(1, len(ranked) + 1))
    wins = {u: 0 for u in expected}
    for host, _scores, winners in season:
        for seat in winners:
            wins[host + seat] += 1
    assert {row.user_id: row.wins for row in [*ranked, *unranked]} == wins
    # Stable numbers: this seeded season gives these conservative estimates (a change of the model
    # or of its library's constants shows here first).
    assert {u: round(ordinal(mu, sigma), 3) for u, (mu, sigma, _n) in expected.items()} == STABLE

    before = await snapshot(storage)
    assert await storage.rebuild_ratings() == len(season)
    assert await snapshot(storage) == before


STABLE = {100: 5.287, 101: -3.581, 102: 5.019, 103: 10.423, 104: 4.638, 105: -0.961}


async def test_a_game_recorded_late_is_rated_in_finishing_order(storage: Storage) -> None:
    early = await finish(storage, 100, 3)
    late = await finish(storage, 101, 2)
    assert await storage.record_results(late, Outcome(scores=[9, 1], winners=[0]))
    # The crash backfill records the earlier game afterwards: its season is rated again in order.
    assert await storage.record_results(early, Outcome(scores=[1, 5, 3], winners=[1]))
    kept = await snapshot(storage)
    expected = expected_ratings([(100, [1, 5, 3], [1]), (101, [9, 1], [0])])
    _ranked, unranked = await storage.rating_board(GUILD, "counter")
    assert {row.user_id: (row.mu, row.sigma, row.games) for row in unranked} == expected
    await storage.rebuild_ratings(GUILD)
    assert await snapshot(storage) == kept


async def test_the_trend_is_the_change_over_the_last_games(storage: Storage) -> None:
    season = [(100, [9, 1], [0]), (100, [2, 8], [1]), (100, [9, 1], [0])] * 3  # 9 games
    for host, scores, winners in season:
        await play(storage, host, scores, winners)
    model = PlackettLuce()
    estimates = [0.0]
    mine, theirs = model.rating(), model.rating()
    for _host, scores, winners in season:
        [[mine], [theirs]] = model.rate([[mine], [theirs]], ranks=[float(p) for p in places(scores, winners)])
        estimates.append(mine.ordinal())
    [rating] = await storage.player_ratings(GUILD, 100)
    assert (rating.game, rating.season, rating.track, rating.games) == ("counter", 1, "people", 9)
    assert rating.ordinal == pytest.approx(estimates[-1], abs=1e-12)
    assert rating.trend_games == TREND_GAMES
    assert rating.trend == pytest.approx(estimates[-1] - estimates[-1 - TREND_GAMES], abs=1e-12)
    assert rating.ranked
    assert await storage.player_ratings(GUILD, 100, "other") == []
    assert await storage.player_ratings(2, 100) == []


async def test_solo_games_are_rated_against_the_players_own_best(storage: Storage) -> None:
    scores = [10, 14, 14, 9]
    for score in scores:
        await play(storage, 100, [score], [0])
    await play(storage, 100, [20, 3], [0])  # a game between people is another track
    ratings = {r.track: r for r in await storage.player_ratings(GUILD, 100)}
    solo, people = ratings["solo"], ratings["people"]
    assert (solo.games, solo.best, people.games, people.best) == (4, 14, 1, None)
    ranked, unranked = await storage.rating_board(GUILD, "counter")
    assert [(r.user_id, r.games) for r in [*ranked, *unranked]] == [(100, 1), (101, 1)]  # no solo
    # By hand: the first game sets the best; then beat it (a win), equal it (a tie), miss it (a loss),
    # each time against a ghost as strong as the player.
    model = PlackettLuce()
    you = model.rating()
    for ranks in ([1.0, 2.0], [1.0, 1.0], [2.0, 1.0]):
        ghost = model.rating(mu=you.mu, sigma=you.sigma)
        [[you], _ghost] = model.rate([[you], [ghost]], ranks=ranks)
    assert (solo.mu, solo.sigma) == (you.mu, you.sigma)
    before = await snapshot(storage)
    await storage.rebuild_ratings()
    assert await snapshot(storage) == before


async def test_a_new_season_starts_afresh_and_the_old_one_stays_readable(storage: Storage) -> None:
    assert await storage.rating_seasons(GUILD, "counter") == []
    assert await storage.current_season(GUILD, "counter") == 1
    assert await storage.start_season(GUILD, "counter", started_by=100) is None  # nothing rated yet
    first = [(100, [9, 1, 4], [0]), (101, [3, 8], [1])]
    for host, scores, winners in first:
        await play(storage, host, scores, winners)
    started = await storage.start_season(GUILD, "counter", started_by=100)
    assert started is not None and (started.season, started.started_by) == (2, 100)
    assert await storage.start_season(GUILD, "counter", started_by=100) is None  # season 2 is empty
    assert await storage.current_season(GUILD, "counter") == 2
    assert await storage.current_season(GUILD, "other") == 1  # seasons are per game
    assert await storage.rating_board(GUILD, "counter") == ([], [])
    await play(storage, 100, [1, 9], [1])

    _ranked, old = await storage.rating_board(GUILD, "counter", season=1)
    assert {r.user_id: (r.mu, r.sigma, r.games) for r in old} == expected_ratings(first)
    _ranked, new = await storage.rating_board(GUILD, "counter")
    assert {r.user_id: (r.mu, r.sigma, r.games) for r in new} == expected_ratings([(100, [1, 9], [1])])
    assert [r.season for r in await storage.player_ratings(GUILD, 100)] == [2]
    seasons = await storage.rating_seasons(GUILD, "counter")
    assert [(s.season, s.started_by) for s in seasons] == [(1, None), (2, 100)]
    assert await storage.rating_board(GUILD, "counter", season=7) == ([], [])

    before = await snapshot(storage)
    assert await storage.rebuild_ratings() == 3
    assert await snapshot(storage) == before


async def test_equal_estimates_share_a_rank(storage: Storage) -> None:
    for _ in range(RANKED_AFTER):
        await play(storage, 100, [5, 5, 0], [0, 1])  # 100 and 101 always share the win
    ranked, unranked = await storage.rating_board(GUILD, "counter")
    assert [(r.user_id, r.rank) for r in ranked] == [(100, 1), (101, 1), (102, 3)]
    assert unranked == []
    assert [r.user_id for r in (await storage.rating_board(GUILD, "counter", limit=1))[0]] == [100]


async def test_results_stored_before_ratings_existed_are_rated_at_start_up(storage: Storage) -> None:
    for host, scores, winners in seeded_season(games=5):
        await play(storage, host, scores, winners)
    await play(storage, 100, [50, 0], [0], bots=1)
    kept = await snapshot(storage)
    async with storage._write() as tx:  # type: ignore[attr-defined]  # as a database from before 0009
        for table in ("rating_history", "ratings", "rating_seasons"):
            await tx.execute(f"DELETE FROM {table}")
    assert await storage.rating_board(GUILD, "counter") == ([], [])
    assert await storage.rate_unrated() == 5
    assert await snapshot(storage) == kept
    assert await storage.rate_unrated() == 0  # nothing left behind: the bot game stays unrated


async def test_results_written_at_once_in_any_order_rate_like_a_rebuild(storage: Storage) -> None:
    """Several games of the same players finish, then their results are written concurrently and
    out of order (several processes on PostgreSQL): the season lock and the in-order rule still
    give the numbers of a rebuild, and of openskill over the finishing order."""
    season = seeded_season(seed=7, games=8)
    games = [await finish(storage, host, len(scores)) for host, scores, _winners in season]
    order = list(range(len(season)))
    random.Random(3).shuffle(order)
    written = await asyncio.gather(
        *(storage.record_results(games[i], Outcome(scores=season[i][1], winners=season[i][2])) for i in order)
    )
    assert all(written)
    ranked, unranked = await storage.rating_board(GUILD, "counter", limit=100)
    got = {row.user_id: (row.mu, row.sigma, row.games) for row in [*ranked, *unranked]}
    assert got == expected_ratings(season)
    kept = await snapshot(storage)
    await storage.rebuild_ratings()
    assert await snapshot(storage) == kept
