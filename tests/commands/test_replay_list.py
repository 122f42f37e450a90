"""`/game replay`'s `game` list through SimCord: it offers the games the caller may replay (their
running games first, then the server's finished and cancelled ones, theirs before everyone's,
the most recent first), labelled in the caller's language, filtered by a number, a title or a
player, within Discord's 25 choices, with the caller's own practice tables; never a lobby,
another's running game, another server's game or another's practice table; and a game picked
from it replays."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from tests.drivers.driver import open_table, start_game
from tests.drivers.helpers import said


async def ended(env: Any, guild: Any, channel: Any, players: list[Any], slug: str = "observatory") -> Any:
    """A game of ``players`` that started and finished (written to storage as the bot would)."""
    storage = env.bot.storage
    host = players[0]
    record = await storage.create_lobby(
        game=slug,
        guild_id=guild.id,
        channel_id=channel.id,
        host_id=host.id,
        host_name=host.name,
        options={},
    )
    for player in players[1:]:
        await storage.add_seat(record.id, player.id, player.name)
    await storage.start(record.id, seed=record.id, state={})
    await storage.record_action(
        record.id, expected_version=0, seat=0, action={}, state={}, events=[], finished=True
    )
    return await storage.load(record.id)


def day(record: Any) -> str:
    return datetime.fromtimestamp(record.updated_at, UTC).date().isoformat()


async def newest_running(env: Any) -> Any:
    return max(await env.bot.storage.active_games(), key=lambda r: r.id)


async def listed(member: Any, channel: Any, typed: str = "") -> list[dict]:
    return await member.autocomplete(channel, "game replay", "game", typed)


def values(choices: list[dict]) -> list[int]:
    return [int(c["value"]) for c in choices]


@pytest.mark.simcord(strict_sync=True)
async def test_the_replay_list_offers_your_games_then_the_servers_finished_ones(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea, cy, zed) = await open_table(env, ["ada", "bea", "cy", "zed"])
    old = await ended(env, guild, channel, [cy, zed])
    await start_game(channel, [cy, zed], "star-gazers")
    cancelled = await newest_running(env)
    assert "closed" in said(await cy.slash(channel, "game cancel", game=str(cancelled.id)))
    mine_done = await ended(env, guild, channel, [ada, bea])
    await start_game(channel, [ada, bea], "star-gazers")
    mine_running = await newest_running(env)
    await start_game(channel, [cy, zed], "star-gazers")
    theirs_running = await newest_running(env)
    await bea.slash(channel, "play", game="observatory")  # a lobby: nothing to replay yet
    other_guild = env.create_guild()
    away = other_guild.create_text_channel("games")
    ada_away = other_guild.add_member(ada.user)
    elsewhere = await ended(env, other_guild, away, [ada_away])
    await zed.slash(channel, "learn", game="observatory")  # a practice table, zed's alone
    practice = max((r for r in await env.bot.storage.active_games() if r.practice), key=lambda r: r.id)
    cancelled = await env.bot.storage.load(cancelled.id)

    # ada: her running game, her finished game, then everyone's ended games, the latest first.
    choices = await listed(ada, channel)
    assert values(choices) == [mine_running.id, mine_done.id, cancelled.id, old.id]
    names = [c["name"] for c in choices]
    assert names == [
        f"Star Gazers #{mine_running.id} · running · ada, bea",
        f"Observatory #{mine_done.id} · finished {day(mine_done)} · ada, bea",
        f"Star Gazers #{cancelled.id} · cancelled {day(cancelled)} · cy, zed",
        f"Observatory #{old.id} · finished {day(old)} · cy, zed",
    ]
    # zed: his running games (his practice table too), his ended ones, then ada's.
    zeds = await listed(zed, channel)
    assert values(zeds) == [practice.id, theirs_running.id, cancelled.id, old.id, mine_done.id]
    assert zeds[0]["name"] == f"Practice: Observatory #{practice.id} · running"
    for member in (ada, bea, cy):
        offered = values(await listed(member, channel))
        assert practice.id not in offered and elsewhere.id not in offered
    # In the other server, only its own game.
    assert values(await listed(ada_away, away)) == [elsewhere.id]

    # Typing filters: a title, a number (that very game first), a player's name.
    assert values(await listed(ada, channel, "obs")) == [mine_done.id, old.id]
    assert values(await listed(ada, channel, "GAZERS")) == [mine_running.id, cancelled.id]
    number = await listed(ada, channel, f"#{old.id}")
    assert values(number)[0] == old.id and all(str(old.id) in str(v) for v in values(number))
    assert values(await listed(ada, channel, "zed")) == [cancelled.id, old.id]
    assert await listed(ada, channel, "no such game") == []
    assert await listed(ada, channel, "9" * 30) == []

    # A game picked from the list replays, for someone who never sat at it.
    shown = await ada.slash(channel, "game replay", game=choices[2]["value"])
    assert shown.ephemeral and f"#{cancelled.id}" in said(shown), said(shown)
    # A practice table replays for its player alone, never shared in the server.
    posted = [m.id for m in channel.history()]
    shown = await zed.slash(channel, "game replay", game=zeds[0]["value"])
    assert shown.ephemeral and f"#{practice.id}" in said(shown), said(shown)
    refused = await zed.slash(channel, "game replay", game=str(practice.id), share=True)
    assert refused.ephemeral and "without `share`" in said(refused), said(refused)
    refused = await ada.slash(channel, "game replay", game=str(practice.id))
    assert refused.ephemeral and f"There's no game #{practice.id} in this server." in said(refused)
    assert [m.id for m in channel.history()] == posted, "nothing of it is posted"


@pytest.mark.simcord(strict_sync=True)
async def test_the_list_keeps_to_25_a_number_finds_an_older_game_and_it_speaks_italian(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea) = await open_table(env, ["ada", "bea"])
    games = [
        await ended(env, guild, channel, [bea], "star-gazers" if n % 2 else "observatory") for n in range(30)
    ]
    choices = await listed(ada, channel)
    assert values(choices) == [g.id for g in games[::-1][:25]], "the 25 latest, the latest first"
    oldest = games[0]
    assert values(await listed(ada, channel, str(oldest.id)))[0] == oldest.id, "older games by number"
    gazers = values(await listed(ada, channel, "star g"))
    assert gazers == [g.id for g in games[::-1] if g.game == "star-gazers"]

    assert "Impostazioni salvate" in said(await ada.slash(channel, "settings", language="it"))
    italian = await listed(ada, channel, str(oldest.id))
    assert italian[0]["name"] == f"Osservatorio #{oldest.id} · finita il {day(oldest)} · bea", italian[0]
    assert values(await listed(ada, channel, "astrofili")) == gazers, "a title is typed in your language"
