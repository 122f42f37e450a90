"""The panel lifecycle rule (issue 13, README "one live panel per player"), played in SimCord.

A live game edits each player's panel in place when their next decision comes; a paced game
retires it and sends a new DM, since a DM edit does not notify. Which copy is live is kept in the
database, so a restarted bot goes on editing or retiring the right DM, and a paced game's "Your
move" posts lose their button once their move is made, before and after a restart.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.drivers import starry_night_sky_driver as sns
from tests.drivers.helpers import all_text, current_record, custom_ids, dm_history, latest_panel, refresh
from tests.drivers.table_checks import (
    assert_nothing_live,
    assert_player_has_nothing_live,
    is_panel,
    live_ids,
    private_messages,
)

HOUR = 3600
NEWER = "A newer panel is below"
MOVED_ON = "the game has moved on"


async def open_game(env: Any, *, pace: int = 0, bots: int = 0) -> tuple[Any, list[Any], sns.Table]:
    """A Starry Night Sky table of ada and bea (DMs open; bea only when there are no bots),
    started; returns the channel, the players and the driver."""
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ada", "bea")[: 2 - min(bots, 1)]]
    await players[0].slash(channel, "play", game=sns.SLUG, **({"pace": pace} if pace else {}))
    lobby = channel.last_message
    for player in players[1:]:
        await player.click(refresh(channel, lobby), label="Join")
    for _ in range(bots):
        await players[0].click(refresh(channel, lobby), label="Add bot")
    await players[0].click(refresh(channel, lobby), label="Start")
    return channel, players, sns.Table(env, channel, players)


def live_panels(channel: Any, player: Any, game_id: int) -> list[int]:
    """The ids of the player's private messages that are live panels of the game."""
    return [m.id for m in private_messages(channel, player) if is_panel(m, game_id)]


def assert_one_live_panel_each(channel: Any, players: list[Any], game_id: int) -> None:
    for player in players:
        copies = live_panels(channel, player, game_id)
        assert len(copies) <= 1, f"{player.name} has {len(copies)} live panels: {copies}"


def move_post(thread: Any, player: Any) -> Any:
    """The newest "Your move" post in the thread that pings ``player``."""
    return next(
        m
        for m in reversed(thread.history())
        if "Your move" in all_text(m) and f"<@{player.id}>" in all_text(m)
    )


def now(thread: Any, message: Any) -> Any:
    return refresh(thread, message)


async def turn_of(env: Any, players: list[Any]) -> Any:
    record = await current_record(env)
    return players[sns.GAME.to_act(record.state)[0]]


@pytest.mark.simcord(strict_sync=True)
async def test_a_live_game_edits_the_dm_panel_in_place_when_the_players_move_comes_again(simcord_env):
    env = simcord_env
    channel, (ada, bea), table = await open_game(env)
    game_id = (await current_record(env)).id
    first: dict[str, Any] = {}
    for _ in range(4):  # ada, bea, ada, bea
        playing = await turn_of(env, [ada, bea])
        first.setdefault(playing.name, latest_panel(playing))
        assert first[playing.name] is not None, f"{playing.name}'s first panel is a DM"
        await table.play_turn(playing)
        assert_one_live_panel_each(channel, [ada, bea], game_id)
    record = await current_record(env)
    for player in (ada, bea):
        later = [m for m in dm_history(player) if m.id > first[player.name].id]
        assert later == [], f"{player.name} got {len(later)} more DMs in a live game"
    # ada's turn again: her one DM panel carries it, edited in place
    playing = await turn_of(env, [ada, bea])
    panel = latest_panel(playing)
    assert panel.id == first[playing.name].id
    assert any(f":{record.state['decision']}:" in i for i in live_ids(panel, game_id)), custom_ids(panel)


