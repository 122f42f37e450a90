"""Faults an operator meets: failed sends, a deleted thread, a transient DM failure, a forged
menu value. Each one must cost at most what failed, never the rest of the step or the game."""

from __future__ import annotations

import pytest
from simcord.actors import _component_interaction, _visible_message

from tests.drivers.helpers import all_text, custom_ids, dm_history, find_component, latest_panel, said
from tests.drivers.sky_driver import GAME, Table, current_record, open_lobby, start_game

UNAVAILABLE = {"status": 503, "message": "Service Unavailable (injected)"}
DMS_CLOSED_TEXT = "can't send you direct messages"
HOUR = 3600  # a paced game: each new decision is a new DM (a live game edits the panel in place)


def thread_text(thread) -> str:
    return "\n".join(all_text(m) for m in thread.history())


def step_messages(thread) -> list:
    """The public messages that open a drawing roll (they carry the STOP button)."""
    return [m for m in thread.history() if any(":stop:" in i for i in custom_ids(m))]


async def to_the_last_start_pick(env, lobby, **options):
    """A started game where everyone but the last player has picked a starting star."""
    _, channel, players = lobby
    thread = await start_game(env, channel, players, **options)
    table = Table(env, channel, players, closed=set())
    for player in players[:-1]:
        await table.act(player, latest_panel(player), chooser=lambda ids: ids[0])
    return thread, table


async def last_pick(table):
    """The last starting star: this opens the first drawing roll."""
    player = table.players[-1]
    return await table.act(player, latest_panel(player), chooser=lambda ids: ids[0])


def dm_ids(players) -> dict[str, set[int]]:
    return {p.name: {m.id for m in dm_history(p)} for p in players}


def got_new_panel(player, before: dict[str, set[int]]) -> bool:
    panel = latest_panel(player)
    return panel is not None and panel.id not in before[player.name]


async def has_current_panel(env, player) -> bool:
    """The player's live DM panel offers the current decision (a new DM, or one edited in place)."""
    panel, record = latest_panel(player), await current_record(env)
    decision = str(record.state["decision"])
    return panel is not None and any(i.split(":")[3] == decision for i in custom_ids(panel))


async def assert_roll_open(env):
    record = await current_record(env)
    assert GAME.view(record.state, None)["phase"] != "start", "the first roll should be open"
    return record


@pytest.mark.simcord(strict_sync=True)
async def test_one_failed_send_costs_nothing_of_the_step(simcord_env):
    env = simcord_env
    lobby = await open_lobby(env)
    thread, table = await to_the_last_start_pick(env, lobby)
    before = dm_ids(table.players)
    env.inject_error("POST", f"/channels/{thread.id}/messages", **UNAVAILABLE)
    await last_pick(table)
    await assert_roll_open(env)
    assert len(step_messages(thread)) == 1, "the step's public message is sent again"
    for player in table.players:
        assert await has_current_panel(env, player), f"{player.name} got no panel"
    assert not any(got_new_panel(p, before) for p in table.players), "a live game edits the panels"


@pytest.mark.simcord(strict_sync=True)
async def test_panels_go_out_without_the_public_message_and_status_reopens_it(simcord_env):
    env = simcord_env
    lobby = await open_lobby(env)
    thread, table = await to_the_last_start_pick(env, lobby)
    card = (await current_record(env)).status_message_id  # the round's card, redrawn per roll
    env.inject_error("POST", f"/channels/{thread.id}/messages", times=None, **UNAVAILABLE)
    env.inject_error("PATCH", f"/channels/{thread.id}/messages/{card}", times=None, **UNAVAILABLE)
    await last_pick(table)
    env.backend.faults.clear()
    record = await assert_roll_open(env)
    assert step_messages(thread) == [] and record.status_message_id is None
    # Panels don't depend on the public message: everyone can draw.
    for player in table.players:
        assert await has_current_panel(env, player), f"{player.name} got no panel"

    status = await table.players[1].slash(thread, "game status")
    assert status.acknowledged and "Waiting for" in said(status)
    reopened = step_messages(thread)
    assert len(reopened) == 1, "/game status posts the step's missing message"
    assert (await current_record(env)).status_message_id == reopened[0].id
    # Nothing is missing any more, so another /game status posts nothing new.
    await table.players[1].slash(thread, "game status")
    assert len(step_messages(thread)) == 1


@pytest.mark.simcord(strict_sync=True)
async def test_a_transient_dm_failure_is_retried_and_not_called_closed_dms(simcord_env):
    env = simcord_env
    lobby = await open_lobby(env)
    thread, table = await to_the_last_start_pick(env, lobby, pace=HOUR)
    bea = table.players[1]
    before = dm_ids([bea])
    env.inject_error("POST", f"/channels/{bea.user.dm_channel.id}/messages", **UNAVAILABLE)
    await last_pick(table)
    record = await assert_roll_open(env)
    assert got_new_panel(bea, before), "one more try delivers the panel"
    assert record.seats[1].dm_open
    assert DMS_CLOSED_TEXT not in thread_text(thread)


