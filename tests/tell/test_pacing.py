"""Paced games in SimCord time: reminders, deadlines, quiet hours, bot hand-over and seat changes."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import all_text, custom_ids, dm_history, latest_panel, said
from tests.drivers.sky_driver import GAME, Table, current_record, open_lobby, press_public, start_game

HOUR = 3600


def texts(messages):
    return "\n".join(all_text(m) for m in messages)


def reminders(player):
    return [m for m in dm_history(player) if "Reminder" in all_text(m)]


def timeouts_logged(actions):
    return sum("ran out of time" in " ".join(a.events) for a in actions)


async def pick_start(table, players):
    for player in players:
        await table.act(player, latest_panel(player), chooser=lambda ids: ids[0])


@pytest.mark.simcord(strict_sync=True)
async def test_reminders_then_deadline_fire_once_across_a_restart(simcord_env, restart_bot):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada, bea, cy = players
    thread = await start_game(env, channel, players, pace=HOUR)
    table = Table(env, channel, players, closed=set())
    assert "Your move" in texts(thread.history()) and f"<@{cy.id}>" in texts(thread.history())
    assert "Jump to the game" in all_text(latest_panel(cy))
    await pick_start(table, [ada, bea])

    await env.advance_time(HOUR / 2 - 5)
    assert reminders(cy) == []
    await env.advance_time(10)
    assert len(reminders(cy)) == 1, "a reminder about half-way"
    assert reminders(ada) == [], "players who moved are left alone"
    await env.advance_time(HOUR * 7 / 8 - HOUR / 2)
    assert len(reminders(cy)) == 2, "and one shortly before the deadline"

    # The bot restarts between the reminders and the deadline: it must still fire, once.
    await restart_bot()
    record = await current_record(env)
    assert 2 in GAME.to_act(record.state)
    await env.advance_time(HOUR / 8 + 10)
    record = await current_record(env)
    assert 2 not in GAME.to_act(record.state) or GAME.view(record.state, None)["phase"] != "start"
    log = await env.bot.storage.actions(record.id)
    assert timeouts_logged(log) == 1
    assert record.seats[2].timeouts == 1 and not record.seats[2].autopilot
    assert "ran out of time" in texts(thread.history())
    await env.advance_time(10)
    assert timeouts_logged(await env.bot.storage.actions(record.id)) == 1


@pytest.mark.simcord(strict_sync=True)
async def test_missed_deadlines_draw_nothing_then_the_bot_keeps_and_draws_for_the_seat_until_reclaimed(
    simcord_env,
):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada, bea, cy = players
    thread = await start_game(env, channel, players, pace=HOUR)
    table = Table(env, channel, players, closed=set())
    await pick_start(table, players)
    for miss in (1, 2):  # Cy misses two rolls in a row
        record = await current_record(env)
        assert 2 in GAME.to_act(record.state)
        await pick_start(table, [p for p in (ada, bea) if players.index(p) in GAME.to_act(record.state)])
        await env.advance_time(HOUR + 5)
        record = await current_record(env)
        assert record.seats[2].timeouts == miss and record.seats[2].autopilot == (miss == 2)
    log = await env.bot.storage.actions(record.id)
    assert [a.action for a in log if a.seat is None] == [{"kind": "timeout", "seat": 2}] * 2
    handed_over = max(a.seq for a in log if a.seat is None)
    assert [a.action["kind"] for a in log if a.seat == 2 and a.seq < handed_over] == ["start"], (
        "a missed deadline draws nothing into Cy's constellation"
    )
    assert "ran out of time and" in texts(thread.history())
    assert "the bot made that move" not in texts(thread.history())
    handover = next(
        m for m in reversed(thread.history()) if any("astro:reclaim:" in i for i in custom_ids(m))
    )
    assert "bot is playing your seat" in all_text(handover)
    status = await ada.slash(thread, "game status")
    assert "played by the bot" in said(status)
    shown = [m.message for m in (status.response, *status.followups) if m is not None]
    assert any(i.startswith("astro:reclaim:") for m in shown for i in custom_ids(m))
    # From now on the bot moves for Cy at once, without waiting for a deadline, and draws.
    before = record.state["vaults"][2]["current"]["stars"]
    for _ in range(8):
        assert 2 not in GAME.to_act(record.state)
        if len(record.state["vaults"][2]["current"]["stars"]) > len(before):
            break
        for player in (ada, bea):
            if players.index(player) in GAME.to_act(record.state):
                await table.act(player, latest_panel(player), chooser=lambda ids: ids[0])
        record = await current_record(env)
    assert len(record.state["vaults"][2]["current"]["stars"]) > len(before), "the bot draws for its seat"

    reclaim = next(i for i in custom_ids(handover) if i.startswith("astro:reclaim:"))
    refused = await bea.click(handover, custom_id=reclaim)
    assert "Only the player" in said(refused)
    back = await cy.click(handover, custom_id=reclaim)
    assert "yours again" in said(back)
    record = await current_record(env)
    assert not record.seats[2].autopilot and record.seats[2].timeouts == 0


@pytest.mark.simcord(strict_sync=True)
async def test_quiet_hours_hold_pings_and_pause_the_clock(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada, bea, cy = players
    # The simulated clock starts at midnight UTC: Cy sleeps from 00:00 to 08:00.
    saved = await cy.slash(channel, "settings", timezone="UTC", quiet_start=0, quiet_end=8)
    assert "Settings saved" in said(saved)
    bad = await cy.slash(channel, "settings", timezone="Mars/Base")
    assert "don't know the time zone" in said(bad)
    thread = await start_game(env, channel, players, pace=HOUR)
    await pick_start(Table(env, channel, players, closed=set()), [ada, bea])
    assert latest_panel(cy) is None, "no DM during quiet hours"
    assert f"<@{cy.id}>" not in texts(thread.history()), "no mention during quiet hours"
    record = await current_record(env)
    deadline = next(d for d in await env.bot.storage.deadlines(record.id) if d.seat == 2)
    start = env.now().timestamp()
    assert deadline.due_at - start > 8 * HOUR, "the clock only starts when the quiet hours end"

    await env.advance_time(8 * HOUR - (start % 86400) + 5)
    assert latest_panel(cy) is not None, "the panel arrives when Cy wakes up"
    await env.advance_time(HOUR - 60)
    record = await current_record(env)
    assert 2 in GAME.to_act(record.state), "not timed out yet: the night did not count"
    await env.advance_time(120)
    assert timeouts_logged(await env.bot.storage.actions(record.id)) == 1


@pytest.mark.simcord(strict_sync=True)
async def test_kick_and_replace_are_for_the_host_only(simcord_env):
    env = simcord_env
    guild, channel, players = await open_lobby(env)
    ada, bea, cy = players
    dee = guild.add_member(env.create_user("dee"))
    thread = await start_game(env, channel, players, pace=HOUR)

    assert "Only the host" in said(await bea.slash(thread, "game kick", player=cy))
    assert "Only the host" in said(await dee.slash(thread, "game replace", player=cy, new_player=dee))
    kicked = await ada.slash(thread, "game kick", player=bea)
    assert "bot now plays" in said(kicked)
    record = await current_record(env)
    assert record.seats[1].autopilot and 1 not in GAME.to_act(record.state)
    assert "already plays" in said(await ada.slash(thread, "game kick", player=bea))

    replaced = await ada.slash(thread, "game replace", player=cy, new_player=dee)
    assert "now plays that seat" in said(replaced)
    record = await current_record(env)
    assert record.seats[2].user_id == dee.id and record.seats[2].name == "dee"
    assert latest_panel(dee) is not None and "Your word" in all_text(latest_panel(dee))
    assert "already plays" in said(await ada.slash(thread, "game replace", player=ada, new_player=dee))


@pytest.mark.simcord(strict_sync=True)
async def test_four_seats_two_humans_two_bots_play_to_the_end(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env, n_players=4)
    ada, bea, cy, dee = players
    thread = await start_game(env, channel, players)
    # A Sky of Stars has no lobby bots, so the host hands two seats to the bot.
    await ada.slash(thread, "game kick", player=cy)
    await ada.slash(thread, "game kick", player=dee)
    table = Table(env, channel, players, closed=set())
    for _ in range(400):
        record = await current_record(env)
        if record is None:
            break
        waiting = GAME.to_act(record.state)
        assert not {2, 3} & set(waiting) or GAME.view(record.state, None)["phase"] == "guess"
        view = GAME.view(record.state, None)
        if view["phase"] == "stroke" and view["stop_by"] is None and view["roll"]["count"] >= 2:
            await press_public(thread, ada, "stop")
            continue
        humans = [s for s in waiting if s in (0, 1)]
        if not humans:
            await env.advance_time(31)  # only bots owe the guess: the countdown ends it
            continue
        for seat in humans:
            await table.act(players[seat], latest_panel(players[seat]), chooser=lambda ids: ids[0])
    else:
        raise AssertionError("the game did not finish")
    assert any("Final results" in all_text(m) for m in thread.history())


@pytest.mark.simcord(strict_sync=True)
async def test_ping_settings_choose_between_dm_and_mention(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada, bea, cy = players
    await bea.slash(channel, "settings", ping="mention")
    await cy.slash(channel, "settings", ping="none")
    thread = await start_game(env, channel, players, pace=HOUR)
    history = texts(thread.history())
    assert latest_panel(ada) is not None and f"<@{ada.id}>" in history
    assert latest_panel(bea) is None and f"<@{bea.id}>" in history
    assert latest_panel(cy) is None and f"<@{cy.id}>" not in history
    # Without a DM, the panel is one click away in the thread.
    mention = next(m for m in thread.history() if f"<@{bea.id}>" in (m.content or ""))
    opener = next(i for i in custom_ids(mention) if i.startswith("astro:panel:"))
    opened = await bea.click(mention, custom_id=opener)
    assert "Your word" in said(opened)
