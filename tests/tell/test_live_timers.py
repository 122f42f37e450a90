"""Live tables' step timers in SimCord time: the default in the lobby, the countdown on the status
card, what happens when a timer runs out (A Sky of Stars: the late player draws nothing that
roll; a turn game: the bot plays the rest of the turn), no hand-over to the bot, a timer switched
off, and a timer pending across a restart."""

from __future__ import annotations

import pytest

from bot.games import get_game
from tests.drivers.helpers import (
    all_text,
    current_record,
    find_component,
    game_thread,
    latest_panel,
    refresh,
    said,
)
from tests.drivers.sky_driver import Table

SKY = get_game("sky-of-stars")
STARRY = get_game("starry-night-sky")


async def open_table(env, slug, names=("ada", "bea", "cy"), **options):
    """/play (with ``options``), everyone joins, the host starts: the lobby message, the thread
    and the players."""
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in names]
    await players[0].slash(channel, "play", game=slug, **options)
    lobby = channel.last_message
    for player in players[1:]:
        await player.click(refresh(channel, lobby), label="Join")
    before = all_text(refresh(channel, lobby))
    await players[0].click(refresh(channel, lobby), label="Start")
    return before, channel, game_thread(channel), players


def card_text(thread, record) -> str:
    return all_text(next(m for m in thread.history() if m.id == record.status_message_id))


def timeouts(actions) -> list:
    return [a for a in actions if "ran out of time" in " ".join(a.events)]


@pytest.mark.simcord(strict_sync=True)
async def test_sky_live_timer_skips_the_late_drawer_each_roll_and_keeps_the_seat(simcord_env):
    env = simcord_env
    lobby, channel, thread, players = await open_table(env, "sky-of-stars")
    assert "each step has 1 minute on the clock" in lobby, "the game's default, shown in the lobby"
    ada, bea, cy = players
    table = Table(env, channel, players, closed=set())
    record = await current_record(env)
    deadlines = await env.bot.storage.deadlines(record.id)
    assert sorted(d.seat for d in deadlines) == [0, 1, 2]
    due = deadlines[0].due_at
    assert all(d.due_at == due for d in deadlines) and due - env.now().timestamp() == pytest.approx(60)
    assert f"<t:{int(due)}:R>" in card_text(thread, record), "the card counts the step down"
    for player in players:  # everyone picks a starting star in time
        await table.act(player, latest_panel(player), chooser=lambda ids: ids[0])

    for miss in (1, 2):  # Cy misses two rolls in a row
        record = await current_record(env)
        assert SKY.to_act(record.state) == [0, 1, 2], SKY.view(record.state, None)["phase"]
        decision, drawn = SKY.decision_id(record.state), record.state["vaults"][2]["current"]
        for player in (ada, bea):
            await table.act(player, latest_panel(player), chooser=lambda ids: ids[0])
        record = await current_record(env)
        assert SKY.to_act(record.state) == [2]
        (late,) = await env.bot.storage.deadlines(record.id)
        assert f"<t:{int(late.due_at)}:R>" in card_text(thread, record), "still counting for Cy"
        await env.advance_time(late.due_at - env.now().timestamp() - 1)
        assert SKY.decision_id((await current_record(env)).state) == decision, "not a second early"
        await env.advance_time(2)
        record = await current_record(env)
        assert SKY.decision_id(record.state) != decision, "the roll went on without Cy"
        assert record.state["vaults"][2]["current"] == drawn, "Cy drew nothing that roll"
        assert record.seats[2].timeouts == miss and not record.seats[2].autopilot, "a live seat stays Cy's"
    log = await env.bot.storage.actions(record.id)
    assert [a.action for a in log if a.seat is None] == [{"kind": "timeout", "seat": 2}] * 2
    history = "\n".join(all_text(m) for m in thread.history())
    assert "ran out of time and" in history
    assert "bot is playing your seat" not in history
    # A fresh step gives everyone a whole minute again.
    deadlines = await env.bot.storage.deadlines(record.id)
    assert sorted(d.seat for d in deadlines) == SKY.to_act(record.state)
    assert all(d.due_at - d.opened_at == 60 and d.due_at > env.now().timestamp() + 55 for d in deadlines)


