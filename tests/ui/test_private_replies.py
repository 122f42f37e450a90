"""Issue 29: no pile-up. A private reply about a game (a refused line, a refused pick) goes when
it is stale: replaced by the player's next reply, gone once their next click goes through or the
game moves to another step, and at the game's end; an ephemeral panel copy opened from the
thread replaces the one opened before it instead of leaving a "moved" line above it; copies say
the game is over once it is cancelled. Played through the real bot, in the thread (closed DMs)
and in a DM."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import all_text, current_record, custom_ids, find_component, latest_panel
from tests.drivers.observatory_driver import close_dms
from tests.drivers.sky_driver import Table, open_lobby, play_until, start_game

REFUSED = ("isn't one", "twice")  # the typed-line form's refusals
MOVED = "Your panel moved to the copy you opened"


def private(channel, player) -> list:
    """The ephemeral messages ``player`` sees in ``channel``."""
    return [m for m in channel.history(viewer=player) if m.flags.ephemeral]


def refusals(channel, player) -> list[str]:
    return [all_text(m) for m in private(channel, player) if any(r in all_text(m) for r in REFUSED)]


async def type_line(actor, panel, typed: str):
    form = next(i for i in custom_ids(panel) if i.startswith("sky:type:"))
    shown = await actor.click(panel, custom_id=form)
    return await actor.submit_modal(shown, {"line": typed})


@pytest.mark.simcord(strict_sync=True)
async def test_replies_and_copies_in_the_thread_never_pile_up(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada, _bea, cy = players
    close_dms(env, cy)
    thread = await start_game(env, channel, players, countdown=60)
    table = Table(env, channel, players, closed={"cy"})
    record = await play_until(env, table, lambda v: v["phase"] == "stroke", stop_after=10_000)
    copies = [m for m in private(thread, cy) if custom_ids(m)]
    assert len(copies) == 1, "each step's copy replaced the one before it"
    assert not any(MOVED in all_text(m) for m in private(thread, cy)), "no 'moved' line per step"

    # Two refused lines: the second replaces the first.
    panel = await table.panel(cy)
    await type_line(cy, panel, "a4-b4x")
    assert len(refusals(thread, cy)) == 1
    await type_line(cy, panel, "A4 A4")
    (left,) = refusals(thread, cy)
    assert "twice" in left, left
    assert sum(1 for m in private(thread, cy) if custom_ids(m)) == 1, "one live copy, the newest"

    # A pick that goes through, on the same copy, makes the refusal stale.
    panel = table.reload(cy, panel, None)
    pick = next(find_component(panel, i) for i in custom_ids(panel) if i.startswith("sky:pick:"))
    await cy.select(panel, [pick.options[0].value], custom_id=pick.custom_id)
    assert refusals(thread, cy) == []

    # A refusal left as it is goes when the game moves to another step.
    await type_line(cy, await table.panel(cy), "a4-b4x")
    assert len(refusals(thread, cy)) == 1
    decision = record.state["decision"]
    await play_until(env, table, lambda v: v["decision"] != decision, stop_after=10_000)
    assert refusals(thread, cy) == []

    # A cancel: the copy says the game is over, and no reply about it is left. (The die is not
    # seeded here: a swirl's step has no line to type, so play on to a roll that draws one.)
    panel = await table.panel(cy)
    while not any(i.startswith("sky:type:") for i in custom_ids(panel)):
        decision = (await current_record(env)).state["decision"]
        await play_until(env, table, lambda v, d=decision: v["decision"] != d, stop_after=10_000)
        panel = await table.panel(cy)
    await type_line(cy, panel, "A4 A4")
    await ada.slash(thread, "game cancel")
    assert await current_record(env) is None
    shown = private(thread, cy)
    assert refusals(thread, cy) == []
    assert not any(custom_ids(m) for m in shown), "nothing of the game is clickable"
    assert all("game is over" in all_text(m) for m in shown if "Sky of Stars" in all_text(m)), [
        all_text(m) for m in shown
    ]


@pytest.mark.simcord(strict_sync=True)
async def test_a_refusal_under_a_dm_panel_goes_with_its_step(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    ada = players[0]
    await start_game(env, channel, players, countdown=60)
    table = Table(env, channel, players, closed=set())
    record = await play_until(env, table, lambda v: v["phase"] == "stroke", stop_after=10_000)
    dm = ada.user.dm_channel
    await type_line(ada.user, latest_panel(ada), "a4-b4x")
    await type_line(ada.user, latest_panel(ada), "A4 A4")
    assert len(refusals(dm, ada.user)) == 1, "the newer refusal replaced the older"
    decision = record.state["decision"]
    await play_until(env, table, lambda v: v["decision"] != decision, stop_after=10_000)
    assert refusals(dm, ada.user) == [], "its step is over: the refusal went with it"
    assert env.backend is not None and env.bot.service.delivery.replies.held(record.id) == 0
