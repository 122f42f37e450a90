"""A paced game shows each decision's deadline, as a timestamp Discord counts down (issue 20): in
the player's DM panel, `/game mine`, `/game list` and `/game status`."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import all_text, find_component, latest_panel, refresh, said
from tests.drivers.sky_driver import GAME, Table, current_record, open_lobby, start_game

HOUR = 3600


def stamp(due_at: float) -> str:
    return f"<t:{int(due_at)}:R>"


@pytest.mark.simcord(strict_sync=True)
async def test_a_paced_game_shows_each_deadline_in_the_panel_mine_list_and_status(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada, bea, cy = players
    thread = await start_game(env, channel, players, pace=HOUR)
    record = await current_record(env)
    due = {d.seat: d.due_at for d in await env.bot.storage.deadlines(record.id)}
    assert sorted(due) == [0, 1, 2], "every seat owes the opening step"

    panel = all_text(latest_panel(cy))
    assert f"Your move is due {stamp(due[2])}" in panel, panel

    mine = await cy.slash(channel, "game mine")
    assert mine.ephemeral and f"**Your move** (also waiting on ada, bea) · due {stamp(due[2])}" in said(mine)
    listed = await ada.slash(channel, "game list")
    assert f"Waiting on: ada, bea, cy · due {stamp(min(due.values()))}" in said(listed), said(listed)
    status = await cy.slash(thread, "game status")
    assert status.ephemeral
    assert f"cy (due {stamp(due[2])})" in said(status) and f"ada (due {stamp(due[0])})" in said(status)

    # Ada plays her part: she no longer owes anything, the others' deadlines stay as they were.
    table = Table(env, channel, players, closed=set())
    await table.act(ada, latest_panel(ada), chooser=lambda ids: ids[0])
    record = await current_record(env)
    assert 0 not in GAME.to_act(record.state)
    text = said(await ada.slash(channel, "game mine"))
    assert "Your move" not in text and f"Waiting on: bea, cy · due {stamp(min(due[1], due[2]))}" in text
    assert f"Your move is due {stamp(due[1])}" in all_text(latest_panel(bea))
    status = said(await ada.slash(thread, "game status"))
    assert "ada (due" not in status and f"bea (due {stamp(due[1])})" in status


@pytest.mark.simcord(strict_sync=True)
async def test_a_live_game_shows_its_step_timer_in_the_panel_and_no_deadline_when_off(simcord_env):
    """A live table's step timer is the panel's deadline (a countdown like a paced one), and
    /game mine, the hub of a player's games, says it too; the thread's status card does not.
    With the timer off, nothing is due."""
    env = simcord_env
    _, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players)
    record = await current_record(env)
    due = {d.seat: d.due_at for d in await env.bot.storage.deadlines(record.id)}
    assert sorted(due) == [0, 1, 2], "every seat owes the opening step, on the step's timer"
    assert f"Your move is due {stamp(due[2])}" in all_text(latest_panel(players[2]))
    assert f"due {stamp(due[2])}" in said(await players[2].slash(channel, "game mine"))
    assert "due <t:" not in said(await players[2].slash(thread, "game status"))


@pytest.mark.simcord(strict_sync=True)
async def test_a_live_game_without_a_timer_shows_no_deadline(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players, timer=0)
    assert "is due" not in all_text(latest_panel(players[2]))
    assert "due <t:" not in said(await players[2].slash(channel, "game mine"))
    assert "due <t:" not in said(await players[2].slash(thread, "game status"))


@pytest.mark.simcord(strict_sync=True)
async def test_a_panel_redrawn_from_a_click_still_says_when_the_move_is_due(simcord_env):
    """A pick redraws the panel from the click (no new DM): the deadline stays on it."""
    env = simcord_env
    _, channel, players = await open_lobby(env)
    cy = players[2]
    await start_game(env, channel, players, pace=HOUR)
    record = await current_record(env)
    due = {d.seat: d.due_at for d in await env.bot.storage.deadlines(record.id)}
    panel = latest_panel(cy)
    select = find_component(panel, "sky:pick:")
    await cy.user.select(panel, [select.options[0].value], custom_id=select.custom_id)
    picked = refresh(cy.user.dm_channel, panel)
    assert find_component(picked, "sky:do:") is not None, "the pick offers its button"
    assert f"Your move is due {stamp(due[2])}" in all_text(picked), all_text(picked)
