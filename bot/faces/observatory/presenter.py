"""Observatory on Discord: public step messages, progress, boards, sheets and results.

The private panels live in ``panels`` / ``draft`` and their buttons and
selects in ``items`` (custom_id prefix ``obs:``). Public outputs here are built from
the PUBLIC view only; the public images go through ``bot.faces.observatory.art.board.public_only``.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from functools import partial
from typing import Any

import discord

from bot.faces.observatory import clicked, described, hints
from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import face_text
from bot.faces.observatory.items import CONTROLS, do_button
from bot.faces.observatory.panels import build_panel, finished_panel
from bot.faces.observatory.pictures import named
from bot.faces.observatory.words import title_of
from bot.games.base import EventKind, View
from bot.games.observatory import GAME
from bot.i18n import N_, _, ngettext, translate
from bot.i18n.waiting import bot_plays, waiting_for
from bot.ui.components import open_panel_items
from bot.ui.outgoing import Outgoing
from bot.ui.presenter import Hint, Presenter, tie_line

log = logging.getLogger(__name__)


SLUG = "observatory"

RULES = N_("""\
**Observatory** (1–5 players, solo included)
Each of you has a star map of 12 × 12 cells; its rows and columns are labelled 1–6 twice. \
You hold four goal cards, each a small constellation pattern worth points.
• On a turn one player rolls three dice plus the Shooting Star die, and **everyone** uses the \
same roll at once, in their own panel: two dice give the row and column labels of a cell where \
you plot a star, the third fills a space of that value on one of your research tracks. A die \
showing **?** counts as any value. Only the roller may also plot a star with the Shooting Star \
die, anywhere in a row or column with its label.
• Research: three spaces on Lens, Drive, Finder or Filter bank a bonus (a free star or a free \
research space); a full track gives its power: Lens shifts one die by 1 each turn, Drive makes \
a number of your choice wild, Finder gives 4 free stars, Filter doubles card bonuses. Funding \
scores 1 point per space.
• When your plotted stars form one of your goal patterns (turned any way, not mirrored, not \
touching another of your constellations), complete it: pick one of the placements the panel \
lists. Then take a new goal from the Night Sky (3 large and 3 small cards face up) or a deck.
• Some nights open with a free star or research space for everyone.
**Points**: completed cards, asterisms together (1, 3, 6, 10, 15, 21), funding, and 1 per 2 \
stars you didn't use in a constellation. A tie goes to whoever completed fewer cards; after that \
the win is shared. Solo: 12 turns, beat your best score.""")


def names_of(seats: list[int], names: list[str]) -> str:
    return ", ".join(names[s] for s in seats if 0 <= s < len(names)) or _("nobody")


def both_names(names: list[str]) -> str:
    """ "**Ada** and **Bea**" (three or more: "**Ada** and **Bea** and **Cy**"), in the reader's words."""
    said = names[-1]
    for name in reversed(names[:-1]):
        said = _("{first} and {second}", first=name, second=said)
    return said


def roll_words(roll: dict[str, Any] | None) -> str:
    if not roll:
        return ""
    dice = " · ".join(face_text(f) for f in roll.get("standard") or [])
    return _("**{dice}**, Shooting Star **{shooting}**", dice=dice, shooting=face_text(roll.get("shooting")))


class ObservatoryPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES

    controls = CONTROLS

    after_play = staticmethod(clicked.after_play)
    said_after = staticmethod(clicked.said_after)
    step = staticmethod(clicked.step)
    typed = staticmethod(clicked.typed)

    # -------------------------------------------------------------- public
    def status_key(self, view: View) -> Hashable | None:
        """A turn's decisions and the refills after them share one card, so a turn is the roll's
        card and one more; refilling (one step per player who completed a goal) redraws it. A
        night's opening bonus shares its card with the roll after it."""
        if view["phase"] in ("decide", "refill"):
            return ("turn", view["night"], view["turn"])
        if view["phase"] in ("night_bonus", "roll"):
            return ("roll", view["night"], view["turn"])
        return None

    def replay_round(self, view: View) -> Hashable | None:
        """A replay steps by night, as the board's title counts them (solo: by turn)."""
        return view.get("turn_number") if view.get("seats") == 1 else view.get("night")

    def told_by_card(self, view: View, event: str) -> bool:
        """The roll's card says who rolled what in its own words (``step_message``, ``decide``),
        so the rules' roll event is not repeated."""
        return view.get("phase") == "decide" and GAME.event_kind(event) is EventKind.ROLLED

    def hint(self, view: View) -> Hint | None:
        return hints.hint(view)

    def progress(self, view: View, names: list[str]) -> str:
        phase, waiting = view.get("phase"), list(view.get("to_act") or [])
        if phase == "over":
            return _("Game over")
        if phase in ("roll", "refill") and any(bot_plays(names, s) for s in waiting):
            return waiting_for(waiting, names)  # "Bot 1 is playing…", as every game says it
        if phase == "roll":
            return _("Waiting for {names} to roll", names=names_of(waiting, names))
        if phase == "refill":
            return _("{names} is taking a new goal", names=names_of(waiting, names))
        total = int(view.get("seats") or len(names))  # every seat decides in these steps
        line = _("{done} of {total} done", done=total - len(waiting), total=total)
        who = waiting_for(waiting, names)  # whom to nudge, the same words in every game
        return f"{line} · {who}" if who else line

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        view = art.public_only(view)
        phase, dec = view.get("phase"), view.get("decision", 0)
        active: int = view.get("active", 0)
        who = names[active] if 0 <= active < len(names) else "?"
        items: list[discord.ui.Item[Any]] = open_panel_items(game_id, names)
        if phase == "keep":
            if (view.get("options") or {}).get("first_game"):
                text = _("First game: everyone gets four goal cards to keep. Confirm them in your panel.")
            else:
                text = _(
                    "Everyone: choose 4 of your 6 dealt cards to keep as goals. Your hand is secret; "
                    "choose in your panel."
                )
        elif phase == "night_bonus":
            text = _(
                "**Night {night}** opens with a bonus: each of you may plot a free star or fill a "
                "research space. Use your panel.",
                night=view.get("night"),
            )
        elif phase == "roll" and bot_plays(names, active):  # the bot rolls: "Bot 1 is playing…"
            text = waiting_for([active], names)
        elif phase == "roll":
            text = _("**{name}** rolls this turn: press **Roll the dice**.", name=who)
            items.append(
                do_button(game_id, dec, "roll", _("Roll the dice"), "t", discord.ButtonStyle.success, "🎲")
            )
        elif phase == "decide":
            rolled = roll_words(view.get("roll"))
            if view.get("seats") == 1:
                text = _(
                    "**{name}** rolled {roll}.\nUse the roll in your panel: two dice plot a star, the "
                    "third goes to research, and the Shooting Star die plots one more.",
                    name=who,
                    roll=rolled,
                )
            else:
                text = _(
                    "**{name}** rolled {roll}.\nEveryone: use the roll in your panel (two dice plot a "
                    "star, the third goes to research). Only {name} may use the Shooting Star die.",
                    name=who,
                    roll=rolled,
                )
        elif phase == "refill":
            refill: dict[str, Any] = view.get("refill") or {}
            refiller = refill.get("seat", active)
            name = names[refiller] if 0 <= refiller < len(names) else "?"
            text = _(
                "**{name}** completed a goal and takes a new one from the Night Sky or a deck top.", name=name
            )
        else:
            text = _("The game is over.")
        # The roll's card is words only: the table it would show is the one of the card just
        # above (the turn before); the roll's result comes with the table on the next card.
        render = None if phase == "roll" else partial(art.table_png, view, names)
        return Outgoing(text, title_of(view), render, "table.png", items, footer=self.progress(view, names))

    def board(self, view: View, names: list[str]) -> Outgoing:
        view = art.public_only(view)
        if view.get("phase") == "over":
            return self.results(view, names)
        lines = [_("{progress}.", progress=self.progress(view, names))]
        last = view.get("last_turn") or []
        if last:
            said = "\n".join(translate(s).format(*names) for s in last)
            lines.append(_("Last turn:\n{lines}", lines=said)[:1500])
        return Outgoing("\n".join(lines), title_of(view), partial(art.table_png, view, names), "table.png")

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        name = names[seat] if 0 <= seat < len(names) else "?"
        own = view.get("you") == seat
        score = (view.get("score") if own else (view.get("scores") or [{}] * (seat + 1))[seat]) or {}
        total = score.get("total", 0)
        text = ngettext("**{name}**: {n} point so far.", "**{name}**: {n} points so far.", total, name=name)
        if not own and view.get("phase") in ("decide", "night_bonus"):
            text = " ".join((text, _("This turn's moves appear once everyone has finished.")))
        title = _("Your sheet") if own else _("{name}'s sheet", name=name)
        return Outgoing(text, title, partial(art.sheet_png, view, names, seat), "sheet.png")

    def results(self, view: View, names: list[str]) -> Outgoing:
        view = art.public_only(view)
        outcome = view.get("outcome") or {}
        scores: list[int] = list(outcome.get("scores") or [])
        winners: list[int] = list(outcome.get("winners") or [])
        parts: list[dict[str, Any]] = list(outcome.get("breakdown") or view.get("scores") or [])
        seats = len(scores)
        order = sorted(range(seats), key=lambda s: (-scores[s], s not in winners, s))
        lines = []
        for s in order:
            p = parts[s] if s < len(parts) else {}
            completed = p.get("completed_cards", 0)
            lines.append(
                _(
                    "**{name}**: {score} (cards {cards}, asterisms {asterisms}, funding {funding}, "
                    "spare stars {spare}; {completed})",
                    name=names[s],
                    score=scores[s],
                    cards=p.get("constellations", 0),
                    asterisms=p.get("asterisms", 0),
                    funding=p.get("funding", 0),
                    spare=p.get("unused_stars", 0),
                    completed=ngettext("{n} card completed", "{n} cards completed", completed),
                )
            )
        if seats == 1:
            points = scores[0] if scores else 0
            head = ngettext("Solo game over: **{n} point**.", "Solo game over: **{n} points**.", points)
        elif len(winners) == 1:
            head = _("**{name}** wins!", name=names[winners[0]])
        else:
            head = _("{names} share the win!", names=both_names([f"**{names[w]}**" for w in winners]))
        head = "\n".join(filter(None, [head, tie_line(outcome)]))
        return Outgoing(
            "\n".join([head, "\n".join(lines)]),
            _("Observatory · Final results"),
            partial(art.results_png, view, names),
            "results.png",
        )

    # -------------------------------------------------------------- private
    def panel(
        self,
        view: View,
        names: list[str],
        game_id: int,
        *,
        stage: str = "h",
        picked: str | None = None,
        finished: str | None = None,
    ) -> Outgoing:
        """The seat's panel at ``stage`` with ``picked`` (see ``panels.build_panel``), or with
        ``finished`` the panel after that kind of move ended the seat's part of the step; the
        callbacks in ``items`` reach the panels through here."""
        if finished is not None:
            return named(finished_panel(view, names, finished, game_id))
        return named(build_panel(view, names, game_id, stage, picked))

    def describe(self, view: View, names: list[str], seat: int | None = None) -> str:
        return described.describe(view, names, seat)
