"""Starry Night Sky on Discord: the board after each turn, sheets and results; the turn panel is
built in ``panels``, its buttons in ``items`` (custom_id prefix ``sns:``), its words in ``words``.

Myth cards are secret: they appear only in panels and sheets built from the seat's own view
(DMs, ephemeral messages). Public messages are built from the public view, which carries no
Myth card until the game is over.
"""

from __future__ import annotations

import logging
from functools import partial

from bot.faces.base import Presenter
from bot.faces.starry_night_sky.art import images as art
from bot.faces.starry_night_sky.items import DYNAMIC_ITEMS
from bot.faces.starry_night_sky.panels import build_panel
from bot.faces.starry_night_sky.words import RULES, SLUG, TITLE, fill, myth_text, pools_text, progress_line
from bot.games.base import View
from bot.outgoing import Outgoing

log = logging.getLogger(__name__)


class StarryNightSkyPresenter(Presenter):
    slug = SLUG
    rules_summary = RULES

    dynamic_items = DYNAMIC_ITEMS

    # -------------------------------------------------------------- public

    def progress(self, view: View, names: list[str]) -> str:
        return progress_line(view, names)

    def _headline(self, view: View, names: list[str]) -> str:
        night = view["night"]
        track = (f"Night Track: {len(night)} marker{'s' if len(night) != 1 else ''} left"
                 if night else f"Dawn has come: last round ({view['dawn_left']} Dawn markers left)")
        scores = " · ".join(f"{names[p['seat']]} {p['score']['total']}" for p in view["players"])
        return f"{track}\nScores: {scores}"

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        from bot.components import OpenPanelButton

        seat = view["current"]
        text = (f"It's **{names[seat]}**'s turn: their panel is in their DMs "
                f"(or press **Open my panel**).\n{self._headline(view, names)}")
        return Outgoing(text, f"{TITLE} · Round {view['round']}", partial(art.board_png, view, names),
                        "board.png", [OpenPanelButton(game_id)], footer=self.progress(view, names))

    def board(self, view: View, names: list[str]) -> Outgoing:
        if view["phase"] == "over":
            return self.results(view, names)
        text = f"{self.progress(view, names)}\n{self._headline(view, names)}"
        if view.get("last_summary"):
            text += "\nLast turn: " + fill(view["last_summary"], names)
        return Outgoing(text, f"{TITLE} · Round {view['round']}", partial(art.board_png, view, names),
                        "board.png")

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        player = view["players"][seat]
        score = player["score"]
        lines = [f"**{score['total']} points** (discovery {score['discovery']}, stars {score['stars']}, "
                 f"goals {score['goals']}, myths {score['myths']})",
                 f"Star pools: {pools_text(player['pools'])}"]
        lines += [f"Goal ({g['points']}): {g['text']}" for g in player["goals"]] or ["No goal cards held."]
        if view.get("you") == seat:
            lines.append("Your Myth cards:" if view["phase"] == "over" else
                         "Your Myth cards (secret until the end; ✅ = both constellations mapped now):")
            lines += [myth_text(m) for m in view.get("my_myths") or []]
        elif view.get("myths"):
            lines += [myth_text(m) for m in view["myths"][seat]]
        else:
            lines.append(f"{player['myth_count']} Myth cards, hidden until the end.")
        return Outgoing("\n".join(lines), f"{names[seat]}'s sheet", partial(art.sheet_png, view, names, seat),
                        "sheet.png")

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        winners = " and ".join(f"**{names[s]}**" for s in outcome["winners"])
        verb = "share the win" if len(outcome["winners"]) > 1 else "wins"
        ranking = sorted(range(len(names)), key=lambda s: -outcome["scores"][s])
        lines = [f"{winners} {verb}! The Myth cards are revealed:"]
        top = outcome["scores"][outcome["winners"][0]] if outcome["winners"] else None
        if len(outcome["winners"]) == 1 and outcome["scores"].count(top) > 1:
            lines[0] = f"{winners} {verb} on Myth points after a tie! The Myth cards are revealed:"
        for s in ranking:
            part = outcome["breakdown"][s]
            lines.append(f"**{names[s]}: {outcome['scores'][s]}** (discovery {part['discovery']}, stars "
                         f"{part['stars']}, goals {part['goals']}, myths {part['myths']})")
            lines += [f"  {myth_text(m)}" for m in (view.get("myths") or [[]] * len(names))[s]]
        if view.get("ended_by") == "stall":
            lines.append("The night ended early: a whole round passed in which nobody could play.")
        return Outgoing("\n".join(lines)[:4000], f"{TITLE} · Final results",
                        partial(art.results_png, view, names), "results.png")

    # -------------------------------------------------------------- private panel

    def panel(self, view: View, names: list[str], game_id: int, *, pick: tuple[str, str] | None = None,
              ) -> Outgoing:
        """The seat's panel. ``pick`` is a choice looked at but not confirmed yet:
        ``("dest", cid)``, ``("place", code)`` or ``("trade", "goal.colour")``."""
        return build_panel(view, names, game_id, pick=pick)
