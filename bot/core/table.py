"""Facts about a table that several parts of the Discord layer say in words or act on: who
sits where, whom the game waits on, who may manage it, and the bot's dice for a seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from bot.core.running import running
from bot.games import get_game
from bot.games.outcome import Outcome
from bot.games.rng import Rng
from bot.i18n import _, ngettext
from bot.i18n.waiting import Names, due_text, listed, seat_name
from bot.storage import Deadline, GameRecord, SeatRecord, places


def bot_rng(record: GameRecord, seat: int) -> Rng:
    """The bot's dice for one decision: reproducible from the game's seed, version and seat."""
    return Rng(((record.seed or 0) * 1_000_003 + record.version * 1_009 + seat) & ((1 << 64) - 1))


def names_of(record: GameRecord) -> Names:
    """The seats' display names in seat order, ready to fill ``{0}``, ``{1}``… in events; they know
    which seats the bot plays and whether the table is in its player's DMs (``bot.i18n.waiting``),
    so a face can say so."""
    return Names(
        (seat.name for seat in record.seats),
        bots=[s.seat for s in record.seats if s.is_bot],
        autopilot=[s.seat for s in record.seats if s.autopilot and not s.is_bot],
        in_dms=record.practice,
    )


def seat_label(record: GameRecord, seat: int) -> str:
    """A seat's name, marked when the bot plays it."""
    return seat_name(names_of(record), seat)


def and_list(items: Sequence[str]) -> str:
    """Names joined the way the current language lists them ("Ada and Bea", "Ada, Bea e Cy")."""
    return listed(items)


def due_by_seat(deadlines: Sequence[Deadline], record: GameRecord) -> dict[int, float]:
    """Each seat's deadline for the game's current decision (a paced game's stored rows; older
    rows are left out)."""
    if record.state is None:
        return {}
    decision = get_game(record.game).decision_id(record.state)
    return {d.seat: d.due_at for d in deadlines if d.decision == decision}


def with_due(name: str, due: float | None) -> str:
    """A waited-for name with when its move is due, if it has a deadline (a paced game)."""
    return name if due is None else _("{name} (due {when})", name=name, when=due_text(due))


def describe_waiting(record: GameRecord, due: Mapping[int, float] = MappingProxyType({})) -> str:
    """Whom the game waits for (with ``due``, a paced game's deadline of each seat) and which
    seats the bot plays."""
    waiting = get_game(record.game).to_act(running(record).state)
    if not waiting:
        lines = [_("Nobody needs to act right now.")]
    else:
        names = ", ".join(with_due(seat_label(record, s), due.get(s)) for s in waiting)
        lines = [_("Waiting for: {names}", names=names)]
    handed = [s for s in record.seats if s.autopilot]
    if handed:
        playing = ", ".join(
            _("{name} (left the game)", name=s.name) if s.left_game else seat_label(record, s.seat)
            for s in handed
        )
        # A seat left for good can't be taken back, so only the others are told how.
        reclaimable = [s.name for s in handed if not s.left_game]
        if reclaimable:
            lines.append(
                ngettext(
                    "The bot is playing for: {names}. {reclaimers}: press **Reclaim seat** to play again.",
                    "The bot is playing for: {names}. {reclaimers}: press **Reclaim seat** to play again.",
                    len(reclaimable),
                    names=playing,
                    reclaimers=and_list(reclaimable),
                )
            )
        else:
            lines.append(_("The bot is playing for: {names}.", names=playing))
    return "\n".join(lines)


def is_manager(member: Any) -> bool:
    """Whether a member may manage any game of the server (Manage Server)."""
    perms = getattr(member, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


def ranked(seats: list[SeatRecord], outcome: Outcome | None) -> list[tuple[SeatRecord, int]]:
    """The seats with the number their line shows: best place first once the game is over
    (ties keep seat order), else seat order."""
    if outcome is None:
        return [(seat, seat.seat + 1) for seat in seats]
    place = places(outcome.scores, outcome.winners)  # as the stats store them: co-winners share 1st
    numbered = [(seat, place[seat.seat] if seat.seat < len(place) else len(place) + 1) for seat in seats]
    return sorted(numbered, key=lambda pair: (pair[1], pair[0].seat))


def seat_line(seat: SeatRecord, outcome: Outcome | None, number: int) -> str:
    """One line of the finished lobby: place, name (🤖 for a bot), points, 🏆 for a winner."""
    line = f"{number}. {seat.name}" + (" 🤖" if seat.is_bot else "")
    if outcome is None or seat.seat >= len(outcome.scores):
        return line
    won = " 🏆" if seat.seat in outcome.winners else ""
    points = ngettext("{n} point", "{n} points", outcome.scores[seat.seat])
    return f"{line}: {points}{won}"
