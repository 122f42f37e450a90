"""Complete Observatory games through the real discord.py code, as users play them.

A 2-player game (Bea's DMs are closed: she plays through "Open my panel") and a solo game are
played from `/play` to the final results with one bot restart each; refusals (outsider,
stale panel, someone else's roll, a confirm that is no longer legal) change nothing; public
messages never name a card that is still secret; `/game sheet|hand|status` work; and the
`first_game` option deals four cards to keep.
"""

from __future__ import annotations

import logging
import re

import discord
import pytest

from bot.games.replay import replay
from tests.drivers.helpers import (
    all_text,
    controls,
    current_record,
    custom_ids,
    find_component,
    footer,
    game_thread,
    latest_panel,
    refresh,
    said,
    title,
)
from tests.drivers.observatory_driver import (
    GAME,
    ObsTable,
    close_dms,
    open_table,
    secret_card_names,
    start_game,
)


def fixed_seed(monkeypatch, seed: int) -> None:
    """Start games from a known seed, so what the driver meets (completions, refills, the Lens)
    is the same on every run; the seed is otherwise drawn with ``secrets``."""
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: seed)


def step_messages(thread):
    return [m for m in thread.history() if title(m).startswith("Observatory ·")]


def assert_no_secret_in_public(state, *channels) -> None:
    secrets = secret_card_names(state)
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in secrets.values()) + r")\b")
    for channel in channels:
        for message in channel.history():
            found = pattern.search(all_text(message))
            assert found is None, f"public message names secret card {found and found.group(0)!r}"


async def assert_refused(env, result, needle: str | None = None) -> None:
    text = said(result)
    assert text, "a refusal must say something to the clicker"
    if needle:
        assert needle in text, text
    assert result.ephemeral or all(f.message.flags.ephemeral for f in result.followups)


@pytest.mark.simcord(strict_sync=True)
async def test_two_player_game_closed_dms_restart_and_refusals(simcord_env, restart_bot, caplog, monkeypatch):
    env = simcord_env
    fixed_seed(monkeypatch, 2)
    guild, channel, (ada, bea) = await open_table(env)
    dee = guild.add_member(env.create_user("dee"))
    close_dms(env, bea)
    thread = await start_game(env, channel, [ada, bea])
    table = ObsTable(env, channel, [ada, bea], closed={"bea"})
    record = await current_record(env)
    record_id = record.id

    # Keep step: Ada's DM shows her secret hand; Bea has no DM and is told how to play.
    panel = latest_panel(ada)
    assert panel is not None and "Choose **4**" in all_text(panel) and panel.attachments
    assert latest_panel(bea) is None
    assert any("direct messages" in (m.content or "") for m in [*channel.history(), *thread.history()])
    assert_no_secret_in_public(record.state, channel, thread)
    opener = next(m for m in thread.history() if find_component(m, "astro:panel:"))
    outsider = await dee.click(opener, custom_id=find_component(opener, "astro:panel:").custom_id)
    await assert_refused(env, outsider, "not playing")

    await table.play_turn(ada)
    keep_step = step_messages(thread)[-1]
    assert "1 of 2 done" in footer(keep_step)
    await table.play_turn(bea)

    restarted = stale_checked = roll_refused = double_refused = commands_checked = card_retired = False
    kept, restart_turn = [], 0
    first_roll_step = None
    for _ in range(400):
        record = await current_record(env)
        if record is None:
            break
        view = GAME.view(record.state, None)
        phase = view["phase"]
        if phase == "roll" and not roll_refused:
            roll_refused = await try_someone_elses_roll(env, table, view)
        if phase == "roll" and first_roll_step is None:
            first_roll_step = step_messages(thread)[-1]
        later = phase == "decide" and view["turn_number"] > 1
        if later and not card_retired and first_roll_step is not None:
            # one status card per step: the first roll's card lost its Roll button
            old_card = refresh(thread, first_roll_step)
            assert not controls(old_card) and footer(old_card) == "This step is over."
            card_retired = True
        if restarted and not stale_checked and phase == "decide" and view["turn_number"] > restart_turn:
            stale_checked = await try_a_copy_the_restart_forgot(env, table, kept, record)
        if phase == "decide" and not double_refused and 0 in GAME.to_act(record.state):
            double_refused = await try_a_confirm_that_went_stale(env, table, ada, thread)
            continue
        if phase == "decide" and not commands_checked:
            await check_commands(thread, ada, bea, dee)
            commands_checked = True
        if phase == "decide" and not restarted and view["night"] == 3:
            kept = [(p, m) for p in (ada, bea) for m in [live_copy(table, p)] if m is not None]
            await restart_bot()
            restarted, restart_turn = True, view["turn_number"]
        if phase == "decide":
            step = next(m for m in reversed(step_messages(thread)) if "rolled" in all_text(m))
            assert step.attachments and "of 2 done" in all_text(step)
            assert all_text(step).count(" rolled ") == 1, "the roll is said once on its card"
        if phase == "roll":  # the roll's card is words only: the table comes with the roll
            assert not step_messages(thread)[-1].attachments
        waiting = GAME.to_act(record.state)
        await table.play_turn(table.players[waiting[0]])
        assert_no_secret_in_public((await current_record(env) or record).state, channel, thread)
    else:
        raise AssertionError("the game did not finish")

    assert restarted and stale_checked and roll_refused and double_refused and commands_checked
    assert card_retired
    # with this seed the driver completes goals, refills from the Night Sky and spends free stars
    wanted = {"keep", "roll", "plot", "res", "ss", "cp", "take", "fs", "done"}
    assert wanted <= table.seen_codes, table.seen_codes
    # the quiet thread folds each resolved turn's lines into the next step's card
    did = r"^{} (plotted|researched|completed|set the Drive|passed)"
    summaries = [
        m
        for m in thread.history()
        if re.search(did.format("ada"), all_text(m), re.M) and re.search(did.format("bea"), all_text(m), re.M)
    ]
    assert summaries, "each resolved turn posts what every player did"
    final = [m for m in thread.history() if "Final results" in all_text(m)]
    assert final and final[-1].attachments
    stored = await env.bot.storage.load(record_id)
    log = await env.bot.storage.actions(record_id)
    assert stored.status == "finished" and len(log) == stored.version
    rebuilt = replay(GAME, len(stored.seats), stored.options, stored.seed, [(a.seat, a.action) for a in log])
    assert rebuilt == stored.state and GAME.outcome(rebuilt) is not None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def live_copy(table, player):
    """The newest panel copy ``player`` sees with the game's buttons (a DM or an ephemeral one)."""
    seen = [
        *(table.thread.history(viewer=player)),
        *(player.user.dm_channel.history() if player.name not in table.closed else []),
    ]
    live = [m for m in seen if any(i.startswith("obs:") for i in custom_ids(m))]
    return max(live, key=lambda m: m.id) if live else None


