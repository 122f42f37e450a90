"""Telling people: the public messages of a step, the panels by DM, and where a game is played.

Public messages (the status card, the board, the results, notes in the thread) are built in the
table's language (``record.language``), private ones (a seat's panel, wherever it is shown) in
that player's (``bot.core.speakers``), whoever's click or timer caused them: each sender here says
which with ``speaking``.

Every send here stands on its own. A failed public message doesn't stop the panels (they don't
depend on it), a transient failure is tried once more, and whatever still failed is remembered
so the next move, or ``/game status``, re-sends it. A game whose thread was deleted moves to a
new thread of its channel (or the channel itself) and goes on there.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.core.running import RunningGame
from bot.core.table import names_of
from bot.games import get_game
from bot.i18n import _, ngettext, speaking, translate
from bot.storage import GameRecord
from bot.tell.live_timer import step_timer
from bot.tell.panel_copies import PanelCopies, Where
from bot.tell.seat_panels import SeatPanels, Undelivered
from bot.tell.status_card import StatusCards, with_events
from bot.ui.outgoing import NO_MENTIONS, Outgoing, card_of, is_card, only_users, retrying, send_to
from bot.ui.replies import PrivateReplies

if TYPE_CHECKING:
    from bot.ui.ports import Service

log = logging.getLogger(__name__)

Send = Callable[[discord.abc.Messageable], Awaitable[discord.Message]]


def format_events(events: list[str], names: list[str]) -> str:
    """The events in the current language, seat names filled in."""
    return "\n".join(translate(event).format(*names) for event in events)


class Delivery:
    """The public messages of a game and where it is played; the seats' panels are its ``panels``."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self._undelivered: dict[int, Undelivered] = {}
        # live copies, kept in storage
        self.copies = PanelCopies(lambda: service.storage, self.message_at, self._game_of)
        self.panels = SeatPanels(service, self.copies, self._undelivered, self.post)
        self.cards = StatusCards(self)
        self.replies = PrivateReplies()  # private lines about a game, deleted once stale

    @property
    def storage(self) -> Any:
        return self.service.storage

    async def _game_of(self, game_id: int) -> str | None:
        """A game's title key, for a retired copy of it to name it."""
        record = await self.storage.load(game_id)
        return None if record is None else str(record.game)

    def message_at(self, channel_id: int, message_id: int) -> discord.PartialMessage:
        """A message this process doesn't hold (a DM sent before a restart, or by another process
        sharing the database), to edit or fetch."""
        return self.service.bot.get_partial_messageable(channel_id).get_partial_message(message_id)

    # ------------------------------------------------------------------ where

    async def play_channel(self, record: GameRecord) -> discord.abc.Messageable | None:
        """Where the game is played; when its thread is gone, a new place (see ``relocate``)."""
        bot = self.service.bot
        place = bot.get_channel(record.play_channel_id)
        if place is not None:
            return place  # type: ignore[return-value]
        try:
            return await bot.fetch_channel(record.play_channel_id)  # type: ignore[return-value]
        except (discord.NotFound, discord.Forbidden):
            log.warning("game %s: channel %s is gone or hidden", record.id, record.play_channel_id)
        except discord.HTTPException as error:
            log.warning("game %s: could not look up channel %s: %s", record.id, record.play_channel_id, error)
            return None
        return await self.relocate(record) if record.thread_id is not None else None

    async def relocate(self, record: GameRecord) -> discord.abc.Messageable | None:
        """The game's thread was deleted: open a new thread in its channel (or play in the
        channel itself), store the new place, and say so there. Updates ``record``."""
        parent = await self.service.channel(record.channel_id)
        if parent is None:
            return None
        place: Any = parent
        with speaking(record.language):
            title = _(get_game(record.game).title)
        if isinstance(parent, discord.TextChannel):
            try:
                place = await parent.create_thread(
                    name=f"{title} #{record.id}",
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=1440,
                )
            except discord.HTTPException as error:
                log.info("game %s: no new thread (%s); playing in the channel", record.id, error)
        thread_id = None if place.id == record.channel_id else place.id
        await self.storage.set_messages(record.id, thread_id=thread_id, status_message_id=None)
        log.warning("game %s: thread %s is gone; the game moves to %s", record.id, record.thread_id, place.id)
        record.thread_id, record.status_message_id = thread_id, None
        with speaking(record.language):
            note = _("The thread of game #{id} was deleted, so the game goes on here.", id=record.id)
        await self._send(
            record, place, lambda c: c.send(note, allowed_mentions=NO_MENTIONS), "relocation note"
        )
        return place

    async def _send(
        self, record: GameRecord, channel: discord.abc.Messageable, send: Send, what: str
    ) -> discord.Message | None:
        """One public send, once more after a transient failure; on a deleted thread, once more
        in the game's new place. ``None`` (and a log line) if it still failed."""
        try:
            return await retrying(lambda: send(channel), f"game {record.id}: {what}")
        except discord.NotFound:
            if record.thread_id is None or getattr(channel, "id", None) != record.thread_id:
                log.warning("game %s: %s: channel not found", record.id, what)
                return None
            place = await self.relocate(record)
        except discord.HTTPException as error:
            log.warning("game %s: could not send the %s: %s", record.id, what, error)
            return None
        if place is None:
            return None
        try:
            return await send(place)
        except discord.HTTPException as error:
            log.warning("game %s: could not send the %s: %s", record.id, what, error)
            return None

    async def post(
        self,
        record: GameRecord,
        channel: discord.abc.Messageable | None,
        text: str,
        *,
        mentions: tuple[int, ...] = (),
        **extra: Any,
    ) -> discord.Message | None:
        """A short public text where the game is played, pinging exactly ``mentions``. ``text``:
        a ``Msg`` (said here in the table's language) or a text already in it."""
        with speaking(record.language):
            text = translate(text)
        channel = channel or await self.play_channel(record)
        if channel is None:
            return None
        allowed = only_users(*mentions) if mentions else NO_MENTIONS
        message = await self._send(
            record, channel, lambda c: c.send(text[:2000], allowed_mentions=allowed, **extra), "message"
        )
        self.copies.track_public(record.id, message)
        return message

    async def send_public(
        self, record: GameRecord, channel: discord.abc.Messageable | None, out: Outgoing, what: str
    ) -> discord.Message | None:
        """A public ``Outgoing`` where the game is played, remembered if it has components."""
        if channel is None:
            return None
        message = await self._send(record, channel, lambda c: send_to(c, out), what)
        self.copies.track_public(record.id, message)
        return message

    # ------------------------------------------------------------------ after a move

    async def announce(
        self, after: RunningGame, events: list[str], changed_step: bool, acting: int | None = None
    ) -> None:
        """Say what happened, then open the next step, refresh progress, or show the results."""
        with speaking(after.language):  # public: the table's language, whoever moved
            await self._announce(after, events, changed_step, acting)
        await self.service.presenter(after).after_move(after, events, self)

    async def _announce(
        self, after: RunningGame, events: list[str], changed_step: bool, acting: int | None
    ) -> None:
        channel = await self.play_channel(after)
        presenter = self.service.presenter(after)
        public = get_game(after.game).view(after.state, None) if events else {}
        lines = [
            translate(event).format(*names_of(after))
            for event in events
            if not presenter.told_by_card(public, event)
        ]
        if events and channel is not None:
            dressed = presenter.announcement(public, names_of(after), events, after.id)
            if dressed is not None:  # the face shows these events as one richer message (a reveal)
                await self.send_public(after, channel, dressed, "announcement")
                lines = []
            channel = await self.play_channel(after)  # the thread may have moved meanwhile
        if after.status == "finished":
            await self.finish(after, channel, lines)
        elif changed_step:
            await self.open_step(after, channel, lines)
        elif after.status_message_id is None or after.id in self._undelivered:
            if lines:
                await self.post(after, channel, "\n".join(lines))
            await self.reopen(after, channel)
        elif channel is not None:
            if not await self.cards.note(after, channel, lines):
                if lines:
                    await self.post(after, channel, "\n".join(lines))
                await self._refresh_progress(after, channel)
            if acting is not None:
                await self.panels.update_panels(after, only={acting})

    async def open_step(
        self, record: RunningGame, channel: discord.abc.Messageable | None = None, events: Sequence[str] = ()
    ) -> None:
        """Open the status card of a new step (with the events that led to it) and give each
        deciding seat its panel. What fails is remembered for ``reopen``."""
        with speaking(record.language):
            await self._open_step(record, channel, list(events))

    async def _open_step(
        self, record: RunningGame, channel: discord.abc.Messageable | None, events: list[str]
    ) -> None:
        game = get_game(record.game)
        self._undelivered[record.id] = Undelivered(game.decision_id(record.state))
        await self.replies.step_moved(record.id, game.decision_id(record.state))
        channel = channel or await self.play_channel(record)
        message = await self._post_step(record, channel, list(events))
        humans = [s for s in game.to_act(record.state) if not record.seats[s].bot_controlled]
        if (record.pace or step_timer(record)) and record.status == "active":  # panels say when moves are due
            await self.service.pacer.deadlines(record)
        now_seats = await self.service.pacer.ping_step(record, humans, channel, message)
        await asyncio.gather(*(self.panels.send_panel(record, seat, channel) for seat in now_seats))
        await self.panels.update_panels(record, exclude=set(now_seats))
        self._forget_if_done(record.id)

    async def reopen(self, record: RunningGame, channel: discord.abc.Messageable | None = None) -> bool:
        """Re-send what the current step couldn't deliver: its public message if it is missing,
        and the panels that didn't arrive. Returns whether anything was re-sent."""
        with speaking(record.language):
            return await self._reopen(record, channel)

    async def _reopen(self, record: RunningGame, channel: discord.abc.Messageable | None) -> bool:
        game = get_game(record.game)
        decision = game.decision_id(record.state)
        pending = self._undelivered.get(record.id)
        if pending is not None and pending.decision != decision:
            pending = None
        channel = channel or await self.play_channel(record)
        missing_public = (pending is not None and pending.public) or not await self._step_message_exists(
            record, channel
        )
        seats = sorted(s for s in (pending.seats if pending else ()) if s in game.to_act(record.state))
        if not missing_public and not seats:
            self._undelivered.pop(record.id, None)
            return False
        self._undelivered[record.id] = Undelivered(decision, seats=set(seats))
        if missing_public:
            await self._post_step(record, channel)
        await asyncio.gather(*(self.panels.send_panel(record, seat, channel) for seat in seats))
        self._forget_if_done(record.id)
        return True

    async def _post_step(
        self, record: RunningGame, channel: discord.abc.Messageable | None, events: Sequence[str] = ()
    ) -> discord.Message | None:
        message = None
        if channel is not None:
            message = await self.cards.open(record, channel, list(events))
        await self.storage.set_messages(record.id, status_message_id=message.id if message else None)
        record.status_message_id = message.id if message else None
        if message is None:
            self._undelivered[record.id].public = True
        else:
            self._undelivered[record.id].public = False
        return message

    async def _step_message_exists(self, record: GameRecord, channel: discord.abc.Messageable | None) -> bool:
        if record.status_message_id is None or channel is None:
            return False
        try:
            await channel.fetch_message(record.status_message_id)
        except discord.NotFound:
            return False
        except discord.HTTPException as error:
            log.info("game %s: could not check the step message: %s", record.id, error)
        return True

    def _forget_if_done(self, game_id: int) -> None:
        pending = self._undelivered.get(game_id)
        if pending is not None and not pending.public and not pending.seats:
            del self._undelivered[game_id]

    async def _refresh_progress(self, record: RunningGame, channel: discord.abc.Messageable) -> None:
        assert record.status_message_id is not None
        public = get_game(record.game).view(record.state, None)
        line = self.service.presenter(record).progress(public, names_of(record))
        try:
            message = await channel.fetch_message(record.status_message_id)
            if is_card(message):  # its words and picture stay; its controls are the step's own
                out = card_of(message)
                out.footer, out.items = line, self.cards.compose(record).items
                await message.edit(**(await out.kwargs(editing=True, keep_images=True, on=message)))
            else:  # an embed sent before cards: only its footer changes
                embed = message.embeds[0] if message.embeds else discord.Embed()
                embed.set_footer(text=line)
                await message.edit(embed=embed)
        except discord.HTTPException:
            log.warning("could not refresh progress of game %s", record.id)

    async def finish(
        self, record: RunningGame, channel: discord.abc.Messageable | None, events: Sequence[str] = ()
    ) -> None:
        """The results (with the last move's events), and nothing left to click anywhere."""
        with speaking(record.language):
            await self._finish(record, channel, list(events))

    async def _finish(
        self, record: RunningGame, channel: discord.abc.Messageable | None, events: list[str]
    ) -> None:
        self.service.disarm(record.id)
        self._undelivered.pop(record.id, None)
        await self.retire_game(record)
        if channel is None:
            return
        public = get_game(record.game).view(record.state, None)
        out = with_events(self.service.presenter(record).results(public, names_of(record)), list(events))
        await self._send(record, channel, lambda c: send_to(c, out), "results")
        if len(record.seats) == 1 and not record.seats[0].is_bot:
            text = await self._solo_best_line(record)
            if text:
                await self.post(record, channel, text)

    async def _solo_best_line(self, record: RunningGame) -> str | None:
        """Solo games are played against your own record on this server, so say how this one did."""
        outcome = get_game(record.game).outcome(record.state)
        if outcome is None:
            return None
        seat = record.seats[0]
        score = outcome.scores[0]
        earlier = await self.storage.solo_best(
            record.guild_id, record.game, seat.user_id, exclude_game=record.id
        )
        if earlier.best is None:
            return ngettext(
                "First solo game here for {name}: {n} point is the record to beat.",
                "First solo game here for {name}: {n} points is the record to beat.",
                score,
                name=seat.name,
            )
        if score > earlier.best:
            return _(
                "New personal best for {name} on this server: {score} (previous best {best}).",
                name=seat.name,
                score=score,
                best=earlier.best,
            )
        return ngettext(
            "{name}'s personal best on this server stays {best} ({n} earlier solo game).",
            "{name}'s personal best on this server stays {best} ({n} earlier solo games).",
            earlier.played,
            name=seat.name,
            best=earlier.best,
        )

    async def retire_game(self, record: GameRecord) -> None:
        """The game ended or was cancelled: no panel, card or public button of it stays live."""
        self.panels.forget_game(record.id)  # its panels' deadlines: nothing is due in a game that is over
        card = self.cards.card(record.id)
        if card is not None:
            with speaking(record.language):
                await self.cards.retire(record.id, card)
            self.cards.forget(record.id)
        await self.copies.retire_game(record.id, Where.OVER)
        await self.replies.game_over(record.id)
        await self.panels.beacons.forget_game(record)
