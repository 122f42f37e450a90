"""Star Gazers on Discord: public step messages, board, sheets and results.

The private turn panels are built in ``panels``, their buttons and selects are declared in ``items``
(custom_id prefix ``sg:``), what a click shows next is in ``clicked`` and the words in ``words``.
"""

from __future__ import annotations

import logging
from functools import partial

from bot.faces.star_gazers import clicked, described, hints
from bot.faces.star_gazers.art import encodings as sent
from bot.faces.star_gazers.art import images as art
from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.items import CONTROLS
from bot.faces.star_gazers.panels import build_panel
from bot.faces.star_gazers.pictures import named
from bot.faces.star_gazers.words import RULES, SLUG, progress_line, round_line, titled
from bot.games.base import View
from bot.i18n import _, ngettext
from bot.i18n.waiting import bot_plays, waiting_for
from bot.ui.components import open_panel_items
from bot.ui.outgoing import Outgoing
from bot.ui.presenter import Hint, Presenter, tie_line

log = logging.getLogger(__name__)


class StarGazersPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES
    controls = CONTROLS

    after_play = staticmethod(clicked.after_play)
    step = staticmethod(clicked.step)
    typed = staticmethod(clicked.typed)

    # -------------------------------------------------------------- public
    def hint(self, view: View) -> Hint | None:
        return hints.hint(view)

    def progress(self, view: View, names: list[str]) -> str:
        return progress_line(view, names)

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        title = titled(round_line(view))
        if view["phase"] == "journal":
            text = _(
                "Each of you was dealt two secret Journal cards: keep one in your panel. "
                "The Universe board and the two Constellations are below."
            )
        elif bot_plays(names, view["turn"]):  # no panel to point a bot to: "Bot 1 is playing…"
            text = waiting_for([view["turn"]], names)
        elif view["pick"] == view["picks_per_round"]:
            text = _(
                "**{name}**, your turn: take one square of the Universe board. It is the last square of "
                "the round, so it comes with two bonus tokens.",
                name=names[view["turn"]],
            )
        else:
            text = _(
                "**{name}**, your turn: take one square of the Universe board.", name=names[view["turn"]]
            )
        # The Constellations never change: shown with the board at the start, then each turn's board
        # leaves them out (a lighter picture for every player, every turn).
        journal = view["phase"] == "journal"
        board, encoding = (art.board_webp, sent.BOARD) if journal else (art.turn_board_webp, sent.TURN_BOARD)
        return named(
            Outgoing(
                text,
                title,
                partial(board, art.public_only(view), names),
                "universe" + encoding.suffix,
                open_panel_items(game_id, names),
                footer=self.progress(view, names),
            ),
            "universe",
        )

    def board(self, view: View, names: list[str]) -> Outgoing:
        if view["phase"] == "over":
            return self.results(view, names)
        return Outgoing(
            self.progress(view, names),
            titled(round_line(view)),
            partial(art.board_webp, art.public_only(view), names),
            "universe" + sent.BOARD.suffix,
        )

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        player = view["players"][seat]
        lines = [
            ngettext(
                "{tiles}/16 tiles · {n} point so far",
                "{tiles}/16 tiles · {n} points so far",
                player["score"]["total"],
                tiles=player["tiles"],
            )
        ]
        if view.get("you") == seat:
            lines.append(_("Your Journal (only you see this):"))
            lines += [f"{'✅' if c['complete'] else '▫️'} {card_words(c)}" for c in view.get("journal") or []]
        elif view["phase"] == "over":
            lines += [f"{'✅' if c['complete'] else '▫️'} {card_words(c)}" for c in player["journal"] or []]
        else:
            lines.append(
                ngettext(
                    "{n} Journal card, secret until the end.",
                    "{n} Journal cards, secret until the end.",
                    player["journal_count"],
                )
            )
        shown = view if view.get("you") == seat else art.public_only(view)
        return Outgoing(
            "\n".join(lines),
            _("{name}'s Mural", name=names[seat]),
            partial(art.sheet_webp, shown, names, seat),
            "mural" + sent.SHEET.suffix,
        )

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        winners = [f"**{names[s]}**" for s in outcome["winners"]]
        ranking = sorted(
            range(view["seats"]), key=lambda s: (s not in outcome["winners"], -outcome["scores"][s])
        )
        if len(winners) == 1:
            lines = [_("{name} wins!", name=winners[0])]
        else:
            lines = [_("{names} win!", names=_and(winners))]
        lines += filter(None, [tie_line(outcome)])
        for s in ranking:
            cards = view["players"][s]["journal"] or []
            done = sum(1 for c in cards if c["complete"])
            # i18n: one player's line in the results: points, then Journal cards completed of those held
            lines.append(
                ngettext(
                    "**{name}**: {n} point · {done}/{held} Journal cards done",
                    "**{name}**: {n} points · {done}/{held} Journal cards done",
                    outcome["scores"][s],
                    name=names[s],
                    done=done,
                    held=len(cards),
                )
            )
            lines += [f"  {'✅' if c['complete'] else '▫️'} {card_words(c)}" for c in cards]
        return Outgoing(
            "\n".join(lines)[:4000],
            titled(_("Final results")),
            partial(art.results_webp, art.public_only(view), names),
            "results" + sent.RESULTS.suffix,
        )

    # -------------------------------------------------------------- private panel
    panel = staticmethod(build_panel)  # the seat's panel at a ``stage`` previewed (see ``panels``)

    def describe(self, view: View, names: list[str], seat: int | None = None) -> str:
        return described.describe(view, names, seat)


def _and(names: list[str]) -> str:
    """Names joined by "and" ("Ada and Bea and Cy"), in the reader's language."""
    if len(names) == 1:
        return names[0]
    return _("{first} and {rest}", first=names[0], rest=_and(names[1:]))
