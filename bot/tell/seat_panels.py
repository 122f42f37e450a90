"""A seat's panel wherever it is shown, always in its player's language (``Delivery`` holds one,
``delivery.panels``): a DM when it is the seat's move, or its live copy edited in place.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.core.running import RunningGame
from bot.core.speakers import user_language
from bot.core.table import due_by_seat, names_of
from bot.games import get_game
from bot.i18n import Language, _, speaking
from bot.i18n.waiting import deadline_line
from bot.storage import GameRecord
from bot.tell.beacons import Beacons
from bot.tell.live_timer import step_timer
from bot.tell.panel_copies import PanelCopies, PanelCopy, Where
from bot.ui.alt import reads_text
from bot.ui.copies import CopyKind
from bot.ui.guide import mark_hint, with_hint
from bot.ui.naming import named
from bot.ui.outgoing import DmStatus, Outgoing, dm

if TYPE_CHECKING:
    from bot.ui.ports import Service

log = logging.getLogger(__name__)


@dataclass
class Undelivered:
    """What one step of one game still owes: its public message, and panels of these seats."""

    decision: int
    public: bool = False
    seats: set[int] = field(default_factory=set)


def panel_button_view(game_id: int) -> discord.ui.View:
    from bot.ui.components import open_panel_button

    view = discord.ui.View(timeout=None)
    view.add_item(open_panel_button(game_id))
    return view


def jump_link(record: GameRecord) -> str:
    return f"https://discord.com/channels/{record.guild_id}/{record.play_channel_id}"


class SeatPanels:
    """The seats' panels of every game a ``bot.tell.delivery.Delivery`` tells: it shares its live
    copies, the steps it still owes (``undelivered``) and its public ``post`` (the thread's line
    when a seat's DMs are closed)."""

    def __init__(
        self,
        service: Service,
        copies: PanelCopies,
        undelivered: dict[int, Undelivered],
        post: Callable[..., Awaitable[discord.Message | None]],
    ) -> None:
        self.service, self.copies, self._undelivered, self._post = service, copies, undelivered, post
        self.beacons = Beacons(lambda: service.storage)  # live steps kept one tap away
        self._due: dict[tuple[int, int], tuple[int, float]] = {}  # (game, seat) -> (decision, due)

    @property
    def storage(self) -> Any:
        return self.service.storage

    def forget_game(self, game_id: int) -> None:
        """A game is over: nothing of its panels is due any more."""
        for key in [key for key in self._due if key[0] == game_id]:
            del self._due[key]

    async def seat_language(self, record: GameRecord, seat: int) -> Language:
        """The language of a seat's private output (its panel), outside its player's own click."""
        return await user_language(self.service.bot, record.seats[seat].user_id)

    async def send_panel(
        self, record: RunningGame, seat: int, channel: discord.abc.Messageable | None = None
    ) -> DmStatus:
        """DM a seat its panel. Only closed DMs (Discord's 50007) switch the seat to the thread
        fallback, said once in the thread; a failed DM is remembered and re-sent later. The panel
        is in the seat's player's language (the DM copy remembers it)."""
        with speaking(await self.seat_language(record, seat)):
            return await self._send_panel(record, seat, channel)

    async def _send_panel(
        self, record: RunningGame, seat: int, channel: discord.abc.Messageable | None
    ) -> DmStatus:
        seat_record = record.seats[seat]
        out = await self.panel_of(record, seat)
        if await self._panel_in_place(record, seat, out):
            pending = self._undelivered.get(record.id)
            if pending is not None:
                pending.seats.discard(seat)
            await self._keep_reachable(record, seat)
            return DmStatus.SENT if seat_record.dm_open else DmStatus.CLOSED
        user = await self.service.user(seat_record.user_id)
        out.items = [*out.items, *await self.beacons.links_for(seat_record.user_id, record.id)]
        status, message = (await dm(user, out)) if user is not None else (DmStatus.FAILED, None)
        self.beacons.sent(message)
        if message is not None:
            copy = PanelCopy(
                CopyKind.DM, message.id, message.edit, channel_id=message.channel.id, delete=message.delete
            )
            self.copies.know_game(record.id, record.game)
            await self.copies.adopt(record.id, seat_record.user_id, copy, drop_old_dm=record.practice)
        pending = self._undelivered.get(record.id)
        if status is DmStatus.FAILED:
            log.warning(
                "game %s: the panel of seat %s did not reach user %s; it will be re-sent",
                record.id,
                seat,
                seat_record.user_id,
            )
            decision = get_game(record.game).decision_id(record.state)
            if pending is None or pending.decision != decision:
                pending = self._undelivered[record.id] = Undelivered(decision)
            pending.seats.add(seat)
            return status
        if pending is not None:
            pending.seats.discard(seat)
        await self._keep_reachable(record, seat)
        delivered = status is DmStatus.SENT
        if delivered != seat_record.dm_open:
            await self.storage.set_dm_open(record.id, seat_record.user_id, delivered)
            seat_record.dm_open = delivered
            if not delivered and record.version > 0:
                with speaking(record.language):  # said in the thread: the table's language
                    text = _(
                        "<@{user}> I can't send you direct messages, so your panel can't reach you "
                        "there. Press **Open my panel** here (or use `/game hand`) whenever it's "
                        "your move.",
                        user=seat_record.user_id,
                    )
                    view = panel_button_view(record.id)
                await self._post(record, channel, text, mentions=(seat_record.user_id,), view=view)
        return status

    async def _keep_reachable(self, record: RunningGame, seat: int) -> None:
        """A live (timed) step just opened on the seat's DM panel: it stays one tap away
        (``bot.tell.beacons``). A paced game's new DM notifies by itself; a practice table is
        played alone in its own DM."""
        if record.pace or record.practice or not step_timer(record):
            return
        user_id = record.seats[seat].user_id
        copy = await self.copies.live(record.id, user_id)
        if copy is None or copy.kind is not CopyKind.DM or copy.channel_id is None:
            return
        user = await self.service.user(user_id)
        if user is not None:
            await self.beacons.step_opened(record, seat, user, copy.channel_id, copy.message_id)

    # ------------------------------------------------------------------ one live panel

    def due_note(self, record: RunningGame, seat: int) -> str:
        """When this seat's current move is due, as its panel said when the bot sent it (kept
        here, so a panel redrawn from a click says it too without reading the database), or ""
        when the seat owes nothing now or no deadline was shown."""
        known = self._due.get((record.id, seat))
        game = get_game(record.game)
        if known is None or known[0] != game.decision_id(record.state):
            return ""
        if seat not in game.to_act(record.state):
            return ""
        return deadline_line(known[1])

    async def panel_of(self, record: RunningGame, seat: int, *, jump: bool = True) -> Outgoing:
        """A seat's panel in the current language (its player's: callers speak it), with its
        picture's words as text for a player who reads boards as text. In a paced game it says
        when the seat's move is due, and (``jump``, for a DM) links the thread."""
        view = get_game(record.game).view(record.state, seat)
        out = named(
            self.service.presenter(record).panel(view, names_of(record), record.id), record.game, record.id
        )
        hint = await mark_hint(self.storage, self.service.presenter(record), record, seat)
        out = with_hint(out, hint, record.id)
        out.spoken = await reads_text(self.service.bot, record.seats[seat].user_id)
        if record.pace or step_timer(record):  # a paced deadline or a live table's step timer
            due = due_by_seat(await self.storage.deadlines(record.id), record).get(seat)
            if due is not None:
                out.content += "\n" + deadline_line(due)
                self._due[(record.id, seat)] = (get_game(record.game).decision_id(record.state), due)
        if record.pace and jump and record.guild_id:
            out.content += "\n" + _("[Jump to the game]({link})", link=jump_link(record))
        return out

    async def _panel_in_place(self, record: GameRecord, seat: int, out: Outgoing) -> bool:
        """The rule for a seat's next decision (README, "one live panel"). A live game edits the
        seat's live copy in place, a DM or an ephemeral one: its players are at the table. A paced
        game replaces a DM copy with a new DM, which notifies (a DM edit doesn't) and retires the
        old one; an ephemeral copy (closed DMs, or Open my panel) is edited in place while Discord
        allows it. A copy the current click sits on and kept is redrawn here, and its callback
        leaves it so. False: no copy can be edited, so a new DM goes out."""
        info = record.seats[seat]
        copy = await self.copies.live(record.id, info.user_id)
        if copy is None:
            return False
        if (record.pace or record.practice) and info.dm_open and copy.kind is CopyKind.DM:
            return False  # a practice table's cards share the DMs: the new panel goes under them
        if not await self.copies.update(record.id, info.user_id, await out.kwargs(editing=True)):
            return False
        if copy.message_id == self.copies.clicked(record.id):
            self.copies.redrawn(copy.message_id)
        return True

    async def update_panels(
        self, record: RunningGame, *, only: set[int] | None = None, exclude: AbstractSet[int] = frozenset()
    ) -> None:
        """Bring the live copies of these seats up to date with the game (after a move made
        anywhere: a typed line, a thread button, another copy)."""
        for seat, info in enumerate(record.seats):
            if (only is not None and seat not in only) or seat in exclude or info.bot_controlled:
                continue
            copy = await self.copies.live(record.id, info.user_id)
            if copy is None or copy.message_id == self.copies.clicked(record.id):
                continue
            with speaking(await self.seat_language(record, seat)):
                out = await self.panel_of(record, seat)
            await self.copies.update(record.id, info.user_id, await out.kwargs(editing=True))

    async def adopt_ephemeral(
        self, record: GameRecord, user_id: int, message: discord.Message, edit: Callable[..., Awaitable[Any]]
    ) -> None:
        """An ephemeral copy was opened (Open my panel, ``/game hand``): it is the live one now."""
        self.copies.know_game(record.id, record.game)
        copy = PanelCopy(CopyKind.EPHEMERAL, message.id, edit, delete=message.delete)
        await self.copies.adopt(record.id, user_id, copy)

    async def retire_seat(self, record: GameRecord, seat: int, where: Where = Where.LEFT) -> None:
        """The seat went to the bot or another player: its copies close."""
        await self.copies.retire(record.id, record.seats[seat].user_id, where)
