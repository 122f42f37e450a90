"""Start-up: resume every game, set aside the ones that don't load, backfill lost results.

A game's stored state can stop loading: a damaged row, a hand edit, or an engine change that
older states no longer fit. Such a game must not stop the others, so it is set aside (logged with
its id, marked in the database, told in its thread) when it is first touched, and every other
game goes on.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.core.running import RunningGame, running
from bot.games import GAMES
from bot.i18n import N_, _, speaking
from bot.storage import GameRecord

if TYPE_CHECKING:
    from bot.ui.ports import Service

log = logging.getLogger(__name__)

# Said with ``_(SET_ASIDE, id=...)``. Why a game was set aside (``load_problem``) is for the
# operator's log, in English.
SET_ASIDE = N_(
    "Game #{id} is on hold: its saved state can't be read, so no move can be played. "
    "The other games are not affected. A server admin can close it with `/game cancel`."
)
SET_ASIDE_NOTE = N_(
    "Game #{id} can't go on: its saved state can't be read (after an update, or a "
    "damaged database). Nothing else is affected; the bot's log names the game and the "
    "reason. The host or a server admin can close it with `/game cancel`."
)


def load_problem(record: GameRecord) -> str | None:
    """Why a running game can't be played from its stored state, or ``None`` if it can.

    "Can't be loaded" means: the JSON doesn't parse (storage notes that), the game isn't known,
    or the engine refuses the state in any of the calls every step makes.
    """
    if record.set_aside:
        return record.set_aside
    game = GAMES.get(record.game)
    if game is None:
        return f"no installed game is called {record.game!r}"
    state = record.state
    if state is None:
        return "it has no stored state"
    try:
        game.decision_id(state)
        waiting = game.to_act(state)
        game.is_over(state)
        game.countdown(state)
        game.view(state, None)
    except Exception as error:  # noqa: BLE001 - any refusal of stored data means the same here
        return f"the {game.title} rules refuse its state ({type(error).__name__}: {error})"
    if any(not 0 <= seat < len(record.seats) for seat in waiting):
        return f"it waits on seats {sorted(waiting)}, but the game has {len(record.seats)}"
    return None


async def set_aside(service: Service, record: GameRecord, problem: str) -> None:
    """Stop a game that can't be loaded, without touching its state or log, and say so (once:
    a game another process, or an earlier run, marked already is only stopped here)."""
    record.set_aside = problem
    service.disarm(record.id)
    if not await service.storage.set_aside(record.id, problem):
        return
    log.error("game %d (%s) set aside: %s", record.id, record.game, problem)
    try:
        with speaking(record.language):
            note = _(SET_ASIDE_NOTE, id=record.id)
        await service.delivery.post(record, None, note)
    except Exception:
        log.exception("could not tell game %d that it was set aside", record.id)


class LoadCheck:
    """Check a running game's stored state the first time this process touches it (a timer
    firing, a click, a command, a listing), and set it aside then if it can't be loaded.

    Start-up reads no game's state, so this is where a damaged game is found: it stops only
    itself, at its first use, and every other game goes on.
    """

    def __init__(self, service: Service) -> None:
        self.service = service
        self._judged: set[int] = set()  # ids found loadable, or set aside, in this process

    async def __call__(self, record: GameRecord | None) -> GameRecord | None:
        """``record`` as loaded, with ``set_aside`` filled in when it can't be played."""
        if record is None or record.status != "active" or record.id in self._judged:
            return record
        problem = load_problem(record)
        if problem is not None:
            await set_aside(self.service, record, problem)
        self._judged.add(record.id)
        return record


async def resume_all(service: Service) -> int:
    """Let pending bot moves happen and schedule every stored timer again.

    Every stored timer is armed at once from its rows (``Pacer.arm_stored``), and no game's
    state is read for it: only a game that needs more (a bot seat may owe a move, or a paced step
    has no deadline row) is loaded and settled, so a restart with thousands of waiting games is
    quick. Every other game is checked when it is next touched (``LoadCheck``). Returns how many
    running games go on.
    """
    # The count and the settle query run while the timers are armed: the database works on them
    # (PostgreSQL's server, SQLite's thread) while this loop builds the jobs from their rows.
    _, (active, to_settle) = await asyncio.gather(
        service.pacer.arm_stored(), service.storage.games_to_resume()
    )
    stopped = 0
    for game_id in to_settle:
        record = await service.checked(await service.storage.load(game_id))
        if record is None or record.status != "active":
            continue
        if record.set_aside:
            stopped += 1
            continue
        stored = {(d.game_id, d.seat, d.decision) for d in await service.storage.deadlines(game_id)}
        if not needs_settle(running(record), stored):
            continue
        try:
            async with service.lock(record.id):
                await service.settle(record)
        except Exception as error:
            log.exception("could not resume game %d", record.id)
            await set_aside(service, record, f"resuming it failed ({type(error).__name__}: {error})")
            stopped += 1
    await backfill_results(service)
    if rated := await service.storage.rate_unrated():  # results from before ratings existed
        log.info("rated %d finished games that had no rating", rated)
    return active - stopped


def needs_settle(record: RunningGame, stored: set[tuple[int, int, int]]) -> bool:
    """Whether resuming this (loadable) game takes more than its stored timers: a bot-controlled
    seat owes a move, or a paced step is missing a seat's deadline row."""
    game = GAMES[record.game]
    waiting = game.to_act(record.state)
    if any(record.seats[seat].bot_controlled for seat in waiting):
        return True
    if not record.pace or game.countdown(record.state) is not None:
        return False
    decision = game.decision_id(record.state)
    return any((record.id, seat, decision) not in stored for seat in waiting)


async def backfill_results(service: Service) -> int:
    """Results of finished games that have none (a crash between the final move and its results,
    under older versions): record them, and show the results that were never announced."""
    filled = 0
    for record in await service.storage.finished_without_results():
        game = GAMES.get(record.game)
        try:
            outcome = game.outcome(record.state) if game is not None and record.state is not None else None
        except Exception:
            log.exception("game %d: the finished state gives no outcome", record.id)
            continue
        if outcome is None:
            continue
        if await service.storage.record_results(record.id, outcome):
            filled += 1
            log.warning("game %d: recorded results that were missing", record.id)
            try:
                await service.delivery.finish(record, await service.play_channel(record))
            except Exception:
                log.exception("could not show the results of game %d", record.id)
    return filled
