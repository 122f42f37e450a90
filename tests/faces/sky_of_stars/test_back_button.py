"""A pick in an A Sky of Stars panel plays nothing: picking again changes it (there is no Back to
press first), and **Back** from the STOP question returns to the panel without calling STOP."""

from __future__ import annotations

import pytest

from bot.games import get_game
from tests.drivers.helpers import (
    all_text,
    controls,
    current_record,
    custom_ids,
    find_component,
    latest_panel,
    refresh,
)
from tests.drivers.sky_driver import Table, open_lobby, start_game

GAME = get_game("sky-of-stars")


def labels(message) -> str:
    return " ".join(getattr(c, "label", "") or "" for c in controls(message))


@pytest.mark.simcord(strict_sync=True)
async def test_a_pick_changes_by_picking_again_without_playing(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    ada = players[0]
    panel = latest_panel(ada)
    select = find_component(panel, "sky:pick:")
    first, second = select.options[0].value, select.options[1].value
    before = (await current_record(env)).version
    await ada.user.select(panel, [first], custom_id=select.custom_id)
    panel = refresh(ada.user.dm_channel, panel)
    assert f"Start at {first}" in labels(panel)
    assert not any(":back:" in i for i in custom_ids(panel)), "no Back: the menu stays to pick again"

    select = find_component(panel, "sky:pick:")
    await ada.user.select(panel, [second], custom_id=select.custom_id)
    panel = refresh(ada.user.dm_channel, panel)
    assert f"Start at {second}" in labels(panel) and f"Start at {first}" not in labels(panel)
    assert (await current_record(env)).version == before, "a pick plays nothing"


@pytest.mark.simcord(strict_sync=True)
async def test_back_from_the_stop_question_calls_nothing(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    for player in players:  # everyone circles a starting star: the first roll is up
        await table.act(player, latest_panel(player), chooser=lambda ids: ids[0])
    ada = players[0]
    panel = latest_panel(ada)
    stop = next(i for i in custom_ids(panel) if ":stop:?:" in i)
    await ada.user.click(panel, custom_id=stop)
    panel = refresh(ada.user.dm_channel, panel)
    assert "Yes, call STOP" in labels(panel)
    before = (await current_record(env)).version

    back = next(i for i in custom_ids(panel) if ":back:" in i)
    result = await ada.user.click(panel, custom_id=back)
    assert result.acknowledged
    panel = refresh(ada.user.dm_channel, panel)
    assert find_component(panel, "sky:pick:") is not None, "the panel is back at its star list"
    assert not any(":back:" in i for i in custom_ids(panel))
    record = await current_record(env)
    assert record.version == before and GAME.view(record.state, None)["stop_by"] is None, "Back plays nothing"
    assert "Yes, call STOP" not in all_text(panel)
