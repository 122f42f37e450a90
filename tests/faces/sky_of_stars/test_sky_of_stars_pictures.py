"""A Sky of Stars panels show a move's result before it is made, and send a picture only when what
it draws changes (issue 20: every move previewed; at most 3 MB of images per player a game): a pick
draws its preview, the move made from that preview keeps it (it now shows what was done)."""

from __future__ import annotations

from tests.drivers.helpers import all_text, find_component, images, latest_panel, refresh
from tests.drivers.sky_driver import open_lobby, start_game


def shown(message) -> list[tuple[str, str]]:
    """The panel's files: a re-upload gets a new attachment id, so a new url."""
    return [(a.filename, a.url) for a in message.attachments]


async def test_a_pick_is_previewed_and_the_move_keeps_its_preview(simcord_env):
    env = simcord_env
    _guild, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    ada = players[0]
    panel = latest_panel(ada)
    before = shown(panel)
    assert len(before) == 1 and images(panel) == [before[0][0]]

    select = find_component(panel, "sky:pick:")
    first, second = select.options[0].value, select.options[1].value
    await ada.user.select(panel, [second], custom_id=select.custom_id)
    other = refresh(ada.user.dm_channel, panel)
    assert shown(other) != before, "the pick did not draw its preview"
    select = find_component(other, "sky:pick:")
    assert [o.value for o in select.options if o.default] == [second], "the pick is not marked in the menu"

    await ada.user.select(other, [first], custom_id=select.custom_id)  # a change of mind: pick again
    picked = refresh(ada.user.dm_channel, panel)
    start = find_component(picked, "sky:do:")
    assert start is not None and start.label == f"Start at {first}"
    assert shown(picked) not in (before, shown(other)), "the new pick is not previewed"
    assert images(picked) == [picked.attachments[0].filename]

    await ada.user.click(picked, custom_id=start.custom_id)
    played = refresh(ada.user.dm_channel, panel)
    assert "circled" in all_text(played)
    assert shown(played) == shown(picked), "the move re-uploaded the picture its preview already showed"
    assert images(played) == [picked.attachments[0].filename], "the card no longer shows the kept picture"
