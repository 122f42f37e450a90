"""Every interaction enters through ``bot.ui.interactions.entry``, and a refusal from any kind of
interaction (command, button, select, modal) is shown only to its user and changes nothing."""

from __future__ import annotations

import inspect

import discord
import pytest

import bot
from bot.app import create_bot
from bot.faces import PRESENTERS
from bot.ui.clicks import items_of
from bot.ui.interactions import Ack, entry_kind
from tests.drivers.helpers import custom_ids, find_component, latest_panel, said
from tests.drivers.sky_driver import Table, current_record, open_lobby, play_until, start_game


def privately(result) -> bool:
    """The interaction's words reached only its user: an ephemeral answer, or (on a DM panel,
    whose message stays as it was) an ephemeral follow-up."""
    if result.response is not None and result.response.ephemeral and said(result):
        return True
    return bool(result.followups) and all(f.ephemeral for f in result.followups)


def dynamic_items() -> list[type]:
    from bot.commands.lobby import LobbyButton
    from bot.commands.seats import CONFIRM_LEAVE
    from bot.ui.components import OPEN_PANEL, RECLAIM
    from bot.ui.guide import SKIP_GUIDE

    items: list[type] = [*items_of((OPEN_PANEL, RECLAIM, SKIP_GUIDE, CONFIRM_LEAVE)), LobbyButton]
    for presenter in PRESENTERS.values():
        items.extend(items_of(presenter.controls) + presenter.dynamic_items)
    return items


def modals() -> list[type]:
    found, todo = [], list(discord.ui.Modal.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith(bot.__name__ + "."):
            found.append(cls)
    return found


def test_every_command_item_and_modal_goes_through_the_entry(bot_settings):
    client = create_bot(bot_settings)
    commands = [c for c in client.tree.walk_commands() if isinstance(c, discord.app_commands.Command)]
    assert len(commands) >= 15
    unrouted = [c.qualified_name for c in commands if entry_kind(c.callback) is None]
    items = dynamic_items()
    assert len(items) > 4
    unrouted += [cls.__qualname__ for cls in items if entry_kind(cls.callback) is None]
    forms = modals()
    unrouted += [cls.__qualname__ for cls in forms if entry_kind(cls.on_submit) is None]
    assert unrouted == []


def test_the_entry_keeps_a_commands_parameters():
    """discord.py reads the parameters of the wrapped function: they must be the callback's."""
    from bot.commands.game import sheet

    assert list(inspect.signature(sheet.callback).parameters) == ["interaction", "player", "game"]
    assert entry_kind(sheet.callback) is Ack.THINKING
    assert [p.name for p in sheet.parameters] == ["player", "game"]
    assert sheet._params["game"].autocomplete is not None  # the decorators above entry still apply


@pytest.mark.simcord(strict_sync=True)
async def test_refusals_are_private_and_change_nothing(simcord_env, restart_bot):
    env = simcord_env
    guild, channel, players = await open_lobby(env)
    ada = players[0]
    thread = await start_game(env, channel, players)
    outsider = guild.add_member(env.create_user("zed"))
    before = await current_record(env)

    async def unchanged() -> None:
        now = await current_record(env)
        assert (now.version, now.state, now.status) == (before.version, before.state, before.status)

    # A command: someone who doesn't play asks for their sheet.
    result = await outsider.slash(thread, "game sheet")
    assert privately(result) and "isn't playing" in said(result)
    await unchanged()

    # A button: someone who doesn't play presses the thread's Open my panel.
    opener = next(m for m in reversed(thread.history()) if find_component(m, "astro:panel:"))
    result = await outsider.click(opener, custom_id=find_component(opener, "astro:panel:").custom_id)
    assert privately(result) and "not playing" in said(result)
    await unchanged()

    # A modal: a player types a line that is not a stroke (once the strokes are being drawn).
    before = await play_until(env, Table(env, channel, players, ()), lambda view: view["phase"] == "stroke")
    artist = ada
    panel = latest_panel(artist.user)
    type_id = next(i for i in custom_ids(panel) if i.startswith("sky:type:"))
    shown = await artist.user.click(panel, custom_id=type_id)
    result = await artist.user.submit_modal(shown, {"line": "Z9 Q0"})
    assert privately(result) and said(result) and "drawn" not in said(result)
    await unchanged()

    # A select: after the game is cancelled, the artist's old panel refuses a pick. (The bot
    # retires the panels it knows of, a restart in between too; this one keeps its select because
    # Discord refused the edit that would retire it.)
    await restart_bot()
    env.inject_error(
        "PATCH",
        f"/channels/{artist.user.dm_channel.id}/messages/{panel.id}",
        status=403,
        code=50001,
        message="Missing Access (injected by test)",
        times=None,
    )
    cancelled = await ada.slash(thread, "game cancel")
    assert cancelled.ephemeral
    before = await current_record(env) or await env.bot.storage.load(before.id)
    select = next(find_component(panel, i) for i in custom_ids(panel) if i.startswith("sky:pick:"))
    result = await artist.user.select(panel, [select.options[0].value], custom_id=select.custom_id)
    assert privately(result) and "no longer running" in said(result)
    after = await env.bot.storage.load(before.id)
    assert (after.version, after.state, after.status) == (before.version, before.state, "cancelled")
