"""A Sky of Stars on Discord: public step messages, board, sheets and results.

The private panels live in ``panels``, their buttons and selects in ``items`` (custom_id prefix
``sky:``) and the words in ``words``.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord

from bot.faces.base import Presenter
from bot.faces.sky_of_stars.art import images as art
from bot.faces.sky_of_stars.items import DYNAMIC_ITEMS, SkyDo
from bot.faces.sky_of_stars.moments import animated, countdown_line, how_it_went, is_reveal, reveal_message
from bot.faces.sky_of_stars.panels import build_panel
from bot.faces.sky_of_stars.words import FACE_TEXT, RULES, SLUG, progress_line
from bot.games.base import View
from bot.outgoing import Outgoing

log = logging.getLogger(__name__)


class SkyOfStarsPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES
    sent_by_dm = "Your secret word and your panels"

    dynamic_items = DYNAMIC_ITEMS

    # -------------------------------------------------------------- public

    def progress(self, view: View, names: list[str]) -> str:
        return progress_line(view, names)

    def status_key(self, view: View) -> tuple[Any, ...]:
        """The whole drawing of a round (start, rolls, last lines) is one card, redrawn per roll;
        each drawing's guessing gets its own."""
        if view["phase"] == "guess":
            return ("guess", view["round"], view["guess"]["artist"])
        return ("draw", view["round"])

    def stale_text(self, kind: str) -> str:
        return {"stop": "This roll is over, so STOP can't be called on it. Use the newest roll's card.",
                "guess": "Guessing for that drawing has ended: its answer is out."}.get(
                    kind, super().stale_text(kind))

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        from bot.components import OpenPanelButton

        phase, dec = view["phase"], view["decision"]
        title = f"A Sky of Stars · Round {view['round']}/{view['rounds']}"
        items: list[discord.ui.Item[Any]] = [OpenPanelButton(game_id)]
        if phase == "guess":
            artist = view["guess"]["artist"]
            words = "\n".join(f"**{i}.** {w}" for i, w in enumerate(view["card"], 1))
            text = (f"Which word did **{names[artist]}** draw? Everyone else: pick a number "
                    f"below, in secret; you may change it until the reveal. "
                    f"{countdown_line(view['guess']['countdown'])}\n{words}")
            items = [SkyDo(game_id, dec, "guess", str(n), "t") for n in range(1, 6)]
            out = Outgoing(text, title, None, "drawing.png", items, footer=self.progress(view, names))
            return animated(out, view, names, artist, view["round"])
        if phase == "start":
            text = ("A new card is up. Check your panel for your secret word, then pick a "
                    "starting star.")
        elif phase == "final":
            caller = view["stop_by"]
            who = f"**{names[caller]}** called STOP. " if caller is not None else "The drawing is over. "
            text = who + "Everyone else may draw one last line to any fresh star, or skip it."
        else:
            face = view["roll"]["face"]
            text = f"Roll {view['roll']['count']}: the die shows **{FACE_TEXT[face]}**. "
            text += ("Cross out a star on your left neighbour's vault in your panel." if face == "swirl"
                     else "Draw your line in your panel.")
            if view["stop_by"] is None:
                items.append(SkyDo(game_id, dec, "stop", "?", "t"))  # asks for a confirmation first
            else:
                text += f"\n**{names[view['stop_by']]}** called STOP: this is the last roll."
        return Outgoing(text, title, partial(art.table_png, view, names), "table.png", items,
                        footer=self.progress(view, names))

    def board(self, view: View, names: list[str]) -> Outgoing:
        phase = view["phase"]
        if phase == "over":
            return self.results(view, names)
        text = f"Phase: **{phase}** · {self.progress(view, names)}"  # /game status adds who it waits for
        return Outgoing(text, f"A Sky of Stars · Round {view['round']}/{view['rounds']}",
                        partial(art.table_png, view, names), "table.png")

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        if view.get("you") == seat:
            return Outgoing("Your vault, as only you see it.", f"{names[seat]}'s vault",
                            partial(art.vault_png, view, names), "vault.png")
        shown = [d for d in view["drawings"] if d["seat"] == seat]
        if not shown:
            return Outgoing(f"None of {names[seat]}'s constellations has been revealed yet.",
                            f"{names[seat]}'s vault")
        latest = shown[-1]
        return Outgoing(f"{names[seat]}'s revealed constellations.", f"{names[seat]}'s vault",
                        partial(art.drawing_png, view, names, seat, latest["round"]), "vault.png")

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        winners = " and ".join(f"**{names[s]}**" for s in outcome["winners"])
        verb = "win" if len(outcome["winners"]) > 1 else "wins"
        ranking = sorted(range(len(names)), key=lambda s: -outcome["scores"][s])
        lines = [f"{names[s]}: {outcome['scores'][s]}" for s in ranking]
        text = f"{winners} {verb}!\n" + "\n".join(lines) + "\n" + how_it_went(view, names)
        return Outgoing(text, "A Sky of Stars · Final results",
                        partial(art.results_png, view, names), "results.png")

    def announcement(self, view: View, names: list[str], events: list[str], game_id: int) -> Outgoing | None:
        """A reveal is one message: the drawing again, its word, every guess and its points."""
        if not is_reveal(events):
            return None
        return reveal_message(view, names, "\n".join(event.format(*names) for event in events))

    # -------------------------------------------------------------- private panel

    def panel(self, view: View, names: list[str], game_id: int, *, picked_from: str | None = None,
              picked: str | None = None) -> Outgoing:
        """The seat's panel; ``picked_from``/``picked`` are the choices made so far in it."""
        return build_panel(view, names, game_id, picked_from=picked_from, picked=picked)
