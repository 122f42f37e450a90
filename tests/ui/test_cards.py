"""Components V2 cards: a panel and a status card arrive as one card each (text, picture, a small
footer, controls in rows inside it), clicks work and edits keep them cards, retired copies keep
only their one line, and messages sent as embeds before cards are still edited and retired."""

from __future__ import annotations

import discord
import pytest

from bot.tell.panel_copies import Where, copy_of
from bot.ui.outgoing import COLOUR, FOOTER_ID, TEXT_ID, TEXT_LIMIT, Outgoing, action_rows
from tests.drivers.helpers import (
    controls,
    current_record,
    custom_ids,
    dm_history,
    find_component,
    footer,
    game_thread,
    images,
    latest_panel,
    refresh,
    texts,
    title,
)
from tests.drivers.sky_driver import Table, open_lobby, start_game


def button(custom_id: str, row: int | None = None) -> discord.ui.Button:
    return discord.ui.Button(label=custom_id, custom_id=custom_id, row=row)


def select(custom_id: str, row: int | None = None) -> discord.ui.Select:
    return discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="one")], row=row)


def layout_of(rows: list[discord.ui.ActionRow]) -> list[list[str]]:
    return [[child.custom_id for child in row.children] for row in rows]


def test_controls_are_laid_out_like_a_classic_view() -> None:
    """An item's own row is kept; a select fills a row; at most five buttons share one."""
    items = [button(f"b{n}") for n in range(7)]
    assert layout_of(action_rows(items)) == [["b0", "b1", "b2", "b3", "b4"], ["b5", "b6"]]
    mixed = [select("s0"), button("b0"), select("s1"), button("b1", row=3), button("b2")]
    assert layout_of(action_rows(mixed)) == [["s0"], ["b0", "b2"], ["s1"], ["b1"]]
    with pytest.raises(ValueError, match="no room"):
        action_rows([button("b0", row=0), select("s0", row=0)])


def test_a_card_holds_title_text_picture_footer_and_rows_in_one_container() -> None:
    out = Outgoing(
        "Roll 1: draw your line.", "Round 1", items=[button("go"), select("pick")], footer="1 of 3 locked in"
    )
    view = out.layout(["table.png"])
    (card,) = view.children
    assert isinstance(card, discord.ui.Container) and card.accent_colour == COLOUR
    kinds = [type(child).__name__ for child in card.children]
    assert kinds == ["TextDisplay", "MediaGallery", "TextDisplay", "ActionRow", "ActionRow"]
    text, gallery, small = card.children[:3]
    assert (text.id, text.content) == (TEXT_ID, "### Round 1\nRoll 1: draw your line.")
    assert [item.media.url for item in gallery.items] == ["attachment://table.png"]
    assert (small.id, small.content) == (FOOTER_ID, "-# 1 of 3 locked in")


def test_a_long_text_is_cut_to_what_discord_takes() -> None:
    view = Outgoing("x" * 5000, "Title", footer="small").layout()
    assert view.content_length() <= TEXT_LIMIT
    assert Outgoing().layout().content_length() == 1, "an empty card still has a (blank) text"


async def test_an_edit_keeps_or_replaces_the_picture_as_asked() -> None:
    """A picture named in ``kept`` (nothing new drawn) stays the message's file: the edit refers
    to it and leaves the attachments alone; a card without a picture drops the old file."""
    kept = await Outgoing("Pick a star.", "Vault", kept=("vault-1.png",)).kwargs(editing=True)
    assert "attachments" not in kept and kept["content"] is None and kept["embed"] is None
    (gallery,) = [i for i in kept["view"].walk_children() if isinstance(i, discord.ui.MediaGallery)]
    assert [item.media.url for item in gallery.items] == ["attachment://vault-1.png"]
    drawn = await Outgoing("Pick.", render=lambda: b"png", filename="new.png", kept=("old.png",)).kwargs(
        editing=True
    )
    assert [f.filename for f in drawn["attachments"]] == ["new.png"], "a new upload replaces the files"
    assert (await Outgoing("No picture now.").kwargs(editing=True))["attachments"] == []
    sent = await Outgoing("Hello", render=lambda: b"png").kwargs()
    assert [f.filename for f in sent["files"]] == ["board.png"] and "content" not in sent


