"""Game nights (0011) on both backends: kept until their lobby opens or they are cancelled, due at
their start, leased to one process at a time, and moved only while they are still planned."""

from __future__ import annotations

import pytest

from bot.i18n import Language
from bot.storage import Storage, StorageError

from .helpers import make_lobby

BIG = 9_000_000_000_000_000_001  # Discord-sized ids survive both backends


async def _plan(
    storage: Storage, *, channel_id: int = 7, starts_at: float = 1000.0, games=("observatory", "star-gazers")
):
    return await storage.create_game_night(
        guild_id=BIG,
        channel_id=channel_id,
        host_id=BIG + 1,
        host_name="Ada",
        games=list(games),
        language=Language.ITALIAN,
        starts_at=starts_at,
        event_id=BIG + 2,
        poll_message_id=BIG + 3,
    )


async def test_a_night_is_kept_and_due_at_its_start(storage: Storage) -> None:
    night = await _plan(storage)
    assert night.games == ("observatory", "star-gazers") and night.language is Language.ITALIAN
    assert (night.guild_id, night.host_id, night.event_id, night.poll_message_id) == (
        BIG,
        BIG + 1,
        BIG + 2,
        BIG + 3,
    )
    assert night.status == "planned" and night.due_at == night.starts_at == 1000.0
    assert await storage.game_night(night.id) == night
    assert await storage.open_game_night_in_channel(7) == night
    assert await storage.open_game_night_in_channel(8) is None
    assert await storage.due_game_nights() == [night]
    with pytest.raises(StorageError):
        await _plan(storage, games=("observatory", "observatory"))
    with pytest.raises(StorageError):
        await _plan(storage, games=("a", "b", "c", "d", "e"))


async def test_one_process_holds_a_due_night_until_its_lease_ends(storage: Storage) -> None:
    night = await _plan(storage)
    assert not await storage.claim_game_night(night.id, "planned", now=999.0, lease=120)  # not due yet
    assert await storage.claim_game_night(night.id, "planned", now=1000.0, lease=120)
    assert not await storage.claim_game_night(night.id, "planned", now=1100.0, lease=120)  # held
    assert await storage.claim_game_night(night.id, "planned", now=1121.0, lease=120)  # its owner died
    await storage.release_game_night(night.id)
    assert not await storage.claim_game_night(night.id, "tie", now=1122.0, lease=120)  # wrong status
    assert await storage.claim_game_night(night.id, "planned", now=1122.0, lease=120)


async def test_a_tie_then_the_hosts_pick_opens_it_once(storage: Storage) -> None:
    night = await _plan(storage)
    assert await storage.claim_game_night(night.id, "planned", now=1000.0, lease=120)
    assert await storage.tie_game_night(night.id, tie_message_id=BIG + 4, due_at=1600.0)
    tie = await storage.game_night(night.id)
    assert tie is not None and (tie.status, tie.due_at, tie.tie_message_id) == ("tie", 1600.0, BIG + 4)
    assert await storage.due_game_nights() == [tie]
    assert not await storage.reschedule_game_night(night.id, 5000.0), "a night at its start can't move"
    assert await storage.claim_game_night(night.id, "tie", now=1590.0, lease=120, early=True)  # the host
    assert not await storage.claim_game_night(night.id, "tie", now=1600.0, lease=120)  # the fallback waits
    lobby = await make_lobby(storage)
    assert await storage.open_game_night(night.id, lobby.id)
    assert not await storage.open_game_night(night.id, lobby.id)
    opened = await storage.game_night(night.id)
    assert opened is not None and (opened.status, opened.due_at, opened.game_id) == ("opened", None, lobby.id)
    assert await storage.due_game_nights() == [] and await storage.open_game_night_in_channel(7) is None
    assert not await storage.cancel_game_night(night.id)


async def test_reschedule_and_cancel(storage: Storage) -> None:
    night = await _plan(storage)
    later = await _plan(storage, channel_id=8, starts_at=500.0)
    assert [n.id for n in await storage.due_game_nights()] == [later.id, night.id]  # soonest first
    assert await storage.claim_game_night(night.id, "planned", now=1000.0, lease=120)
    assert await storage.reschedule_game_night(night.id, 9000.0)
    moved = await storage.game_night(night.id)
    assert moved is not None and moved.starts_at == moved.due_at == 9000.0
    assert await storage.claim_game_night(night.id, "planned", now=9000.0, lease=120), (
        "the lease went with the move"
    )
    assert await storage.cancel_game_night(later.id)
    gone = await storage.game_night(later.id)
    assert gone is not None and (gone.status, gone.due_at) == ("cancelled", None)
    assert not await storage.reschedule_game_night(later.id, 9000.0)
    assert await storage.open_game_night_in_channel(8) is None
    assert [n.id for n in await storage.due_game_nights()] == [night.id]
