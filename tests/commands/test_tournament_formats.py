"""Every format through SimCord to its podium: Swiss at three-seat tables, a round robin where
everyone meets, a single elimination seeded by rating, and a live A Sky of Stars night."""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.drivers.gamenight_checks import check_payloads
from tests.drivers.helpers import all_text
from tests.drivers.tournament_driver import card_of, create_and_fill, play_to_the_end, server


async def _finished(env, channel, tid):
    storage = env.bot.storage
    t = await storage.tournament(tid)
    assert t.status == "finished", t
    assert "is over" in all_text(channel.last_message) and "🥇" in all_text(channel.last_message)
    assert "Podium" in all_text(card_of(channel))
    return await storage.tournament_tables(tid)


@pytest.mark.simcord(strict_sync=True)
async def test_swiss_nine_at_three_seat_tables(simcord_env):
    env = simcord_env
    _, channel, organiser, players = await server(env, 9)
    tid = await create_and_fill(
        env, channel, organiser, players, game="starry-night-sky", format="swiss", swiss_rounds=2, seats=3
    )
    first = await env.bot.storage.tournament_tables(tid)
    assert [len(x.players) for x in first] == [3, 3, 3] and all(x.status == "playing" for x in first)
    assert await play_to_the_end(env, tid) == [1, 2]
    tables = await _finished(env, channel, tid)
    assert all(len(x.players) == 3 for x in tables)
    second = [x for x in tables if x.round_no == 2]
    assert all(x.why in ("standing", "floated") for x in second)


@pytest.mark.simcord(strict_sync=True)
async def test_round_robin_of_four_everyone_meets(simcord_env):
    env = simcord_env
    _, channel, organiser, players = await server(env, 4)
    tid = await create_and_fill(
        env, channel, organiser, players, game="star-gazers", format="round-robin", seats=2
    )
    assert "2 rounds to go" in all_text(card_of(channel)), "a round robin of 4: round 1, then 2 more"
    assert await play_to_the_end(env, tid) == [1, 2, 3]
    tables = await _finished(env, channel, tid)
    pairs = [frozenset(x.players) for x in tables]
    assert sorted(map(sorted, pairs)) == sorted(
        sorted(pair) for pair in combinations([p.id for p in players], 2)
    )


@pytest.mark.simcord(strict_sync=True)
async def test_single_elimination_of_eight(simcord_env):
    env = simcord_env
    _, channel, organiser, players = await server(env, 8)
    tid = await create_and_fill(
        env, channel, organiser, players, game="star-gazers", format="elimination", seats=2
    )
    assert await play_to_the_end(env, tid) == [1, 2, 3]
    tables = await _finished(env, channel, tid)
    assert [sum(1 for x in tables if x.round_no == r) for r in (1, 2, 3)] == [4, 2, 1]
    final = next(x for x in tables if x.round_no == 3)
    winners = {x.players[x.places.index(min(x.places))] for x in tables if x.round_no == 2}
    assert set(final.players) == winners, "the semi-finals' winners meet in the final"


@pytest.mark.simcord(strict_sync=True)
async def test_a_live_sky_of_stars_night(simcord_env):
    env = simcord_env
    _, channel, organiser, players = await server(env, 6)
    tid = await create_and_fill(
        env,
        channel,
        organiser,
        players,
        game="sky-of-stars",
        format="swiss",
        swiss_rounds=2,
        seats=3,
        speed="live-quick",
        event=True,
    )
    t = await env.bot.storage.tournament(tid)
    assert t.pace == 0 and t.event_id is not None
    (event,) = env.backend.get_guild(channel.guild.id).scheduled_events.values()
    assert event.status == 2, "the event started with round 1"
    assert await play_to_the_end(env, tid) == [1, 2]
    await _finished(env, channel, tid)
    (event,) = env.backend.get_guild(channel.guild.id).scheduled_events.values()
    assert event.status == 3, "and ended with the podium"
    check_payloads(env)


@pytest.mark.simcord(strict_sync=True)
async def test_an_italian_server_gets_its_tournament_in_italian(simcord_env):
    env = simcord_env
    _, channel, organiser, players = await server(env, 3, preferred_locale="it")
    tid = await create_and_fill(
        env, channel, organiser, players, join="Unisciti", game="star-gazers", format="round-robin"
    )
    card = all_text(card_of(channel))
    assert "Classifica" in card and "girone all'italiana" in card and "Tavoli del turno 1" in card
    thread_names = [t.name for t in channel.threads]
    assert thread_names and all(name.startswith(f"Torneo #{tid} · turno 1") for name in thread_names)
    assert "abbinamenti fatti" in all_text(channel.last_message) or any(
        "abbinamenti fatti" in all_text(m) for m in channel.history()
    )
