"""STOP in A Sky of Stars through the real bot: once called, every panel says who called it and
what is left, the thread's STOP button goes, and every private "Yes, call STOP" question is
retired when its roll ends, when someone else calls STOP, and when the game ends. The roll card
says the roll once."""

from __future__ import annotations

import pytest

from bot.games import get_game
from tests.drivers.helpers import all_text, custom_ids, latest_panel, refresh
from tests.drivers.sky_driver import Table, current_record, open_lobby, play_until, press_public, start_game

GAME = get_game("sky-of-stars")


def question_of(result):
    """The private "Yes, call STOP" question a thread STOP click answered with."""
    return next(
        m.message
        for m in [result.response, *result.followups]
        if m is not None and any(":stop:-:" in i for i in custom_ids(m.message))
    )


def status_card(thread, record):
    return next(m for m in thread.history() if m.id == record.status_message_id)


@pytest.mark.simcord(strict_sync=True)
async def test_stop_is_shown_everywhere_and_its_questions_are_retired(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada, bea, cy = players
    thread = await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    never = 10_000
    record = await play_until(env, table, lambda v: v["phase"] == "stroke", stop_after=never)
    card = status_card(thread, record)
    assert all_text(card).lower().count("the die shows") == 1  # the roll said once

    # Ada asks on roll 1 and leaves the question open: it closes when the roll ends.
    first = question_of(await press_public(thread, ada, "stop", confirm=False))
    decision = record.state["decision"]
    record = await play_until(env, table, lambda v: v["decision"] != decision, stop_after=never)
    first = refresh(thread, first, viewer=ada)
    assert not custom_ids(first) and "roll is over" in all_text(first)

    # On a later roll Ada and Bea ask; Cy calls STOP: both questions close, and it shows everywhere.
    record = await play_until(env, table, lambda v: v["phase"] == "stroke", stop_after=never)
    asked = [(p, question_of(await press_public(thread, p, "stop", confirm=False))) for p in (ada, bea)]
    called = question_of(await press_public(thread, cy, "stop", confirm=False))
    yes = next(i for i in custom_ids(called) if ":stop:-:" in i)
    before = len(env.http_requests)
    await cy.click(called, custom_id=yes)
    closing = [e for e in env.http_requests[before:] if "STOP has been called" in str(e.json)]
    assert len(closing) == len(asked), "only the open questions are retired, not the one answered"
    record = await current_record(env)
    assert record.state["stop_by"] == 2
    for player, question in asked:
        question = refresh(thread, question, viewer=player)
        assert not custom_ids(question) and "STOP has been called" in all_text(question)
    for player in (ada, bea):
        assert "cy called **STOP**" in all_text(latest_panel(player)).replace("**cy**", "cy")
    assert "You called **STOP**" in all_text(latest_panel(cy))
    card = refresh(thread, status_card(thread, record))
    assert not any(":stop:" in i for i in custom_ids(card)), "the thread's STOP button goes"
    # Cy's own question is answered, not retired: it says STOP is called, and keeps saying so.
    decision = record.state["decision"]
    record = await play_until(env, table, lambda v: v["decision"] != decision, stop_after=never)
    called = refresh(thread, called, viewer=cy)
    assert not custom_ids(called) and "**STOP** is called" in all_text(called), all_text(called)


@pytest.mark.simcord(strict_sync=True)
async def test_a_stop_question_closes_when_the_game_ends(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada = players[0]
    thread = await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    await play_until(env, table, lambda v: v["phase"] == "stroke", stop_after=10_000)
    question = question_of(await press_public(thread, ada, "stop", confirm=False))
    await ada.slash(thread, "game cancel")
    assert await current_record(env) is None
    assert not custom_ids(refresh(thread, question, viewer=ada))


@pytest.mark.simcord(strict_sync=True)
async def test_the_stop_redraw_keeps_each_picture_by_id(simcord_env):
    """The STOP redraw of a DM panel whose picture stays lists that picture in the edit's
    ``attachments`` by its id (no upload), like every other edit that keeps a picture."""
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada, bea, cy = players
    thread = await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    await play_until(env, table, lambda v: v["phase"] == "stroke", stop_after=10_000)
    panels = {p.name: latest_panel(p) for p in (ada, bea)}
    called = question_of(await press_public(thread, cy, "stop", confirm=False))
    yes = next(i for i in custom_ids(called) if ":stop:-:" in i)
    before = len(env.http_requests)
    await cy.click(called, custom_id=yes)
    for player in (ada, bea):
        panel = panels[player.name]
        path = f"/channels/{player.user.dm_channel.id}/messages/{panel.id}"
        edits = [e for e in env.http_requests[before:] if e.method == "PATCH" and e.path.endswith(path)]
        assert edits, f"{player.name}'s panel was not redrawn for STOP"
        body = edits[-1].json if isinstance(edits[-1].json, dict) else {}
        assert "attachments" in body, "the STOP redraw named its picture only by attachment://"
        shown = refresh(player.user.dm_channel, panel)
        assert [int(a["id"]) for a in body["attachments"]] == [a.id for a in shown.attachments]
        assert [a.id for a in shown.attachments] == [a.id for a in panel.attachments], "picture replaced"


@pytest.mark.simcord(strict_sync=True)
async def test_the_stop_caller_reads_one_line_and_a_question_closes_when_the_roll_times_out(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada, bea, _cy = players
    thread = await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    record = await play_until(env, table, lambda v: v["phase"] == "stroke", stop_after=10_000)

    # Bea asks in the thread and leaves it; nobody draws: the roll's timer ends it.
    question = question_of(await press_public(thread, bea, "stop", confirm=False))
    decision = record.state["decision"]
    await env.advance_time(60 * 60)
    record = await current_record(env)
    assert record.state["decision"] != decision
    question = refresh(thread, question, viewer=bea)
    assert not custom_ids(question) and "roll is over" in all_text(question)

    # Ada calls STOP from her panel: it says so once, in the panel's own STOP line.
    record = await play_until(env, table, lambda v: v["phase"] == "stroke", stop_after=10_000)
    panel = latest_panel(ada)
    ask = next(i for i in custom_ids(panel) if ":stop:" in i)
    await ada.user.click(panel, custom_id=ask)
    panel = refresh(ada.user.dm_channel, panel)
    yes = next(i for i in custom_ids(panel) if ":stop:" in i)
    await ada.user.click(panel, custom_id=yes)
    text = all_text(refresh(ada.user.dm_channel, panel))
    assert "You called **STOP**" in text and "is called" not in text, text


@pytest.mark.simcord(strict_sync=True)
async def test_a_stop_question_on_a_panel_closes_with_its_roll(simcord_env):
    """Issue 29: the "Yes, call STOP" a panel asks in place is gone once its roll is over (the
    roll's timer ran out with the question open): the panel shows the next step, and no STOP
    confirmation of the old roll is left anywhere."""
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada = players[0]
    thread = await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    record = await play_until(env, table, lambda v: v["phase"] == "stroke", stop_after=10_000)
    decision = record.state["decision"]
    panel = latest_panel(ada)
    await ada.user.click(panel, custom_id=next(i for i in custom_ids(panel) if ":stop:?:p" in i))
    asked = refresh(ada.user.dm_channel, panel)
    assert any(f":{decision}:stop:-:p" in i for i in custom_ids(asked)), "the panel asks first"
    await env.advance_time(60 * 60)  # nobody draws: the roll's timer ends it
    record = await current_record(env)
    assert record.state["decision"] != decision and record.state["stop_by"] is None
    shown = [*ada.user.dm_channel.history(), *thread.history(viewer=ada)]
    left = [i for m in shown for i in custom_ids(m) if f":{decision}:stop:-:" in i]
    assert not left, left
