"""Results of finished games: recorded once per game, then summed into stats and leaderboards."""

from __future__ import annotations

import pytest

from bot.games.outcome import Outcome
from bot.storage import SoloBest, Storage, StorageError, places

from .helpers import make_lobby

# make_lobby(host_id=100, players=3) seats users 100, 101 and 102 as p100, p101 and p102.
A, B, C = 100, 101, 102


async def finished(
    storage: Storage, *, players: int = 3, guild_id: int | None = 1, game: str = "counter", bots: int = 0
) -> int:
    """A game that was played to its end (one logged action), with no result recorded yet."""
    record = await make_lobby(storage, players=players, guild_id=guild_id, game=game)
    for n in range(bots):
        await storage.add_bot_seat(record.id, f"Bot {n + 1}")
    await storage.start(record.id, seed=record.id, state={})
    await storage.record_action(
        record.id, expected_version=0, seat=0, action={}, state={}, events=["{0} ends it."], finished=True
    )
    return record.id


async def play(storage: Storage, scores: list[int], winners: list[int], **kwargs: object) -> int:
    game_id = await finished(storage, players=len(scores), **kwargs)  # type: ignore[arg-type]
    assert await storage.record_results(game_id, Outcome(scores=scores, winners=winners))
    return game_id


def test_places_follow_winners_then_scores() -> None:
    assert places([3, 9, 5], [1]) == [3, 1, 2]
    assert places([7, 7, 2], [0, 1]) == [1, 1, 3]  # a shared win
    assert places([7, 7, 2], [1]) == [2, 1, 3]  # the rules broke the score tie
    assert places([1, 4, 4, 0, 9], [4]) == [4, 2, 2, 5, 1]  # equal runners-up share a place


async def test_record_results_once(storage: Storage) -> None:
    game_id = await finished(storage)
    log = await storage.actions(game_id)
    assert await storage.record_results(game_id, Outcome(scores=[3, 9, 5], winners=[1]))
    rows = await storage.results(game_id)
    assert [(r.seat, r.user_id, r.name, r.score, r.place, r.won) for r in rows] == [
        (0, A, "p100", 3, 3, False),
        (1, B, "p101", 9, 1, True),
        (2, C, "p102", 5, 2, False),
    ]
    assert {r.finished_at for r in rows} == {log[-1].created_at}  # when the game ended
    assert not any(r.with_bots for r in rows)

    # A second call, even with another outcome, changes nothing.
    assert not await storage.record_results(game_id, Outcome(scores=[0, 0, 0], winners=[0]))
    assert await storage.results(game_id) == rows


async def test_record_results_refuses_what_is_not_a_finished_result(storage: Storage) -> None:
    lobby = await make_lobby(storage, players=3)
    with pytest.raises(StorageError, match="lobby"):
        await storage.record_results(lobby.id, Outcome(scores=[1, 2, 3], winners=[2]))
    await storage.start(lobby.id, seed=1, state={})
    with pytest.raises(StorageError, match="active"):
        await storage.record_results(lobby.id, Outcome(scores=[1, 2, 3], winners=[2]))
    game_id = await finished(storage)
    with pytest.raises(StorageError, match="seats"):
        await storage.record_results(game_id, Outcome(scores=[1, 2], winners=[1]))
    with pytest.raises(StorageError, match="no game"):
        await storage.record_results(999, Outcome(scores=[1], winners=[0]))
    assert await storage.results(game_id) == []


async def test_stats_and_ratings_are_empty_before_any_result(storage: Storage) -> None:
    await finished(storage)  # finished, but its result was never recorded
    assert await storage.stats(1) == []
    assert await storage.stats(1, "counter", A) == []
    assert await storage.rating_board(1, "counter") == ([], [])


