"""Old public buttons of A Sky of Stars, clicked after their step: each is answered privately in
words that fit it (that roll is over, that drawing has been revealed), not with the generic
"that panel belongs to an earlier step", and the game doesn't change.

An old card normally loses its buttons when the next one opens. Here its edits are made to fail
(as when the bot can't edit the thread for a moment), so its buttons stay live for anyone who
clicks them later.
"""

from __future__ import annotations

import pytest

from bot.faces.sky_of_stars import PRESENTER
from bot.faces.sky_of_stars.items import PublicKind
from bot.games import get_game
from bot.tell.service import STALE_PANEL
from tests.drivers.helpers import (
    PanelTable,
    all_text,
    controls,
    custom_ids,
    dm_history,
    find_component,
    refresh,
    said,
)
from tests.drivers.sky_driver import current_record, old_guess_card, open_lobby, press_public, start_game

GAME = get_game("sky-of-stars")
ROLL = {"stroke", "swirl"}


def live_panel(table: PanelTable, player):
    """The player's live panel (a DM or an ephemeral copy), not a private STOP question."""
    copies = [m for m in dm_history(player) if controls(m)]
    copies += [m for m in table.thread.history(viewer=player) if m.flags.ephemeral and controls(m)]
    panels = [m for m in copies if not all(":stop:" in i for i in custom_ids(m))]
    return max(panels, key=lambda m: m.id, default=None)


async def play(table: PanelTable, player) -> None:
    """Make the player's move on their live panel: the first star of each picker, then play."""
    message = live_panel(table, player)
    assert message is not None, f"no live panel for {player.name}"
    for _step in range(6):
        ids = custom_ids(message)
        plays = [i for i in ids if i.startswith("sky:do:") and ":stop:" not in i and ":pass:" not in i]
        plays = plays or [i for i in ids if ":pass:" in i]
        if plays:
            await table.click(player, message, plays[0])
            return
        select = next(find_component(message, i) for i in ids if i.startswith("sky:pick:"))
        picker = table.actor(player, message)
        await picker.select(message, [select.options[0].value], custom_id=select.custom_id)
        message = table.current(player, message)  # a pick redraws the panel in place
    raise AssertionError(f"{player.name}'s panel never offered a move")


async def play_until(env, table: PanelTable, done):
    for _turn in range(100):
        record = await current_record(env)
        if done(GAME.view(record.state, None)):
            return record
        for seat in GAME.to_act(record.state):
            await play(table, table.players[seat])
    raise AssertionError("the game never got there")


def newest_card(thread, marker: str):
    return next(m for m in reversed(thread.history()) if any(marker in i for i in custom_ids(m)))


async def end_step_keeping_buttons(env, table: PanelTable, card) -> None:
    """Play the step to its end; before its last move the card can no longer be edited, so the
    next card opens beside it and the old one keeps its buttons."""
    record = await current_record(env)
    seats = GAME.to_act(record.state)
    for seat in seats[:-1]:
        await play(table, table.players[seat])
    env.inject_error(
        "PATCH",
        f"/channels/{card.channel.id}/messages/{card.id}",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=None,
    )
    await play(table, table.players[seats[-1]])
    after = await current_record(env)
    assert GAME.decision_id(after.state) != GAME.decision_id(record.state), "the step should be over"
    assert custom_ids(refresh(table.thread, card)) == custom_ids(card), "the old card keeps its buttons"


async def click_old(env, thread, actor, message, custom_id):
    """Click an old button; nothing public is said and the game is as it was."""
    before = await current_record(env)
    posted = len(thread.history())
    result = await actor.click(message, custom_id=custom_id)
    after = await current_record(env)
    assert (after.version, after.state) == (before.version, before.state), "a stale click changed the game"
    assert len(thread.history()) == posted, "a stale click said something in public"
    shown = [m.message for m in [result.response, *result.followups] if m is not None]
    assert shown and all(m.flags.ephemeral for m in shown), "the answer should be private"
    assert "earlier step" not in said(result)
    return result