@pytest.mark.simcord(strict_sync=True)
async def test_a_live_game_keeps_one_dm_when_the_bot_plays_between_two_turns(simcord_env):
    """ada's own move brings her next turn (the bot's turn is played at once): the DM she clicked
    is redrawn for that turn, and the click's own redraw leaves it so."""
    env = simcord_env
    channel, (ada,), table = await open_game(env, bots=1)
    record = await current_record(env)
    first = latest_panel(ada)
    for turn in range(3):
        await table.play_turn(ada)
        record = await current_record(env)
        assert sns.GAME.to_act(record.state) == [0], "the bot's turn is played at once"
        panel = latest_panel(ada)
        assert panel.id == first.id, f"turn {turn + 2} came as a new DM"
        now_ids = live_ids(panel, record.id)
        assert now_ids and all(f":{record.state['decision']}:" in i for i in now_ids), custom_ids(panel)
        assert len(dm_history(ada)) == len([m for m in dm_history(ada) if m.id <= first.id])
    assert_one_live_panel_each(channel, [ada], record.id)


@pytest.mark.simcord(strict_sync=True)
async def test_a_paced_game_retires_the_panel_and_the_move_post_once_the_move_is_made(simcord_env):
    env = simcord_env
    channel, (ada, bea), table = await open_game(env, pace=HOUR)
    thread = table.thread
    game_id = (await current_record(env)).id
    old_panel, old_post = latest_panel(ada), move_post(thread, ada)
    assert live_ids(old_post, game_id), "the 'Your move' post carries Open my panel"
    await table.play_turn(ada)
    retired = now(thread, old_post)
    assert not live_ids(retired, game_id) and MOVED_ON in all_text(retired), all_text(retired)
    assert f"<@{ada.id}>" in all_text(retired)
    bea_post = move_post(thread, bea)
    assert live_ids(bea_post, game_id), "bea's move is still to be made"
    await table.play_turn(bea)
    assert not live_ids(now(thread, bea_post), game_id)
    # ada's move again: a new DM (it notifies), and the old one is retired
    panel = latest_panel(ada)
    assert panel.id != old_panel.id
    was = refresh(ada.user.dm_channel, old_panel)
    assert not live_ids(was, game_id) and NEWER in all_text(was), all_text(was)
    assert live_ids(move_post(thread, ada), game_id)
    assert_one_live_panel_each(channel, [ada, bea], game_id)
    await ada.slash(thread, "game cancel")
    assert_nothing_live(channel, [ada, bea], game_id)


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("pace", [0, HOUR], ids=["live", "paced"])
async def test_one_live_panel_per_player_holds_across_a_restart(simcord_env, restart_bot, pace):
    env = simcord_env
    channel, players, table = await open_game(env, pace=pace)
    thread = table.thread
    game_id = (await current_record(env)).id
    before = {"ada": await table.play_turn(players[0])}  # the DM ada played her turn on
    before["bea"] = latest_panel(players[1])  # and bea's panel for her turn, both sent before the restart
    waiting_post = move_post(thread, players[1]) if pace else None

    await restart_bot()
    for _ in range(3):  # bea, ada, bea: each next move retires or edits a DM sent before the restart
        await table.play_turn(await turn_of(env, players))
        assert_one_live_panel_each(channel, players, game_id)
    for player in players:
        was = refresh(player.user.dm_channel, before[player.name])
        if pace:  # a new DM each time, and the one from before the restart retired
            assert not live_ids(was, game_id) and NEWER in all_text(was), all_text(was)
        else:  # the one DM from before the restart goes on being edited in place
            assert [m for m in dm_history(player) if m.id > was.id] == [], f"{player.name} got a new DM"
    if not pace:
        assert latest_panel(players[0]).id == before["ada"].id, "ada's turn is on her DM from before"
    if pace:  # bea's "Your move" from before the restart was retired when she moved after it
        retired = now(thread, waiting_post)
        assert not live_ids(retired, game_id) and MOVED_ON in all_text(retired), all_text(retired)
        live_post = move_post(thread, await turn_of(env, players))
        assert live_ids(live_post, game_id)
    await restart_bot()  # and the end of the game reaches what was shown before this restart
    await players[0].slash(thread, "game cancel")
    assert (await env.bot.storage.load(game_id)).status == "cancelled"
    for player in players:
        assert_player_has_nothing_live(channel, player, game_id)
    posts = [m for m in thread.history() if "Your move" in all_text(m) or MOVED_ON in all_text(m)]
    assert len(posts) >= (4 if pace else 0) and not [m.id for m in posts if live_ids(m, game_id)]
    assert await env.bot.storage.panel_copies(game_id) == []
    assert await env.bot.storage.move_pings(game_id) == []
