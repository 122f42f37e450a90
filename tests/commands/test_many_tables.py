"""Several tables in one channel: each game in its own thread, and `/game …` finds the right one."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import custom_ids, find_component, said
from tests.drivers.sky_driver import open_lobby, start_game


async def records_by_host(env):
    """The running games, keyed by their host's name."""
    return {r.seats[0].name: r for r in await env.bot.storage.active_games()}


@pytest.mark.simcord(strict_sync=True)
async def test_two_games_run_at_once_in_one_channel_each_in_its_thread(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea, cy, dee, eve, fay) = await open_lobby(env, n_players=6)
    first_thread = await start_game(env, channel, [ada, bea, cy])
    second_thread = await start_game(env, channel, [dee, ada, eve])  # ada sits at both tables
    assert first_thread.id != second_thread.id and len(channel.threads) == 2
    games = await records_by_host(env)
    first, second = games["ada"], games["dee"]
    assert (first.thread_id, second.thread_id) == (first_thread.id, second_thread.id)

    # In each thread, /game status shows that thread's game (privately, by default).
    shown = await bea.slash(first_thread, "game status")
    assert shown.ephemeral and "cy" in said(shown) and "dee" not in said(shown)
    shown = await bea.slash(second_thread, "game status")  # bea isn't even seated there
    assert shown.ephemeral and "dee" in said(shown) and "cy" not in said(shown)

    # In the channel: the caller's own game when they sit at one table…
    mine = await cy.slash(channel, "game status")
    assert mine.ephemeral and "bea" in said(mine) and "dee" not in said(mine)
    # …a question when they sit at two (or at none), and the `game` option answers it.
    asked = await ada.slash(channel, "game status")
    assert asked.ephemeral and "several games" in said(asked)
    assert f"#{first.id}" in said(asked) and f"#{second.id}" in said(asked) and "`game` option" in said(asked)
    assert "several games are open" in said(await fay.slash(channel, "game status")).lower()
    chosen = await ada.slash(channel, "game status", game=str(second.id), public=True)
    assert not chosen.ephemeral and "eve" in said(chosen) and "bea" not in said(chosen)

    # A value that names no game of this channel is refused and changes nothing.
    before = {r.id: r.version for r in await env.bot.storage.active_games()}
    assert "takes a game number" in said(await ada.slash(channel, "game status", game="the big one"))
    assert "no game #999" in said(await ada.slash(channel, "game status", game="999"))
    elsewhere = guild.create_text_channel("elsewhere")
    assert "is played in" in said(await ada.slash(elsewhere, "game status", game=str(first.id)))
    assert {r.id: r.version for r in await env.bot.storage.active_games()} == before

    # Cancel in the channel acts on the host's own table only.
    refused = await dee.slash(channel, "game cancel", game=str(first.id))
    assert "Only the host" in said(refused)
    assert {r.id for r in await env.bot.storage.active_games()} == {first.id, second.id}


@pytest.mark.simcord(strict_sync=True)
async def test_game_option_autocompletes_the_channels_open_games(simcord_env):
    env = simcord_env
    _, channel, (ada, bea, cy, dee, eve, _) = await open_lobby(env, n_players=6)
    thread = await start_game(env, channel, [ada, bea, cy])
    await dee.slash(channel, "play", game="sky-of-stars")  # a lobby beside the running game
    await eve.slash(channel, "play", game="observatory")
    records = await env.bot.storage.open_games_in_channel(channel.id)
    by_host = {r.host_id: r for r in records}

    choices = await bea.autocomplete(channel, "game status", "game", "")
    assert sorted(c["value"] for c in choices) == sorted(str(r.id) for r in records)
    assert choices[0]["value"] == str(by_host[ada.id].id), "the caller's own game comes first"
    names = {c["value"]: c["name"] for c in choices}
    assert names[str(by_host[dee.id].id)] == f"A Sky of Stars #{by_host[dee.id].id} · hosted by dee · lobby"
    assert names[str(by_host[eve.id].id)].startswith(f"Observatory #{by_host[eve.id].id}")

    # Typing filters by title, host or number.
    assert [c["value"] for c in await bea.autocomplete(channel, "game status", "game", "obs")] == [
        str(by_host[eve.id].id)
    ]
    assert [c["value"] for c in await bea.autocomplete(channel, "game cancel", "game", "dee")] == [
        str(by_host[dee.id].id)
    ]
    # In a thread, the thread's own game comes first (then its channel's other tables).
    in_thread = await cy.autocomplete(thread, "game hand", "game", "")
    assert in_thread[0]["value"] == str(by_host[ada.id].id) and len(in_thread) == 3


@pytest.mark.simcord(strict_sync=True)
async def test_play_in_the_channel_beside_a_game_and_words_for_a_non_player(simcord_env):
    env = simcord_env
    _, channel, (ada, bea, cy, dee) = await open_lobby(env, n_players=4)
    thread = await start_game(env, channel, [ada, bea, cy])

    # A non-player pressing Open my panel is sent to /play in the channel, and that works.
    opener = next(m for m in reversed(thread.history()) if find_component(m, "astro:panel:"))
    told = await dee.click(opener, custom_id=find_component(opener, "astro:panel:").custom_id)
    assert "not playing in this game" in said(told) and "`/play` in the channel" in said(told)
    refused = await dee.slash(thread, "play", game="sky-of-stars")
    assert refused.ephemeral and "thread of its own" in said(refused)
    opened = await dee.slash(channel, "play", game="sky-of-stars")
    lobby = channel.last_message
    assert opened.response is None and not lobby.flags.ephemeral  # the private "thinking…" gave way
    assert any(i.startswith("lobby:join:") for i in custom_ids(lobby))
    assert len(await env.bot.storage.open_games_in_channel(channel.id)) == 2


@pytest.mark.simcord(strict_sync=True)
async def test_status_after_a_permanent_leave_offers_no_reclaim(simcord_env):
    env = simcord_env
    _, channel, (ada, bea, cy, dee) = await open_lobby(env, n_players=4)
    thread = await start_game(env, channel, [ada, bea, cy, dee])
    asked = await dee.slash(thread, "game leave")
    confirm = next(i for i in custom_ids(asked.response.message) if i.startswith("astro:leave:"))
    await dee.click(asked.response.message, custom_id=confirm)

    status = said(await ada.slash(thread, "game status"))
    assert "dee (left the game)" in status
    assert "Reclaim seat" not in status, "a seat left for good can't be reclaimed"

    await ada.slash(thread, "game kick", player=cy)
    status = said(await ada.slash(thread, "game status"))
    assert "dee (left the game)" in status and "cy: press **Reclaim seat**" in status