@pytest.mark.simcord(strict_sync=True)
async def test_turn_game_live_timer_lets_the_bot_play_the_rest_of_the_turn(simcord_env):
    env = simcord_env
    lobby, _, thread, _ = await open_table(env, "starry-night-sky", names=("ada", "bea"))
    assert "each step has 2 minutes on the clock" in lobby
    record = await current_record(env)
    (late,) = STARRY.to_act(record.state)
    (deadline,) = await env.bot.storage.deadlines(record.id)
    assert deadline.seat == late and deadline.due_at - deadline.opened_at == 120
    assert f"<t:{int(deadline.due_at)}:R>" in card_text(thread, record)
    turn = STARRY.decision_id(record.state)
    first_card = record.status_message_id

    await env.advance_time(121)
    record = await current_record(env)
    assert STARRY.decision_id(record.state) != turn and late not in STARRY.to_act(record.state)
    log = await env.bot.storage.actions(record.id)
    assert len([a for a in log if a.seat == late]) >= 2, "the whole turn, every sub-action, by the bot"
    assert len(timeouts(log)) == 1
    assert "ran out of time" in "\n".join(all_text(m) for m in thread.history())
    (following,) = await env.bot.storage.deadlines(record.id)
    assert following.seat == STARRY.to_act(record.state)[0] and following.due_at - following.opened_at == 120
    assert f"<t:{int(following.due_at)}:R>" in card_text(thread, record), "the next turn's countdown"
    assert record.status_message_id != first_card, "each turn has a card of its own"
    retired = all_text(next(m for m in thread.history() if m.id == first_card))
    assert "<t:" not in retired and "This step is over." in retired, "no time is left on a retired card"

    await env.advance_time(121)  # the other player misses a turn too, then the first one again
    await env.advance_time(121)
    record = await current_record(env)
    assert record.seats[late].timeouts == 2 and not record.seats[late].autopilot
    assert len(timeouts(await env.bot.storage.actions(record.id))) == 3
    assert "bot is playing your seat" not in "\n".join(all_text(m) for m in thread.history())


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("slug, seconds", [("observatory", 180), ("star-gazers", 120)])
async def test_the_first_step_of_every_other_title_runs_out_too(simcord_env, slug, seconds):
    env = simcord_env
    lobby, _, thread, _ = await open_table(env, slug)
    game = get_game(slug)
    record = await current_record(env)
    late, decision = game.to_act(record.state), game.decision_id(record.state)
    deadlines = await env.bot.storage.deadlines(record.id)
    assert sorted(d.seat for d in deadlines) == sorted(late)
    assert all(d.due_at - d.opened_at == seconds for d in deadlines)
    await env.advance_time(seconds - 1)
    assert game.decision_id((await current_record(env)).state) == decision
    await env.advance_time(2)
    record = await current_record(env)
    assert game.decision_id(record.state) != decision, "the bot decided for everyone late"
    assert len(timeouts(await env.bot.storage.actions(record.id))) == len(late)
    assert not any(seat.autopilot for seat in record.seats)


@pytest.mark.simcord(strict_sync=True)
async def test_a_timer_switched_off_never_runs_out(simcord_env):
    env = simcord_env
    lobby, _, thread, _ = await open_table(env, "starry-night-sky", names=("ada", "bea"), timer=0)
    assert "Played live, with no timers." in lobby
    record = await current_record(env)
    turn = STARRY.decision_id(record.state)
    assert await env.bot.storage.deadlines(record.id) == []
    assert "<t:" not in card_text(thread, record)
    await env.advance_time(3600)
    record = await current_record(env)
    assert STARRY.decision_id(record.state) == turn
    assert timeouts(await env.bot.storage.actions(record.id)) == []


@pytest.mark.simcord(strict_sync=True)
async def test_a_chosen_timer_is_shown_and_kept_across_a_restart(simcord_env, restart_bot):
    env = simcord_env
    lobby, _, thread, _ = await open_table(env, "starry-night-sky", names=("ada", "bea"), timer=30)
    assert "each step has 30 seconds on the clock" in lobby
    record = await current_record(env)
    turn = STARRY.decision_id(record.state)
    (deadline,) = await env.bot.storage.deadlines(record.id)
    assert deadline.due_at - deadline.opened_at == 30

    await env.advance_time(10)
    await restart_bot()
    assert STARRY.decision_id((await current_record(env)).state) == turn
    await env.advance_time(21)
    record = await current_record(env)
    assert STARRY.decision_id(record.state) != turn, "the pending timer ran out after the restart"
    assert len(timeouts(await env.bot.storage.actions(record.id))) == 1
    await env.advance_time(5)
    assert len(timeouts(await env.bot.storage.actions(record.id))) == 1, "once"


@pytest.mark.simcord(strict_sync=True)
async def test_the_host_changes_the_timer_in_the_lobby(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bea = (guild.add_member(env.create_user(name)) for name in ("ada", "bea"))
    await ada.slash(channel, "play", game="starry-night-sky")
    lobby = channel.last_message
    assert "each step has 2 minutes on the clock" in all_text(lobby)
    await bea.click(refresh(channel, lobby), label="Join")
    timer = find_component(refresh(channel, lobby), "lobby:timer:")
    assert [o.value for o in timer.options if o.default] == ["120"], "the default is the one selected"
    refused = await bea.select(refresh(channel, lobby), ["0"], custom_id=timer.custom_id)
    assert "Only the host" in said(refused)
    assert "each step has 2 minutes on the clock" in all_text(refresh(channel, lobby))
    await ada.select(refresh(channel, lobby), ["0"], custom_id=timer.custom_id)
    assert "Played live, with no timers." in all_text(refresh(channel, lobby))
    await ada.select(refresh(channel, lobby), ["60"], custom_id=timer.custom_id)
    shown = refresh(channel, lobby)
    assert "each step has 1 minute on the clock" in all_text(shown)
    assert [o.value for o in find_component(shown, "lobby:timer:").options if o.default] == ["60"]
    await ada.click(shown, label="Start")
    record = await current_record(env)
    (deadline,) = await env.bot.storage.deadlines(record.id)
    assert deadline.due_at - deadline.opened_at == 60
    assert find_component(refresh(channel, lobby), "lobby:timer:") is None, "no change once it runs"


@pytest.mark.simcord(strict_sync=True)
async def test_a_paced_lobby_offers_no_live_timer(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(env.create_user("ada"))
    await ada.slash(channel, "play", game="star-gazers", pace=3600)
    lobby = channel.last_message
    assert "Each player has 1 hour per move." in all_text(lobby) and "on the clock" not in all_text(lobby)
    assert find_component(lobby, "lobby:timer:") is None


def test_each_game_has_a_live_timer_default_the_lobby_offers():
    from bot.games import GAMES
    from bot.tell.live_timer import TIMERS

    for game in GAMES.values():
        assert game.live_timer in TIMERS.values() and game.live_timer > 0, game.slug
    assert SKY.live_timer <= 90, "a drawing step is short"
