"""The bot taking over a late seat: it finishes the seat's decision, then may keep the seat.

Apart from the pacer because this is what a passed deadline *does* to a game (moves, notes,
seat control), while the pacer only decides *when* a deadline is due and whether it still holds.
After ``HANDOVER_AFTER`` misses in a row in a paced game the bot keeps the seat until its
player presses **Reclaim seat**; a live table keeps the seat, as its timer bounds each wait.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.core.running import RunningGame
from bot.games import get_game
from bot.i18n import M_, MN_, Msg, speaking, translate
from bot.storage import GameRecord

if TYPE_CHECKING:
    from bot.ui.ports import Service as GameService

HANDOVER_AFTER = 2  # missed deadlines in a row before the bot keeps the seat
MAX_TIMEOUT_STEPS = 200  # sub-actions the bot may take to finish one late seat's decision


async def decide_for_late_seat(service: GameService, record: RunningGame, seat: int, decision: int) -> None:
    """``seat``'s deadline for ``decision`` passed and it still owes it: the game skips the seat
    (``Game.missed_deadline``) or the bot moves for it; the stored deadline goes either way."""
    storage = service.storage
    game = get_game(record.game)
    skip = game.missed_deadline(record.state, seat)
    action = skip if skip is not None else game.timeout_action(record.state, seat, _rng(record, seat))
    if action is None:
        await storage.drop_deadline(record.id, seat, decision)
        return
    misses = record.seats[seat].timeouts + 1
    if skip is not None:  # a system action: the game's own event says what was skipped
        after = (await service.moves.save(record, None, skip)).record
    else:
        late = "{" + str(seat) + "}"  # the seat's name, filled in where the event is read
        note = M_("{seat} ran out of time, so the bot made that move for them.", seat=late)
        after = (await service.moves.save(record, seat, action, by_bot=True, extra_events=(note,))).record
        after = await _finish_decision(service, after, seat, decision)
    await storage.drop_deadline(record.id, seat, decision)
    # A live table keeps the seat: its players are there, and the timer bounds each wait.
    hand_over = bool(record.pace) and misses >= HANDOVER_AFTER
    await storage.set_seat_control(record.id, seat, timeouts=misses, autopilot=True if hand_over else None)
    if hand_over:
        user = record.seats[seat].user_id
        await announce_handover(
            service,
            after,
            seat,
            MN_(
                "<@{user}> missed {n} deadline in a row, so the bot is playing your seat for now. "
                "Press **Reclaim seat** whenever you're back.",
                "<@{user}> missed {n} deadlines in a row, so the bot is playing your seat for now. "
                "Press **Reclaim seat** whenever you're back.",
                misses,
                user=user,
            ),
        )
    await service.settle(await storage.load(record.id) or after)


async def _finish_decision(
    service: GameService, record: RunningGame, seat: int, decision: int
) -> RunningGame:
    """Keep deciding for a late seat until it no longer owes ``decision``.

    A turn can be several sub-actions (pick, place, confirm); one timed-out move must not
    leave the seat half-way through its turn with a fresh deadline.
    """
    game = get_game(record.game)
    for _step in range(MAX_TIMEOUT_STEPS):
        if (
            record.status != "active"
            or game.decision_id(record.state) != decision
            or seat not in game.to_act(record.state)
        ):
            break
        action = game.timeout_action(record.state, seat, _rng(record, seat))
        if action is None:
            break
        record = (await service.moves.save(record, seat, action, by_bot=True)).record
    return record


async def announce_handover(service: GameService, record: GameRecord, seat: int, message: Msg) -> None:
    """Tell the thread the bot plays ``seat`` for now: ``message`` mentions its player and
    says why; it carries **Reclaim seat**."""
    from bot.ui.components import reclaim_button

    with speaking(record.language):
        text = translate(message)
        view = discord.ui.View(timeout=None)
        view.add_item(reclaim_button(record.id, seat))
    user = record.seats[seat].user_id
    await service.delivery.post(record, None, text, mentions=(user,), view=view)


def _rng(record: GameRecord, seat: int) -> Any:
    from bot.core.table import bot_rng

    return bot_rng(record, seat)
