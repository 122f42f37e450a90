"""One live panel per player, and no live buttons once a game is over.

Every copy of a seat's panel the bot shows (a DM, or an ephemeral copy opened from the thread
or with ``/game hand``) is remembered here with a way to edit it: the DM message itself, or the
interaction token of the ephemeral copy, which Discord lets us edit for 15 minutes. When a new
copy goes live, the older one is *retired*: its components removed and one line saying where to
play now. Public messages of a game that carry components are remembered too, so the end of a
game (or a leave, cancel or kick) leaves nothing clickable behind.

What is remembered lives in memory: after a restart an old copy's buttons are refused as stale
by the service's decision check, which is what keeps the game right; this only keeps it tidy.
"""

from __future__ import annotations

import enum
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import N_, Language, _, language, speaking
from bot.outgoing import COLOUR

log = logging.getLogger(__name__)

EPHEMERAL_EDIT_SECONDS = 14 * 60  # Discord allows 15 minutes; keep a margin

Edit = Callable[..., Awaitable[Any]]


class CopyKind(enum.Enum):
    DM = "dm"
    EPHEMERAL = "ephemeral"


class Where(enum.Enum):
    """Where a player plays now, said on a retired copy."""

    DM = N_("Your panel moved to your direct messages: play there.")
    NEWER_DM = N_("A newer panel is below: play there.")
    EPHEMERAL = N_("Your panel moved to the copy you opened in the game thread: play there.")
    NOTHING = N_("Nothing to do here now. Your next panel comes when it's your move.")
    OVER = N_("This game is over: nothing more to play here.")
    LEFT = N_("You no longer play this seat, so this panel is closed.")


@dataclass
class PanelCopy:
    """One shown copy of a panel: which message, how to edit it, since when, and in which
    language it was shown (its retirement line is said in the same one, whoever retires it)."""

    kind: CopyKind
    message_id: int
    edit: Edit
    opened_at: float = field(default_factory=time.monotonic)
    language: Language = field(default_factory=language)

    def editable(self) -> bool:
        return self.kind is CopyKind.DM or time.monotonic() - self.opened_at < EPHEMERAL_EDIT_SECONDS


def retired_card(line: str) -> dict[str, Any]:
    """What a retired message becomes: one line, no components, no picture."""
    return {"embed": discord.Embed(description=line, colour=COLOUR), "attachments": [], "view": None}


class PanelCopies:
    """The live copy of each (game, user) and the public messages of each game with components."""

    def __init__(self) -> None:
        self._live: dict[tuple[int, int], PanelCopy] = {}
        self._public: dict[int, dict[int, discord.Message]] = {}
        self._retired: set[int] = set()

    def live(self, game_id: int, user_id: int) -> PanelCopy | None:
        copy = self._live.get((game_id, user_id))
        return copy if copy is not None and copy.editable() else None

    async def adopt(self, game_id: int, user_id: int, copy: PanelCopy) -> None:
        """``copy`` is now the user's live panel; the previous one is retired."""
        old = self._live.get((game_id, user_id))
        self._live[(game_id, user_id)] = copy
        if old is not None and old.message_id != copy.message_id:
            if copy.kind is CopyKind.EPHEMERAL:
                where = Where.EPHEMERAL
            else:  # a DM replaced by a newer DM is not "moved to your direct messages"
                where = Where.NEWER_DM if old.kind is CopyKind.DM else Where.DM
            await self._retire(old, where)

    def refresh_token(self, message_id: int, edit: Edit) -> None:
        """A click on a live copy gives a fresh way to edit it (an ephemeral's token restarts)."""
        for key, copy in self._live.items():
            if copy.message_id == message_id:
                self._live[key] = PanelCopy(copy.kind, message_id, edit, language=copy.language)
                return

    def is_retired(self, message_id: int) -> bool:
        """A copy retired here: a click's callback must not bring it back to life."""
        return message_id in self._retired

    async def update(self, game_id: int, user_id: int, data: dict[str, Any]) -> bool:
        """Edit the user's live copy with ``data``; False if there is none that can be edited."""
        copy = self.live(game_id, user_id)
        if copy is None:
            return False
        try:
            await copy.edit(**data)
        except discord.HTTPException as error:
            log.info("game %s: panel copy %s could not be updated: %s", game_id, copy.message_id, error)
            self._live.pop((game_id, user_id), None)
            return False
        return True

    async def retire(self, game_id: int, user_id: int, where: Where) -> None:
        copy = self._live.pop((game_id, user_id), None)
        if copy is not None:
            await self._retire(copy, where)

    async def retire_game(self, game_id: int, where: Where = Where.OVER) -> None:
        """Every copy of every seat, and every public message's components, of this game."""
        for key in [key for key in self._live if key[0] == game_id]:
            await self._retire(self._live.pop(key), where)
        await self.strip_public(game_id)

    async def _retire(self, copy: PanelCopy, where: Where) -> None:
        self._retired.add(copy.message_id)
        if not copy.editable():
            return
        with speaking(copy.language):
            line = _(where.value)
        try:
            await copy.edit(**retired_card(line))
        except discord.HTTPException as error:
            log.info("panel copy %s could not be retired: %s", copy.message_id, error)

    # -------------------------------------------------------------- public messages

    def track_public(self, game_id: int, message: discord.Message | None) -> None:
        if message is not None and message.components:
            self._public.setdefault(game_id, {})[message.id] = message

    def forget_public(self, game_id: int, message_id: int) -> None:
        self._public.get(game_id, {}).pop(message_id, None)

    async def strip_public(self, game_id: int, *, keep: int | None = None) -> None:
        """Remove the components of the game's public messages (all but ``keep``)."""
        messages = self._public.get(game_id, {})
        for message_id in [m for m in messages if m != keep]:
            message = messages.pop(message_id)
            try:
                await message.edit(view=None)
            except discord.HTTPException as error:
                log.info("game %s: components of message %s stay: %s", game_id, message_id, error)
        if not messages:
            self._public.pop(game_id, None)


def copy_of(message: discord.Message, edit: Edit | None = None) -> PanelCopy | None:
    """The panel copy that ``message`` is: a DM, or an ephemeral copy edited through ``edit``."""
    if message.flags.ephemeral:
        return PanelCopy(CopyKind.EPHEMERAL, message.id, edit) if edit is not None else None
    if message.guild is None:
        return PanelCopy(CopyKind.DM, message.id, edit or message.edit)
    return None
