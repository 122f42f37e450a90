"""A complete A Sky of Stars game through the real discord.py code, as three users would play it.

One player (Cy) has closed DMs and plays through "Open my panel" ephemerals; the bot restarts
mid-game; an outsider clicks; a stale button and an illegal stroke are tried; and no public
message may reveal a secret number or a guess before its reveal.
"""

from __future__ import annotations

import logging

import pytest

from bot.games import get_game
from bot.games.replay import replay
from bot.games.sky_of_stars.components import load_vault
from tests.drivers.helpers import all_text, controls, custom_ids, find_component, latest_panel, refresh, said
from tests.drivers.sky_driver import (
    Table,
    assert_no_public_secret,
    current_record,
    game_thread,
    open_lobby,
    press_public,
)

GAME = get_game("sky-of-stars")
LABELS = [star.label for star in load_vault().stars]


@pytest.mark.simcord(strict_sync=True)
async def test_full_three_player_game(simcord_env, restart_bot, caplog):
    env = simcord_env
    guild, channel, (ada, bea, cy) = await open_lobby(env)
    dee = guild.add_member(env.create_user("dee"))
    # Cy's DMs are closed for the whole game.
    cy_dm = cy.user.dm_channel
    env.inject_error(
        "POST",
        f"/channels/{cy_dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )

    result = await ada.slash(channel, "play", game="sky-of-stars", countdown=30)
    assert result.acknowledged
    lobby = channel.last_message
    assert "lobby" in all_text(lobby).lower()
    for player in (bea, cy):
        joined = await player.click(lobby, label="Join")
        assert joined.acknowledged
    cy_warning = [m for m in channel.history(viewer=cy) if "closed" in (m.content or "")]
    assert cy_warning, "Cy should be warned at join time that DMs are closed"

    # Only the host may start.
    refused = await bea.click(refresh(channel, lobby), label="Start")
    assert "Only the host" in said(refused)
    await ada.click(refresh(channel, lobby), label="Start")
    thread = game_thread(channel)
    table = Table(env, channel, [ada, bea, cy], closed={"cy"})
    record = await current_record(env)
    assert record is not None and record.thread_id == thread.id
    record_id = record.id

    # Ada and Bea got their panels by DM, with their secret word; Cy did not.
    ada_panel = latest_panel(ada)
    assert ada_panel is not None and "Your word" in all_text(ada_panel)
    assert latest_panel(cy) is None

    # An outsider clicking the thread's panel button is refused privately.
    opener = next(m for m in thread.history() if find_component(m, "astro:panel:"))
    outsider = await dee.click(opener, custom_id=find_component(opener, "astro:panel:").custom_id)
    assert "not playing" in said(outsider)

    restarted = illegal_tried = stop_called = stale_tried = passed = False
    first_roll_message = None
    for _ in range(400):
        record = await current_record(env)
        if record is None:
            break
        view = GAME.view(record.state, None)
        phase = view["phase"]
        if phase == "reveal":  # the answer stays for its pause, then the game goes on
            await env.advance_time(GAME.countdown(record.state) + 1)
            continue
        if phase == "stroke" and first_roll_message is None:
            first_roll_message = thread.history()[-1]
        if phase == "stroke" and not illegal_tried:
            illegal_tried = await try_illegal_stroke(env, record, ada)
        if phase == "stroke" and view["stop_by"] is None and view["roll"]["count"] >= 3:
            pressed = await press_public(thread, bea, "stop")
            assert "STOP" in said(pressed)
            stop_called = True
        if stop_called and not stale_tried and first_roll_message is not None and phase != "stroke":
            # the roll's card no longer offers STOP once the roll is over (one live card per step)
            current = refresh(thread, first_roll_message)
            assert not any(":stop:" in i for i in custom_ids(current))
            stale_tried = True
        if phase == "stroke" and not restarted and view["round"] == 2:
            # restart the bot mid-game: panels, buttons and the game itself must carry on
            await restart_bot()
            restarted = True
        for seat in GAME.to_act(record.state):
            player = table.players[seat]
            message = await table.panel(player)
            assert message is not None, f"no panel for {player.name}"
            if phase == "final" and not passed:
                skip = next(i for i in custom_ids(message) if ":pass:" in i)
                actor = player if player.name in table.closed else player.user
                await actor.click(message, custom_id=skip)
                passed = True
                continue
            await table.act(player, message, chooser=lambda ids: ids[0])
        await assert_no_public_secret(env, thread)
    else:
        raise AssertionError("game did not finish")

    assert restarted and illegal_tried and stop_called and stale_tried and passed
    finished = [m for m in thread.history() if "Final results" in all_text(m)]
    assert finished and finished[-1].attachments, "final results image"
    assert await env.bot.storage.games_for_user(ada.id) == [], "the finished game is no longer running"
    # The stored log rebuilds the stored final state from the seed: nothing acknowledged was lost.
    stored = await env.bot.storage.load(record_id)
    log = await env.bot.storage.actions(record_id)
    assert stored.status == "finished" and len(log) == stored.version
    rebuilt = replay(GAME, len(stored.seats), stored.options, stored.seed, [(a.seat, a.action) for a in log])
    assert rebuilt == stored.state and GAME.outcome(rebuilt) is not None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def try_illegal_stroke(env, record, player):
    """Type a line the rules refuse; the player is told why and the game does not move. Then type
    a legal one, from its far end: it is a pick, shown drawn in with its **Draw**, not yet drawn."""
    view = GAME.view(record.state, 0)
    moves = view["choice"]["moves"]
    start = next(iter(moves))
    illegal = next(s for s in LABELS if s != start and s not in moves[start])
    panel = latest_panel(player)
    type_id = next(i for i in custom_ids(panel) if i.startswith("sky:type:"))
    shown = await player.user.click(panel, custom_id=type_id)
    assert shown.modal is not None
    result = await player.user.submit_modal(shown, {"line": f"{start} {illegal}"})
    text = said(result)
    assert text and "drawn" not in text, text

    end = moves[start][0]
    shown = await player.user.click(panel, custom_id=type_id)
    await player.user.submit_modal(shown, {"line": f"{end} {start}"})
    after = await current_record(env)
    assert after.version == record.version, "a typed line is not drawn until Draw"
    previewed = refresh(player.user.dm_channel, panel)
    draw = [
        c
        for c in controls(previewed)
        if (c.custom_id or "").startswith("sky:do:") and ":stroke:" in c.custom_id
    ]
    assert draw and f"{start}-{end}" in draw[0].custom_id, [c.custom_id for c in controls(previewed)]
    return True
