"""One live panel per player, and no live buttons once a game is over.

Every copy of a seat's panel the bot shows (a DM, or an ephemeral copy opened from the thread
or with ``/game hand``) is remembered here with a way to edit it: the DM message itself, or the
interaction token of the ephemeral copy, which Discord lets us edit for 15 minutes. When a new
copy goes live, the older one is *retired*: its components removed and one line saying where to
play now. Public messages of a game that carry components are remembered too, so the end of a
game (or a leave, cancel or kick) leaves nothing clickable behind.

Which copy is each player's live one is kept in the database (``panel_copies``), so a restarted
bot, or another process sharing the database, retires or edits the right DM. An ephemeral
copy's token is a credential (for 15 minutes it lets its holder post and edit as the bot in
that conversation), so it stays in the memory of the process that received it and is never
stored: after a restart an ephemeral copy opened before it can't be edited by the bot any more,
and the player's next panel is a new DM. Such a copy (or one whose 15 minutes ran out) that
gets retired keeps its buttons, so it is remembered as *untold*: a click on it is answered by
editing the retirement line into it with the click's own token (``tell_retired``), before the
click can do anything, instead of a silent acknowledgement of an edit that never comes.
A paced game's "Your move" posts are kept too (``move_pings``), until their move is made.
"""

from __future__ import annotations

import contextlib
import enum
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.i18n import N_, Language, _, language, speaking
from bot.ops.metrics import panel_retired
from bot.storage import MovePing, PanelCopyRow
from bot.ui.copies import CopyKind
from bot.ui.naming import game_label
from bot.ui.outgoing import edit_clicked, has_controls, retired_card, without_controls

log = logging.getLogger(__name__)

EPHEMERAL_EDIT_SECONDS = 14 * 60  # Discord allows 15 minutes; keep a margin

Edit = Callable[..., Awaitable[Any]]
Reopen = Callable[[int, int], discord.PartialMessage]  # (channel id, message id): a message not at hand
GameOf = Callable[[int], Awaitable[str | None]]  # a game id's title key ("sky_of_stars"), to name it


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
    channel_id: int | None = None  # a DM's channel: how a restarted bot finds it again
    delete: Callable[[], Awaitable[Any]] | None = None  # a DM's own delete (a practice table drops old ones)

    def editable(self) -> bool:
        return self.kind is CopyKind.DM or time.monotonic() - self.opened_at < EPHEMERAL_EDIT_SECONDS


class MemoryRows:
    """Where live copies and move pings are kept when ``PanelCopies`` has no database (the same
    methods as the storage's)."""

    def __init__(self) -> None:
        self._copies: dict[tuple[int, int], PanelCopyRow] = {}
        self._pings: dict[tuple[int, int], MovePing] = {}

    async def panel_copy(self, game_id: int, user_id: int) -> PanelCopyRow | None:
        return self._copies.get((game_id, user_id))

    async def panel_copies(self, game_id: int) -> list[PanelCopyRow]:
        return [row for (game, _user), row in self._copies.items() if game == game_id]

    async def set_panel_copy(self, copy: PanelCopyRow) -> None:
        self._copies[(copy.game_id, copy.user_id)] = copy

    async def drop_panel_copy(self, game_id: int, user_id: int, message_id: int) -> bool:
        row = self._copies.get((game_id, user_id))
        return row is not None and row.message_id == message_id and bool(self._copies.pop((game_id, user_id)))

    async def drop_panel_copies(self, game_id: int) -> None:
        for key in [key for key in self._copies if key[0] == game_id]:
            del self._copies[key]

    async def move_pings(self, game_id: int) -> list[MovePing]:
        pings = [ping for (game, _message), ping in self._pings.items() if game == game_id]
        return sorted(pings, key=lambda ping: ping.message_id)

    async def add_move_ping(self, ping: MovePing) -> None:
        self._pings.setdefault((ping.game_id, ping.message_id), ping)

    async def drop_move_ping(self, game_id: int, message_id: int) -> bool:
        return self._pings.pop((game_id, message_id), None) is not None


