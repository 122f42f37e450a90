"""`/game cancel` of a practice table (`/learn`) through SimCord: the table is played in the
player's DMs, where no `/game` command runs, so the command finds it by number in a server, its
`game` list offers it to its player alone, and it closes it with a clear word privately and at
the table, leaving no results or ratings; anyone else naming it finds no such game."""

from __future__ import annotations

import pytest

from tests.drivers.driver import open_table, start_game
from tests.drivers.helpers import all_text, controls, custom_ids, dm_history, said
from tests.drivers.learn_driver import practice_record


async def cancel_choices(member, channel, typed=""):
    return await member.autocomplete(channel, "game cancel", "game", typed)


@pytest.mark.simcord(strict_sync=True)
async def test_a_practice_game_is_cancelled_by_its_player_with_game_cancel(simcord_env):
    env = simcord_env
    storage = env.bot.storage
    guild, channel, (ada, bea) = await open_table(env, ["ada", "bea"])
    stats = said(await ada.slash(channel, "stats"))
    await ada.slash(channel, "learn", game="star-gazers")
    practice = await practice_record(env)
    assert any(controls(m) for m in dm_history(ada)), "the practice panel is live"

    # With no game here, the refusal says where the practice table is and how to end it.
    refused = await ada.slash(channel, "game cancel")
    assert refused.ephemeral, said(refused)
    assert "practice game" in said(refused) and "`game` option" in said(refused), said(refused)
    assert f"Star Gazers #{practice.id}" in said(refused), said(refused)
    assert (await storage.load(practice.id)).status == "active", "a refusal changes nothing"

    # The `game` list offers it to its player, and to nobody else.
    offered = await cancel_choices(ada, channel)
    assert {
        "name": f"Practice: Star Gazers #{practice.id} · in your direct messages",
        "value": str(practice.id),
    } in (offered)
    assert str(practice.id) not in [c["value"] for c in await cancel_choices(bea, channel)]
    assert await cancel_choices(ada, channel, "observatory") == []

    # Someone else naming it finds no such game: a practice table is private.
    refused = await bea.slash(channel, "game cancel", game=str(practice.id))
    assert refused.ephemeral and f"There's no game #{practice.id} in this server" in said(refused)
    assert (await storage.load(practice.id)).status == "active"

    # Its player cancels it: a clear word privately, one at the table, no button left live.
    done = await ada.slash(channel, "game cancel", game=str(practice.id))
    assert done.ephemeral
    assert f"your practice game of Star Gazers (#{practice.id}) is cancelled" in said(done), said(done)
    closed = await storage.load(practice.id)
    assert closed.status == "cancelled"
    assert f"You cancelled this practice game of Star Gazers (#{practice.id})" in all_text(
        dm_history(ada)[-1]
    )
    assert not any(controls(m) for m in dm_history(ada)), "nothing of it is left to click"
    assert await storage.active_games() == []
    assert await storage.results(practice.id) == [], "a practice game writes no results"
    assert await storage.player_ratings(guild.id, ada.id) == []
    assert said(await ada.slash(channel, "stats")) == stats
    assert channel.history() == [], "nothing of it is said in the server"

    # Once over, it is refused plainly, and the list offers it no more.
    again = await ada.slash(channel, "game cancel", game=f"#{practice.id}")
    assert again.ephemeral and f"Your practice game #{practice.id} is already over." in said(again)
    assert await cancel_choices(ada, channel) == []


@pytest.mark.simcord(strict_sync=True)
async def test_game_cancel_beside_a_server_game_and_in_italian(simcord_env):
    env = simcord_env
    storage = env.bot.storage
    guild, channel, (ada, bea) = await open_table(env, ["ada", "bea"])
    await start_game(channel, [ada, bea], "star-gazers")
    [table] = await storage.active_games()
    assert "Impostazioni salvate" in said(await ada.slash(channel, "settings", language="it"))
    await ada.slash(channel, "learn", game="observatory")
    practice = next(r for r in await storage.active_games() if r.practice)

    # The channel's game first, then the practice table, named in ada's language.
    offered = await cancel_choices(ada, channel)
    assert [c["value"] for c in offered] == [str(table.id), str(practice.id)]
    assert offered[1]["name"] == f"Prova: Osservatorio #{practice.id} · nei tuoi messaggi privati"
    assert [c["value"] for c in await cancel_choices(ada, channel, "prova")] == [str(practice.id)]

    # Named, the practice table is closed, and the channel's game goes on.
    done = said(await ada.slash(channel, "game cancel", game=str(practice.id)))
    assert f"la tua partita di prova di Osservatorio (#{practice.id}) è annullata" in done, done
    assert "Hai annullato questa partita di prova" in all_text(dm_history(ada)[-1])
    assert [r.id for r in await storage.active_games()] == [table.id]
    # Without the option, `/game cancel` in the channel still ends the channel's game.
    assert "Fatto: la partita è chiusa." in said(await ada.slash(channel, "game cancel"))
    assert await storage.active_games() == []


def end_button(message):
    return next((i for i in custom_ids(message) if i.startswith("astro:endpractice:")), None)


@pytest.mark.simcord(strict_sync=True)
async def test_the_end_button_ends_a_practice_in_its_dms_also_after_a_restart(simcord_env, restart_bot):
    """In the DMs, where `/game` can't be typed, the practice table's first message carries
    **End this practice**: it works after a restart, and ends the table like `/game cancel`."""
    env = simcord_env
    guild, channel, (ada,) = await open_table(env, ["ada"])
    stats = said(await ada.slash(channel, "stats"))
    await ada.slash(channel, "learn", game="observatory")
    practice = await practice_record(env)
    [first] = [m for m in dm_history(ada) if "Practice: Observatory" in all_text(m)]
    assert end_button(first) == f"astro:endpractice:{practice.id}"

    await restart_bot()
    storage = env.bot.storage  # the restarted bot's
    await ada.user.click(first, custom_id=end_button(first))
    closed = await storage.load(practice.id)
    assert closed.status == "cancelled"
    assert await storage.results(practice.id) == [] and await storage.active_games() == []
    assert said(await ada.slash(channel, "stats")) == stats
    history = dm_history(ada)
    assert f"You cancelled this practice game of Observatory (#{practice.id})" in all_text(history[-1])
    [first] = [m for m in history if m.id == first.id]
    assert "Practice: Observatory" in all_text(first) and end_button(first) is None, "its words stay"
    assert not any(controls(m) for m in history), "nothing of it is left to click"


@pytest.mark.simcord(strict_sync=True)
async def test_an_earlier_practice_loses_its_end_button_when_a_new_one_replaces_it(simcord_env):
    env = simcord_env
    guild, channel, (ada,) = await open_table(env, ["ada"])
    await ada.slash(channel, "learn", game="star-gazers")
    earlier = await practice_record(env)
    await ada.slash(channel, "learn", game="star-gazers")
    later = await practice_record(env)
    assert later.id != earlier.id
    buttons = [end_button(m) for m in dm_history(ada) if end_button(m)]
    assert buttons == [f"astro:endpractice:{later.id}"], "only the live table's first message has one"
    assert (await env.bot.storage.load(earlier.id)).status == "cancelled"