@pytest.mark.simcord(strict_sync=True)
async def test_a_dm_that_keeps_failing_is_resent_by_status(simcord_env):
    env = simcord_env
    lobby = await open_lobby(env)
    thread, table = await to_the_last_start_pick(env, lobby, pace=HOUR)
    bea = table.players[1]
    before = dm_ids([bea])
    env.inject_error("POST", f"/channels/{bea.user.dm_channel.id}/messages", times=2, **UNAVAILABLE)
    await last_pick(table)
    record = await assert_roll_open(env)
    assert not got_new_panel(bea, before), "both tries failed"
    assert record.seats[1].dm_open, "a failure is not proof of closed DMs"
    assert DMS_CLOSED_TEXT not in thread_text(thread)

    await table.players[0].slash(thread, "game status")
    assert got_new_panel(bea, before), "/game status re-sends the panel that failed"
    # Only what was missing goes out again: the others' panels are not repeated.
    assert len(step_messages(thread)) == 1


@pytest.mark.simcord(strict_sync=True)
async def test_closed_dms_still_switch_to_the_thread_fallback(simcord_env):
    env = simcord_env
    lobby = await open_lobby(env)
    thread, table = await to_the_last_start_pick(env, lobby, pace=HOUR)
    bea = table.players[1]
    env.inject_error(
        "POST",
        f"/channels/{bea.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
    )
    await last_pick(table)
    record = await assert_roll_open(env)
    assert not record.seats[1].dm_open
    assert DMS_CLOSED_TEXT in thread_text(thread)


@pytest.mark.simcord(strict_sync=True)
async def test_a_deleted_thread_moves_the_game_to_a_new_one(simcord_env):
    env = simcord_env
    lobby = await open_lobby(env)
    _, channel, _ = lobby
    thread, table = await to_the_last_start_pick(env, lobby)
    old_thread = thread.id
    env.backend.delete_channel(old_thread)
    await env.settle()

    await last_pick(table)
    record = await assert_roll_open(env)
    assert record.thread_id not in (None, old_thread)
    moved = channel.threads[-1]
    assert moved.id == record.thread_id
    assert "was deleted" in thread_text(moved)
    assert len(step_messages(moved)) == 1 and record.status_message_id == step_messages(moved)[0].id
    for player in table.players:
        assert await has_current_panel(env, player), f"{player.name} got no panel"
    # The game goes on in its new place: /game status there finds it.
    assert "Waiting for" in said(await table.players[0].slash(moved, "game status"))


async def forged_select(actor, message, custom_id: str, value: str):
    """What a modified client can send: a select value the menu never offered."""
    stored = _visible_message(actor, message)
    return await _component_interaction(
        actor, stored, {"custom_id": custom_id, "component_type": 3, "values": [value]}
    )


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("value", ["Z9", "-", "A1" * 40])
async def test_a_star_the_menu_never_offered_is_refused(simcord_env, value):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    ada = players[0]
    panel = latest_panel(ada)
    select = find_component(panel, "sky:pick:")
    assert value not in {o.value for o in select.options}
    before = await current_record(env)
    result = await forged_select(ada.user, panel, select.custom_id, value)
    assert result.acknowledged
    assert "isn't one you can pick" in said(result)
    after = await current_record(env)
    assert (after.version, after.state) == (before.version, before.state)
    assert latest_panel(ada).id == panel.id and custom_ids(latest_panel(ada)) == custom_ids(panel)


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("value", ["t.9.9", "no such choice!"])
async def test_star_gazers_refuses_a_value_no_menu_offered(simcord_env, value):
    from tests.drivers import star_gazers_driver as sg

    env = simcord_env
    _, channel, players = await sg.open_lobby(env, names=("ada", "bea"))
    await sg.start_game(env, channel, players)
    table = sg.Table(env, channel, players, closed=set())
    for _ in range(30):  # play on until a panel shows a menu
        record = await current_record(env)
        seat = sg.GAME.to_act(record.state)[0]
        panel = await table.panel(players[seat])
        select = find_component(panel, f"sg:sel:{record.id}:")
        if select is not None:
            break
        await table.step(players[seat], panel, seat)
    assert select is not None, "no panel with a menu came up"
    assert value not in {o.value for o in select.options}
    result = await forged_select(players[seat].user, panel, select.custom_id, value)
    assert "isn't one of the choices" in said(result)
    after = await current_record(env)
    assert (after.version, after.state) == (record.version, record.state)


@pytest.mark.simcord(strict_sync=True)
async def test_a_failed_welcome_dm_does_not_mark_dms_closed(simcord_env):
    env = simcord_env
    _, channel, (ada, bea, _) = await open_lobby(env)
    await ada.slash(channel, "play", game="sky-of-stars")
    lobby = channel.last_message
    # Joining sends one message: the welcome DM. Both of its tries fail with a server error.
    env.inject_error("POST", "/channels/*/messages", times=2, **UNAVAILABLE)
    joined = await bea.click(lobby, label="Join")
    assert "You're in" in said(joined) and "seem closed" not in said(joined)
    record = await env.bot.storage.game_in_channel(channel.id)
    assert record.seats[1].dm_open
