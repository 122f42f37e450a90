"""A complete two-player Star Gazers game through the real discord.py code, as users play it.

Bea has closed DMs and plays every turn through "Open my panel" ephemerals; the bot restarts
in the middle of a turn; an outsider is refused; a second copy of a panel retires the first and
is itself retired by the next move's DM (one live panel per player); one turn is undone; and no
public message may carry a Journal card before the end. Also /game sheet, hand and status.
"""

from __future__ import annotations

import logging
import os

import pytest

from bot.faces.star_gazers.art.cards import card_words
from bot.games.replay import replay
from tests.drivers.helpers import (
    all_text,
    controls,
    current_record,
    custom_ids,
    find_component,
    latest_panel,
    said,
)
from tests.drivers.star_gazers_driver import (
    GAME,
    Table,
    ids_with,
    open_lobby,
    public_text,
    secret_words,
    start_game,
)

SEED = 3
EVERY_CHOICE = {
    "keep",
    "pick",
    "bonus",
    "tile",
    "token",
    "confirm",
    "gain",
    "journal",
    "move_token",
    "move_tile",
    "to_cell",
    "to_reserve",
    "to_shuttle",
    "black_hole",
    "played_reserve",
    "from_reserve",
    "token_first",
    "reserve_in_bonus",
}


def assert_no_secret_in_public(channel, state):
    shown = public_text(channel)
    for secret in secret_words(state):
        assert secret not in shown, f"a public message shows the secret Journal card {secret!r}"


async def undo_round_trip(table, player, message, seat):
    """Pick and preview a tile with its token, check nothing is public yet (nor placed: the
    preview is only the panel's), then undo the whole draft."""
    before = await current_record(table.env)
    public_before = GAME.view(before.state, None)
    posted = len(table.thread.history())
    await table.step(player, message, seat)  # pick
    message = table.reload(player, message)
    dec = before.state["decision"]
    await table.choose(player, message, f"sg:sel:{before.id}:{dec}:st:tile")  # preview a square
    message = table.reload(player, message)
    sends = ids_with(message, f"sg:do:{before.id}:{dec}:P")  # Confirm turn, or the turn's next choice first
    later = [i for i in ids_with(message, f"sg:st:{before.id}:{dec}:P") if "_" in i]
    assert sends or later or ids_with(message, f"sg:sel:{before.id}:{dec}:st:b"), (
        "the tile previewed, its way on"
    )
    during = await current_record(table.env)
    mine = GAME.view(during.state, seat)
    assert mine["can_undo"] and mine["preview"]["tiles"] == public_before["players"][seat]["tiles"]
    assert GAME.view(during.state, None) == public_before, "a draft must not change the public view"
    assert len(table.thread.history()) == posted, "nothing is announced before the confirm"
    undo = f"sg:do:{during.id}:{during.state['decision']}:u"
    assert undo in custom_ids(message)
    await table.click(player, message, undo)
    after = await current_record(table.env)
    view = GAME.view(after.state, seat)
    assert view["choice"]["kind"] == "pick" and not view["can_undo"]
    assert view["preview"]["universe"] == public_before["universe"]
    return table.reload(player, message)