def assert_card(message: discord.Message, image: str | None) -> discord.Container:
    """``message`` is a V2 card: no content or embed, one container in the theme's colour with
    the title first, ``image`` shown (and uploaded), and every control in a row inside it."""
    assert message.flags.components_v2, "sent with the Components V2 flag"
    assert not message.content and not message.embeds
    (card,) = message.components
    assert isinstance(card, discord.Container) and card.accent_colour == COLOUR
    assert texts(message)[0].startswith("### ") and title(message)
    if image is None:
        assert not images(message)
    else:
        # a picture may be named by what it draws (A Sky of Stars' "vault-<digest>.png")
        stem, suffix = image.rsplit(".", 1)
        (shown,) = images(message)
        assert shown == image or (shown.startswith(stem + "-") and shown.endswith("." + suffix)), shown
        assert [a.filename for a in message.attachments] == [shown]
    rows = [child for child in card.children if isinstance(child, discord.ActionRow)]
    assert sum(len(row.children) for row in rows) == len(controls(message))
    for row in rows:
        kinds = {type(child) for child in row.children}
        assert len(row.children) <= 5 and (discord.SelectMenu not in kinds or len(row.children) == 1)
    return card


@pytest.mark.simcord(strict_sync=True)
async def test_a_panel_and_the_status_card_are_cards_and_stay_cards(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players)
    ada, bea, _cy = players
    record = await current_record(env)
    status = refresh(thread, next(m for m in thread.history() if m.id == record.status_message_id))
    assert_card(status, "table.png")
    assert find_component(status, "astro:panel:") is not None, "Open my panel sits on the card"
    panel = latest_panel(ada)
    assert_card(panel, "vault.png")

    # a pick edits the panel in place: still a card, with its picture and the next controls
    pick = find_component(panel, "sky:pick:")
    await ada.user.select(panel, [pick.options[0].value], custom_id=pick.custom_id)
    panel = refresh(ada.user.dm_channel, panel)
    assert_card(panel, "vault.png")
    assert any(":start:" in i for i in custom_ids(panel)), "the pick's confirm button is on the card"

    # a whole move: the status card's footer counts it, the card keeps its picture (not re-sent)
    picture = status.attachments[0].id
    await Table(env, channel, players, closed=set()).act(ada, panel, chooser=lambda ids: ids[0])
    status = refresh(thread, status)
    assert_card(status, "table.png")
    assert footer(status).startswith("1 of 3") and status.attachments[0].id == picture

    # Open my panel from the card: Bea's ephemeral copy is a card, her DM copy is retired to one line
    bea_dm = latest_panel(bea)
    opened = await bea.click(status, custom_id=find_component(status, "astro:panel:").custom_id)
    copy = (opened.followups or [opened.response])[-1].message
    assert copy.flags.ephemeral and custom_ids(copy)
    assert_card(copy, "vault.png")
    retired = refresh(bea.user.dm_channel, bea_dm)
    assert retired.flags.components_v2 and not retired.embeds and not retired.attachments
    assert not controls(retired) and not images(retired)
    assert texts(retired) == [
        "### A Sky of Stars #1\nYour panel moved to the copy you opened in the game thread: play there."
    ], "a retired copy names its game"

    # a cancelled game retires every copy, and the status card keeps its words (not its countdown) and picture
    words = texts(status)[0]
    await ada.slash(thread, "game cancel")
    for player in players:
        for message in dm_history(player):
            assert message.flags.components_v2 and not controls(message)
    status = refresh(thread, status)
    assert status.flags.components_v2 and not controls(status)
    assert images(status) == [a.filename for a in status.attachments]
    assert images(status)[0].startswith("table")
    timeless = "\n\n".join(part for part in words.split("\n\n") if "<t:" not in part)  # no time left
    assert texts(status)[0] == timeless and footer(status) == "This step is over."


