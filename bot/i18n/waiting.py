"""Whom a table waits for, and until when, said the same way by every game.

Every face's status line and every "nothing to do" panel name the seats still to act with
``waiting_for``, from the engine's ``to_act``, so a player always knows whom to nudge. A seat
the bot plays is said as the bot's ("Bot 1 is playing…"), never as someone to wait for.

A paced game's deadlines (``bot.tell.pacing``) are said as Discord timestamps, which count down by
themselves in each reader's own time zone. Words only (no Discord, no storage), so a face's
``words`` module, which its art reads, may use them.

The names a face gets are ``Names`` (``bot.core.table.names_of``): a plain list of seat names that also
knows which seats the bot plays, so faces need no record to say it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence

from babel.lists import format_list

from bot.i18n import _, language, ngettext

log = logging.getLogger(__name__)


class Names(list[str]):
    """Seat names in seat order (``names[seat]``, ``"{0}".format(*names)``), knowing which seats
    are bot seats (``bots``), which a human handed over to the bot (``autopilot``), and whether
    the table is played in its one player's DMs (``in_dms``, a `/learn` table: no thread to
    point to, its cards are in the same chat)."""

    def __init__(
        self,
        names: Iterable[str] = (),
        *,
        bots: Iterable[int] = (),
        autopilot: Iterable[int] = (),
        in_dms: bool = False,
    ) -> None:
        super().__init__(names)
        self.bots = frozenset(bots)
        self.autopilot = frozenset(autopilot)
        self.in_dms = in_dms


def in_dms(names: Sequence[str]) -> bool:
    """Whether the table is played in its player's DMs (never for a plain list)."""
    return bool(getattr(names, "in_dms", False))


def results_line(names: Sequence[str]) -> str:
    """A panel's line once the game is over: where the results are."""
    if in_dms(names):
        return _("The game is over: the results are right here in this chat.")
    return _("The game is over: see the results in the game thread.")


def bot_seats(names: Sequence[str]) -> frozenset[int]:
    """The bot seats among ``names`` (none when they are a plain list)."""
    return getattr(names, "bots", frozenset())


def handed_over(names: Sequence[str]) -> frozenset[int]:
    """The human seats the bot plays for now (none when ``names`` is a plain list)."""
    return getattr(names, "autopilot", frozenset())


def bot_plays(names: Sequence[str], seat: int) -> bool:
    """Whether the bot makes ``seat``'s decisions (a bot seat, or a seat handed over to it)."""
    return seat in bot_seats(names) or seat in handed_over(names)


def listed(items: Sequence[str]) -> str:
    """Names joined the way the current language lists them ("Ada and Bea", "Ada, Bea e Cy")."""
    return format_list(list(items), locale=language().value) if items else ""


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's name, marked when the bot plays it ("Bot 1 (bot)", "Ada (played by the bot)")."""
    if not 0 <= seat < len(names):
        return "?"
    if seat in bot_seats(names):
        return _("{name} (bot)", name=names[seat])
    if seat in handed_over(names):
        return _("{name} (played by the bot)", name=names[seat])
    return names[seat]


def waiting_for(seats: Iterable[int], names: Sequence[str]) -> str:
    """Who the step waits for, from ``to_act``: "Waiting for Ada and Bea", "Bot 1 is playing…",
    "The bot is playing for Cy", joined by " · " when mixed; "" when nobody must act."""
    seats = [s for s in seats if 0 <= s < len(names)]
    bots, handed = bot_seats(names), handed_over(names)
    humans = [names[s] for s in seats if s not in bots and s not in handed]
    robots = [names[s] for s in seats if s in bots]
    played = [names[s] for s in seats if s in handed]
    parts = []
    if humans:
        parts.append(_("Waiting for {names}", names=listed(humans)))
    if robots:
        parts.append(
            ngettext("{names} is playing…", "{names} are playing…", len(robots), names=listed(robots))
        )
    if played:
        parts.append(_("The bot is playing for {names}", names=listed(played)))
    return " · ".join(parts)


def due_text(due_at: float) -> str:
    """When a decision is due, as a timestamp each reader's Discord counts down ("in 3 hours")."""
    return f"<t:{int(due_at)}:R>"


def deadline_line(due_at: float) -> str:
    """The line a paced game's panel ends with: when this decision is due."""
    return _("⏳ Your move is due {when}.", when=due_text(due_at))
