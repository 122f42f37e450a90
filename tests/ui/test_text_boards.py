"""Images anyone can read: a player who chose ``/settings text_boards`` plays a whole game from words.

Ada turns the choice on and plays Starry Night Sky (the quickest title: two seats, a few taps a
turn) against a lobby bot. She never looks at a picture: each click is decided from her panel's
text board (the picture's words beside it) and the labels of its buttons and selects. On the
way, every picture the bot sends, in her DMs and in the game thread, carries alt text within
Discord's limit, and only her own (private) answers carry the words as text.
"""

from __future__ import annotations

import re

import discord
import pytest

from bot.ui.alt import ALT_LIMIT
from bot.ui.outgoing import ALT_ID
from tests.drivers.helpers import (
    all_text,
    components,
    controls,
    current_record,
    dm_history,
    game_thread,
    refresh,
)

SLUG = "starry-night-sky"


def spoken(message: discord.Message) -> str:
    """The text board of a card: the picture's words, beside it."""
    return "\n".join(
        c.content for c in components(message) if isinstance(c, discord.TextDisplay) and c.id == ALT_ID
    )


def described_pictures(message: discord.Message) -> list[str]:
    """The alt text of every picture of ``message``; each must have one, within Discord's limit."""
    found = []
    for part in components(message):
        if isinstance(part, discord.MediaGalleryComponent):
            for item in part.items:
                assert item.description, f"a picture without alt text in message {message.id}"
                assert len(item.description) <= ALT_LIMIT
                found.append(item.description)
    for attachment in message.attachments:
        if attachment.description is not None:  # a kept file keeps its first upload's
            assert 0 < len(attachment.description) <= ALT_LIMIT
    return found


def button(message: discord.Message, label: str) -> discord.Button:
    return next(
        c for c in controls(message) if isinstance(c, discord.Button) and (c.label or "").startswith(label)
    )


def select_with(
    message: discord.Message, prefix: str
) -> tuple[discord.SelectMenu, discord.SelectOption] | None:
    """The select holding an option whose label starts with ``prefix``, and that option."""
    for control in controls(message):
        for option in getattr(control, "options", None) or []:
            if option.label.startswith(prefix):
                return control, option
    return None


async def read_and_play(ada, panel: discord.Message, planned: set[int]) -> str:
    """One click on Ada's panel, chosen from its words and labels only. Returns what she did."""
    words = spoken(panel)
    assert words, f"no text board beside the panel's picture: {all_text(panel)!r}"
    if "Sort your new stars" in words:
        # every button is a way to sort them ("1: 🔵B | 2: 🟡Y…"): the first one will do
        first = next(c for c in controls(panel) if isinstance(c, discord.Button))
        await ada.user.click(panel, custom_id=first.custom_id)
        return "sort"
    move = re.search(r"Explore: you may move to (.+?)\.\n", words)
    if move is not None and panel.id not in planned:
        # the words name the places; go to the first one named, through the select that lists it
        place = re.sub(r" \(\d+ points?\)$", "", move.group(1).split(", ")[0])
        found = select_with(panel, place)
        assert found is not None, f"{place!r} is named in the words but offered by no select"
        select, option = found
        planned.add(panel.id)
        await ada.user.select(panel, [option.value], custom_id=select.custom_id)
        return f"explore {place}"
    if move is not None or "Place stars on" in words:
        await ada.user.click(panel, custom_id=button(panel, "Confirm").custom_id)
        planned.discard(panel.id)
        return "confirm"
    if "or end your turn" in words:
        await ada.user.click(panel, custom_id=button(panel, "End").custom_id)
        return "end"
    raise AssertionError(f"the words say nothing Ada can act on: {words!r}")


@pytest.mark.simcord(strict_sync=True)
async def test_a_player_who_reads_boards_as_text_finishes_a_game(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(env.create_user("ada"))
    answer = await ada.slash(channel, "settings", text_boards=True)
    assert "Boards in text:** on" in all_text((answer.followups or [answer.response])[-1].message)
    await ada.slash(channel, "play", game=SLUG)
    lobby = channel.last_message
    await ada.click(refresh(channel, lobby), label="Add bot")
    await ada.click(refresh(channel, lobby), label="Start")
    thread = game_thread(channel)

    did: list[str] = []
    private: list[str] = []  # the words of her panels' pictures (a finished panel shows none)
    planned: set[int] = set()
    status_checked = False
    for _ in range(400):
        if await current_record(env) is None:
            break
        panels = [m for m in dm_history(ada.user) if controls(m)]
        assert panels, "Ada's turn, but no panel to play on"
        if not status_checked:  # her /game answers carry the words too
            for command in ("status", "sheet"):
                result = await ada.slash(thread, f"game {command}")
                reply = (result.followups or [result.response])[-1].message
                assert spoken(reply), f"/game {command} came without its words"
            status_checked = True
        shown = described_pictures(panels[-1])
        assert all(spoken(panels[-1])[:200] == alt[:200] for alt in shown), (
            "the text board says another thing"
        )
        private += shown
        did.append(await read_and_play(ada, panels[-1], planned))
    else:
        raise AssertionError(f"the game never ended: {did[-10:]}")

    assert any("Final results" in all_text(m) for m in thread.history())
    assert {"sort", "confirm"} <= {d.split()[0] for d in did}
    assert any(d.startswith("explore") for d in did)
    # every picture has words; the table's public cards carry them only as alt text
    public = [text for m in thread.history() for text in described_pictures(m)]
    assert public and private
    assert not any(spoken(m) for m in thread.history())
    assert all("Your Myth cards" not in text for text in public), "a public picture speaks of secrets"