@pytest.mark.simcord(strict_sync=True)
async def test_messages_sent_as_embeds_before_cards_are_still_edited_and_retired(simcord_env):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players)
    ada, bea, _cy = players
    record = await current_record(env)
    delivery = env.bot.service.delivery

    # An old embed panel (as the bot sent them before cards) is Ada's live copy: an update of her
    # panel turns it into the card, and a retirement leaves the one-line card.
    user = await env.bot.fetch_user(ada.id)
    old_view = discord.ui.View(timeout=None)
    old_view.add_item(discord.ui.Button(label="Old", custom_id=f"sky:old:{record.id}"))
    old = await user.send(
        embed=discord.Embed(title="An old panel", description="Pick a star."), view=old_view
    )
    await delivery.copies.adopt(record.id, ada.id, copy_of(old))
    await delivery.panels.update_panels(record, only={0})
    upgraded = refresh(ada.user.dm_channel, old)
    assert_card(upgraded, "vault.png")
    assert find_component(upgraded, "sky:pick:") is not None
    assert not [i for i in custom_ids(upgraded) if i.startswith("sky:old:")]
    older = await user.send(embed=discord.Embed(title="Another old panel"), view=old_view)
    await delivery.copies.adopt(record.id, ada.id, copy_of(older))
    assert texts(refresh(ada.user.dm_channel, upgraded)) == [
        "### A Sky of Stars #1\nA newer panel is below: play there."
    ]
    await delivery.copies.retire(record.id, ada.id, Where.LEFT)
    retired = refresh(ada.user.dm_channel, older)
    assert retired.flags.components_v2 and not retired.embeds and not controls(retired)
    assert texts(retired) == ["### A Sky of Stars #1\nYou no longer play this seat, so this panel is closed."]

    # An old embed status card, stored before the upgrade and unknown to this process (as after a
    # restart): a move edits only its footer, and it stays an embed.
    place = env.bot.get_channel(thread.id)
    card = await place.send(embed=discord.Embed(title="Round 1", description="Roll 1").set_footer(text="old"))
    await env.bot.storage.set_messages(record.id, status_message_id=card.id)
    delivery.cards.forget(record.id)
    table = Table(env, channel, players, closed=set())
    await table.act(bea, latest_panel(bea), chooser=lambda ids: ids[0])
    card = refresh(game_thread(channel), card)
    assert not card.flags.components_v2 and card.embeds[0].title == "Round 1"
    assert footer(card).startswith("1 of 3")


@pytest.mark.simcord(strict_sync=True)
async def test_a_card_unknown_to_the_process_keeps_its_words_picture_and_working_buttons(simcord_env):
    """After a restart the status card isn't in memory: a move still refreshes its footer, with
    the step's own buttons and the picture that is already there."""
    env = simcord_env
    _, channel, players = await open_lobby(env)
    thread = await start_game(env, channel, players)
    ada, bea, _cy = players
    record = await current_record(env)
    status = next(m for m in thread.history() if m.id == record.status_message_id)
    picture, before = status.attachments[0].id, texts(status)[0]
    env.bot.service.delivery.cards.forget(record.id)
    await Table(env, channel, players, closed=set()).act(ada, latest_panel(ada), chooser=lambda ids: ids[0])
    status = refresh(thread, status)
    assert_card(status, "table.png")
    assert texts(status)[0] == before and footer(status).startswith("1 of 3")
    assert status.attachments[0].id == picture
    opened = await bea.click(status, custom_id=find_component(status, "astro:panel:").custom_id)
    assert custom_ids((opened.followups or [opened.response])[-1].message), "its button still works"
