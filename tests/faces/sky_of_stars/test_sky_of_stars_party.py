"""Issue 14's done-when: a complete four-player A Sky of Stars game through the real bot.

Ada's typed lines `a4-b4x` and `A4 A4` are refused; Bea presses STOP from her DM before
drawing, confirms, and still draws that roll; a guess changed before the reveal counts as the
new one; every drawing is guessed on one compact card (its animation, whose frame count follows
its strokes, shown once; the words once; one countdown; the numbers in each guesser's panel), which its
reveal redraws in place with all the guesses and the word, alone for the reveal's pause; the
results image names every word.
"""

from __future__ import annotations

import io
import logging

import discord
import pytest
from PIL import Image

from bot.core.table import names_of
from bot.games import get_game
from tests.drivers.helpers import (
    all_text,
    components,
    custom_ids,
    images,
    latest_panel,
    refresh,
    said,
    title,
)
from tests.drivers.sky_driver import Table, current_record, open_lobby, press_public, start_game
from tests.faces.image_checks import TextBoxes

GAME = get_game("sky-of-stars")


async def stop_from_the_dm_before_drawing(env, table, bea) -> None:
    """Bea asks for STOP on her panel, confirms, and her panel still offers this roll's line."""
    record = await current_record(env)
    strokes_before = len(record.state["vaults"][1]["current"]["strokes"])
    panel = latest_panel(bea)
    ask = next(i for i in custom_ids(panel) if ":stop:?:p" in i)
    await bea.user.click(panel, custom_id=ask)
    panel = refresh(bea.user.dm_channel, panel)
    assert "STOP" in all_text(panel) and (await current_record(env)).state["stop_by"] is None  # not yet
    yes = next(i for i in custom_ids(panel) if ":stop:-:p" in i)
    await bea.user.click(panel, custom_id=yes)
    record = await current_record(env)
    assert record.state["stop_by"] == 1 and 1 in GAME.to_act(record.state)
    panel = refresh(bea.user.dm_channel, panel)
    offered = custom_ids(panel)
    assert any(i.startswith(("sky:pick:", "sky:type:")) for i in offered), offered  # her line is still owed
    assert not any(":stop:" in i for i in offered)
    await table.act(bea, panel, chooser=lambda ids: ids[0])
    record = await current_record(env)
    assert len(record.state["vaults"][1]["current"]["strokes"]) == strokes_before + 1


async def typed_lines_are_refused(env, player) -> None:
    """The typed-line form takes exactly two labels: `a4-b4x` and `A4 A4` are refused, each
    saying what is wrong, and nothing moves."""
    panel = latest_panel(player)
    type_id = next(i for i in custom_ids(panel) if i.startswith("sky:type:"))
    before = (await current_record(env)).version
    for typed, says in (("a4-b4x", "'b4x' isn't one"), ("A4 A4", "A4 twice")):
        shown = await player.user.click(panel, custom_id=type_id)
        result = await player.user.submit_modal(shown, {"line": typed})
        assert says in said(result), said(result)
    assert (await current_record(env)).version == before


async def change_a_guess(env, guesser, seat) -> int:
    """Guess 1 on the panel, then change it to 2: the game keeps 2 and says only who guessed."""
    panel = latest_panel(guesser)
    first = next(i for i in custom_ids(panel) if ":guess:1:p" in i)
    await guesser.user.click(panel, custom_id=first)
    public_before = GAME.view((await current_record(env)).state, None)
    panel = refresh(guesser.user.dm_channel, panel)
    assert "change it" in all_text(panel)
    second = next(i for i in custom_ids(panel) if ":guess:2:p" in i)
    await guesser.user.click(panel, custom_id=second)
    record = await current_record(env)
    assert record.state["pending"][seat] == 2
    assert GAME.view(record.state, None) == public_before
    return record.state["decision"]


def check_guess_card(env, thread, view) -> discord.Message:
    """The newest thread message is the drawing's guess card, compact for a phone."""
    card = thread.history()[-1]
    text = all_text(card)
    assert images(card) == ["drawing.gif"]  # the picture once
    assert text.count("<t:") == 1 and "Guessing ends" not in text  # one countdown
    assert not any(f"{i}. " in text or f"**{i}.**" in text for i in range(1, 6))  # words: in the picture
    kinds = [type(c).__name__ for c in components(card)]
    assert kinds.index("Button") < kinds.index("MediaGalleryComponent")  # Open my panel above the picture
    # no numbers: the artist would be offered them too; each guesser guesses in their panel
    assert not any(":guess:" in i for i in custom_ids(card)) and "in your panel" in text
    gif = Image.open(io.BytesIO(env.backend.cdn.get(card.attachments[0].url)))
    drawing = next(
        d for d in view["drawings"] if d["seat"] == view["guess"]["artist"] and d["round"] == view["round"]
    )
    assert gif.format == "GIF" and gif.n_frames == len(drawing["strokes"]) + 1
    return card


