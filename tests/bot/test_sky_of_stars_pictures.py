"""A Sky of Stars panels send a picture only when what it draws changes (issue 13: at most 3 MB of
images per player a game): a pick keeps the panel's picture, a played move draws a new one."""

from __future__ import annotations

from tests.bot.helpers import all_text, find_component, images, latest_panel, refresh
from tests.bot.sky_driver import open_lobby, start_game


def shown(message) -> list[tuple[str, str]]:
    """The panel's files: a re-upload gets a new attachment id, so a new url."""
    return [(a.filename, a.url) for a in message.attachments]


async def test_a_pick_keeps_the_picture_and_the_move_draws_a_new_one(simcord_env):
    env = simcord_env
    _guild, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    ada = players[0]
    panel = latest_panel(ada)
    before = shown(panel)
    assert len(before) == 1 and images(panel) == [before[0][0]]

    select = find_component(panel, "sky:pick:")
    star = select.options[0].value
    await ada.user.select(panel, [star], custom_id=select.custom_id)
    picked = refresh(ada.user.dm_channel, panel)
    start = find_component(picked, "sky:do:")
    assert start is not None and start.label == f"Start at {star}"
    assert shown(picked) == before, "the pick re-uploaded a picture the panel already showed"
    assert images(picked) == [before[0][0]], "the card no longer shows the kept picture"

    await ada.user.click(picked, custom_id=start.custom_id)
    played = refresh(ada.user.dm_channel, panel)
    assert "circled" in all_text(played)
    assert len(played.attachments) == 1 and shown(played) != before, "the move's picture was not drawn"
    assert images(played) == [played.attachments[0].filename]
