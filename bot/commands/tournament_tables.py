"""A tournament table's game: opened as `/play` opens one (a game in its own thread, started by the
service, its players pinged there), and finished for the late at a round's deadline as a passed
deadline does today: the bot takes the seats that owe a move and plays the game out.

A game that still can't end (a drawing only its player can make) is closed at the deadline's
grace: the players who were there share the first place, the late ones the places after them.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord

from bot.core.clock import now
from bot.games import get_game
from bot.i18n import M_, _, speaking
from bot.storage import GameRecord, places
from bot.storage.tournaments import Entrant, Table, Tournament
from bot.ui.outgoing import only_users

log = logging.getLogger(__name__)

TABLE_LEASE: Final = 120.0  # one process opens a table; a dead one's lease runs out


async def open_table(
    bot: Any, t: Tournament, table: Table, entrants: dict[int, Entrant]
) -> GameRecord | None:
    """Open ``table``'s game in a thread of the tournament's channel and start it; None if another
    process holds or made it, or the channel is gone."""
    storage, service = bot.storage, bot.service
    if table.status != "waiting" or not await storage.claim_table(table.id, now=now(), lease=TABLE_LEASE):
        return None
    try:
        channel = await service.channel(t.channel_id)
        if channel is None:
            return None
        players = [(p, entrants[p].name if p in entrants else str(p)) for p in table.players]
        record = await storage.create_table_game(
            table.id,
            game=t.game,
            guild_id=t.guild_id,
            channel_id=t.channel_id,
            players=players,
            options=t.options,
            pace=t.pace,
            language=t.language,
        )
        if record is None:
            return None
        place = await _thread(channel, t, table, record)
        if place.id != t.channel_id:
            await storage.set_messages(record.id, thread_id=place.id)
        async with service.lock(record.id):
            threaded = await storage.load(record.id)
            assert threaded is not None
            started = await service.start(threaded, place)
        with speaking(t.language):
            text = _(
                "{players}: your table for round {round} of tournament #{id} is ready. Good luck!",
                players=" ".join(f"<@{p}>" for p in table.players),
                round=table.round_no,
                id=t.id,
            )
        await place.send(text, allowed_mentions=only_users(*table.players))
        log.info(
            "tournament %s round %s: table %s opened as game %s", t.id, table.round_no, table.id, record.id
        )
        return started
    finally:
        await storage.release_table(table.id)


async def _thread(channel: Any, t: Tournament, table: Table, record: GameRecord) -> Any:
    with speaking(t.language):
        name = _(
            "Tournament #{id} · round {round} · table {table}",
            id=t.id,
            round=table.round_no,
            table=table.position + 1,
        )
    if isinstance(channel, discord.TextChannel):
        try:
            return await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=1440
            )
        except discord.HTTPException as error:
            log.info("no thread for game %s (%s); playing in the channel", record.id, error)
    return channel


def result_of(record: GameRecord) -> tuple[list[int], list[int]] | None:
    """A finished game's places and scores in seat order (the table's order)."""
    if record.status != "finished" or record.state is None:
        return None
    outcome = get_game(record.game).outcome(record.state)
    if outcome is None:
        return None
    return places(outcome.scores, outcome.winners), list(outcome.scores)


async def finish_late(bot: Any, t: Tournament, table: Table, record: GameRecord) -> None:
    """The round's deadline passed with ``record`` still running: whoever owes a move is late,
    and the bot plays every human seat from now on so the game ends."""
    service, storage = bot.service, bot.storage
    game = get_game(record.game)
    waiting = set(game.to_act(record.state)) if record.state is not None else set()
    late = [s.user_id for s in record.seats if s.seat in waiting and not s.is_bot]
    await storage.mark_late(table.id, [*table.late, *late])
    async with service.lock(record.id):
        for seat in record.seats:
            if not seat.is_bot and not seat.autopilot:
                await storage.set_seat_control(record.id, seat.seat, autopilot=True)
        reloaded = await storage.load(record.id)
        assert reloaded is not None
        names = " ".join(f"<@{u}>" for u in late) or "-"
        await service.delivery.post(
            reloaded,
            None,
            M_("The round's deadline has passed: the bot plays this game out. Late: {names}.", names=names),
        )
        await service.settle(reloaded)


def forfeit_places(table: Table) -> list[int]:
    """A game that could not end: those who were there share first, the late share the rest."""
    present = [p for p in table.players if p not in table.late]
    return [1 if p not in table.late else len(present) + 1 for p in table.players]
