"""`/game replay`'s list: the games of a server a member may replay (``replayable_games``), on
every backend. Their own running games first, then finished and cancelled games that started,
their own before everyone's, the most recently ended first, with their own practice tables;
never a lobby, another's running game, another server's game or another's practice table."""

from __future__ import annotations

import pytest

from bot.storage import GameRecord, Storage

from .helpers import make_lobby

ME = 100


async def started(storage: Storage, **how: object) -> GameRecord:
    record = await make_lobby(storage, **how)  # type: ignore[arg-type]
    return await storage.start(record.id, seed=record.id, state={})


async def finish(storage: Storage, record: GameRecord) -> None:
    await storage.record_action(
        record.id, expected_version=0, seat=0, action={}, state={}, events=[], finished=True
    )


async def test_the_games_a_member_may_replay_in_order(storage: Storage) -> None:
    mine_running = await started(storage, host_id=ME)  # ME and 101
    theirs_running = await started(storage, host_id=200)
    await make_lobby(storage, host_id=ME)  # a lobby: nothing to replay yet
    theirs_old = await started(storage, host_id=300, game="dice")
    await finish(storage, theirs_old)
    lobby = await make_lobby(storage, host_id=101)  # 101, 102, then ME
    await storage.add_seat(lobby.id, ME, "me")
    mine_done = await storage.start(lobby.id, seed=1, state={})
    await finish(storage, mine_done)
    theirs_cancelled = await started(storage, host_id=300)
    await storage.set_status(theirs_cancelled.id, "cancelled")
    cancelled_lobby = await make_lobby(storage, host_id=300)
    await storage.set_status(cancelled_lobby.id, "cancelled")
    elsewhere = await started(storage, host_id=ME, guild_id=2)
    await finish(storage, elsewhere)
    dm_game = await started(storage, host_id=ME, guild_id=None)  # of no server, but no practice
    await finish(storage, dm_game)
    practice = {}
    for host in (300, ME):  # practice tables (`/learn`): no server, the player's alone
        practice[host] = await started(
            storage, host_id=host, players=1, guild_id=None, options={"practice": 1}
        )
        await finish(storage, practice[host])

    games = await storage.replayable_games(1, ME)
    # ME's finished games come before everyone's, though the cancelled one ended later.
    assert [g.id for g in games] == [
        mine_running.id,
        practice[ME].id,
        mine_done.id,
        theirs_cancelled.id,
        theirs_old.id,
    ]
    assert games[1].practice and games[1].guild_id is None
    assert theirs_running.id not in [g.id for g in games]
    assert games[2].status == "finished" and games[2].seat_of(ME) == 2 and len(games[2].seats) == 3
    assert games[0] == await storage.load(mine_running.id)

    # Someone who played none of them: every finished game, the most recent first.
    everyone = [theirs_cancelled.id, mine_done.id, theirs_old.id]
    assert [g.id for g in await storage.replayable_games(1, 999)] == everyone
    assert [g.id for g in await storage.replayable_games(2, ME)] == [practice[ME].id, elsewhere.id]
    assert [g.id for g in await storage.replayable_games(3, ME)] == [practice[ME].id]
    assert [g.id for g in await storage.replayable_games(3, 300)] == [practice[300].id]
    assert dm_game.id not in [g.id for g in await storage.replayable_games(1, ME, limit=100)]


async def test_filters_by_title_and_number_and_limit(storage: Storage) -> None:
    ids = []
    for number in range(12):
        record = await started(storage, host_id=300, game="dice" if number % 3 == 0 else "counter")
        await finish(storage, record)
        ids.append(record.id)
    newest_first = ids[::-1]
    dice = [i for n, i in enumerate(ids) if n % 3 == 0][::-1]

    async def listed(**how: object) -> list[int]:
        return [g.id for g in await storage.replayable_games(1, ME, **how)]  # type: ignore[arg-type]

    assert await listed() == newest_first
    assert await listed(limit=5) == newest_first[:5]
    assert await listed(games=["dice"]) == dice
    assert await listed(games=["dice", "counter"]) == newest_first
    assert await listed(games=["dic"]) == [], "a slug matches whole"
    assert await listed(games=[]) == []
    digit = str(ids[1])[-1]
    assert await listed(number=digit) == [i for i in newest_first if digit in str(i)]
    assert await listed(number=str(ids[4])) == [i for i in newest_first if str(ids[4]) in str(i)]
    assert await listed(number=str(ids[3]), games=["counter"]) == [
        i for i in newest_first if str(ids[3]) in str(i) and i not in dice
    ]
    with pytest.raises(ValueError):
        await listed(number="1%")
    with pytest.raises(ValueError):
        await listed(games=["dice,counter"])