@pytest.mark.simcord(strict_sync=True)
async def test_full_two_player_game(simcord_env, restart_bot, caplog, monkeypatch):
    # A known seed, so every kind of choice in EVERY_CHOICE is met on every run (the platform draws
    # seeds at random); SGSEED=<n> in the environment plays another game with the same checks.
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: int(os.environ.get("SGSEED", SEED)))
    env = simcord_env
    guild, channel, (ada, bea, dee) = await open_lobby(env)
    env.inject_error(
        "POST",
        f"/channels/{bea.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    thread = await start_game(env, channel, [ada, bea])
    table = Table(env, channel, [ada, bea], closed={"bea"}, explore=True)
    record = await current_record(env)
    assert record is not None and record.game == "star-gazers" and record.thread_id == thread.id
    record_id = record.id

    # Journal phase: Ada's panel is a DM with her two secret cards; Bea gets none by DM.
    ada_panel = latest_panel(ada)
    dealt = GAME.view(record.state, 0)["dealt"]
    assert all(card_words(c) in all_text(ada_panel) for c in dealt)
    assert latest_panel(bea) is None
    assert_no_secret_in_public(channel, record.state)

    # An outsider can neither open a panel nor use /game hand.
    opener = next(m for m in thread.history() if find_component(m, "astro:panel:"))
    refused = await dee.click(opener, custom_id=find_component(opener, "astro:panel:").custom_id)
    assert "not playing" in said(refused)
    assert (
        "not playing" in said(await dee.slash(thread, "game hand"))
        or "no game" in said(await dee.slash(thread, "game hand")).lower()
    )

    undone = restarted = stale_tried = sheets_checked = False
    stale_copy = None
    for _ in range(200):
        record = await current_record(env)
        if record is None:
            break
        state = record.state
        for seat in GAME.to_act(state):
            player = table.players[seat]
            message = await table.panel(player)
            assert message is not None, f"no panel for {player.name}"
            view = GAME.view(state, seat)
            if view["phase"] == "draft" and seat == 0 and not undone:
                hand = await ada.slash(thread, "game hand")  # a second copy: now the live one
                stale_copy = (hand.followups or [hand.response])[-1].message
                assert ids_with(stale_copy, f"sg:do:{record.id}:{state['decision']}:p")
                retired = table.current(player, message)
                assert not controls(retired) and "copy you opened" in all_text(retired), (
                    "the DM panel is retired when a new copy goes live"
                )
                message = table.reload(player, message)
                assert message.id == stale_copy.id
                message = await undo_round_trip(table, player, message, seat)
                undone = True
            if view["phase"] == "draft" and view["round"] == 2 and not restarted:
                await table.step(player, message, seat)  # pick, then the bot restarts mid-turn
                await restart_bot()
                restarted = True
                message = table.reload(player, message)
                mid = await current_record(env)
                assert GAME.view(mid.state, seat)["choice"]["kind"] != "pick", "the draft survives a restart"
            await table.play_turn(player, message, seat)
        record = await current_record(env)
        if record is None:
            break
        assert_no_secret_in_public(channel, record.state)
        live = table.live_copy(ada)
        if undone and not stale_tried and live is not None and live.id != stale_copy.id:
            # a new panel went live (her next move's DM): the copy she undid the turn in is dead
            old = table.current(ada, stale_copy)
            assert not controls(old), f"a panel from an earlier step is still live: {custom_ids(old)}"
            stale_tried = True
        if record.state["phase"] == "draft" and record.state["round"] == 3 and not sheets_checked:
            await check_sheets(env, channel, thread, ada, bea, record)
            sheets_checked = True
    else:
        raise AssertionError("the game did not finish")

    assert undone and restarted and stale_tried and sheets_checked
    assert table.kinds >= EVERY_CHOICE, f"not played through the panels: {EVERY_CHOICE - table.kinds}"
    assert table.moved_tile and table.moved_token
    turns = 4 * 8  # four rounds of eight picks for two players: each a pick, a square and its send
    assert table.rotated and table.clicks >= 3 * turns
    stored = await env.bot.storage.load(record_id)
    assert stored.status == "finished"
    finished = [m for m in thread.history() if "Final results" in all_text(m)]
    assert finished and finished[-1].attachments, "the final results image"
    results_text = all_text(finished[-1])
    for seat in range(2):
        for card in GAME.view(stored.state, None)["players"][seat]["journal"]:
            assert card_words(card) in results_text, "every Journal card is revealed at the end"
    log = await env.bot.storage.actions(record_id)
    rebuilt = replay(GAME, len(stored.seats), stored.options, stored.seed, [(a.seat, a.action) for a in log])
    assert rebuilt == stored.state and GAME.outcome(rebuilt) is not None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def check_sheets(env, channel, thread, ada, bea, record):
    """/game sheet @player shows a Mural only; one's own sheet and /game hand show one's cards."""
    bea_cards = [card_words(c) for c in GAME.view(record.state, 1)["journal"]]
    ada_cards = [card_words(c) for c in GAME.view(record.state, 0)["journal"]]
    other = await ada.slash(thread, "game sheet", player=bea)
    message = (other.followups or [other.response])[-1].message
    assert message.flags.ephemeral and message.attachments and "Mural" in all_text(message)
    assert "secret until the end" in all_text(message)
    assert not any(words in said(other) for words in bea_cards)
    own = await ada.slash(thread, "game sheet")
    assert all(words in said(own) for words in ada_cards)
    hand = await bea.slash(thread, "game hand")
    assert all(words in said(hand) for words in bea_cards)
    status = await bea.slash(thread, "game status")
    shown = (status.followups or [status.response])[-1].message
    assert shown.attachments and "Waiting for" in all_text(shown)
    assert_no_secret_in_public(channel, record.state)
