"""Private replies about a game go when they are stale, so they never pile up under live panels.

A click on a game's control may be answered with a private line of its own: a refusal ("A1 isn't
a cell…", "That star isn't one you can pick"), or what a thread button did ("Your guess is
locked in"). Discord keeps each one in the player's view of the channel until they dismiss it,
so a player who plays a game from the thread (closed DMs) or from a DM panel would gather one
under another, with their live panel somewhere among them. Every such reply is remembered here,
with the game and the decision its click was made on, and deleted (through its interaction's
token, the one way to delete an ephemeral message, valid for 15 minutes) when:

- the same player gets a newer reply about the same game: it replaces the older ones;
- the same player's next click on that game plays, picks or opens a panel: the click went through;
- the game moves to another decision: a reply about the earlier one is about a step that is over;
- the game ends or is cancelled.

A reply's token stays in this process's memory (it is a credential, never stored); a reply made
before a restart, or more than ``EDIT_SECONDS`` ago, is left as it is.

Which game a click is about is set by the click path (``about``), so a callback anywhere below
needs to know nothing of this: ``bot.ui.interactions`` registers what it says privately.
"""

from __future__ import annotations

import contextvars
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

log = logging.getLogger(__name__)

EDIT_SECONDS = 14 * 60  # Discord lets an interaction's token act for 15 minutes; keep a margin

Delete = Callable[[], Awaitable[Any]]


@dataclass(frozen=True)
class About:
    """The game (and decision, if the control carries one) the current interaction is about."""

    game_id: int
    decision: int | None
    user_id: int
    interaction_id: int


_about: contextvars.ContextVar[About | None] = contextvars.ContextVar("astrolabe_about", default=None)


def about(interaction: discord.Interaction, game_id: int, decision: int | None) -> None:
    """The click being answered is about ``game_id`` at ``decision`` (``None``: any); set by the
    click path before the face or the move core can answer it privately."""
    _about.set(About(game_id, decision or None, interaction.user.id, interaction.id))


def current() -> About | None:
    return _about.get()


def reset() -> contextvars.Token[About | None]:
    """A fresh interaction is about nothing yet (``entry`` calls it, and resets after)."""
    return _about.set(None)


def restore(token: contextvars.Token[About | None]) -> None:
    _about.reset(token)


@dataclass
class Reply:
    about: About
    delete: Delete
    sent_at: float = field(default_factory=time.monotonic)

    def deletable(self) -> bool:
        return time.monotonic() - self.sent_at < EDIT_SECONDS


class PrivateReplies:
    """The private replies about each game that may still be deleted (see the module)."""

    def __init__(self) -> None:
        self._by_game: dict[int, list[Reply]] = {}

    async def sent(self, delete: Delete | None) -> None:
        """A private reply was just sent for the current interaction: it replaces the player's
        earlier replies about the same game. Not about a game (a command): not kept."""
        said = current()
        if said is None or delete is None:
            return
        await self.went_through(said)
        self._by_game.setdefault(said.game_id, []).append(Reply(said, delete))

    async def went_through(self, done: About | None = None) -> None:
        """The current interaction (or ``done``) went through: the player's earlier replies about
        that game are stale (the ones this interaction sent stay)."""
        done = done or current()
        if done is None:
            return
        await self._drop(
            done.game_id,
            lambda r: r.about.user_id == done.user_id and r.about.interaction_id != done.interaction_id,
        )

    async def step_moved(self, game_id: int, decision: int) -> None:
        """The game is at ``decision`` now: replies about any other decision are stale."""
        await self._drop(game_id, lambda r: r.about.decision is not None and r.about.decision != decision)

    async def game_over(self, game_id: int) -> None:
        """The game ended or was cancelled: none of its replies is current any more."""
        await self._drop(game_id, lambda r: True)

    async def _drop(self, game_id: int, stale: Callable[[Reply], bool]) -> None:
        replies = self._by_game.get(game_id, [])
        going = [r for r in replies if stale(r) or not r.deletable()]
        if not going:
            return
        kept = [r for r in replies if r not in going]
        if kept:
            self._by_game[game_id] = kept
        else:
            self._by_game.pop(game_id, None)
        for reply in going:
            if not reply.deletable():
                continue  # its token ran out: it stays, as Discord leaves it
            try:
                await reply.delete()
            except discord.HTTPException as error:  # dismissed by its reader, or the token is gone
                log.info("game %s: a private reply could not be deleted: %s", game_id, error)

    def held(self, game_id: int) -> int:
        """How many replies about the game are kept (tests, logs)."""
        return len(self._by_game.get(game_id, []))


def of(client: Any) -> PrivateReplies | None:
    """The bot's replies (kept by its delivery), if ``client`` is an Astrolabe bot."""
    service = getattr(client, "service", None)
    delivery = getattr(service, "delivery", None)
    return getattr(delivery, "replies", None)
