"""Who may replay a game, and which views: the rules of `/game replay`, apart from its card.

A finished game (or a cancelled one: nothing of it can be played any more) is anyone's in its
server to replay, every seat's view included: its hidden information is revealed. A running
game is its own players' only, up to now, and only as that player could see it: the table's
view and their own seat's, from the step they took the seat on (a seat handed over with
`/game replace` was another person's hand before: ``SeatRecord.held_from``). A card posted in
the channel (``share``) of a running game shows the table's view alone, whoever steps it. A
practice table (`/learn`) has no server and is its player's alone: they may replay it from any
server (never share it there), and to anyone else it is no game at all. Every refusal is raised
before anything is shown or changed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Hashable

import discord

from bot.core.replay import Mark, Replay, Replays, Unreplayable
from bot.faces import PRESENTERS
from bot.games import get_game
from bot.games.base import State
from bot.i18n import _
from bot.storage import GameRecord
from bot.storage.records import MAX_ID
from bot.ui.interactions import Refusal
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

OVER = ("finished", "cancelled")


def is_over(record: GameRecord) -> bool:
    return record.status in OVER


def parse_id(value: str) -> int:
    """The game number typed in the `game` option (``#12`` or ``12``), or a refusal."""
    number = value.strip().removeprefix("#")
    if not number.isdecimal() or len(number) > len(str(MAX_ID)):
        typed = discord.utils.escape_markdown(value[:40])
        raise Refusal(_("`game` takes a game number such as 12, not “{typed}”.", typed=typed))
    return int(number)


async def game_here(interaction: discord.Interaction, game_id: int) -> GameRecord:
    """Game ``game_id`` if it belongs to this server (or is the caller's own practice table) and
    has started; else a refusal that says nothing of a game elsewhere."""
    record = await service_of(interaction).storage.load(game_id) if game_id <= MAX_ID else None
    if record is None or (
        record.guild_id != interaction.guild_id and not record.practice_of(interaction.user.id)
    ):
        raise Refusal(_("There's no game #{number} in this server.", number=game_id))
    if record.seed is None or record.status == "lobby":
        raise Refusal(_("Game #{id} hasn't started yet: there is nothing to replay.", id=record.id))
    return record


def viewable(record: GameRecord, user_id: int, *, shared: bool, step: int | None = None) -> list[int | None]:
    """The views ``user_id`` may choose on a card of ``record`` (``None``: the table's) at
    ``step`` (any step: ``None``), or a refusal when the game is not theirs to replay yet."""
    if is_over(record):
        return [None, *range(len(record.seats))]
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal(
            _(
                "Game #{id} is still being played: only its players can replay it before it ends. "
                "Everyone can once it is over.",
                id=record.id,
            )
        )
    if shared or (step is not None and step < record.seats[seat].held_from):
        return [None]
    return [None, seat]


def check_view(
    record: GameRecord, user_id: int, seat: int | None, *, shared: bool, step: int | None = None
) -> None:
    """A refusal unless ``user_id`` may see ``seat``'s view of ``record`` now, at ``step``."""
    own = record.seat_of(user_id)
    if not is_over(record) and seat is not None and seat == own and not shared:
        held = record.seats[seat].held_from
        if step is not None and step < held:
            raise Refusal(
                _(
                    "You took this seat of game #{id} over at step {step}: before that it was "
                    "another player's hand, so its view starts there while the game runs.",
                    id=record.id,
                    step=held,
                )
            )
    if seat not in viewable(record, user_id, shared=shared):
        raise Refusal(
            _(
                "That view of game #{id} isn't yours to see while the game runs: you can replay the "
                "table's view and your own.",
                id=record.id,
            )
        )


def check_step(record: GameRecord, replay: Replay, step: int) -> None:
    if not replay.has(step):
        raise Refusal(
            _(
                "Game #{id} has steps 0 to {last}: step {step} isn't one of them.",
                id=record.id,
                last=replay.steps,
                step=step,
            )
        )


def replays_of(client: object) -> Replays:
    """The bot's built replays (one set per bot, as a game id names a game of its storage)."""
    kept = getattr(client, "replays", None)
    if not isinstance(kept, Replays):
        kept = Replays()
        setattr(client, "replays", kept)  # noqa: B010 - a bot made before replays has none
    return kept


def round_mark(slug: str) -> Mark:
    """The replay's round of a state: the presenter's ``replay_round`` of its public view."""
    game, presenter = get_game(slug), PRESENTERS[slug]

    def mark(state: State) -> Hashable | None:
        return presenter.replay_round(game.view(state, None))

    return mark


async def replay_of(interaction: discord.Interaction, record: GameRecord) -> Replay:
    """The game replayed from its seed and log, built in a worker thread (a long game takes a
    moment), or a refusal that says it no longer replays."""
    storage = service_of(interaction).storage
    entries = await storage.actions(record.id)
    mark = round_mark(record.game)
    try:
        replays = replays_of(interaction.client)
        return await asyncio.to_thread(replays.of, get_game(record.game), record, entries, mark=mark)
    except Unreplayable as error:
        log.warning("game %s does not replay: %s", record.id, error)
        raise Refusal(
            _(
                "Game #{id} can't be replayed: its moves no longer fit the current rules of the game "
                "(step {step} fails). The game itself is kept as it was.",
                id=record.id,
                step=error.step,
            )
        ) from error
