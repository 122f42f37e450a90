"""The Discord side of the pipeline every game action goes through: load → apply → save (the
move core, ``bot.core.moves``) → render → send.

Callbacks enter through ``bot.ui.interactions.entry`` (which acknowledges them), then call
``perform``; a click that can't be applied raises ``Refusal``, which the entry answers
privately. A per-game lock keeps one game's actions in order inside this process, and the
storage version check refuses a click that was already applied (a double click, or a panel
from an earlier step).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.core.clock import now
from bot.core.moves import Move, Moves, Refused, RunningGame, Why, running
from bot.faces import PRESENTERS
from bot.games import get_game
from bot.games.base import HOUSE_WORDS, Action, IllegalAction
from bot.i18n import N_, _, ngettext, speaking
from bot.storage import GameRecord, Storage
from bot.tell.delivery import Delivery
from bot.tell.pacing import Pacer
from bot.tell.resume import SET_ASIDE, LoadCheck, resume_all
from bot.tell.seat_panels import panel_button_view
from bot.ui.guide import mark_hint
from bot.ui.interactions import Refusal
from bot.ui.outgoing import DmStatus
from bot.ui.presenter import Presenter

log = logging.getLogger(__name__)

GameOverHook = Callable[[Any, GameRecord], Awaitable[None]]
"""Told of each game that ends (the service and the finished record)."""

# Refusals, said with ``_()`` in the clicker's language.
STALE_PANEL = N_(
    "That panel belongs to an earlier step of the game. Use your newest panel, "
    "or press **Open my panel** in the game thread."
)
NOT_RUNNING = N_("This game is no longer running.")
NOT_SEATED = N_(
    "You're not playing in this game. To play, open a lobby of your own with `/play` in the "
    "channel (not in a game's thread): each game gets a thread of its own."
)
ALREADY_DONE = N_("That was already taken into account.")
REFUSALS = {
    Why.NOT_RUNNING: NOT_RUNNING,
    Why.NOT_SEATED: NOT_SEATED,
    Why.STALE: STALE_PANEL,
    Why.ALREADY_DONE: ALREADY_DONE,
    Why.CONFLICTS: ALREADY_DONE,
}


class GameService:
    def __init__(self, bot: Any, on_game_over: GameOverHook | None = None) -> None:
        """``bot``: the ``AstrolabeBot`` (its storage, channels and users). ``on_game_over`` is
        told of every game that ends here; the commands layer passes the one that closes the
        lobby message, so this layer never reaches up into the commands."""
        self.bot = bot
        self._on_game_over = on_game_over
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.pacer = Pacer(self)
        self.delivery = Delivery(self)
        self._load_check = LoadCheck(self)

    @property
    def storage(self) -> Storage:
        return self.bot.storage

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that keeps one game's changes in order inside this process."""
        return self._locks[game_id]

    def presenter(self, record: GameRecord) -> Presenter:
        return PRESENTERS[record.game]

    async def checked(self, record: GameRecord | None) -> GameRecord | None:
        """``record`` as loaded; the first time this process touches a running game, its state
        is checked, and a game that can't be played is set aside then (``bot.tell.resume.LoadCheck``)."""
        return await self._load_check(record)

    # ------------------------------------------------------------------ lookups

    async def channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden):
                log.warning("channel %s is gone or hidden", channel_id)
                return None
        return channel

    async def user(self, user_id: int) -> discord.User | None:
        user = self.bot.get_user(user_id)
        if user is None:
            try:
                user = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                return None
        return user

    # ------------------------------------------------------------------ actions

    async def perform(
        self,
        interaction: discord.Interaction,
        game_id: int,
        action: Action,
        *,
        decision: int | None,
        redraws: int | None = None,
    ) -> RunningGame:
        """Apply a player's action; raise ``Refusal`` (changing nothing) when it can't be.
        ``redraws``: the panel copy the click redraws itself once the move is played, which
        telling the move leaves to it (``PanelCopies.clicked_on``).

        The move core (``bot.core.moves``) re-applies the click when another process sharing
        the database moved the game between our load and our save; only the same click seen
        twice (its interaction id is logged with the move) is answered as already done.
        """
        async with self._locks[game_id]:
            with self.delivery.copies.clicked_on(game_id, redraws):
                try:
                    played = await self.moves.apply(
                        game_id,
                        action,
                        user_id=interaction.user.id,
                        decision=decision,
                        click=str(interaction.id),
                    )
                except IllegalAction as error:
                    raise Refusal(error.message) from error
                except Refused as refused:
                    raise self.refusal(refused) from refused
                await self.pacer.schedule(played.record)
                seat = played.record.seat_of(interaction.user.id)
                if played.record.practice and seat is not None:  # the guide's hint for what comes next
                    await mark_hint(self.storage, self.presenter(played.record), played.record, seat)
                return played.record

    def refusal(self, refused: Refused, public_kind: str | None = None) -> Refusal:
        """The core's refusal in the clicker's words (an old public button of ``public_kind``
        is refused in the face's words for it)."""
        record = refused.record
        if refused.why is Why.SET_ASIDE and record is not None:
            return Refusal(_(SET_ASIDE, id=record.id))
        if refused.why is Why.STALE and public_kind is not None and record is not None:
            return Refusal(self.presenter(record).stale_text(public_kind))
        return Refusal(_(REFUSALS.get(refused.why, NOT_RUNNING)))

    async def clicker_seat(
        self,
        interaction: discord.Interaction,
        game_id: int,
        decision: int | None,
        *,
        public_kind: str | None = None,
    ) -> tuple[RunningGame, int]:
        """The running game and the clicker's seat in it, if the click is still current;
        otherwise a ``Refusal`` saying why (for an old public button of ``public_kind``, in the
        face's words for it). A current click on a panel copy retired without being told so is
        answered on that copy, where to play now, and refused without a word more."""
        moves = self.moves
        try:
            record = await moves.load(game_id)
            seat = moves.seat_of(record, interaction.user.id)
            moves.check_decision(record, decision)
        except Refused as refused:
            raise self.refusal(refused, public_kind) from refused
        if await self.delivery.copies.tell_retired(interaction):
            raise Refusal("", shown=True)
        return record, seat

    async def perform_system(self, game_id: int, action: Action, *, expected_version: int) -> None:
        """A system action (a countdown running out), applied at most once per version."""
        async with self._locks[game_id]:
            try:
                played = await self.moves.apply(game_id, action, expected_version=expected_version)
            except Refused as refused:
                log.debug("system action %s on game %s skipped: %s", action, game_id, refused)
                return
            except IllegalAction as error:
                log.info("system action %s on game %s skipped: %s", action, game_id, error)
                return
            await self.pacer.schedule(played.record)

    async def settle(self, record: GameRecord) -> GameRecord:
        """After any change: bot-controlled seats make their moves, then timers are scheduled.

        Call with the game's lock held. Each bot move goes through the move core as a click does.
        """
        if record.state is not None:
            record = (await self.moves.play_bots(running(record))).record
        await self.pacer.schedule(record)
        return record

    @property
    def moves(self) -> Moves:
        """The move core over this bot's storage, telling the players of every saved move."""
        return Moves(self.storage, check=self.checked, told=self._told)

    async def _told(self, move: Move) -> None:
        after = move.record
        try:
            await self.delivery.announce(after, move.events, move.changed_step, acting=move.seat)
        except Exception:
            # The action is already committed; a failed announcement must not undo or hide it.
            log.exception("could not announce game %s in channel %s", after.id, after.play_channel_id)
        if move.finished and self._on_game_over is not None:
            await self._on_game_over(self, after)

    # ------------------------------------------------------------------ telling people

    async def open_step(self, record: GameRecord, channel: discord.abc.Messageable | None = None) -> None:
        await self.delivery.open_step(running(record), channel)

    async def send_panel(
        self, record: GameRecord, seat: int, channel: discord.abc.Messageable | None = None
    ) -> DmStatus:
        return await self.delivery.panels.send_panel(running(record), seat, channel)

    async def play_channel(self, record: GameRecord) -> discord.abc.Messageable | None:
        """Where the game is played now (a deleted thread is replaced, see ``Delivery``)."""
        return await self.delivery.play_channel(record)

    # ------------------------------------------------------------------ starting

    async def start(self, record: GameRecord, channel: discord.abc.Messageable) -> GameRecord:
        """Set the game up, save it, then open its first step where it will be played.

        Call with the game's lock held (the lobby's Start button holds it)."""
        game = get_game(record.game)
        seed = secrets.randbits(62)
        # The table's language may pick options of its own (a word game's deck): stored with the
        # game, so a replay sets it up the same way.
        options = {**record.options, **game.table_options(record.language.value)}
        if game.wants_house_words(options) and record.guild_id is not None:  # the server's cards, dealt now
            cards = await self.storage.house_words(record.guild_id)
            options[HOUSE_WORDS] = [list(card.words) for card in cards]
        state = game.setup(len(record.seats), options, seed)
        seconds = game.countdown(state)
        started = running(
            await self.storage.start(
                record.id,
                seed=seed,
                state=state,
                deadline_at=now() + seconds if seconds else None,
                options=options if options != record.options else None,
            )
        )
        await self.open_step(started, channel)
        if self.presenter(started).panel_from_start:  # the others' waiting panels, what comes next
            deciding = set(game.to_act(started.state))
            waiting = [
                seat
                for seat, info in enumerate(started.seats)
                if seat not in deciding and not info.bot_controlled and info.dm_open
            ]
            await asyncio.gather(
                *(self.delivery.panels.send_panel(started, seat, channel) for seat in waiting)
            )
        record = started
        record = await self.settle(await self.storage.load(record.id) or record)
        closed = [seat.user_id for seat in record.seats if not seat.dm_open and not seat.is_bot]
        if closed:
            with speaking(record.language):  # public: the table's language, not the host's
                text = ngettext(
                    "{players}: I can't send you direct messages, so press **Open my panel** "
                    "here (or use `/game hand`) whenever it's your move.",
                    "{players}: I can't send you direct messages, so press **Open my panel** "
                    "here (or use `/game hand`) whenever it's your move.",
                    len(closed),
                    players=", ".join(f"<@{user}>" for user in closed),
                )
                view = panel_button_view(record.id)
            await self.delivery.post(record, channel, text, mentions=tuple(closed), view=view)
        return record

    # ------------------------------------------------------------------ timers

    def disarm(self, game_id: int) -> None:
        """Forget a game's pending timers (it ended or was cancelled)."""
        self.pacer.scheduler.clear_game(game_id)

    async def rearm_all(self) -> int:
        """After a restart: resume every game that loads (a game that doesn't is set aside),
        and record the results a crash may have lost. Returns how many games resumed."""
        return await resume_all(self)

    def close(self) -> None:
        self.pacer.close()

    async def wait_idle(self, timeout: float) -> None:
        """Wait, at most ``timeout`` seconds, for the moves in progress (a render may be running
        in a worker thread), so shutting down closes the database after them, not under them."""

        async def all_released() -> None:
            for lock in [lock for lock in self._locks.values() if lock.locked()]:
                async with lock:
                    pass

        try:
            await asyncio.wait_for(all_released(), timeout)
        except TimeoutError:
            log.warning("closing while moves are still in progress")