async def try_a_copy_the_restart_forgot(env, table, kept, record) -> bool:
    """A copy that was live at the restart keeps its buttons (the restarted bot no longer knows
    it, so it can't retire it); once the game moved on, pressing one is refused as stale and
    changes nothing."""
    decision = GAME.decision_id(record.state)
    for player, message in kept:
        message = table.reload(player, message)
        buttons = [
            c.custom_id
            for c in controls(message)
            if c.type is discord.ComponentType.button
            and c.custom_id.startswith("obs:")
            and not c.custom_id.startswith("obs:type:")
        ]  # a form checks on submitting
        if buttons and int(buttons[0].split(":")[3]) < decision:
            result = await table.click(player, message, buttons[0])
            await assert_refused(env, result, "earlier step")
            assert (await current_record(env)).version == record.version
            return True
    return False


async def try_someone_elses_roll(env, table, view) -> bool:
    """The thread's Roll button refuses anyone but the active player."""
    other = table.players[1 - view["active"]]
    step = step_messages(table.thread)[-1]
    roll_id = next(i for i in custom_ids(step) if i.endswith(":roll"))
    before = (await current_record(env)).version
    await assert_refused(env, await other.click(step, custom_id=roll_id))
    assert (await current_record(env)).version == before
    return True


async def try_a_confirm_that_went_stale(env, table, ada, thread) -> bool:
    """Ada's DM panel offers her stars in a list; she opens `/game hand`: the DM copy is retired
    (no components, a line saying where to play) and the same star is picked on the new copy,
    where it plays at once (a draft move, shown on her sheet until she finishes)."""
    dm = latest_panel(ada)
    play = next(
        i
        for i in custom_ids(dm)
        if i.startswith("obs:play:") and find_component(dm, i).options[0].value.startswith("plot.")
    )
    first = find_component(dm, play).options[0].value
    # the same choice through an ephemeral panel from /game hand
    shown = await ada.slash(thread, "game hand")
    ephemeral = (shown.followups or [shown.response])[-1].message
    # one live panel: the DM copy is retired and says where to play now
    retired = refresh(ada.user.dm_channel, dm)
    assert not controls(retired) and "copy you opened" in all_text(retired)
    await ada.select(ephemeral, [first], custom_id=play)
    plotted = GAME.view((await current_record(env)).state, 0)["choice"]["plotted"]
    assert plotted and plotted["cell"] == first.rsplit(".", 1)[1]
    assert latest_panel(ada) is None, "the retired DM copy stays without components"
    return True


