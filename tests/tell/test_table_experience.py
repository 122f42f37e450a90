"""The table experience, measured on complete games of all four titles (issue 13).

Each test plays a whole game through SimCord as its players would, one of them with closed DMs,
and ``TableWatch`` checks after every interaction: one live panel per player, the thread's
message budget, every image at most 100 KB, and a status line true to the engine's ``to_act``.
After the end, ``/game leave`` and ``/game cancel`` leave nothing live but **Rematch**; then the
rematch is played a little, a player leaves it (nothing of it stays live for them) and the host
cancels it (nothing of it stays live anywhere).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.games import get_game
from tests.drivers import observatory_driver as obs
from tests.drivers import sky_driver as sky
from tests.drivers import star_gazers_driver as sg
from tests.drivers import starry_night_sky_driver as sns
from tests.drivers.helpers import current_record, custom_ids, refresh, said
from tests.drivers.table_checks import (
    Budget,
    TableWatch,
    assert_every_upload_small,
    assert_images_small,
    assert_nothing_live,
    assert_player_has_nothing_live,
    everything,
    is_panel,
    observatory_turn,
    private_messages,
    sky_round,
    star_gazers_turn,
    starry_night_sky_turn,
)

CLOSED_DM = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}
Play = Callable[[], Awaitable[bool]]  # one step of play; False once the game is over


def close_dms(env: Any, player: Any) -> None:
    env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", times=None, **CLOSED_DM)


async def open_table(env: Any, names: tuple[str, ...]) -> tuple[Any, list[Any]]:
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return channel, [guild.add_member(env.create_user(n)) for n in names]


async def start(channel: Any, players: list[Any], slug: str, **options: Any) -> None:
    """/play, everyone joins, the host starts."""
    await players[0].slash(channel, "play", game=slug, **options)
    lobby = channel.last_message
    for player in players[1:]:
        await player.click(refresh(channel, lobby), label="Join")
    await players[0].click(refresh(channel, lobby), label="Start")


async def play_to_the_end(watch: TableWatch, step: Play, limit: int) -> None:
    for _ in range(limit):
        if not await step():
            break
    else:
        raise AssertionError(f"the game did not finish in {limit} steps")
    record = await watch.record()
    assert record.status == "finished", record.status
    assert watch.longest_alt > 0, "every picture is described, and there were pictures"
    print(
        f"{record.game}: thread messages per turn {dict(watch.budget.counts)}; "
        f"{watch.steps} interactions checked in {watch.seconds:.1f} s, {watch.uploads} images uploaded, "
        f"longest alt text {watch.longest_alt} characters"
    )


async def after_the_end(watch: TableWatch, players: list[Any]) -> Any:
    """A finished game: `/game leave` and `/game cancel` in its thread change nothing and leave
    nothing of it live but **Rematch**, which its lobby offers. Returns that lobby."""
    before = await watch.record()
    left = await players[-1].slash(watch.thread, "game leave")
    cancelled = await players[0].slash(watch.thread, "game cancel")
    assert left.ephemeral and cancelled.ephemeral, (said(left), said(cancelled))
    after = await watch.record()
    assert (after.status, after.version) == ("finished", before.version)
    assert_nothing_live(watch.channel, players, before.id)
    lobby = next(m for m in watch.channel.history() if m.id == before.lobby_message_id)
    assert f"lobby:rematch:{before.id}" in custom_ids(lobby), "the finished game's lobby offers Rematch"
    assert_every_upload_small(watch.env)
    assert_images_small(everything(watch.channel, players))
    return lobby


async def rematch_left_and_cancelled(
    watch: TableWatch, players: list[Any], lobby: Any, budget: Budget, step: Play, table: Any
) -> None:
    """The host presses Rematch, the others join, the host starts; once the last player must act
    and has opened their panel, they leave for good (nothing of the game stays live for them),
    the game goes on a step, and the host cancels it: nothing of it stays live anywhere."""
    first = await watch.record()
    host, leaver = players[0], players[-1]
    await host.click(lobby, custom_id=f"lobby:rematch:{first.id}")
    invite = watch.channel.last_message
    for player in players[1:]:
        await player.click(refresh(watch.channel, invite), label="Join")
    watch.paused = True  # the watch follows the new game once it has its thread
    await host.click(refresh(watch.channel, invite), label="Start")
    second = await current_record(watch.env)
    assert second is not None and second.id != first.id and second.user_ids == first.user_ids
    watch.follow(second, budget)
    game, seat = get_game(second.game), len(players) - 1
    for _ in range(3):  # a little play, and on until the leaver must act
        assert await step(), "the rematch ended too soon"
    for _ in range(20):
        if seat in game.to_act((await watch.record()).state):
            break
        assert await step(), "the rematch ended too soon"
    await table.panel(leaver)
    assert has_live_panel(watch, leaver), "the leaver's panel is live before they leave"

    asked = await leaver.slash(watch.thread, "game leave")
    confirm = next(i for i in custom_ids(asked.response.message) if i.startswith("astro:leave:"))
    watch.budget = None  # the leave's note and the bot's first moves for the seat are extra
    await leaver.click(asked.response.message, custom_id=confirm)
    assert (await watch.record()).seats[seat].left_game
    assert_player_has_nothing_live(watch.channel, leaver, second.id)
    assert await step(), "the game goes on without the leaver"
    assert_player_has_nothing_live(watch.channel, leaver, second.id)

    assert any(has_live_panel(watch, p) for p in players[:-1]), "a panel is live before the cancel"
    await host.slash(watch.thread, "game cancel")
    assert (await watch.record()).status == "cancelled"
    assert_nothing_live(watch.channel, players, second.id)
    assert_nothing_live(watch.channel, players, first.id)
    assert_every_upload_small(watch.env)
    assert_images_small(everything(watch.channel, players))


def has_live_panel(watch: TableWatch, player: Any) -> bool:
    return any(is_panel(m, watch.game_id) for m in private_messages(watch.channel, player))


# ------------------------------------------------------------------ A Sky of Stars


def sky_budget() -> Budget:
    return Budget(sky_round, lambda key: 8)


@pytest.mark.simcord(strict_sync=True)
async def test_sky_of_stars_complete_game(simcord_env, monkeypatch):
    env = simcord_env
    channel, players = await open_table(env, ("ada", "bea", "cy"))
    close_dms(env, players[1])
    await start(channel, players, "sky-of-stars", countdown=30)
    table = sky.Table(env, channel, players, closed={"bea"})
    watch = TableWatch(env, channel, players, await current_record(env), sky_budget(), monkeypatch)
    stopped: set[int] = set()

    async def step() -> bool:
        """Everyone who must act plays their panel; once a round, ada calls STOP after a roll."""
        record = await current_record(env)
        if record is None:
            return False
        view = sky.GAME.view(record.state, None)
        if await sky.wait_out_reveal(env, record):
            return True
        if (
            view["phase"] == "stroke"
            and view["stop_by"] is None
            and view["roll"]["count"] >= 1
            and view["round"] not in stopped
        ):
            stopped.add(view["round"])
            await sky.press_public(table.thread, players[0], "stop")
            return True
        for seat in sky.GAME.to_act(record.state):
            player = table.players[seat]
            await table.act(player, await table.panel(player), chooser=lambda ids: ids[0])
        return True

    await play_to_the_end(watch, step, 400)
    assert watch.status_checks > 20 and stopped
    lobby = await after_the_end(watch, players)
    await rematch_left_and_cancelled(watch, players, lobby, sky_budget(), step, table)


async def open_second_copy(watch: TableWatch, player: Any) -> None:
    """`/game hand` in the thread: a second copy of the player's panel goes live, and the DM
    copy is retired (the watch checks there is still one live panel)."""
    shown = await player.slash(watch.thread, "game hand")
    assert shown.ephemeral and (shown.followups or shown.response), said(shown)


# ------------------------------------------------------------------ Observatory


def observatory_budget() -> Budget:
    return Budget(observatory_turn, lambda key: 2)


@pytest.mark.simcord(strict_sync=True)
async def test_observatory_complete_game(simcord_env, monkeypatch):
    env = simcord_env
    channel, players = await open_table(env, ("ada", "bea"))
    close_dms(env, players[1])
    await start(channel, players, "observatory")
    table = obs.ObsTable(env, channel, players, closed={"bea"})
    watch = TableWatch(env, channel, players, await current_record(env), observatory_budget(), monkeypatch)
    second_copy = False

    async def step() -> bool:
        """The first seat that must act plays its part of the decision; once, ada opens a
        second copy of her panel with /game hand and plays on it."""
        nonlocal second_copy
        record = await current_record(env)
        if record is None:
            return False
        waiting = obs.GAME.to_act(record.state)
        view = obs.GAME.view(record.state, None)
        if not second_copy and view["phase"] == "decide" and view["turn_number"] >= 2 and 0 in waiting:
            await open_second_copy(watch, players[0])
            second_copy = True
        await table.play_turn(table.players[waiting[0]])
        return True

    await play_to_the_end(watch, step, 600)
    assert watch.status_checks > 20 and second_copy
    lobby = await after_the_end(watch, players)
    await rematch_left_and_cancelled(watch, players, lobby, observatory_budget(), step, table)


# ------------------------------------------------------------------ Star Gazers


def star_gazers_budget() -> Budget:
    return Budget(star_gazers_turn, lambda key: 2)


@pytest.mark.simcord(strict_sync=True)
async def test_star_gazers_complete_game(simcord_env, monkeypatch):
    env = simcord_env
    channel, players = await open_table(env, ("ada", "bea"))
    close_dms(env, players[1])
    await start(channel, players, "star-gazers")
    table = sg.Table(env, channel, players, closed={"bea"})
    watch = TableWatch(env, channel, players, await current_record(env), star_gazers_budget(), monkeypatch)
    second_copy = False

    async def step() -> bool:
        nonlocal second_copy
        record = await current_record(env)
        if record is None:
            return False
        seat = sg.GAME.to_act(record.state)[0]
        if not second_copy and record.state["phase"] == "draft" and record.state["round"] >= 2 and seat == 0:
            await open_second_copy(watch, players[0])
            second_copy = True
        player = table.players[seat]
        message = await table.panel(player)
        assert message is not None, f"no panel for {player.name}"
        await table.play_turn(player, message, seat)
        return True

    await play_to_the_end(watch, step, 300)
    assert watch.status_checks > 20 and second_copy
    lobby = await after_the_end(watch, players)
    await rematch_left_and_cancelled(watch, players, lobby, star_gazers_budget(), step, table)


# ------------------------------------------------------------------ Starry Night Sky


def starry_night_sky_budget() -> Budget:
    return Budget(starry_night_sky_turn, lambda key: 2)


@pytest.mark.simcord(strict_sync=True)
async def test_starry_night_sky_complete_game(simcord_env, monkeypatch):
    env = simcord_env
    channel, players = await open_table(env, ("ada", "bea"))
    close_dms(env, players[1])
    await start(channel, players, "starry-night-sky")
    table = sns.Table(env, channel, players, closed={"bea"})
    watch = TableWatch(
        env, channel, players, await current_record(env), starry_night_sky_budget(), monkeypatch
    )
    second_copy = False
    turns = 0

    async def step() -> bool:
        nonlocal second_copy, turns
        record = await current_record(env)
        if record is None:
            return False
        seat = sns.GAME.to_act(record.state)[0]
        if not second_copy and turns >= 4 and seat == 0:
            await open_second_copy(watch, players[0])
            second_copy = True
        await table.play_turn(table.players[seat], explore_last=turns % 3 == 2)
        turns += 1
        return True

    await play_to_the_end(watch, step, 300)
    assert watch.status_checks > 20 and second_copy
    lobby = await after_the_end(watch, players)
    await rematch_left_and_cancelled(watch, players, lobby, starry_night_sky_budget(), step, table)