async def test_stats_per_player_per_game_and_per_server(storage: Storage) -> None:
    await play(storage, [3, 9, 5], [1])
    await play(storage, [8, 8, 1], [0, 1])  # a shared win counts for both
    await play(storage, [6, 2, 4], [0])
    await play(storage, [50, 1, 1], [0], game="other")  # another game: never mixed in
    await play(storage, [99, 0, 0], [0], guild_id=2)  # another server: not counted

    (ada,) = await storage.stats(1, "counter", A)
    assert (ada.game, ada.played, ada.wins, ada.best) == ("counter", 3, 2, 8)
    assert ada.average == pytest.approx(17 / 3)
    (bea,) = await storage.stats(1, "counter", B)
    assert (bea.played, bea.wins, bea.best, bea.average) == (3, 2, 9, pytest.approx(19 / 3))

    # Without a game: one entry per game, sorted by slug.
    every = await storage.stats(1, user_id=A)
    assert [(s.game, s.played, s.wins, s.best) for s in every] == [("counter", 3, 2, 8), ("other", 1, 1, 50)]

    # Without a player: the whole server; wins count winning seats (4 in 3 games).
    (server,) = await storage.stats(1, "counter")
    assert (server.played, server.players, server.wins, server.best) == (3, 3, 4, 9)
    assert server.average == pytest.approx(46 / 9)
    assert [s.best for s in await storage.stats(2)] == [99]
    assert await storage.stats(1, "counter", 999) == []


async def test_the_rating_board_shows_the_latest_name(storage: Storage) -> None:
    await play(storage, [1, 0], [0])
    later = await make_lobby(storage, players=1)
    await storage.add_seat(later.id, B, "bea renamed")
    await storage.start(later.id, seed=1, state={})
    await storage.record_action(
        later.id, expected_version=0, seat=0, action={}, state={}, events=[], finished=True
    )
    await storage.record_results(later.id, Outcome(scores=[0, 5], winners=[1]))
    ranked, unranked = await storage.rating_board(1, "counter")
    assert {row.user_id: row.name for row in ranked + unranked} == {A: "p100", B: "bea renamed"}


async def test_games_with_bot_seats_are_flagged_and_bots_are_not_ranked(storage: Storage) -> None:
    await play(storage, [3, 9], [1])
    game_id = await finished(storage, players=2, bots=1)
    assert await storage.record_results(game_id, Outcome(scores=[4, 2, 8], winners=[2]))
    assert all(r.with_bots for r in await storage.results(game_id))

    (ada,) = await storage.stats(1, "counter", A)
    assert (ada.played, ada.with_bots, ada.wins) == (2, 1, 0)
    (server,) = await storage.stats(1, "counter")
    assert (server.played, server.players, server.with_bots, server.best) == (2, 2, 1, 9)
    ranked, unranked = await storage.rating_board(1, "counter")  # the game with a bot is not rated
    assert ranked == [] and [(r.user_id, r.games) for r in unranked] == [(A, 1), (B, 1)]


async def test_solo_best_counts_only_that_players_solo_games_on_that_server(storage: Storage) -> None:
    assert await storage.solo_best(1, "counter", A) == SoloBest(best=None, played=0)
    first = await play(storage, [40], [0])
    await play(storage, [55], [0])
    await play(storage, [90, 1], [0])  # not solo: two seats
    await play(storage, [99], [0], guild_id=2)  # another server
    await play(storage, [97], [0], game="other")  # another game
    assert await storage.solo_best(1, "counter", A) == SoloBest(best=55, played=2)
    assert await storage.solo_best(1, "counter", B) == SoloBest(best=None, played=0)
    latest = await play(storage, [50], [0])
    # Leaving the game that just ended out says what it had to beat.
    assert await storage.solo_best(1, "counter", A, exclude_game=latest) == SoloBest(best=55, played=2)
    assert await storage.solo_best(1, "counter", A, exclude_game=first) == SoloBest(best=55, played=2)
    assert await storage.solo_best(1, "counter", A) == SoloBest(best=55, played=3)