async def check_commands(thread, ada, bea, dee) -> None:
    theirs = await ada.slash(thread, "game sheet", player=bea)
    assert theirs.ephemeral or theirs.deferred
    text = said(theirs)
    assert "bea" in text and "points" in text
    message = (theirs.followups or [theirs.response])[-1].message
    assert message.attachments and message.attachments[0].filename == "sheet.png"
    mine = await ada.slash(thread, "game sheet")
    assert "Your sheet" in said(mine)
    status = await dee.slash(thread, "game status")
    assert "done" in said(status) and (status.followups or [status.response])[-1].message.attachments
    hand = await bea.slash(thread, "game hand")
    assert hand.ephemeral and "Dice:" in said(hand)
    assert "isn't playing" in said(await dee.slash(thread, "game sheet", player=dee))


@pytest.mark.simcord(strict_sync=True)
async def test_solo_game_to_the_end_with_a_restart(simcord_env, restart_bot, caplog, monkeypatch):
    env = simcord_env
    fixed_seed(monkeypatch, 2)
    _, channel, (solo,) = await open_table(env, names=("sol",))
    thread = await start_game(env, channel, [solo])
    table = ObsTable(env, channel, [solo])
    table.lens_wanted = True  # the driver fills Lens first, so its ±1 comes up and is used once
    restarted = False
    turns_seen = set()
    for _ in range(300):
        record = await current_record(env)
        if record is None:
            break
        view = GAME.view(record.state, None)
        if view["phase"] == "decide":
            turns_seen.add(view["turn_number"])
            seat_view = GAME.view(record.state, 0)
            assert seat_view["choice"]["shooting"] is not None, "solo: the Shooting Star die every turn"
            if view["turn_number"] == 6 and not restarted:
                await restart_bot()
                restarted = True
        await table.play_turn(solo)
    else:
        raise AssertionError("the solo game did not finish")
    assert restarted and turns_seen == set(range(1, 13))
    assert {"ss", "cp", "take", "drive"} <= table.seen_codes, table.seen_codes
    assert table.lens_offered and "lens" in table.seen_codes, table.seen_codes
    assert any("record to beat" in (m.content or "") for m in thread.history()), "solo personal best"
    final = [m for m in thread.history() if "Final results" in all_text(m)]
    assert final and "Solo" in all_text(final[-1]) and final[-1].attachments
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.simcord(strict_sync=True)
async def test_first_game_option_deals_four_cards_to_keep(simcord_env):
    env = simcord_env
    _, channel, (ada, bea) = await open_table(env)
    await ada.slash(channel, "play", game="observatory", first_game=True)
    lobby = channel.last_message
    assert "First-game deal: everyone keeps 1 large and 3 small goals" in all_text(lobby), all_text(lobby)
    await bea.click(refresh(channel, lobby), label="Join")
    await ada.click(refresh(channel, lobby), label="Start")
    record = await current_record(env)
    assert record.options["first_game"] == 1
    public = GAME.view(record.state, None)
    # no choosing: everyone starts with one large and three small goals, face up
    assert public["phase"] == "roll"
    for sheet in public["sheets"]:
        kinds = sorted(public["cards"][c]["type"] for c in sheet["goals"])
        assert kinds == ["large", "small", "small", "small"]
    roller, other = (ada, bea) if public["active"] == 0 else (bea, ada)
    panel = latest_panel(roller)
    assert "roll" in all_text(panel).lower() and not [i for i in custom_ids(panel) if "obs:pick:" in i]
    assert latest_panel(other) is None, "only the roller has something to do"
    step = step_messages(game_thread(channel))[-1]
    assert "Roll the dice" in [c.label for c in controls(step)]
    roll_id = next(i for i in custom_ids(step) if i.endswith(":roll"))
    rolled = await roller.click(step, custom_id=roll_id)  # the thread's button, not the panel
    assert rolled.ephemeral and "rolled" in said(rolled)
    record = await current_record(env)
    assert GAME.view(record.state, None)["phase"] == "decide"
    assert latest_panel(other) is not None and "Dice:" in all_text(latest_panel(other))


@pytest.mark.simcord(strict_sync=True)
async def test_a_lobby_bot_plays_its_seat_alongside_a_person(simcord_env, monkeypatch):
    """The platform loops the engine's bot through whole drafts (sub-actions, then done)."""
    env = simcord_env
    fixed_seed(monkeypatch, 3)
    _, channel, (ada,) = await open_table(env, names=("ada",))
    await ada.slash(channel, "play", game="observatory", first_game=True)
    lobby = channel.last_message
    await ada.click(refresh(channel, lobby), label="Add bot")
    await ada.click(refresh(channel, lobby), label="Start")
    table = ObsTable(env, channel, [ada])
    for _ in range(40):
        record = await current_record(env)
        view = GAME.view(record.state, None)
        if view["night"] == 3:
            break
        assert GAME.to_act(record.state) == [0], "the bot seat never keeps anyone waiting"
        await table.play_turn(ada)
    else:
        raise AssertionError("night 3 never came")
    bot_sheet = view["sheets"][1]
    assert len(bot_sheet["stars"]) >= 4, "the bot plotted a star every turn"
    assert any("Bot" in all_text(m) for m in game_thread(channel).history()), "the bot's moves are said"
