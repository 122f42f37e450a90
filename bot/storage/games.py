"""Lobbies, seats and play: the writes that move a game along (a part of ``Storage``)."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from bot.i18n.languages import DEFAULT, Language
from bot.storage.base import StorageBase
from bot.storage.dialect import Tx
from bot.storage.records import (
    MAX_ID,
    STATUSES,
    UNSET,
    AlreadyApplied,
    GameRecord,
    SeatTaken,
    StaleVersion,
    StorageError,
    _Unset,
)
from bot.storage.rows import dumps, events_dumps
from bot.storage.statements import (
    SQL_DELETE_SEAT,
    SQL_INSERT_ACTION,
    SQL_INSERT_BOT_SEAT,
    SQL_INSERT_GAME,
    SQL_INSERT_SEAT,
    SQL_SELECT_CLICK_LOGGED,
    SQL_SELECT_FINISHED_WITHOUT_RESULTS,
    SQL_SELECT_NEXT_SEAT,
    SQL_SHIFT_SEATS_DOWN,
    SQL_SHIFT_SEATS_UP,
    SQL_UPDATE_GAME_AFTER_ACTION,
    SQL_UPDATE_GAME_MESSAGES,
    SQL_UPDATE_GAME_SET_ASIDE,
    SQL_UPDATE_GAME_START,
    SQL_UPDATE_GAME_STATUS,
    SQL_UPDATE_GAME_TOUCH,
    SQL_UPDATE_LOBBY_OPTIONS,
    SQL_UPDATE_SEAT_CONTROL,
    SQL_UPDATE_SEAT_DM_OPEN,
    SQL_UPDATE_SEAT_PLAYER,
)

if TYPE_CHECKING:
    from bot.games.outcome import Outcome

log = logging.getLogger(__name__)


class Games(StorageBase):
    """The lobby, the start, every action and the end of a game."""

    # ---- lobby ----------------------------------------------------------------------------

    async def create_lobby(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        pace: int = 0,
        language: Language = DEFAULT,
    ) -> GameRecord:
        """A new game in ``lobby`` status with its host in seat 0, played in ``language``."""
        params = {
            "game": game,
            "guild_id": guild_id,
            "channel_id": channel_id,
            "host_id": host_id,
            "options": dumps(options),
            "now": time.time(),
            "pace": pace,
            "language": language.value,
        }
        async with self._write() as tx:
            game_id = await tx.insert(SQL_INSERT_GAME, params)
            seat = {"game_id": game_id, "seat": 0, "user_id": host_id, "name": host_name}
            await tx.execute(SQL_INSERT_SEAT, seat)
            record = await self._require(tx, game_id)
        log.info("created %s lobby %d in channel %d", game, game_id, channel_id)
        return record

    async def load(self, game_id: int) -> GameRecord | None:
        if abs(game_id) > MAX_ID:  # no such game, and the driver can't even send the number
            return None
        async with self._read() as tx:
            return await self._load_in(tx, game_id)

    async def _lobby(self, tx: Tx, game_id: int) -> GameRecord:
        """The game, its row locked, if it is still a lobby (seats change only there)."""
        await self._lock_game(tx, game_id)
        game = await self._require(tx, game_id)
        if game.status != "lobby":
            raise StorageError(f"game {game_id} is {game.status}; seats only change in the lobby")
        return game

    async def add_seat(self, game_id: int, user_id: int, name: str) -> GameRecord:
        """Seat a user after the others. Seat limits are the game's business, not storage's."""
        async with self._write() as tx:
            game = await self._lobby(tx, game_id)
            if game.seat_of(user_id) is not None:
                raise SeatTaken(f"user {user_id} is already seated in game {game_id}")
            seat = await tx.fetchval(SQL_SELECT_NEXT_SEAT, {"game_id": game_id})
            try:
                await tx.execute(
                    SQL_INSERT_SEAT, {"game_id": game_id, "seat": seat, "user_id": user_id, "name": name}
                )
            except self._dialect.integrity_errors as error:  # pragma: no cover - guarded above
                raise SeatTaken(f"user {user_id} is already seated in game {game_id}") from error
            await tx.execute(SQL_UPDATE_GAME_TOUCH, {"game_id": game_id, "now": time.time()})
            return await self._require(tx, game_id)

    async def add_bot_seat(self, game_id: int, name: str) -> GameRecord:
        """Seat the bot after the others (lobby only); its user id is negative and unique."""
        async with self._write() as tx:
            await self._lobby(tx, game_id)
            seat = await tx.fetchval(SQL_SELECT_NEXT_SEAT, {"game_id": game_id})
            await tx.execute(SQL_INSERT_BOT_SEAT, {"game_id": game_id, "seat": seat, "name": name})
            return await self._require(tx, game_id)

    async def remove_seat(self, game_id: int, user_id: int) -> GameRecord:
        """Unseat a user; later seats move down so seats stay 0..k-1 in joining order."""
        async with self._write() as tx:
            game = await self._lobby(tx, game_id)
            seat = game.seat_of(user_id)
            if seat is None:
                raise StorageError(f"user {user_id} is not seated in game {game_id}")
            await tx.execute(SQL_DELETE_SEAT, {"game_id": game_id, "user_id": user_id})
            await tx.execute(SQL_SHIFT_SEATS_UP, {"game_id": game_id, "seat": seat})
            await tx.execute(SQL_SHIFT_SEATS_DOWN, {"game_id": game_id})
            await tx.execute(SQL_UPDATE_GAME_TOUCH, {"game_id": game_id, "now": time.time()})
            return await self._require(tx, game_id)

    async def set_dm_open(self, game_id: int, user_id: int, dm_open: bool) -> None:
        """Remember whether DMs reach this player, so the bot stops retrying closed DMs."""
        params = {"game_id": game_id, "user_id": user_id, "dm_open": int(dm_open)}
        async with self._one(write=True) as tx:
            if not await tx.execute(SQL_UPDATE_SEAT_DM_OPEN, params):
                raise StorageError(f"user {user_id} is not seated in game {game_id}")

    async def set_lobby_options(self, game_id: int, options: dict[str, Any]) -> GameRecord:
        """The host changed an option in the lobby; ``StaleVersion`` once the lobby has closed."""
        params = {"game_id": game_id, "options": dumps(options), "now": time.time()}
        async with self._write() as tx:
            if not await tx.execute(SQL_UPDATE_LOBBY_OPTIONS, params):
                raise StaleVersion(f"game {game_id} is no longer a lobby")
            return await self._require(tx, game_id)

    async def set_messages(
        self,
        game_id: int,
        *,
        lobby_message_id: int | None | _Unset = UNSET,
        status_message_id: int | None | _Unset = UNSET,
        thread_id: int | None | _Unset = UNSET,
    ) -> None:
        """Remember Discord message/thread ids. Only the arguments given change; ``None`` clears."""
        given = {"lobby": lobby_message_id, "status": status_message_id, "thread": thread_id}
        if all(value is UNSET for value in given.values()):
            return
        params: dict[str, Any] = {"game_id": game_id, "now": time.time()}
        for name, value in given.items():
            params[f"set_{name}"] = value is not UNSET
            params["thread_id" if name == "thread" else f"{name}_message_id"] = (
                None if isinstance(value, _Unset) else value
            )
        async with self._one(write=True) as tx:
            if not await tx.execute(SQL_UPDATE_GAME_MESSAGES, params):
                raise StorageError(f"no game {game_id}")

    # ---- seats during play ----------------------------------------------------------------

    async def set_seat_control(
        self,
        game_id: int,
        seat: int,
        *,
        autopilot: bool | None = None,
        left_game: bool | None = None,
        timeouts: int | None = None,
    ) -> None:
        """Hand a seat to the bot or back, mark it left, or count its missed deadlines."""
        params = {
            "game_id": game_id,
            "seat": seat,
            "autopilot": None if autopilot is None else int(autopilot),
            "left_game": None if left_game is None else int(left_game),
            "timeouts": timeouts,
        }
        async with self._one(write=True) as tx:
            if not await tx.execute(SQL_UPDATE_SEAT_CONTROL, params):
                raise StorageError(f"no seat {seat} in game {game_id}")

    async def replace_player(self, game_id: int, seat: int, user_id: int, name: str) -> None:
        """Give a human seat to another person, who plays it from now on."""
        params = {"game_id": game_id, "seat": seat, "user_id": user_id, "name": name}
        async with self._write() as tx:
            game = await self._require(tx, game_id)
            if game.seat_of(user_id) is not None:
                raise SeatTaken(f"user {user_id} already plays in game {game_id}")
            if not await tx.execute(SQL_UPDATE_SEAT_PLAYER, params):
                raise StorageError(f"seat {seat} of game {game_id} is not a human seat")

    # ---- play -----------------------------------------------------------------------------

    async def start(
        self,
        game_id: int,
        *,
        seed: int,
        state: dict[str, Any],
        deadline_at: float | None = None,
        options: dict[str, Any] | None = None,
    ) -> GameRecord:
        """Lobby → active with the set-up state. ``StaleVersion`` if it already left the lobby.
        ``options``, when given, replace the lobby's (the table's language adds to them)."""
        params = {
            "game_id": game_id,
            "seed": seed,
            "state": dumps(state),
            "deadline_at": deadline_at,
            "now": time.time(),
            "options": None if options is None else dumps(options),
        }
        async with self._write() as tx:
            if not await tx.execute(SQL_UPDATE_GAME_START, params):
                current = await self._status_of(tx, game_id)
                if current is None:
                    raise StorageError(f"no game {game_id}")
                raise StaleVersion(f"game {game_id} is {current[0]}, not in the lobby")
            record = await self._require(tx, game_id)
        log.info("started game %d (%s) with %d seats", game_id, record.game, len(record.seats))
        return record

    async def record_action(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int | None,
        action: dict[str, Any],
        state: dict[str, Any],
        events: list[str],
        finished: bool = False,
        deadline_at: float | None = None,
        outcome: Outcome | None = None,
        click: str | None = None,
    ) -> int:
        """Log one applied action and the resulting state atomically; returns the new version.

        The version check and the log append commit together, under the game's row lock, so two
        clicks computed from the same state cannot both land: the second gets ``StaleVersion``
        and must not announce. The final action of a game passes its ``outcome``: the results
        rows are written in the same transaction, so a crash can't leave a finished game
        without them. ``click`` keys the click that caused it: a click already logged raises
        ``AlreadyApplied``. Committed (and made durable) before returning.
        """
        if expected_version < 0:
            raise ValueError("expected_version must be >= 0")
        if outcome is not None and not finished:
            raise ValueError("only the final action of a game has an outcome")
        now = time.time()
        # Serialise before the transaction: a bad value fails without touching the database.
        game_params = {
            "game_id": game_id,
            "expected_version": expected_version,
            "state": dumps(state),
            "deadline_at": deadline_at,
            "finished": bool(finished),
            "now": now,
        }
        action_params = {
            "game_id": game_id,
            "seq": expected_version + 1,
            "seat": seat,
            "action": dumps(action),
            "events": events_dumps(events),
            "now": now,
            "click": click,
        }
        async with self._write() as tx:
            await self._check_next_action(tx, game_id, expected_version, click)
            await tx.execute(SQL_UPDATE_GAME_AFTER_ACTION, game_params)
            try:
                await tx.execute(SQL_INSERT_ACTION, action_params)
            except self._dialect.integrity_errors as error:
                # Only possible if the log and games.version disagree: never paper over that.
                raise StorageError(
                    f"action log of game {game_id} is out of step with its version: {error}"
                ) from error
            if outcome is not None:
                await self._insert_results(tx, await self._require(tx, game_id), outcome)
        return expected_version + 1

    async def _check_next_action(
        self, tx: Tx, game_id: int, expected_version: int, click: str | None
    ) -> None:
        """Lock the game's row and refuse an action that may not be logged next: a click already
        in the log (``AlreadyApplied``), a game that moved on or is not active (``StaleVersion``).

        Checked under the row lock: another process's copy of this click has either committed
        (and is seen here) or waits behind us. The version is checked before anything is
        written, so a stale click never even attempts the INSERT."""
        current = await self._lock_game(tx, game_id)
        if current is None:
            raise StorageError(f"no game {game_id}")
        if click is not None and await tx.fetchval(
            SQL_SELECT_CLICK_LOGGED, {"game_id": game_id, "click": click}
        ):
            raise AlreadyApplied(f"click {click} is already in the log of game {game_id}")
        status, version = current
        if status != "active" or version != expected_version:
            log.info(
                "stale action on game %d: expected version %d, game is %s at %d",
                game_id,
                expected_version,
                status,
                version,
            )
            raise StaleVersion(
                f"game {game_id} is {status} at version {version}, not active at {expected_version}"
            )

    async def set_aside(self, game_id: int, reason: str) -> bool:
        """Mark a game that can't be loaded, so start-up skips it and players are told why;
        False if it was marked already (by another process, or before a restart).

        Its status, state and log are left as they are, for a person to repair; clearing the
        column by hand after the repair resumes it at the next start-up.
        """
        async with self._write() as tx:
            params = {"game_id": game_id, "reason": reason, "now": time.time()}
            if not await tx.execute(SQL_UPDATE_GAME_SET_ASIDE, params):
                if await self._status_of(tx, game_id) is None:
                    raise StorageError(f"no game {game_id}")
                return False
        log.warning("game %d set aside: %s", game_id, reason)
        return True

    async def finished_without_results(self) -> list[GameRecord]:
        """Finished games with no results rows, for the start-up backfill."""
        async with self._read() as tx:
            return await self._fetch_games(tx, SQL_SELECT_FINISHED_WITHOUT_RESULTS)

    async def set_status(self, game_id: int, status: str) -> None:
        """Move a lobby or active game to another status (typically ``cancelled``).

        Finished and cancelled games are final: changing them raises ``StaleVersion``, except
        that repeating the status they already have is a no-op (a double-clicked "cancel").
        """
        if status not in STATUSES:
            raise StorageError(f"unknown status {status!r}")
        async with self._write() as tx:
            params = {"game_id": game_id, "status": status, "now": time.time()}
            if await tx.execute(SQL_UPDATE_GAME_STATUS, params):
                log.info("game %d is now %s", game_id, status)
                return
            current = await self._status_of(tx, game_id)
            if current is None:
                raise StorageError(f"no game {game_id}")
            if current[0] != status:
                raise StaleVersion(f"game {game_id} is already {current[0]}")

    async def record_results(self, game_id: int, outcome: Outcome) -> bool:
        """Store a finished game's result, one row per seat; ``False`` if it was already stored.

        Idempotent so the caller can simply call it whenever it sees the game finished (again
        after a restart, or from a later backfill). ``finished_at`` is the time of the final
        action, not of this call, so a late call records the same row.
        """
        async with self._write() as tx:
            await self._lock_game(tx, game_id)
            return await self._insert_results(tx, await self._require(tx, game_id), outcome)
