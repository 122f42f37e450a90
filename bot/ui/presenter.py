"""The small interface a game implements to appear on Discord.

The platform (lobby, commands, storage, DMs, countdowns) is shared; a presenter only turns
views into ``Outgoing`` messages and declares its own ``DynamicItem`` classes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.base import Action, View
from bot.i18n import N_, _
from bot.ui.controls import Click, Control, Played, Seen
from bot.ui.outgoing import Outgoing

PanelAt = Callable[..., Outgoing]
"""The clicker's panel at a sub-step (``panel(**stage)``), as the platform redraws it: this
presenter's ``panel``, with the guide's hint, the move's due time, and (``keep=True``, the
default) any picture the clicked message already shows kept."""


@dataclass(frozen=True)
class Hint:
    """One hint of the `/learn` guide: ``key`` names the kind of decision it explains (each kind
    is explained once a game), ``text`` says what the panel offers and why one choice is good
    (marked with ``N_`` in the face's ``hints.py``, translated where shown)."""

    key: str
    text: str


class Presenter(ABC):
    slug: str
    # Marked with ``N_`` by each face and translated where shown (``_(presenter.rules_summary)``).
    rules_summary: str
    # What the player's DMs carry while the game runs, said when they join a lobby (``N_`` too).
    sent_by_dm: str = N_("Your panels")
    controls: tuple[Control, ...] = ()
    """The face's controls, declared (``bot.ui.controls``) and played by the platform (``bot.ui.clicks``)."""
    dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
    """The escape hatch: items of the face's own for a control no declared role plays."""
    # Every player gets a panel when the game starts, not only the seats deciding first: a
    # turn-by-turn game's waiting panel says what comes next for them.
    panel_from_start: bool = False

    @abstractmethod
    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        """The public message that opens a new step (from the public view)."""

    @abstractmethod
    def progress(self, view: View, names: list[str]) -> str:
        """One public line on who has decided, e.g. "2 of 3 locked in"."""

    @abstractmethod
    def panel(self, view: View, names: list[str], game_id: int) -> Outgoing:
        """A seat's private panel (from that seat's view): a DM or an ephemeral message."""

    @abstractmethod
    def board(self, view: View, names: list[str]) -> Outgoing:
        """The public board for `/game status`."""

    @abstractmethod
    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        """A seat's sheet; ``view`` is that seat's own view or the public one."""

    @abstractmethod
    def results(self, view: View, names: list[str]) -> Outgoing:
        """The final results (from the public view once the game is over)."""

    @abstractmethod
    def describe(self, view: View, names: list[str], seat: int | None = None) -> str:
        """What a picture drawn from ``view`` shows, in words and in the current language: its alt
        text, and the text board of a player who reads boards as text (``bot.ui.alt``). From a
        public view: the board's state, whose turn, the scores; from a seat's own view: what that
        player must decide, with the legal options. ``seat``: the picture is that seat's sheet."""

    def after_play(self, seen: Seen, played: Played, panel: PanelAt) -> Outgoing:
        """What the clicked panel shows once its move is played (``seen``: the game after it, from
        the clicker's seat). The default: the panel as it is now."""
        return panel()

    def said_after(self, played: Played) -> str:
        """What a control in the thread (``Control.in_thread``) privately answers once it played."""
        raise NotImplementedError(f"{self.slug} has no control in the thread")

    def step(self, seen: Seen, click: Click, panel: PanelAt) -> Outgoing:
        """What a ``STEP`` click shows (raise ``Refusal`` for a click no panel offered)."""
        raise NotImplementedError(f"{self.slug} has no step control")

    def typed(self, seen: Seen, click: Click, panel: PanelAt) -> Action | Outgoing:
        """What a ``FORM``'s text (``click.typed``) does: an action to play, or a sub-step to show."""
        raise NotImplementedError(f"{self.slug} has no typed form")

    def hint(self, view: View) -> Hint | None:
        """The guide's hint for the decision a seat's own ``view`` offers, in a practice game
        (`/learn`). Each face keeps its hints in its ``hints.py``; the default, no hint, lets a
        new game be practised without a guide."""
        return None

    def status_key(self, view: View) -> Hashable | None:
        """Which status card a step belongs to (from the public view). Steps with the same key
        share one card, redrawn in place, so a quick run of steps (the rolls of one drawing)
        doesn't fill the thread; ``None`` (the default) gives every step its own card."""
        return None

    def replay_round(self, view: View) -> Hashable | None:
        """Which round a step belongs to (from the public view), for the replay's ⏮ ⏭: they jump
        to where it changes. The default reads the view's ``round``; a game that counts nights or
        turns says so; ``None`` keeps the step in the round before it."""
        return view.get("round")

    def stale_text(self, kind: str) -> str:
        """What a click on an old public button of ``kind`` (the action it plays) is told, in
        words that fit it ("This roll is over"). The default suits any step."""
        return _(
            "That step of the game is over. Press **Open my panel** on the newest message "
            "in the thread for your move."
        )

    def told_by_card(self, view: View, event: str) -> bool:
        """Whether the step's card already says ``event`` in its own words (``view``: the public
        view after the move), so the event's line is left off the card instead of repeating it
        (a reveal card's title names the drawing the reveal's sentence would name again)."""
        return False

    def announcement(self, view: View, names: list[str], events: list[str], game_id: int) -> Outgoing | None:
        """One public message for a move's ``events`` (``view`` is the public view after it), or
        ``None`` to post them as plain lines. A face uses it to make a moment, such as a reveal,
        one message with its picture instead of a line of text and another message after it."""
        return None

    async def after_move(self, record: Any, events: list[str], delivery: Any) -> None:
        """After a move was announced (``record``: the game after it, ``delivery``: the
        ``bot.tell.delivery.Delivery`` that announced it): a face that keeps private messages of its
        own settles them here (A Sky of Stars retires its STOP questions once their roll is
        over). The default does nothing."""
        return None


def tie_line(outcome: Any) -> str:
    """How a tie on points was settled, in the reader's language (from the rules' outcome, a view's
    ``"outcome"`` or an ``Outcome``), or ``""`` when points alone decided."""
    get = outcome.get if isinstance(outcome, dict) else lambda key: getattr(outcome, key, None)
    used, winners = get("tie_break") or [], get("winners") or []
    if not used:
        return ""
    if len(winners) == 1:
        return _("Tie on points, decided by {criterion}.", criterion=_(used[-1]))
    return _("Tie on points and on the tie-break ({criterion}): the win is shared.", criterion=_(used[-1]))
