"""The table experience, measured on complete games: one live panel per player, a quiet thread,
and nothing left to click once a game is over (issue 13)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.games import get_game
from tests.bot import observatory_driver as obs
from tests.bot import sky_driver as sky
from tests.bot.helpers import components, current_record

SKY = get_game("sky-of-stars")
OBS = get_game("observatory")
ALLOWED_AFTER_END = {"Rematch"}  # a Rematch button (and links) may stay


def live(message: Any) -> bool:
    """A message a user could still click: it has an enabled component that isn't a link."""
    return any(getattr(c, "custom_id", None) and not getattr(c, "disabled", False)
               for c in components(message))


def live_panels(thread: Any, player: Any) -> int:
    """The player's clickable panel copies: DMs with components, and ephemerals they see."""
    dms = [m for m in player.user.dm_channel.history() if live(m)]
    ephemerals = [m for m in thread.history(viewer=player) if m.flags.ephemeral and live(m)]
    return len(dms) + len(ephemerals)


def assert_one_live_panel(thread: Any, players: list[Any]) -> None:
    for player in players:
        count = live_panels(thread, player)
        assert count <= 1, f"{player.name} has {count} live panels"


def assert_nothing_live(channel: Any, thread: Any, players: list[Any]) -> None:
    """After the end: no live component of the game anywhere but Rematch."""
    places = [*thread.history(), *channel.history()]
    for player in players:
        places += [*player.user.dm_channel.history(), *thread.history(viewer=player)]
    left = [(c.custom_id, getattr(c, "label", None)) for m in places for c in components(m)
            if getattr(c, "custom_id", None) and not getattr(c, "disabled", False)
            and getattr(c, "label", None) not in ALLOWED_AFTER_END
            and not c.custom_id.startswith("lobby:")]
    assert not left, f"live components after the end: {left}"


def image_sizes(messages: list[Any]) -> list[int]:
    return [a.size for m in messages for a in m.attachments]


@pytest.mark.simcord(strict_sync=True)
async def test_sky_of_stars_three_players_quiet_thread_and_one_panel(simcord_env):
    env = simcord_env
    guild, channel, players = await sky.open_lobby(env)
    thread = await sky.start_game(env, channel, players, countdown=30)
    table = sky.Table(env, channel, players, closed=set())
    per_round: Counter[int] = Counter()
    seen = len(thread.history())
    for _ in range(400):
        record = await current_record(env)
        if record is None:
            break
        view = SKY.view(record.state, None)
        for seat in SKY.to_act(record.state):
            player = table.players[seat]
            await table.act(player, await table.panel(player), chooser=lambda ids: ids[0])
            assert_one_live_panel(thread, players)
        now = len(thread.history())
        per_round[view["round"]] += now - seen
        seen = now
    else:
        raise AssertionError("the game did not finish")
    print("Sky of Stars thread messages per round:", dict(per_round))
    assert all(count <= 8 for count in per_round.values()), per_round
    assert_nothing_live(channel, thread, players)


@pytest.mark.simcord(strict_sync=True)
async def test_observatory_two_per_turn_and_nothing_live_after_cancel(simcord_env):
    env = simcord_env
    guild, channel, players = await obs.open_table(env)
    thread = await obs.start_game(env, channel, players)
    table = obs.ObsTable(env, channel, players)
    per_turn: Counter[int] = Counter()
    seen = len(thread.history())
    for _ in range(60):
        record = await current_record(env)
        if record is None:
            break
        view = OBS.view(record.state, None)
        if view.get("turn_number", 0) > 4:
            break
        waiting = OBS.to_act(record.state)
        await table.play_turn(table.players[waiting[0]])
        assert_one_live_panel(thread, players)
        now = len(thread.history())
        per_turn[view.get("turn_number", 0)] += now - seen
        seen = now
    print("Observatory thread messages per turn:", dict(per_turn))
    # turn 1 also carries the keep step that opens the game (its card and the first turn's)
    assert all(count <= (3 if turn == 1 else 2) for turn, count in per_turn.items()), per_turn
    await players[0].slash(thread, "game cancel")
    assert await current_record(env) is None
    assert_nothing_live(channel, thread, players)
