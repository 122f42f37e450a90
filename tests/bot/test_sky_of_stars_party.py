"""Issue 14's done-when: a complete four-player A Sky of Stars game through the real bot.

Ada's typed lines `a4-b4x` and `A4 A4` are refused; Bea presses STOP from her DM before
drawing, confirms, and still draws that roll; a guess changed before the reveal counts as the
new one; every reveal is one message carrying all the guesses, the word and an animated
drawing whose frame count follows its strokes; the results image names every word.
"""

from __future__ import annotations

import io
import logging

import pytest
from PIL import Image

from bot.games import get_game
from tests.bot.helpers import all_text, custom_ids, images, latest_panel, refresh, said, title
from tests.bot.sky_driver import Table, current_record, open_lobby, press_public, start_game
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
    for _ in range(500):
        record = await current_record(env)
        if record is None:
            break
        view = GAME.view(record.state, None)
        waiting = GAME.to_act(record.state)
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
    assert first["guesses"][str(changed_at[1])] == 2                    # the changed guess counted

    names = stored.names
    reveals = [m for m in thread.history() if " drew #" in title(m)]
    assert len(reveals) == len(final["reveals"]) == 12                  # one message per drawing
    for message, reveal in zip(reveals, final["reveals"], strict=True):
        text = all_text(message)
        assert f"#{reveal['number']} {reveal['word']}" in text
        for key, number in reveal["guesses"].items():
            assert f"{names[int(key)]}: " + (f"#{number}" if number else "no guess") in text
        files = {a.filename: env.backend.cdn.get(a.url) for a in message.attachments}
        assert set(files) == {"drawing.gif", "drawing-still.png"} == set(images(message))  # both shown
        gif = Image.open(io.BytesIO(files["drawing.gif"]))
        past = stored.state["vaults"][reveal["artist"]]["past"]
        drawn = next(p for p in past if p["round"] == reveal["round"])
        assert gif.format == "GIF" and gif.n_frames == len(drawn["strokes"]) + 1

    results = [m for m in thread.history() if "Final results" in all_text(m)]
    assert results and results[-1].attachments and f"Seed {stored.seed}" in all_text(results[-1])
    boxes = TextBoxes(monkeypatch)
    from bot.faces import PRESENTERS

    image = PRESENTERS["sky-of-stars"].results(final, names).render()
    assert env.backend.cdn.get(results[-1].attachments[0].url) == image  # the very image posted
    drawn_text = [d.text for d in boxes.drawn]
    for reveal in final["reveals"]:
        assert any(t == reveal["word"] or (t.endswith("\u2026") and reveal["word"].startswith(t[:-1]))
                   for t in drawn_text), reveal["word"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
