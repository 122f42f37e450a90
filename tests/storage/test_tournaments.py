"""Tournaments (0012) on both backends: sign-up refusals change nothing, a round opens once, a
table's game is made once, results and deadlines are kept, and everything survives a reopen."""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n import Language
from bot.storage import Storage
from bot.storage.tournaments import AlreadyEntered, NewTable, SignupClosed

BIG = 9_000_000_000_000_000_001  # Discord-sized ids survive both backends


async def _create(storage: Storage, **overrides):
    fields = dict(
        guild_id=BIG,
        channel_id=BIG + 1,
        organiser_id=BIG + 2,
        organiser_name="Ada",
        game="counter",
        options={"target": 3},
        seats=2,
        format="swiss",
        rounds=3,
        pace=0,
        round_seconds=3600.0,
        language=Language.ITALIAN,
        role_id=None,
        signup_closes=1000.0,
        seed=(1 << 62) - 1,
    )
    return await storage.create_tournament(**{**fields, **overrides})


async def test_sign_up_and_its_refusals(storage: Storage) -> None:
    t = await _create(storage)
    assert (t.status, t.round_no, t.due_at, t.language) == ("signup", 0, 1000.0, Language.ITALIAN)
    assert t.options == {"target": 3} and t.seed == (1 << 62) - 1
    await storage.enter_tournament(t.id, BIG + 10, "Bea", 1510.0)
    await storage.enter_tournament(t.id, BIG + 11, "Cy", 1490.0)
    with pytest.raises(AlreadyEntered):
        await storage.enter_tournament(t.id, BIG + 10, "Bea", 1510.0)
    assert [e.name for e in await storage.entrants(t.id)] == ["Bea", "Cy"]
    assert await storage.leave_signup(t.id, BIG + 11)
    assert not await storage.leave_signup(t.id, BIG + 11)
    assert await storage.user_tournaments(BIG + 10, BIG) == [t]
    assert await storage.guild_tournaments(BIG) == [t]
    assert await storage.open_round(t.id, 0, [NewTable((BIG + 10,), "bye")], deadline=2000.0)
    with pytest.raises(SignupClosed):
        await storage.enter_tournament(t.id, BIG + 12, "Dee", 1500.0)
    with pytest.raises(SignupClosed):
        await storage.leave_signup(t.id, BIG + 10)
    assert [e.user_id for e in await storage.entrants(t.id)] == [BIG + 10]


async def test_a_round_opens_once(storage: Storage) -> None:
    t = await _create(storage)
    tables = [NewTable((1, 2), "standing"), NewTable((3,), "bye")]
    results = await asyncio.gather(*(storage.open_round(t.id, 0, tables, deadline=5000.0) for _ in range(4)))
    assert sorted(results) == [False, False, False, True]
    assert not await storage.open_round(t.id, 0, tables, deadline=5000.0)
    opened = await storage.tournament(t.id)
    assert opened is not None and (opened.status, opened.round_no, opened.due_at) == ("running", 1, 5000.0)
    (first,) = await storage.tournament_rounds(t.id)
    assert (first.round_no, first.deadline_at, first.closed_at) == (1, 5000.0, None)
    stored = await storage.tournament_tables(t.id)
    state = await storage.tournament_state(t.id)
    assert state is not None and state[0] == opened and state[2] == stored
    assert [(s.players, s.status, s.places) for s in stored] == [
        ((1, 2), "waiting", None),
        ((3,), "bye", (1,)),
    ]
    assert not await storage.open_round(t.id, 1, tables, deadline=9000.0), "round 1 is still played"
    assert await storage.close_round(t.id, 1) and not await storage.close_round(t.id, 1)
    assert await storage.open_round(t.id, 1, tables, deadline=9000.0)


async def test_each_table_gets_one_game(storage: Storage) -> None:
    t = await _create(storage)
    await storage.open_round(t.id, 0, [NewTable((BIG + 10, BIG + 11), "standing")], deadline=1.0)
    (table,) = await storage.tournament_tables(t.id)
    assert await storage.claim_table(table.id, now=10.0, lease=60)
    assert not await storage.claim_table(table.id, now=20.0, lease=60)
    kwargs = dict(
        game="counter",
        guild_id=BIG,
        channel_id=BIG + 1,
        players=[(BIG + 10, "Bea"), (BIG + 11, "Cy")],
        options={"target": 3},
        pace=0,
        language=Language.ENGLISH,
    )
    made = await asyncio.gather(*(storage.create_table_game(table.id, **kwargs) for _ in range(3)))
    games = [g for g in made if g is not None]
    assert len(games) == 1 and [s.user_id for s in games[0].seats] == [BIG + 10, BIG + 11]
    linked = await storage.table_of_game(games[0].id)
    assert linked is not None and linked.status == "playing" and linked.game_id == games[0].id
    assert await storage.finish_table(table.id, [2, 1], [4, 9])
    assert not await storage.finish_table(table.id, [1, 2], [9, 4])
    await storage.mark_late(table.id, [BIG + 10])
    done = await storage.tournament_table(table.id)
    assert done is not None and (done.places, done.scores, done.late) == ((2, 1), (4, 9), (BIG + 10,))


async def test_pause_extend_resume_and_end(storage: Storage) -> None:
    t = await _create(storage)
    await storage.open_round(t.id, 0, [NewTable((1, 2), "standing")], deadline=5000.0)
    assert await storage.extend_round(t.id, 1, 7000.0)
    assert (await storage.tournament_rounds(t.id))[0].deadline_at == 7000.0
    assert await storage.pause_tournament(t.id, 300.0)
    paused = await storage.tournament(t.id)
    assert paused is not None and (paused.status, paused.paused_left, paused.due_at) == (
        "paused",
        300.0,
        None,
    )
    assert await storage.due_tournaments() == []
    assert await storage.resume_tournament(t.id, 1, 8000.0)
    resumed = await storage.tournament(t.id)
    assert resumed is not None and (resumed.status, resumed.due_at) == ("running", 8000.0)
    assert [d.id for d in await storage.due_tournaments()] == [t.id]
    assert await storage.claim_tournament(t.id, now=1.0, lease=60)
    assert not await storage.claim_tournament(t.id, now=2.0, lease=60)
    assert await storage.end_tournament(t.id, "cancelled")
    assert not await storage.end_tournament(t.id, "finished")
    assert await storage.guild_tournaments(BIG) == []
    latest = await storage.latest_tournament_in_channel(BIG + 1)
    assert latest is not None and (latest.id, latest.status) == (t.id, "cancelled")


async def test_entrants_stop_but_keep_their_rows(storage: Storage) -> None:
    t = await _create(storage)
    for offset in range(3):
        await storage.enter_tournament(t.id, 100 + offset, f"p{offset}", 1500.0)
    await storage.set_entrant_ratings(t.id, {100: 1600.0, 101: 1400.0})
    assert await storage.stop_entrant(t.id, 101, "withdrawn")
    assert not await storage.stop_entrant(t.id, 101, "removed")
    entrants = {e.user_id: e for e in await storage.entrants(t.id)}
    assert entrants[100].rating == 1600.0 and entrants[101].status == "withdrawn"
    assert entrants[102].status == "in"


async def test_the_servers_organiser_role(storage: Storage) -> None:
    assert await storage.organiser_role(BIG) is None
    await storage.set_organiser_role(BIG, BIG + 5)
    await storage.set_organiser_role(BIG, BIG + 6)
    assert await storage.organiser_role(BIG) == BIG + 6
    await storage.set_organiser_role(BIG, None)
    assert await storage.organiser_role(BIG) is None
