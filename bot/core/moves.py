"""The move core: load → check → apply → save, retried when another process moved the game first,
then the moves of the seats the bot plays.

Every move of every game goes through here: a player's click (``bot.tell.service``), a countdown
or a missed deadline (``bot.tell.pacing``), the bot's seats, and also the multi-process test
worker and the shards bench, so the race those exercise is the one the bot runs. Nothing here
imports ``discord``: whoever tells the players passes ``told``, called after each saved move
and before the next one is made. The caller keeps one game's moves in order inside its
process (``GameService.lock``); between processes the stored version decides (``StaleVersion``).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from bot.core.clock import now
from bot.core.running import RunningGame, running
from bot.core.table import bot_rng
from bot.games import get_game
from bot.games.base import Action, Game
from bot.storage import AlreadyApplied, GameRecord, StaleVersion, Storage

log = logging.getLogger(__name__)

CONFLICT_RETRIES = 20  # reloads of a game another process keeps moving before we give up
BOT_MOVES = 10_000  # a bound on the bot's moves in a row, against a game that never hands back


class Why(enum.Enum):
    """Why the table turns a move down (the Discord side says it in the player's language)."""

    NOT_RUNNING = "not running"  # no such game, or it is over or still a lobby
    SET_ASIDE = "set aside"  # its stored state can't be played (``bot.tell.resume``)
    NOT_SEATED = "not seated"  # the user plays no seat in it
    STALE = "stale"  # the move was meant for an earlier step (decision or version)
    ALREADY_DONE = "already done"  # this very click is already in the log
    CONFLICTS = "conflicts"  # other processes kept moving the game; we gave up


class Refused(Exception):
    """A move turned down before anything changed. ``record``: the game, when it was loaded.
    The rules' own refusals stay ``IllegalAction`` (their message is for the player)."""

    def __init__(self, why: Why, record: GameRecord | None = None) -> None:
        super().__init__(why.value)
        self.why = why
        self.record = record


@dataclass(frozen=True)
class Move:
    """One saved move: the game after it and what it said."""

    record: RunningGame
    seat: int | None
    action: Action
    events: list[str]
    changed_step: bool  # a new decision opened (panels and timers change)
    by_bot: bool

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"


@dataclass(frozen=True)
class Played:
    """A move and the bot's moves after it, all saved; ``record`` is the game after the last."""

    record: RunningGame
    moves: list[Move]
    conflicts: int  # times another process moved the game first and the move was applied again


Check = Callable[[GameRecord | None], Awaitable[GameRecord | None]]
Told = Callable[[Move], Awaitable[None]]


async def _unchecked(record: GameRecord | None) -> GameRecord | None:
    return record


async def _untold(move: Move) -> None:
    return None


class Moves:
    """The move core over one storage. ``games`` finds a record's rules (the registry's, or a
    test game's); ``check`` looks at a loaded game first (``LoadCheck`` sets a broken one
    aside); ``told`` hears of each saved move, in order."""

    def __init__(
        self,
        storage: Storage,
        *,
        games: Callable[[str], Game] = get_game,
        check: Check = _unchecked,
        told: Told = _untold,
    ) -> None:
        self.storage = storage
        self.games = games
        self.check = check
        self.told = told

    async def load(self, game_id: int) -> RunningGame:
        """The running game, or ``Refused`` (not running, or set aside)."""
        record = await self.check(await self.storage.load(game_id))
        if record is None or record.status != "active":
            raise Refused(Why.NOT_RUNNING, record)
        if record.set_aside or record.state is None:
            raise Refused(Why.SET_ASIDE, record)
        return running(record)

    def seat_of(self, record: RunningGame, user_id: int) -> int:
        """The seat ``user_id`` plays, or ``Refused``."""
        seat = record.seat_of(user_id)
        if seat is None:
            raise Refused(Why.NOT_SEATED, record)
        return seat

    def check_decision(self, record: RunningGame, decision: int | None) -> None:
        """``Refused`` when a move meant for ``decision`` comes after the game moved past it."""
        if decision is not None and decision != self.games(record.game).decision_id(record.state):
            raise Refused(Why.STALE, record)

    async def apply(
        self,
        game_id: int,
        action: Action,
        *,
        seat: int | None = None,
        user_id: int | None = None,
        decision: int | None = None,
        expected_version: int | None = None,
        click: str | None = None,
        retries: int = CONFLICT_RETRIES,
    ) -> Played:
        """Load the game, apply ``action`` for ``seat`` (or for the seat of ``user_id``; neither:
        a system action), save it, then let the bot's seats move.

        Another process may move the game between our load and our save: the action is then
        applied again to the game as it now stands, unless it was meant for ``expected_version``
        only (a countdown) or the very ``click`` is in the log already. Raises ``Refused`` or
        the rules' ``IllegalAction``, having changed nothing.
        """
        conflicts = 0
        for _attempt in range(retries):
            record = await self.load(game_id)
            if expected_version is not None and record.version != expected_version:
                raise Refused(Why.STALE, record)
            who = self.seat_of(record, user_id) if user_id is not None else seat
            self.check_decision(record, decision)
            try:
                move = await self.save(record, who, action, click=click)
            except AlreadyApplied as error:
                raise Refused(Why.ALREADY_DONE, record) from error
            except StaleVersion as error:
                if expected_version is not None:
                    raise Refused(Why.STALE, record) from error
                conflicts += 1
                log.info("game %s moved in another process; applying the move again", game_id)
                continue
            bots = await self.play_bots(move.record)
            return Played(bots.record, [move, *bots.moves], conflicts)
        raise Refused(Why.CONFLICTS)

    async def play_bots(self, record: RunningGame) -> Played:
        """The seats the bot plays move while the game waits on one of them."""
        game = self.games(record.game)
        moves: list[Move] = []
        for _move in range(BOT_MOVES):
            if record.status != "active":
                break
            state = record.state
            chosen = (
                (seat, game.bot_action(state, seat, bot_rng(record, seat)))
                for seat in game.to_act(state)
                if record.seats[seat].bot_controlled
            )
            bot_move = next(((seat, action) for seat, action in chosen if action is not None), None)
            if bot_move is None:
                break
            moves.append(await self.save(record, bot_move[0], bot_move[1], by_bot=True))
            record = moves[-1].record
        return Played(record, moves, 0)

    async def save(
        self,
        record: RunningGame,
        seat: int | None,
        action: Action,
        *,
        by_bot: bool = False,
        extra_events: tuple[str, ...] = (),
        click: str | None = None,
    ) -> Move:
        """Apply one action to ``record`` as loaded and save it, or raise (``IllegalAction``,
        ``StaleVersion`` if the game moved since, ``AlreadyApplied``) having saved nothing.
        ``by_bot``: the bot moved for ``seat``. Then ``told`` hears of it."""
        game = self.games(record.game)
        applied = game.apply(record.state, seat, action)
        events = [*extra_events, *applied.events]
        finished = game.is_over(applied.state)
        changed_step = game.decision_id(applied.state) != game.decision_id(record.state)
        deadline = record.deadline_at
        if changed_step or finished:
            seconds = None if finished else game.countdown(applied.state)
            deadline = now() + seconds if seconds else None
        # The results are written with the final action, in one transaction (see record_action).
        version = await self.storage.record_action(
            record.id,
            expected_version=record.version,
            seat=seat,
            action=action,
            state=applied.state,
            events=events,
            finished=finished,
            deadline_at=deadline,
            outcome=game.outcome(applied.state) if finished else None,
            click=click,
        )
        after = replace(
            record,
            state=applied.state,
            version=version,
            deadline_at=deadline,
            status="finished" if finished else "active",
        )
        if seat is not None and not by_bot and record.seats[seat].timeouts:
            await self.storage.set_seat_control(record.id, seat, timeouts=0)
            after.seats[seat].timeouts = 0
        move = Move(after, seat, action, events, changed_step, by_bot)
        await self.told(move)
        return move
