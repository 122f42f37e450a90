"""A complete two-player Starry Night Sky game through the real discord.py code, as users play it.

Bea has closed DMs and plays through "Open my panel" ephemerals; the bot restarts mid-game; an
outsider clicks; a second copy of Ada's panel retires her DM panel, and that copy is retired in
turn by her next move's DM (one live panel per player); and no Myth card, as the panels write
it, may appear in any public message, embed or image text before the end.
"""

from __future__ import annotations

import logging
import re

import pytest

from bot.games.replay import replay
from tests.drivers.driver import open_table
from tests.drivers.helpers import (
    all_text,
    controls,
    current_record,
    custom_ids,
    find_component,
    game_thread,
    latest_panel,
    refresh,
    said,
)
from tests.drivers.starry_night_sky_driver import (
    GAME,
    SLUG,
    ImageText,
    Table,
    assert_no_myth_in_public,
    myth_labels,
    public_texts,
    start_game,
)


async def two_players(env, *, closed_dms: bool):
    guild, channel, (ada, bea, dee) = await open_table(env, ("ada", "bea", "dee"))
    if closed_dms:
        env.inject_error(
            "POST",
            f"/channels/{bea.user.dm_channel.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )
    return guild, channel, ada, bea, dee


@pytest.mark.simcord(strict_sync=True)
async def test_full_two_player_game(simcord_env, restart_bot, monkeypatch, caplog):
    env = simcord_env
    recorder = ImageText(monkeypatch)
    _, channel, ada, bea, dee = await two_players(env, closed_dms=True)
    thread = await start_game(env, channel, [ada, bea])
    table = Table(env, channel, [ada, bea], closed={"bea"})
    record = await current_record(env)
    assert record is not None and record.game == SLUG and record.thread_id == thread.id
    record_id = record.id

    # Ada's panel came by DM and shows her Myth cards, written as the secrecy check looks for
    # them (so the check below can fail); Bea's DMs are closed, so she has none.
    ada_panel = latest_panel(ada)
    assert ada_panel is not None and latest_panel(bea) is None
    ada_myths = GAME.view(record.state, 0)["my_myths"]
    text = all_text(ada_panel)
    assert all(f"{m['a_name']} & {m['b_name']}" in text for m in ada_myths), text
    drawn = recorder.of(env, ada_panel)
    assert all(any(f"{m['a_name']} & {m['b_name']}" in s for s in drawn) for m in ada_myths), (
        "the panel image draws the Myth cards the way the public check looks for them"
    )
    assert any("Open my panel" in all_text(m) or find_component(m, "astro:panel:") for m in thread.history())

    # An outsider pressing Open my panel is refused privately.
    opener = next(m for m in thread.history() if find_component(m, "astro:panel:"))
    outsider = await dee.click(opener, custom_id=find_component(opener, "astro:panel:").custom_id)
    assert "not playing" in said(outsider)

    turns = checks = 0
    restarted = stale_tried = outdated_tried = traded = False
    old_hand = None  # an ephemeral panel of Ada's from an earlier turn
    for _ in range(200):
        record = await current_record(env)
        if record is None:
            break
        seat = GAME.to_act(record.state)[0]
        player = table.players[seat]
        if seat == 0 and old_hand is not None and not stale_tried:
            stale_tried = await click_stale(env, ada, table, old_hand)
        if seat == 0 and not outdated_tried:
            outdated_tried, old_hand = await try_outdated_panel(env, ada, table)
        midway = None
        if turns >= 8 and seat == 0 and not restarted:
            # restart in the middle of Ada's turn: her DM panel must keep working afterwards
            async def midway():
                nonlocal restarted
                await restart_bot()
                restarted = True

        want_trade = (
            not traded and bool(GAME.view(record.state, seat)["players"][seat]["goals"]) and turns >= 4
        )
        before = table.trades
        await table.play_turn(player, trade=want_trade, explore_last=turns % 3 == 2, midway=midway)
        traded = traded or table.trades > before
        turns += 1
        now = await current_record(env)
        if now is None or turns % 4 == 0:
            checks = assert_no_myth_in_public(env, recorder, channel, record.state, over=now is None)
    else:
        raise AssertionError("the game did not finish")

    assert restarted and stale_tried and outdated_tried and traded and checks > 0
    assert table.bonuses > 0, "some turn went on to a bonus exploration"
    stored = await env.bot.storage.load(record_id)
    assert stored.status == "finished"
    # The final results reveal every Myth card with what it scored; the board came after each turn.
    results = [m for m in thread.history() if "Final results" in all_text(m)]
    assert results and results[-1].attachments, "the results message has its image"
    revealed = all_text(results[-1]) + "\n".join(recorder.of(env, results[-1]))
    for label in myth_labels(stored.state)[::3]:
        assert label in revealed, f"the results should reveal {label!r}"
    boards = [m for m in thread.history() if m.attachments and "turn" in all_text(m)]
    assert len(boards) >= turns - 1, "a board image after each turn"
    # One summary line per turn, on the turn's board card, and nothing else: no line per sub-step.
    texts = [all_text(m) for m in thread.history()]
    assert sum(t.count("this turn.") + t.count("(0 points)") for t in texts) >= turns
    assert any(line.startswith(("ada ", "bea ")) for t in texts for line in t.split("\n"))
    # (a card carries no content: a message with content is a plain line)
    assert not [m.content for m in thread.history() if m.content and "direct messages" not in m.content], (
        "no plain line per sub-step"
    )
    assert len(texts) <= 2 * turns, f"{len(texts)} thread messages for {turns} turns"
    # The stored log rebuilds the stored final state from the seed: nothing acknowledged was lost.
    log = await env.bot.storage.actions(record_id)
    rebuilt = replay(GAME, len(stored.seats), stored.options, stored.seed, [(a.seat, a.action) for a in log])
    assert rebuilt == stored.state
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def try_outdated_panel(env, ada, table):
    """Open a second panel with /game hand: it becomes the one live copy, and the DM panel is
    retired (no components left to click, one line saying where to play); Ada then plays her
    turn in the new copy. Returns (tried, the new copy)."""
    dm = latest_panel(ada)
    if dm is None or not any(i.startswith("sns:do:") for i in custom_ids(dm)):
        return False, None
    version = (await current_record(env)).version
    shown = await ada.slash(table.thread, "game hand")
    assert shown.ephemeral
    second = (shown.followups or [shown.response])[-1].message
    assert custom_ids(second) == custom_ids(dm), "the new copy offers the same move"
    retired = table.current(ada, dm)
    assert not controls(retired), "the older copy has nothing left to click"
    assert "copy you opened in the game thread" in all_text(retired), all_text(retired)
    assert table.live_copy(ada).id == second.id and latest_panel(ada) is None
    assert (await current_record(env)).version == version, "opening a copy changes nothing"
    return True, second


async def click_stale(env, ada, table, old):
    """A copy from an earlier turn is dead once the next move's DM arrives: nothing on it can be
    clicked, it says the turn is over or where to play, and the live panel is the new DM."""
    if table.live_copy(ada) is None or table.live_copy(ada).id == old.id:
        return False
    retired = table.current(ada, old)
    assert not controls(retired), custom_ids(retired)
    assert any(line in all_text(retired) for line in ("direct messages", "turn is over")), all_text(retired)
    assert not table.live_copy(ada).flags.ephemeral
    return True


@pytest.mark.simcord(strict_sync=True)
async def test_status_sheet_and_hand(simcord_env, monkeypatch):
    env = simcord_env
    recorder = ImageText(monkeypatch)
    _, channel, ada, bea, dee = await two_players(env, closed_dms=False)
    thread = await start_game(env, channel, [ada, bea])
    table = Table(env, channel, [ada, bea])
    await table.play_turn(ada)
    record = await current_record(env)
    ada_labels = [f"{m['a_name']} & {m['b_name']}" for m in GAME.view(record.state, 0)["my_myths"]]

    status = await bea.slash(thread, "game status", public=True)
    message = (status.followups or [status.response])[-1].message
    assert not status.ephemeral and message.attachments, "the board is shown to everyone"
    assert "bea is" in said(status).lower() and "Scores" in said(status)
    drawn = "\n".join(recorder.of(env, message))
    assert "Night Track" in drawn and "START" in drawn

    # Ada's own sheet shows her Myth cards, privately; Bea looking at Ada's sheet does not.
    own = await ada.slash(thread, "game sheet")
    assert own.ephemeral and all(label in said(own) for label in ada_labels)
    other = await bea.slash(thread, "game sheet", player=ada)
    assert other.ephemeral and "hidden until the end" in said(other)
    other_image = "\n".join(recorder.of(env, (other.followups or [other.response])[-1].message))
    assert "Star pools" in other_image
    assert not any(label in said(other) or label in other_image for label in ada_labels)

    hand = await bea.slash(thread, "game hand")
    assert hand.ephemeral and "Myth cards (secret" in said(hand)
    assert any(i.startswith("sns:") for i in custom_ids((hand.followups or [hand.response])[-1].message))
    outsider = await dee.slash(thread, "game hand")
    assert "not playing" in said(outsider) or "no game" in said(outsider).lower()
    assert_no_myth_in_public(env, recorder, channel, record.state)
    assert public_texts(env, recorder, channel)
    assert game_thread(channel) is not None


@pytest.mark.simcord(strict_sync=True)
async def test_one_person_and_two_lobby_bots_finish_a_game(simcord_env):
    """Bot seats play their whole turns at once (sub-actions included); the person's panel
    arrives for each of their turns and the game reaches its results."""
    env = simcord_env
    _, channel, ada, bea, _ = await two_players(env, closed_dms=False)
    await ada.slash(channel, "play", game=SLUG)
    lobby = channel.last_message
    assert "Only the host" in said(await bea.click(lobby, label="Add bot"))
    for _ in range(2):
        await ada.click(lobby_of(channel, lobby), label="Add bot")
    await ada.click(lobby_of(channel, lobby), label="Start")
    thread = game_thread(channel)
    table = Table(env, channel, [ada])
    record = await current_record(env)
    assert [s.is_bot for s in record.seats] == [False, True, True]
    rules = await ada.slash(thread, "game rules")
    assert "Myth cards" in said(rules) and "bonus" in said(rules).lower()
    for _ in range(100):
        record = await current_record(env)
        if record is None:
            break
        assert GAME.to_act(record.state) == [0], "bots never keep the table waiting"
        await table.play_turn(ada)
    else:
        raise AssertionError("the game did not finish")
    assert any("Final results" in all_text(m) for m in thread.history())
    bot_turns = [t for t in map(all_text, thread.history()) if "Bot 1 " in t and "this turn" in t]
    assert bot_turns, "the bots' turns are summed up in the thread"
    # A bot seat is said as a bot, never sent to a panel in its DMs (issue 20).
    for text in map(all_text, thread.history()):
        assert not re.search(r"Bot \d\*\*'s turn|Bot \d's turn", text), text
    assert any("Bot 1 is playing…" in t or "Bot 2 is playing…" in t for t in map(all_text, thread.history()))


def lobby_of(channel, lobby):
    return refresh(channel, lobby)
