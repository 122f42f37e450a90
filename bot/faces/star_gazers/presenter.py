"""Star Gazers on Discord: public step messages, board, sheets and results.

The private turn panels are built in ``panels``, their buttons and selects live in ``items``
(custom_id prefix ``sg:``) and the words in ``words``.
"""

from __future__ import annotations

import logging
from functools import partial

from bot.faces.base import Presenter
from bot.faces.star_gazers.art import images as art
from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.items import DYNAMIC_ITEMS
from bot.faces.star_gazers.panels import build_panel
from bot.faces.star_gazers.words import RULES, SLUG, TITLE, progress_line, round_line
from bot.games.base import View
from bot.games.plural import counted
from bot.outgoing import Outgoing

log = logging.getLogger(__name__)


class StarGazersPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES

    dynamic_items = DYNAMIC_ITEMS

    # -------------------------------------------------------------- public
    def progress(self, view: View, names: list[str]) -> str:
        return progress_line(view, names)

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        from bot.components import OpenPanelButton

        title = f"{TITLE} · {round_line(view)}"
        if view["phase"] == "journal":
            text = (
                "Each of you was dealt two secret Journal cards: keep one in your panel. "
                "The Universe board and the two Constellations are below."
            )
        else:
            seat = view["turn"]
            text = f"**{names[seat]}**, your turn: take one square of the Universe board."
            if view["pick"] == view["picks_per_round"]:
                text += " It is the last square of the round, so it comes with two bonus tokens."
        return Outgoing(
            text,
            title,
            partial(art.board_png, art.public_only(view), names),
            "universe.png",
            [OpenPanelButton(game_id)],
            footer=self.progress(view, names),
        )

    def board(self, view: View, names: list[str]) -> Outgoing:
        if view["phase"] == "over":
            return self.results(view, names)
        return Outgoing(
            self.progress(view, names),
            f"{TITLE} · {round_line(view)}",
            partial(art.board_png, art.public_only(view), names),
            "universe.png",
        )

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        player = view["players"][seat]
        lines = [f"{player['tiles']}/16 tiles · {counted(player['score']['total'], 'point')} so far"]
        if view.get("you") == seat:
            lines.append("Your Journal (only you see this):")
            lines += [f"{'✅' if c['complete'] else '▫️'} {card_words(c)}" for c in view.get("journal") or []]
        elif view["phase"] == "over":
            lines += [f"{'✅' if c['complete'] else '▫️'} {card_words(c)}" for c in player["journal"] or []]
        else:
            lines.append(f"{player['journal_count']} Journal card(s), secret until the end.")
        shown = view if view.get("you") == seat else art.public_only(view)
        return Outgoing(
            "\n".join(lines),
            f"{names[seat]}'s Mural",
            partial(art.sheet_png, shown, names, seat),
            "mural.png",
        )

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        winners = " and ".join(f"**{names[s]}**" for s in outcome["winners"])
        verb = "win" if len(outcome["winners"]) > 1 else "wins"
        ranking = sorted(
            range(view["seats"]), key=lambda s: (s not in outcome["winners"], -outcome["scores"][s])
        )
        lines = [f"{winners} {verb}!"]
        for s in ranking:
            cards = view["players"][s]["journal"] or []
            done = sum(1 for c in cards if c["complete"])
            lines.append(
                f"**{names[s]}**: {counted(outcome['scores'][s], 'point')} · "
                f"{done}/{len(cards)} Journal cards done"
            )
            lines += [f"  {'✅' if c['complete'] else '▫️'} {card_words(c)}" for c in cards]
        return Outgoing(
            "\n".join(lines)[:4000],
            f"{TITLE} · Final results",
            partial(art.results_png, art.public_only(view), names),
            "results.png",
        )

    # -------------------------------------------------------------- private panel
    def panel(
        self,
        view: View,
        names: list[str],
        game_id: int,
        *,
        stage: str | None = None,
        tentative: View | None = None,
        note: str | None = None,
    ) -> Outgoing:
        """The seat's panel (see ``panels.build_panel`` for ``stage``, ``tentative``, ``note``)."""
        return build_panel(view, names, game_id, stage, tentative, note)