def answer(result) -> str:
    """What the click was told: its last private message (under a private question, the question
    itself is the response and the answer comes after it)."""
    return all_text((result.followups or [result.response])[-1].message)


@pytest.mark.simcord(strict_sync=True)
async def test_old_public_buttons_are_answered_in_their_own_words(simcord_env):
    env = simcord_env
    guild, channel, players = await open_lobby(env)
    ada, bea, cy = players
    thread = await start_game(env, channel, players, countdown=30)
    table = PanelTable(env, channel, players)
    generic = PRESENTER.stale_text("open")  # the default, for comparison

    # Roll 1: Bea asks for STOP from the thread but doesn't say yes yet.
    await play_until(env, table, lambda view: view["phase"] in ROLL)
    roll_card = newest_card(thread, ":stop:?:t")
    asked = await press_public(thread, bea, "stop", confirm=False)
    question = next(
        m.message
        for m in [asked.response, *asked.followups]
        if m is not None and any(":stop:-:t" in i for i in custom_ids(m.message))
    )
    # its token has run out (after 15 minutes), so the question can't be retired and keeps its button
    env.inject_error(
        "PATCH",
        f"/webhooks/*/messages/{question.id}",
        status=401,
        code=50027,
        message="Invalid Webhook Token",
        times=None,
    )
    await end_step_keeping_buttons(env, table, roll_card)

    stop = next(i for i in custom_ids(roll_card) if ":stop:?:t" in i)
    result = await click_old(env, thread, ada, roll_card, stop)
    assert answer(result) == PRESENTER.stale_text(PublicKind.STOP) != generic
    assert "This roll is over" in said(result)

    yes = next(i for i in custom_ids(question) if ":stop:-:t" in i)
    result = await click_old(env, thread, bea, refresh(thread, question, viewer=bea), yes)
    assert answer(result) == PRESENTER.stale_text(PublicKind.STOP_CONFIRM) != generic
    assert "STOP was not called" in said(result)
    assert (await current_record(env)).state["stop_by"] is None

    # Open my panel on the old card isn't stale: it opens the clicker's panel for the step now on.
    opener = find_component(roll_card, "astro:panel:").custom_id
    result = await click_old(env, thread, cy, roll_card, opener)
    now = GAME.decision_id((await current_record(env)).state)
    panel = (result.followups or [result.response])[-1].message
    assert any(f":{now}:" in i for i in custom_ids(panel)), said(result)

    # A drawing's guessing. Guess cards carry no numbers since issue 29 (each guesser guesses in
    # their panel); one sent before that still plays while its drawing is up, then says it's over.
    await press_public(thread, ada, "stop")
    record = await play_until(env, table, lambda view: view["phase"] == "guess")
    artist = GAME.view(record.state, None)["guess"]["artist"]
    assert not any(":guess:" in i for m in thread.history() for i in custom_ids(m)), "no numbers in public"
    guess_card = await old_guess_card(env, thread, record)
    guesser = players[(artist + 1) % 3]
    guess = next(i for i in custom_ids(guess_card) if ":guess:3:t" in i)
    played = await guesser.click(guess_card, custom_id=guess)
    assert "Your guess, **#3**" in said(played), said(played)
    assert (await current_record(env)).state["pending"][(artist + 1) % 3] == 3
    await end_step_keeping_buttons(env, table, guess_card)
    assert GAME.view((await current_record(env)).state, None)["reveals"], "the drawing was revealed"

    result = await click_old(env, thread, guesser, guess_card, guess)
    assert answer(result) == PRESENTER.stale_text(PublicKind.GUESS) != generic
    assert "answer is out" in said(result)


def test_every_public_kind_has_words_of_its_own() -> None:
    texts = [PRESENTER.stale_text(kind) for kind in PublicKind]
    assert len(set(texts)) == len(texts)
    assert PRESENTER.stale_text("open") not in texts and STALE_PANEL not in texts