async def old_guess_buttons_are_refused(env, thread, players, decision) -> int:
    """Any guess button of a drawing already revealed is refused and changes nothing (most are
    gone: the bot retires old panels and cards). Returns how many were tried."""
    places = [(players[0], m) for m in thread.history()]
    places += [(p.user, m) for p in players for m in p.user.dm_channel.history()]
    tried = 0
    for clicker, message in places:
        old = [i for i in custom_ids(message) if f":{decision}:guess:" in i]
        if old:
            before = (await current_record(env)).version
            result = await clicker.click(message, custom_id=old[0])
            assert "answer is out" in said(result), said(result)
            assert (await current_record(env)).version == before
            tried += 1
    return tried


@pytest.mark.simcord(strict_sync=True)
async def test_a_four_player_party(simcord_env, monkeypatch, caplog):
    env = simcord_env
    guild, channel, players = await open_lobby(env, 4)
    thread = await start_game(env, channel, players, countdown=30)
    table = Table(env, channel, players, closed=set())
    record_id = (await current_record(env)).id
    bea = players[1]
    stopped_from_dm = checked_old = typed = False
    changed_at = None
    paused, cards = 0, {}
    for _ in range(500):
        record = await current_record(env)
        if record is None:
            break
        view = GAME.view(record.state, None)
        waiting = GAME.to_act(record.state)
        if view["phase"] == "reveal":
            # the answer stays alone: nothing new is posted until the pause runs out
            shown = len(thread.history())
            await env.advance_time(GAME.countdown(record.state) - 1)
            assert len(thread.history()) == shown and (await current_record(env)).state["phase"] == "reveal"
            await env.advance_time(2)
            after = await current_record(env)  # None: that was the game's last drawing
            assert after is None or after.state["phase"] != "reveal"
            paused += 1
            continue
        if view["phase"] == "guess" and view["guess"]["artist"] not in cards:
            cards[view["guess"]["artist"], view["round"]] = check_guess_card(env, thread, view).id
        if view["phase"] == "stroke" and not typed and 0 in waiting:
            await typed_lines_are_refused(env, players[0])
            typed = True
        if view["phase"] == "stroke" and view["stop_by"] is None and view["roll"]["count"] >= 2:
            if not stopped_from_dm and 1 in waiting:
                await stop_from_the_dm_before_drawing(env, table, bea)
                stopped_from_dm = True
                continue
            if stopped_from_dm:
                await press_public(thread, players[0], "stop")  # later rounds: STOP from the thread
        if view["phase"] == "guess" and changed_at is None and view["round"] == 1:
            seat = waiting[0]
            changed_at = (await change_a_guess(env, players[seat], seat), seat, view["guess"]["artist"])
            continue
        for seat in GAME.to_act(record.state):
            player = players[seat]
            await table.act(player, await table.panel(player), chooser=lambda ids: ids[0])
        if changed_at and not checked_old and (await current_record(env)).state["decision"] > changed_at[0]:
            await old_guess_buttons_are_refused(env, thread, players, changed_at[0])
            checked_old = True
    else:
        raise AssertionError("the game did not finish")
    assert stopped_from_dm and changed_at is not None and checked_old and typed

    stored = await env.bot.storage.load(record_id)
    final = GAME.view(stored.state, None)
    first = next(r for r in final["reveals"] if r["round"] == 1 and r["artist"] == changed_at[2])
    assert first["guesses"][str(changed_at[1])] == 2  # the changed guess counted

    names = names_of(stored)
    reveals = [m for m in thread.history() if " drew #" in title(m)]
    assert len(reveals) == len(final["reveals"]) == 12 == paused  # one message per drawing
    for message, reveal in zip(reveals, final["reveals"], strict=True):
        assert message.id == cards[reveal["artist"], reveal["round"]]  # the guess card, redrawn
        text = all_text(message)
        assert f"#{reveal['number']} {reveal['word']}" in text
        for key, number in reveal["guesses"].items():
            assert f"{names[int(key)]}: " + (f"#{number}" if number else "no guess") in text
        assert images(message) == ["reveal.png"] and not custom_ids(message)
        # the round's last reveal carries the round's scores: one moment, one message
        last = reveal is [r for r in final["reveals"] if r["round"] == reveal["round"]][-1]
        assert (f"Round {reveal['round']} scores" in text) == last

    results = [m for m in thread.history() if "Final results" in all_text(m)]
    assert results and results[-1].attachments and str(stored.seed) not in all_text(results[-1])
    boxes = TextBoxes(monkeypatch)
    from bot.faces import PRESENTERS

    image = PRESENTERS["sky-of-stars"].results(final, names).render()
    assert env.backend.cdn.get(results[-1].attachments[0].url) == image  # the very image posted
    drawn_text = [d.text for d in boxes.drawn]
    for reveal in final["reveals"]:
        assert any(
            t == reveal["word"] or (t.endswith("\u2026") and reveal["word"].startswith(t[:-1]))
            for t in drawn_text
        ), reveal["word"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
