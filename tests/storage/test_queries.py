"""Look-ups the Discord layer relies on: by channel or thread, by user, and games in play."""

from __future__ import annotations

from bot.storage import Storage

from .helpers import make_lobby


async def test_active_games(storage: Storage) -> None:
    lobby = await make_lobby(storage, channel_id=1)
    first = await make_lobby(storage, channel_id=2)
    second = await make_lobby(storage, channel_id=3, players=3)
    cancelled = await make_lobby(storage, channel_id=4)
    for record in (first, second, cancelled):
        await storage.start(record.id, seed=record.id, state={"id": record.id})
    await storage.set_status(cancelled.id, "cancelled")
    games = await storage.active_games()
    assert [g.id for g in games] == [first.id, second.id]
    assert [len(g.seats) for g in games] == [2, 3]
    assert games[1].state == {"id": second.id}
    assert games[1] == await storage.load(second.id)
    assert lobby.id not in [g.id for g in games]


async def test_game_in_channel_prefers_thread_then_newest(storage: Storage) -> None:
    assert await storage.game_in_channel(10) is None
    old = await make_lobby(storage, channel_id=10)
    assert (await storage.game_in_channel(10)).id == old.id
    new = await make_lobby(storage, channel_id=10)
    assert (await storage.game_in_channel(10)).id == new.id  # newest of two in the channel

    # A game played in thread 50 of channel 20, and another game whose *channel* is 50.
    threaded = await make_lobby(storage, channel_id=20)
    await storage.set_messages(threaded.id, thread_id=50)
    await make_lobby(storage, channel_id=50)
    assert (await storage.game_in_channel(50)).id == threaded.id  # thread match wins over newer
    assert (await storage.game_in_channel(20)).id == threaded.id  # parent channel still finds it

    await storage.set_status(threaded.id, "cancelled")
    assert (await storage.game_in_channel(20)) is None
    await storage.set_status(new.id, "cancelled")
    assert (await storage.game_in_channel(10)).id == old.id


async def test_game_in_channel_includes_active_but_not_finished(storage: Storage) -> None:
    record = await make_lobby(storage, channel_id=30)
    await storage.start(record.id, seed=1, state={})
    assert (await storage.game_in_channel(30)).status == "active"
    await storage.record_action(
        record.id, expected_version=0, seat=0, action={}, state={}, events=[], finished=True
    )
    assert await storage.game_in_channel(30) is None


async def test_games_for_user(storage: Storage) -> None:
    a = await make_lobby(storage, channel_id=1, guild_id=1, host_id=100)  # users 100, 101
    b = await make_lobby(storage, channel_id=2, guild_id=2, host_id=101)  # users 101, 102
    c = await make_lobby(storage, channel_id=3, guild_id=1, host_id=200)  # users 200, 201
    await storage.add_seat(c.id, 101, "p101")
    d = await make_lobby(storage, channel_id=4, guild_id=None, host_id=101)  # a DM game
    done = await make_lobby(storage, channel_id=5, guild_id=1, host_id=101)
    await storage.set_status(done.id, "cancelled")
    await storage.start(b.id, seed=1, state={})

    assert [g.id for g in await storage.games_for_user(101)] == [d.id, c.id, b.id, a.id]
    assert [g.id for g in await storage.games_for_user(101, guild_id=1)] == [c.id, a.id]
    assert [g.id for g in await storage.games_for_user(101, guild_id=2)] == [b.id]
    assert [g.id for g in await storage.games_for_user(100)] == [a.id]
    assert await storage.games_for_user(999) == []
    mine = (await storage.games_for_user(101, guild_id=1))[0]
    assert mine.user_ids == [200, 201, 101] and mine.seat_of(101) == 2


async def test_open_games_in_channel_lists_every_table(storage: Storage) -> None:
    """A channel runs several tables at once: all its open games, thread matches first."""
    assert await storage.open_games_in_channel(60) == []
    first = await make_lobby(storage, channel_id=60)
    second = await make_lobby(storage, channel_id=60)
    await storage.set_messages(first.id, thread_id=61)
    await storage.start(first.id, seed=1, state={})
    done = await make_lobby(storage, channel_id=60)
    await storage.set_status(done.id, "cancelled")
    await make_lobby(storage, channel_id=70)
    assert [g.id for g in await storage.open_games_in_channel(60)] == [second.id, first.id]
    assert [g.id for g in await storage.open_games_in_channel(61)] == [first.id]  # the thread's own
    # A game whose channel is 61 would come after the game played in thread 61.
    other = await make_lobby(storage, channel_id=61)
    assert [g.id for g in await storage.open_games_in_channel(61)] == [first.id, other.id]
    assert (await storage.open_games_in_channel(60))[1].seats == (await storage.load(first.id)).seats


async def test_a_game_number_beyond_a_database_integer_is_no_game(storage: Storage) -> None:
    lobby = await make_lobby(storage, channel_id=1)
    for number in (2**63, -(2**63) - 1, 10**30):
        assert await storage.load(number) is None
    assert (await storage.load(lobby.id)).id == lobby.id
