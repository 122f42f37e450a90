"""An edit that keeps a picture already on the message lists that message's attachment in the
edit's ``attachments`` (its id, no new upload), the way Discord documents keeping a file, rather
than only naming it ``attachment://…`` in the layout (issue 20).

Checked on the requests discord.py really sends (SimCord's HTTP log): a move made from a panel's
preview (an interaction callback keeps the preview), and a status card whose progress changes (a
message edit).
"""

from __future__ import annotations

from typing import Any

from tests.drivers.helpers import find_component, game_thread, images, latest_panel, refresh
from tests.drivers.sky_driver import open_lobby, start_game


def uploads(env: Any) -> int:
    """How many files the bot has uploaded so far (SimCord's fake CDN keeps each one)."""
    return len(env.backend.cdn._blobs)


def attachments_sent(entry: Any) -> list[dict[str, Any]] | None:
    """The ``attachments`` of an edit request: a message PATCH's own, or an interaction
    callback's ``data``'s (``None`` when the request says nothing about them)."""
    body = entry.json if isinstance(entry.json, dict) else {}
    if "attachments" in body:
        return body["attachments"]
    data = body.get("data")
    return data.get("attachments") if isinstance(data, dict) else None


def edits_since(env: Any, since: int, path_part: str) -> list[Any]:
    return [e for e in env.http_requests[since:] if path_part in e.path and e.method == "PATCH"]


async def test_a_kept_picture_is_sent_as_the_existing_attachment(simcord_env):
    env = simcord_env
    _guild, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    ada = players[0]
    panel = latest_panel(ada)
    assert len(panel.attachments) == 1
    kept = panel.attachments[0]

    # A pick draws its preview (a new picture); the move made from it keeps that picture.
    select = find_component(panel, "sky:pick:")
    await ada.user.select(panel, [select.options[0].value], custom_id=select.custom_id)
    picked = refresh(ada.user.dm_channel, panel)
    assert len(picked.attachments) == 1 and picked.attachments[0].id != kept.id, "the pick shows no preview"
    preview = picked.attachments[0]

    # Ada's start, made from the preview: her panel keeps the preview as the move's picture, and
    # the status card's progress changes while its picture stays. Both edits list the files they
    # keep by id, and nothing is uploaded.
    thread = game_thread(channel)
    record = await env.bot.storage.load((await env.bot.storage.active_games())[0].id)
    card = next(m for m in thread.history() if m.id == record.status_message_id)
    card_file = card.attachments[0]
    before_requests, before_uploads = len(env.http_requests), uploads(env)
    start = find_component(picked, "sky:do:")
    await ada.user.click(picked, custom_id=start.custom_id)
    answers = [
        e
        for e in env.http_requests[before_requests:]  # its callback, or an edit of it
        if e.path.endswith("/callback") or e.path.endswith("/messages/@original")
    ]
    assert answers, "the move answered with no interaction callback"
    sent = attachments_sent(answers[-1])
    assert sent is not None, "the edit did not list the picture it keeps"
    assert [int(a["id"]) for a in sent] == [preview.id] and all("file_index" not in str(a) for a in sent)
    assert [a.id for a in refresh(ada.user.dm_channel, panel).attachments] == [preview.id]
    card_edits = edits_since(env, before_requests, f"/channels/{thread.id}/messages/{card.id}")
    assert card_edits, "the status card was not edited for the new progress"
    sent = attachments_sent(card_edits[-1])
    assert sent is not None and [int(a["id"]) for a in sent] == [card_file.id], sent
    assert uploads(env) == before_uploads, "a kept picture was uploaded again"
    now = refresh(thread, card)
    assert [a.id for a in now.attachments] == [card_file.id]
    assert images(now) == [card_file.filename]
