"""Lobbies: creation, joining and leaving with renumbering, messages, start and cancel."""

from __future__ import annotations

import pytest

from bot.storage import SeatTaken, StaleVersion, Storage, StorageError

from .helpers import make_lobby


async def test_create_lobby_seats_host(storage: Storage) -> None:
    record = await storage.create_lobby(
        game="counter",
        guild_id=5,
        channel_id=10,
        host_id=100,
        host_name="Vega",
        options={"target": 30, "nested": {"a": [1, 2]}},
    )
    assert record.status == "lobby"
    assert record.version == 0 and record.state is None and record.seed is None
    assert record.options == {"target": 30, "nested": {"a": [1, 2]}}
    assert [(s.seat, s.user_id, s.name, s.dm_open) for s in record.seats] == [(0, 100, "Vega", True)]
    assert record.created_at == record.updated_at > 0
    assert record.play_channel_id == 10
    assert await storage.load(record.id) == record
    assert await storage.load(record.id + 1) is None


async def test_add_seat_numbers_in_order_and_refuses_double_join(storage: Storage) -> None:
    record = await make_lobby(storage, players=3)
    assert [s.seat for s in record.seats] == [0, 1, 2]
    assert record.user_ids == [100, 101, 102]
    assert [seat.name for seat in record.seats] == ["p100", "p101", "p102"]
    assert record.seat_of(102) == 2 and record.seat_of(999) is None
    with pytest.raises(SeatTaken):
        await storage.add_seat(record.id, 101, "again")
    with pytest.raises(SeatTaken):
        await storage.add_seat(record.id, 100, "host again")
    assert (await storage.load(record.id)).user_ids == [100, 101, 102]


async def test_remove_seat_renumbers_keeping_order(storage: Storage) -> None:
    record = await make_lobby(storage, players=5)
    record = await storage.remove_seat(record.id, 101)
    assert [(s.seat, s.user_id) for s in record.seats] == [(0, 100), (1, 102), (2, 103), (3, 104)]
    record = await storage.remove_seat(record.id, 104)  # last seat: nothing moves
    assert [(s.seat, s.user_id) for s in record.seats] == [(0, 100), (1, 102), (2, 103)]
    record = await storage.remove_seat(record.id, 100)  # first seat
    assert [(s.seat, s.user_id) for s in record.seats] == [(0, 102), (1, 103)]
    record = await storage.add_seat(record.id, 101, "back")  # rejoining goes to the end
    assert [(s.seat, s.user_id) for s in record.seats] == [(0, 102), (1, 103), (2, 101)]
    with pytest.raises(StorageError, match="not seated"):
        await storage.remove_seat(record.id, 999)


async def test_seats_change_only_in_lobby(storage: Storage) -> None:
    record = await make_lobby(storage)
    await storage.start(record.id, seed=1, state={"x": 1})
    with pytest.raises(StorageError, match="active") as joined:
        await storage.add_seat(record.id, 555, "late")
    assert not isinstance(joined.value, SeatTaken)
    with pytest.raises(StorageError, match="active"):
        await storage.remove_seat(record.id, 101)
    with pytest.raises(StorageError, match="no game"):
        await storage.add_seat(9999, 1, "x")


async def test_start_transitions_once(storage: Storage) -> None:
    record = await make_lobby(storage)
    started = await storage.start(record.id, seed=77, state={"turn": 0}, deadline_at=1234.5)
    assert started.status == "active"
    assert (started.seed, started.state, started.version, started.deadline_at) == (77, {"turn": 0}, 0, 1234.5)
    assert started.seats == record.seats
    with pytest.raises(StaleVersion):
        await storage.start(record.id, seed=78, state={"turn": 9})
    assert (await storage.load(record.id)).seed == 77
    with pytest.raises(StorageError, match="no game"):
        await storage.start(9999, seed=1, state={})


async def test_concurrent_starts_only_one_wins(storage: Storage) -> None:
    import asyncio

    record = await make_lobby(storage)
    results = await asyncio.gather(
        *(storage.start(record.id, seed=s, state={"s": s}) for s in range(5)), return_exceptions=True
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, StaleVersion) for r in results if isinstance(r, Exception))


async def test_lobby_options_change_until_the_game_starts(storage: Storage) -> None:
    record = await make_lobby(storage)
    changed = await storage.set_lobby_options(record.id, {**record.options, "step_timer": 30})
    assert changed.options["step_timer"] == 30 and (await storage.load(record.id)).options == changed.options
    await storage.start(record.id, seed=1, state={})
    with pytest.raises(StaleVersion):
        await storage.set_lobby_options(record.id, {"step_timer": 0})
    assert (await storage.load(record.id)).options["step_timer"] == 30


async def test_set_dm_open(storage: Storage) -> None:
    record = await make_lobby(storage)
    await storage.set_dm_open(record.id, 101, False)
    assert [s.dm_open for s in (await storage.load(record.id)).seats] == [True, False]
    await storage.set_dm_open(record.id, 101, True)
    assert [s.dm_open for s in (await storage.load(record.id)).seats] == [True, True]
    with pytest.raises(StorageError):
        await storage.set_dm_open(record.id, 999, False)


async def test_set_messages_changes_only_given_fields(storage: Storage) -> None:
    record = await make_lobby(storage)
    await storage.set_messages(record.id, lobby_message_id=1)
    await storage.set_messages(record.id, status_message_id=2, thread_id=3)
    loaded = await storage.load(record.id)
    assert (loaded.lobby_message_id, loaded.status_message_id, loaded.thread_id) == (1, 2, 3)
    assert loaded.play_channel_id == 3
    await storage.set_messages(record.id, lobby_message_id=None)  # None clears
    await storage.set_messages(record.id)  # nothing given: no-op
    loaded = await storage.load(record.id)
    assert (loaded.lobby_message_id, loaded.status_message_id, loaded.thread_id) == (None, 2, 3)
    with pytest.raises(StorageError):
        await storage.set_messages(9999, thread_id=1)


async def test_set_status_cancel_is_final(storage: Storage) -> None:
    lobby = await make_lobby(storage)
    await storage.set_status(lobby.id, "cancelled")
    await storage.set_status(lobby.id, "cancelled")  # double click: harmless
    assert (await storage.load(lobby.id)).status == "cancelled"
    with pytest.raises(StaleVersion):
        await storage.start(lobby.id, seed=1, state={})
    with pytest.raises(StaleVersion):
        await storage.set_status(lobby.id, "active")

    active = await make_lobby(storage, channel_id=11)
    await storage.start(active.id, seed=1, state={})
    await storage.set_status(active.id, "cancelled")
    with pytest.raises(StaleVersion):
        await storage.record_action(active.id, expected_version=0, seat=0, action={}, state={}, events=[])
    with pytest.raises(StorageError, match="unknown status"):
        await storage.set_status(active.id, "paused")
    with pytest.raises(StorageError, match="no game"):
        await storage.set_status(9999, "cancelled")
