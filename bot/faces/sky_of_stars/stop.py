"""STOP once called: every panel says so, and no "Yes, call STOP" question stays clickable.

The thread's STOP button asks first, in a private reply (``calling_stop.ask``). That reply is
remembered here with its roll (the decision it was asked on) and the language it was asked in,
and retired (its button gone, one line saying why) when its roll ends, when anyone calls STOP, or
when the game ends. Like an ephemeral panel copy, it can only be edited through its interaction's
token, which stays in this process's memory (after a restart its button is refused as stale).
"""

from __future__ import annotations

import logging
import weakref
from dataclasses import dataclass
from typing import Any

import discord

from bot.faces.sky_of_stars.pictures import keep_if_shown
from bot.games.base import EventKind
from bot.games.sky_of_stars import GAME
from bot.i18n import N_, Language, _, language, speaking
from bot.ui.copies import CopyKind

log = logging.getLogger(__name__)

RETIRED = {
    "over": N_("That roll is over, so this question is closed."),
    "called": N_("STOP has been called, so this question is closed."),
    "ended": N_("The game is over, so this question is closed."),
}
"""What a retired STOP question says instead, by why it closed."""


@dataclass
class Question:
    decision: int
    message: discord.WebhookMessage
    language: Language


# Each bot's open questions by game id, kept by its delivery: game ids are per database, and one
# process may run several bots (tests, shards), so a question never outlives its own bot.
_asked: weakref.WeakKeyDictionary[Any, dict[int, list[Question]]] = weakref.WeakKeyDictionary()


def _questions(delivery: Any) -> dict[int, list[Question]]:
    return _asked.setdefault(delivery, {})


def remember(delivery: Any, game_id: int, decision: int, message: discord.WebhookMessage | None) -> None:
    """A "Yes, call STOP" question was just shown for this roll (``delivery``: the bot's)."""
    if message is not None:
        _questions(delivery).setdefault(game_id, []).append(Question(decision, message, language()))


def answering(delivery: Any, game_id: int, message_id: int | None) -> Question | None:
    """The question whose "Yes, call STOP" was just pressed leaves the list: the click's own
    answer ("STOP is called") is what it shows, not a retirement line. ``restore`` puts it back
    when the click is refused."""
    questions = _questions(delivery).get(game_id, [])
    found = next((q for q in questions if q.message.id == message_id), None)
    if found is not None:
        questions.remove(found)
    return found


def restore(delivery: Any, game_id: int, question: Question | None) -> None:
    if question is not None:
        _questions(delivery).setdefault(game_id, []).append(question)


def is_stop(events: list[str]) -> bool:
    """Whether a move's events hold a STOP call (as the rules tag it)."""
    return any(GAME.event_kind(event) is EventKind.STOP_CALLED for event in events)


async def after_move(record: Any, events: list[str], delivery: Any) -> None:
    """A STOP call shows in every player's panel at once; questions no longer current close."""
    if is_stop(events) and record.status == "active":
        await show_stop(record, delivery)
    await retire_questions(record, delivery)


async def show_stop(record: Any, delivery: Any) -> None:
    """Redraw every live panel with its STOP line. Only words change, so a DM panel that
    already shows the picture keeps it (read back from the DM) instead of uploading it again."""
    for seat, info in enumerate(record.seats):
        if info.bot_controlled:
            continue
        copy = await delivery.copies.live(record.id, info.user_id)
        if copy is None or copy.message_id == delivery.copies.clicked(record.id):
            continue  # the panel the STOP was pressed on is redrawn by its own click
        with speaking(await delivery.panels.seat_language(record, seat)):
            out = await delivery.panels.panel_of(record, seat)
        shown = None
        if copy.kind is CopyKind.DM and copy.channel_id is not None:
            try:
                shown = await delivery.message_at(copy.channel_id, copy.message_id).fetch()
            except discord.HTTPException:
                shown = None
            out = keep_if_shown(out, shown)
        # ``on``: a kept picture goes in the edit's ``attachments`` by id, as every other edit's
        await delivery.copies.update(record.id, info.user_id, await out.kwargs(editing=True, on=shown))


async def retire_questions(record: Any, delivery: Any) -> None:
    state = record.state or {}
    asked = _questions(delivery)
    questions = asked.get(record.id, [])
    if not questions:
        return
    if record.status != "active":
        why = "ended"
    elif state.get("stop_by") is not None:
        why = "called"
    else:
        why = None
    keep = []
    for question in questions:
        reason = why or ("over" if question.decision != state.get("decision") else None)
        if reason is None:
            keep.append(question)
            continue
        with speaking(question.language):
            line = _(RETIRED[reason])
        try:
            await question.message.edit(content=line, view=None)
        except discord.HTTPException as error:  # its token ran out: its button is refused as stale
            log.info("game %s: a STOP question could not be retired: %s", record.id, error)
    if keep:
        asked[record.id] = keep
    else:
        asked.pop(record.id, None)
