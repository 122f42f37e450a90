"""A Sky of Stars on Discord: public step messages, board, sheets and results.

The private panels live in ``panels``, their buttons and selects in ``items`` (custom_id prefix
``sky:``) and the words in ``words``.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord

from bot.faces.sky_of_stars import clicked, described, hints, stop
from bot.faces.sky_of_stars.art import images as art
from bot.faces.sky_of_stars.art.board import table_inputs
from bot.faces.sky_of_stars.calling_stop import STOP, stop_button
from bot.faces.sky_of_stars.items import BACK, DO, PICK, TYPE, PublicKind
from bot.faces.sky_of_stars.moments import (
    guess_card,
    how_it_went,
    is_reveal,
    reveal_card,
    reveal_message,
)
from bot.faces.sky_of_stars.panels import build_panel
from bot.faces.sky_of_stars.pictures import named
from bot.faces.sky_of_stars.words import RULES, SLUG, progress_line, round_title
from bot.games.base import EventKind, View
from bot.games.sky_of_stars import GAME
from bot.i18n import N_, _
from bot.i18n.waiting import in_dms
from bot.ui.outgoing import Outgoing
from bot.ui.presenter import Hint, Presenter, tie_line
from render.headers import phase_words

log = logging.getLogger(__name__)


STALE_TEXTS: dict[str, str] = {  # keyed by PublicKind, which is a str
    PublicKind.STOP: N_("This roll is over, so STOP can't be called on it. Use the newest roll's card."),
    PublicKind.STOP_CONFIRM: N_(
        "That roll ended before you said yes, so STOP was not called. "
        "If a roll is still on, press STOP on its card in the thread."
    ),
    PublicKind.GUESS: N_("Guessing for that drawing has ended: its answer is out."),
}
"""What a click on an old public button is told, by the kind of button (``items.PublicKind``)."""

DO_TEXT = {
    "four": N_("Draw your line to a four-pointed star, in your panel."),
    "five": N_("Draw your line to a five-pointed star, in your panel."),
    "eight": N_("Draw your line to an eight-pointed star, in your panel."),
    "any": N_("Draw your line to any star, in your panel."),
    "swirl": N_("Choose the star to cross out on your left neighbour's vault, in your panel."),
}
"""A roll's card under its roll's line: what to do with the die's face."""


class SkyOfStarsPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES
    sent_by_dm = N_("Your secret word and your panels")

    controls = (PICK, DO, STOP, BACK, TYPE)

    after_play = staticmethod(clicked.after_play)
    said_after = staticmethod(clicked.done)
    step = staticmethod(clicked.step)
    typed = staticmethod(clicked.typed)
    # -------------------------------------------------------------- public

    def hint(self, view: View) -> Hint | None:
        return hints.hint(view)

    def progress(self, view: View, names: list[str]) -> str:
        return progress_line(view, names)

    def status_key(self, view: View) -> tuple[Any, ...]:
        """The whole drawing of a round (start, rolls, last lines) is one card, redrawn per roll;
        each drawing's guessing gets its own, which its reveal then redraws in place (the answer
        stays where the question was, alone until the pause runs out)."""
        if view["phase"] == "guess":
            return ("guess", view["round"], view["guess"]["artist"])
        if view["phase"] == "reveal":
            reveal = view["reveals"][-1]
            return ("guess", reveal["round"], reveal["artist"])
        return ("draw", view["round"])

    def stale_text(self, kind: str) -> str:
        text = STALE_TEXTS.get(kind)
        return _(text) if text else super().stale_text(kind)

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        from bot.ui.components import open_panel_items

        phase, dec = view["phase"], view["decision"]
        title = round_title(view)
        items: list[discord.ui.Item[Any]] = open_panel_items(game_id, names)
        if phase == "guess":
            return guess_card(view, names, self.progress(view, names), items)
        if phase == "reveal":
            return reveal_card(view, names, self.progress(view, names))
        if phase == "start":
            text = _("A new card is up. Check your panel for your secret word, then pick a starting star.")
        elif phase == "final":
            caller = view["stop_by"]
            if caller is not None:
                text = _(
                    "**{name}** called STOP. Everyone else may draw one last line to any fresh star, "
                    "or skip it.",
                    name=names[caller],
                )
            else:
                text = _(
                    "The drawing is over. Everyone else may draw one last line to any fresh star, or skip it."
                )
        else:
            # the roll is said once, by its own line above this text; this says what to do
            text = _(DO_TEXT[view["roll"]["face"]])
            if view["stop_by"] is None:
                items.append(stop_button(game_id, dec, "?", "t"))  # asks for a confirmation first
            else:
                last = _("**{name}** called STOP: this is the last roll.", name=names[view["stop_by"]])
                text = "\n".join([text, last])
        picture = partial(art.table_png, table_inputs(view), names)
        out = named(
            Outgoing(text, title, picture, "table.png", items, footer=self.progress(view, names)), "table"
        )
        out.kept = (out.filename,)  # the same picture on every roll of the round: kept, not sent again
        return out

    def board(self, view: View, names: list[str]) -> Outgoing:
        phase = view["phase"]
        if phase == "over":
            return self.results(view, names)
        # /game status adds who it waits for
        text = _(
            "Phase: **{phase}** · {progress}",
            phase=phase_words(phase),
            progress=progress_line(view, names, who=False),
        )
        return Outgoing(text, round_title(view), partial(art.table_png, view, names), "table.png")

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        title = _("{name}'s vault", name=names[seat])
        if view.get("you") == seat:
            return Outgoing(
                _("Your vault, as only you see it."),
                title,
                partial(art.vault_png, view, names),
                "vault" + art.PANEL_SUFFIX,
            )
        shown = [d for d in view["drawings"] if d["seat"] == seat]
        if not shown:
            return Outgoing(
                _("None of {name}'s constellations has been revealed yet.", name=names[seat]), title
            )
        latest = shown[-1]
        return Outgoing(
            _("{name}'s revealed constellations.", name=names[seat]),
            title,
            partial(art.drawing_png, view, names, seat, latest["round"]),
            "vault.png",
        )

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        bold = [f"**{names[s]}**" for s in outcome["winners"]]
        if len(bold) == 1:
            headline = _("{name} wins!", name=bold[0])
        else:
            joined = bold[0]
            for name in bold[1:]:  # "A and B and C", as the English always said it
                joined = _("{earlier} and {last}", earlier=joined, last=name)
            headline = _("{names} win!", names=joined)
        ranking = sorted(range(len(names)), key=lambda s: -outcome["scores"][s])
        lines = [f"{names[s]}: {outcome['scores'][s]}" for s in ranking]
        text = "\n".join([headline, *filter(None, [tie_line(outcome)]), *lines, how_it_went(view, names)])
        return Outgoing(
            text, _("A Sky of Stars · Final results"), partial(art.results_png, view, names), "results.png"
        )

    def told_by_card(self, view: View, event: str) -> bool:
        """The card's own words say it already (as the rules tag the event): during the reveal's
        pause the card is the answer (its title names the drawing and the word, its text every
        guess); a round's card shows its words and asks for a starting star; the last lines' card
        says who may draw one."""
        told = {"reveal": EventKind.REVEALED, "start": EventKind.ROUND_BEGINS, "final": EventKind.LAST_LINES}
        kind = told.get(view.get("phase", ""))
        return kind is not None and GAME.event_kind(event) is kind

    def announcement(self, view: View, names: list[str], events: list[str], game_id: int) -> Outgoing | None:
        """A reveal is one message: the drawing again, its word, every guess and its points. With
        the reveal's pause (``reveal`` phase) that message is the guess card itself, redrawn."""
        if not is_reveal(events) or view["phase"] == "reveal":
            return None
        return reveal_message(view, names, events)

    async def after_move(self, record: Any, events: list[str], delivery: Any) -> None:
        """STOP shows in every panel once called; STOP questions close with their roll."""
        await stop.after_move(record, events, delivery)

    # -------------------------------------------------------------- private panel

    def panel(self, view: View, names: list[str], game_id: int, **stage: Any) -> Outgoing:
        """The seat's panel at a sub-step (``stage``: see ``panels.build_panel``); the platform
        reaches the panels through here. During a reveal's pause it is a line without a picture:
        the answer is in the thread, and the next step draws a new picture anyway."""
        if view["phase"] == "reveal":
            reveal = view["reveals"][-1]
            if in_dms(names):  # a practice table: the answer is posted in these DMs
                said = _(
                    "The answer for **{name}**'s drawing is out, right here in this chat. Your next "
                    "panel comes in a few seconds.",
                    name=names[reveal["artist"]],
                )
            else:
                said = _(
                    "The answer for **{name}**'s drawing is out in the game thread. Your next panel "
                    "comes in a few seconds.",
                    name=names[reveal["artist"]],
                )
            return Outgoing(said, round_title(view))
        return build_panel(view, names, game_id, **stage)

    def describe(self, view: View, names: list[str], seat: int | None = None) -> str:
        return described.describe(view, names, seat)