class PanelCopies:
    """Which copy is each (game, user)'s live one (kept in ``rows()``, the storage), how this
    process edits the copies it has shown, and the public messages of each game with components.

    ``reopen(channel_id, message_id)`` gives a message this process doesn't hold (a DM sent
    before a restart, or by another process) as a ``discord.PartialMessage``."""

    def __init__(
        self,
        rows: Callable[[], Any] | None = None,
        reopen: Reopen | None = None,
        game_of: GameOf | None = None,
    ) -> None:
        memory = MemoryRows()
        self._rows: Callable[[], Any] = rows or (lambda: memory)
        self._reopen = reopen
        self._game_of = game_of
        self._games: dict[int, str] = {}  # game id -> title key, as far as known
        self._shown: dict[int, PanelCopy] = {}  # by message id: the copies this process can edit
        self._public: dict[int, dict[int, discord.Message]] = {}
        self._retired: set[int] = set()
        # retired copies that still show their buttons: their line, in their language, and their game
        self._untold: dict[int, tuple[Where, Language, int]] = {}
        self._redrawn: set[int] = set()
        self._clicked: dict[int, int] = {}  # by game id: the copy the move's click redraws itself

    async def live(self, game_id: int, user_id: int) -> PanelCopy | None:
        """The user's live copy, if it can still be edited."""
        row = await self._rows().panel_copy(game_id, user_id)
        copy = None if row is None else self._copy_of(row)
        return copy if copy is not None and copy.editable() else None

    def _copy_of(self, row: PanelCopyRow) -> PanelCopy | None:
        """The copy ``row`` names, as this process showed it or (a DM) found again by its
        channel; None for an ephemeral copy whose token this process never had."""
        copy = self._shown.get(row.message_id)
        if (
            copy is None
            and row.kind == CopyKind.DM.value
            and row.channel_id is not None
            and self._reopen is not None
        ):
            found = self._reopen(row.channel_id, row.message_id)
            copy = PanelCopy(
                CopyKind.DM,
                row.message_id,
                found.edit,
                language=row.language,
                channel_id=row.channel_id,
                delete=found.delete,
            )
            self._shown[row.message_id] = copy
        return copy

    def know_game(self, game_id: int, game: str) -> None:
        """The title key of ``game_id``: retired copies of it name it without reading the storage."""
        self._games[game_id] = game

    async def _title(self, game_id: int, spoken: Language) -> str | None:
        """The game's label ("A Sky of Stars #12") in ``spoken``, to head a retired copy."""
        game = self._games.get(game_id)
        if game is None and self._game_of is not None:
            try:
                game = await self._game_of(game_id)
            except Exception:  # naming is a courtesy: a retirement must go out without it
                log.exception("game %s: its title could not be read", game_id)
            if game is not None:
                self._games[game_id] = game
        if game is None:
            return None
        with speaking(spoken):
            return game_label(game, game_id)

    async def adopt(self, game_id: int, user_id: int, copy: PanelCopy, *, drop_old_dm: bool = False) -> None:
        """``copy`` is now the user's live panel; the previous one is retired. ``drop_old_dm``: a
        DM replaced by a newer DM is deleted instead (a practice table, played entirely in the DMs,
        would otherwise gather a "newer panel below" line for every step). An ephemeral copy
        replaced by a newer one is deleted too, while its token allows."""
        rows = self._rows()
        old = await rows.panel_copy(game_id, user_id)
        self._shown[copy.message_id] = copy
        channel_id = copy.channel_id if copy.kind is CopyKind.DM else None
        await rows.set_panel_copy(
            PanelCopyRow(game_id, user_id, copy.kind.value, copy.message_id, channel_id, copy.language)
        )
        if old is not None and old.message_id != copy.message_id:
            if copy.kind is CopyKind.EPHEMERAL:
                where = Where.EPHEMERAL
            else:  # a DM replaced by a newer DM is not "moved to your direct messages"
                where = Where.NEWER_DM if old.kind == CopyKind.DM.value else Where.DM
            if drop_old_dm and where is Where.NEWER_DM and copy.kind is CopyKind.DM and await self._drop(old):
                return
            # a copy opened in the thread replaces the one opened before it there: that one goes
            # (a retirement line under each step's copy would pile up around the live one)
            if where is Where.EPHEMERAL and old.kind == CopyKind.EPHEMERAL.value and await self._drop(old):
                return
            await self._retire_row(old, where)

    async def _drop(self, row: PanelCopyRow) -> bool:
        """Delete an old copy (a DM, or an ephemeral one while its token lasts); False if it
        can't be (it is then retired with its line)."""
        copy = self._copy_of(row)
        if copy is None or copy.delete is None or not copy.editable():
            return False
        try:
            await copy.delete()
        except discord.HTTPException as error:
            log.info("panel copy %s could not be deleted: %s", row.message_id, error)
            return False
        self._shown.pop(row.message_id, None)
        self._retired.add(row.message_id)  # a click already on its way is told nothing more
        panel_retired()
        return True

    def refresh_token(
        self, message_id: int, edit: Edit, delete: Callable[[], Awaitable[Any]] | None = None
    ) -> None:
        """A click on a live ephemeral copy gives a fresh token to edit (and delete) it, for 15
        minutes from now. A DM keeps its own message's edit, which never runs out."""
        copy = self._shown.get(message_id)
        if copy is not None and copy.kind is CopyKind.EPHEMERAL:
            fresh = replace(copy, edit=edit, opened_at=time.monotonic())
            self._shown[message_id] = replace(fresh, delete=delete) if delete is not None else fresh

    @contextlib.contextmanager
    def clicked_on(self, game_id: int, message_id: int | None) -> Iterator[None]:
        """While a click's move is played and told: the copy ``message_id`` the click redraws
        itself (``bot.ui.clicks``), so telling the move leaves that copy to it and the clicker's
        panel is drawn once. The game's lock keeps one click of a game at a time."""
        if message_id is None:
            yield
            return
        self._clicked[game_id] = message_id
        try:
            yield
        finally:
            self._clicked.pop(game_id, None)

    def clicked(self, game_id: int) -> int | None:
        """The copy the click being played on this game redraws itself (``clicked_on``)."""
        return self._clicked.get(game_id)

    def redrawn(self, message_id: int) -> None:
        """The move the current click made has already drawn its player's next decision on the
        copy the click sits on: that click's callback must leave it as it is."""
        self._redrawn.add(message_id)

    def is_retired(self, message_id: int) -> bool:
        """A copy retired here, or one just redrawn for its player's next decision (``redrawn``,
        answered once: to that click's callback): the callback must not overwrite it."""
        if message_id in self._redrawn:
            self._redrawn.discard(message_id)
            return True
        return message_id in self._retired

    async def update(self, game_id: int, user_id: int, data: dict[str, Any]) -> bool:
        """Edit the user's live copy with ``data``; False if there is none that can be edited."""
        copy = await self.live(game_id, user_id)
        if copy is None:
            return False
        try:
            await copy.edit(**data)
        except discord.HTTPException as error:
            log.info("game %s: panel copy %s could not be updated: %s", game_id, copy.message_id, error)
            await self._rows().drop_panel_copy(game_id, user_id, copy.message_id)
            self._shown.pop(copy.message_id, None)
            return False
        return True

    async def retire(self, game_id: int, user_id: int, where: Where) -> None:
        row = await self._rows().panel_copy(game_id, user_id)
        if row is not None:
            await self._rows().drop_panel_copy(game_id, user_id, row.message_id)
            await self._retire_row(row, where)

    async def retire_game(self, game_id: int, where: Where = Where.OVER) -> None:
        """Every copy of every seat, and every public message's components, of this game (its
        "Your move" posts from before a restart too)."""
        rows = self._rows()
        copies = await rows.panel_copies(game_id)
        await rows.drop_panel_copies(game_id)
        for row in copies:
            await self._retire_row(row, where)
        for ping in await rows.move_pings(game_id):
            await rows.drop_move_ping(game_id, ping.message_id)
            if ping.message_id not in self._public.get(game_id, {}):
                self.track_public(game_id, await self._fetch(ping.channel_id, ping.message_id))
        await self.strip_public(game_id)

    async def _retire_row(self, row: PanelCopyRow, where: Where) -> None:
        copy = self._copy_of(row)
        self._shown.pop(row.message_id, None)
        if copy is None:  # an ephemeral copy of an earlier process: it can't be edited
            self._retired.add(row.message_id)
            self._untold[row.message_id] = (where, row.language, row.game_id)
            return
        await self._retire(copy, where, row.game_id)

    async def _retire(self, copy: PanelCopy, where: Where, game_id: int) -> None:
        self._retired.add(copy.message_id)
        if not copy.editable():
            self._untold[copy.message_id] = (where, copy.language, game_id)
            return
        with speaking(copy.language):
            line = _(where.value)
        try:
            await copy.edit(**retired_card(line, await self._title(game_id, copy.language)))
            panel_retired()
        except discord.HTTPException as error:
            log.info("panel copy %s could not be retired: %s", copy.message_id, error)

    async def tell_retired(self, interaction: discord.Interaction) -> bool:
        """When the click sits on a copy retired here that could not be edited then, edit its
        retirement line into it now, through the click's own token; True if so (the click
        must then do nothing more)."""
        message = interaction.message
        untold = self._untold.pop(message.id, None) if message is not None else None
        if untold is None:
            return False
        where, spoken, game_id = untold
        with speaking(spoken):
            line = _(where.value)
        await edit_clicked(interaction, retired_card(line, await self._title(game_id, spoken)))
        panel_retired()
        return True

    # -------------------------------------------------------------- "Your move" posts

    async def track_move_ping(self, ping: MovePing, message: discord.Message) -> None:
        """A paced game's "Your move" post: kept (across restarts) until its move is made."""
        self.track_public(ping.game_id, message)
        await self._rows().add_move_ping(ping)

    async def move_pings(self, game_id: int) -> list[MovePing]:
        return await self._rows().move_pings(game_id)

    async def retire_move_ping(self, ping: MovePing, line: str) -> None:
        """Its move was made: the post loses its button and becomes ``line``."""
        await self._rows().drop_move_ping(ping.game_id, ping.message_id)
        message = self._public.get(ping.game_id, {}).pop(ping.message_id, None)
        target = message or (self._reopen(ping.channel_id, ping.message_id) if self._reopen else None)
        if target is None:
            return
        try:
            await target.edit(**retired_card(line))
        except discord.HTTPException as error:
            log.info("game %s: move post %s could not be retired: %s", ping.game_id, ping.message_id, error)

    async def _fetch(self, channel_id: int, message_id: int) -> discord.Message | None:
        if self._reopen is None:
            return None
        try:
            return await self._reopen(channel_id, message_id).fetch()
        except discord.HTTPException as error:
            log.info("message %s could not be fetched: %s", message_id, error)
            return None

    # -------------------------------------------------------------- public messages

    def track_public(self, game_id: int, message: discord.Message | None) -> None:
        if message is not None and has_controls(message):
            self._public.setdefault(game_id, {})[message.id] = message

    def forget_public(self, game_id: int, message_id: int) -> None:
        self._public.get(game_id, {}).pop(message_id, None)

    async def strip_public(self, game_id: int, *, keep: int | None = None) -> None:
        """Remove the components of the game's public messages (all but ``keep``)."""
        messages = self._public.get(game_id, {})
        for message_id in [m for m in messages if m != keep]:
            message = messages.pop(message_id)
            try:
                await message.edit(**(await without_controls(message)))
            except discord.HTTPException as error:
                log.info("game %s: components of message %s stay: %s", game_id, message_id, error)
        if not messages:
            self._public.pop(game_id, None)


def copy_of(message: discord.Message, edit: Edit | None = None) -> PanelCopy | None:
    """The panel copy that ``message`` is: a DM, or an ephemeral copy edited through ``edit``."""
    if message.flags.ephemeral:
        return PanelCopy(CopyKind.EPHEMERAL, message.id, edit) if edit is not None else None
    if message.guild is None:
        return PanelCopy(CopyKind.DM, message.id, edit or message.edit, channel_id=message.channel.id)
    return None
