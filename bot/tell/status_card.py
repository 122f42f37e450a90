"""A quiet thread: one status card per step, edited in place as players act.

The card opens a step (the face's ``step_message``), then every move of that step edits it: the
events line is folded into it and its footer keeps the progress ("2 of 3 locked in") true until
the step ends. A face may group several steps under one card (``Presenter.status_key``, e.g. all
the rolls of one drawing): the next step of the group redraws the same card instead of posting a
new one. Where a countdown runs, the card shows it as a Discord timestamp that counts down by
itself. When a new card opens, the old one loses its buttons and says it is over.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.core.running import RunningGame
from bot.core.table import names_of
from bot.games import get_game
from bot.i18n import N_, _, speaking
from bot.i18n.waiting import waiting_for
from bot.ui.outgoing import Outgoing, without_controls

log = logging.getLogger(__name__)

MAX_EVENT_LINES = 8  # the newest lines a card keeps; the whole story is in /game log
OVER_FOOTER = N_("This step is over.")


@dataclass
class Card:
    """The status card of a game's current step, as last drawn."""

    message: discord.Message
    key: Hashable
    base: Outgoing
    events: list[str] = field(default_factory=list)


def countdown_line(record: RunningGame, due: float | None = None) -> str:
    """ "Time runs out in 25 seconds" as a timestamp Discord keeps counting down: the game's own
    countdown, else ``due``, when a live table's step timer runs out (``Pacer.step_due``)."""
    game = get_game(record.game)
    if record.deadline_at is not None and game.countdown(record.state):
        due = record.deadline_at
    if due is None:
        return ""
    when = f"<t:{int(due)}:R>"
    return _("Time runs out {when}.", when=when)


def with_events(out: Outgoing, events: list[str], extra: str = "") -> Outgoing:
    """``out`` with the step's newest events above its own text (and ``extra`` below it)."""
    said = "\n".join(events[-MAX_EVENT_LINES:])
    content = "\n\n".join(part for part in (said, out.content, extra) if part)
    return replace(out, content=content[:4000], _png=out._png)


def kept_if_shown(out: Outgoing, message: discord.Message) -> Outgoing:
    """A face that names its picture by what it draws opts in by listing that name in ``kept``:
    when the card already shows a file of that name, the redraw keeps it instead of drawing and
    uploading it again (A Sky of Stars' table, the same for every roll of a round)."""
    if out.render is None or out.filename not in out.kept:
        return out
    if any(attachment.filename == out.filename for attachment in message.attachments):
        return replace(out, render=None, kept=(out.filename,))
    return out


class StatusCards:
    def __init__(self, delivery: Any) -> None:
        """``delivery``: the ``bot.tell.delivery.Delivery`` that owns the cards (its service, its
        panel copies and its public send)."""
        self.delivery = delivery
        self._cards: dict[int, Card] = {}

    def card(self, game_id: int) -> Card | None:
        return self._cards.get(game_id)

    def forget(self, game_id: int) -> None:
        self._cards.pop(game_id, None)

    def key_of(self, record: RunningGame) -> Hashable:
        game = get_game(record.game)
        key = self.delivery.service.presenter(record).status_key(game.view(record.state, None))
        return ("step", game.decision_id(record.state)) if key is None else key

    def compose(self, record: RunningGame) -> Outgoing:
        public = get_game(record.game).view(record.state, None)
        return self.delivery.service.presenter(record).step_message(public, names_of(record), record.id)

    async def open(self, record: RunningGame, channel: Any, events: list[str]) -> discord.Message | None:
        """The card for the step that just opened: the same card redrawn when the face groups
        this step with the last one, else a new card (the old one retired). Its words are in the
        table's language, like everything the thread says."""
        key = self.key_of(record)
        due = await self.delivery.service.pacer.step_due(record)
        with speaking(record.language):
            base = self.compose(record)
            first = with_events(base, events, countdown_line(record, due))
        card = self._cards.get(record.id)
        if card is not None and card.key == key:
            card.base, card.events = base, list(events)
            if await self._redraw(record, card, full=True):
                return card.message
        message = await self.delivery.send_public(record, channel, first, "step message")
        if card is not None:
            await self.retire(record.id, card)
        if message is not None:
            self._cards[record.id] = Card(message, key, base, list(events))
        return message

    async def note(self, record: RunningGame, channel: Any, events: list[str]) -> bool:
        """Fold a move's events and the new progress into the step's card (no new message).
        False when the card isn't known here (after a restart): the caller posts instead."""
        card = self._cards.get(record.id)
        if card is None or card.message.id != record.status_message_id:
            return False
        card.events += events
        # its words and picture stay; its controls are the step's own now (a roll's STOP goes
        # once it is called)
        card.base = replace(card.base, items=self.compose(record).items)
        return await self._redraw(record, card, full=False)

    async def _redraw(self, record: RunningGame, card: Card, *, full: bool) -> bool:
        public = get_game(record.game).view(record.state, None)
        due = await self.delivery.service.pacer.step_due(record)
        with speaking(record.language):
            progress = self.delivery.service.presenter(record).progress(public, names_of(record))
            out = with_events(card.base, card.events, countdown_line(record, due))
        out.footer = progress or out.footer
        if full:
            out = kept_if_shown(out, card.message)
        try:  # when only words changed, the picture already there stays
            data = await out.kwargs(editing=True, keep_images=not full, on=card.message)
            card.message = await card.message.edit(**data)
        except discord.HTTPException as error:
            log.info("game %s: status card could not be edited: %s", record.id, error)
            return False
        self.delivery.copies.track_public(record.id, card.message)
        return True

    async def retire(self, game_id: int, card: Card, record: RunningGame | None = None) -> None:
        """An old card keeps its words and picture but loses its buttons and says it is over; the
        game over (``record``), it no longer says whom it waits for (a cancelled game waits on
        nobody)."""
        self.delivery.copies.forget_public(game_id, card.message.id)
        with speaking(card.base.language):  # the card's own language: the table's
            over = _(OVER_FOOTER)
            waiting = (
                waiting_for(get_game(record.game).to_act(record.state), names_of(record)) if record else ""
            )
        try:
            kwargs = await without_controls(card.message, footer=over, timeless=True, dropping=waiting)
            await card.message.edit(**kwargs)
        except discord.HTTPException as error:
            log.info("game %s: old status card could not be retired: %s", game_id, error)
