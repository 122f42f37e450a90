"""Starry Night Sky on Discord: the board after each turn, sheets and results; the turn panel is
built in ``panels``, its controls declared in ``items`` (custom_id prefix ``sns:``), its words in
``words``; what a click shows next is ``step`` and ``after_play`` here.

Myth cards are secret: they appear only in panels and sheets built from the seat's own view
(DMs, ephemeral messages). Public messages are built from the public view, which carries no
Myth card until the game is over.
"""

from __future__ import annotations

import logging
from functools import partial

from bot.faces.starry_night_sky import described, hints
from bot.faces.starry_night_sky.art import images as art
from bot.faces.starry_night_sky.items import CONTROLS, PICK
from bot.faces.starry_night_sky.panels import build_panel
from bot.faces.starry_night_sky.words import (
    RULES,
    SLUG,
    TITLE,
    and_list,
    heading,
    myth_text,
    next_turn_line,
    pools_text,
    progress_line,
    said,
)
from bot.games.base import View
from bot.i18n import _, ngettext
from bot.i18n.waiting import waiting_for
from bot.ui.components import open_panel_items
from bot.ui.controls import Click, Played, Seen
from bot.ui.interactions import Refusal
from bot.ui.outgoing import Outgoing
from bot.ui.presenter import Hint, PanelAt, Presenter, tie_line

log = logging.getLogger(__name__)
BOARD_FILE = f"board.{art.EXTENSION}"  # the encoder chosen in ``art.images`` (``PICTURE``)


class StarryNightSkyPresenter(Presenter):
    slug = SLUG
    panel_from_start = True
    rules_summary = RULES
    controls = CONTROLS

    # -------------------------------------------------------------- public

    def hint(self, view: View) -> Hint | None:
        return hints.hint(view)

    def progress(self, view: View, names: list[str]) -> str:
        return progress_line(view, names)

    def _headline(self, view: View, names: list[str]) -> str:
        night = view["night"]
        track = (
            ngettext("Night Track: {n} marker left", "Night Track: {n} markers left", len(night))
            if night
            else ngettext(
                "Dawn has come: last round ({n} Dawn marker left)",
                "Dawn has come: last round ({n} Dawn markers left)",
                view["dawn_left"],
            )
        )
        scores = " · ".join(f"{names[p['seat']]} {p['score']['total']}" for p in view["players"])
        return track + "\n" + _("Scores: {scores}", scores=scores)

    def step_message(self, view: View, names: list[str], game_id: int) -> Outgoing:
        # the same words in every game, read as well in a thread as in a practice game's DMs
        text = waiting_for([view["current"]], names) + "\n" + self._headline(view, names)
        return Outgoing(
            text,
            heading(view),
            partial(art.board_png, view, names),
            BOARD_FILE,
            open_panel_items(game_id, names),
            footer=self.progress(view, names),
        )

    def board(self, view: View, names: list[str]) -> Outgoing:
        if view["phase"] == "over":
            return self.results(view, names)
        text = f"{self.progress(view, names)}\n{self._headline(view, names)}"
        if view.get("last_summary"):
            text += "\n" + _("Last turn: {summary}", summary=said(view["last_summary"], names))
        return Outgoing(text, heading(view), partial(art.board_png, view, names), BOARD_FILE)

    def sheet(self, view: View, names: list[str], seat: int) -> Outgoing:
        player = view["players"][seat]
        score = player["score"]
        lines = [
            ngettext(
                "**{n} point** (discovery {discovery}, stars {stars}, goals {goals}, myths {myths})",
                "**{n} points** (discovery {discovery}, stars {stars}, goals {goals}, myths {myths})",
                score["total"],
                discovery=score["discovery"],
                stars=score["stars"],
                goals=score["goals"],
                myths=score["myths"],
            ),
            _("Star pools: {pools}", pools=pools_text(player["pools"])),
        ]
        lines += [
            _("Goal ({points}): {goal}", points=g["points"], goal=_(g["text"])) for g in player["goals"]
        ] or [_("No goal cards held.")]
        if view.get("you") == seat:
            lines.append(
                _("Your Myth cards:")
                if view["phase"] == "over"
                else _("Your Myth cards (secret until the end; ✅ = both constellations mapped now):")
            )
            lines += [myth_text(m) for m in view.get("my_myths") or []]
        elif view.get("myths"):
            lines += [myth_text(m) for m in view["myths"][seat]]
        else:
            lines.append(
                ngettext(
                    "{n} Myth card, hidden until the end.",
                    "{n} Myth cards, hidden until the end.",
                    player["myth_count"],
                )
            )
        return Outgoing(
            "\n".join(lines),
            _("{name}'s sheet", name=names[seat]),
            partial(art.sheet_png, view, names, seat),
            f"sheet.{art.EXTENSION}",
        )

    def results(self, view: View, names: list[str]) -> Outgoing:
        outcome = view["outcome"]
        winners = and_list([f"**{names[s]}**" for s in outcome["winners"]])
        ranking = sorted(range(len(names)), key=lambda s: -outcome["scores"][s])
        if len(outcome["winners"]) > 1:
            lines = [_("{winners} share the win! The Myth cards are revealed:", winners=winners)]
        else:
            lines = [_("{winners} wins! The Myth cards are revealed:", winners=winners)]
        lines[1:1] = filter(None, [tie_line(outcome)])
        for s in ranking:
            part = outcome["breakdown"][s]
            lines.append(
                _(
                    "**{name}: {score}** (discovery {discovery}, stars {stars}, goals {goals}, "
                    "myths {myths})",
                    name=names[s],
                    score=outcome["scores"][s],
                    discovery=part["discovery"],
                    stars=part["stars"],
                    goals=part["goals"],
                    myths=part["myths"],
                )
            )
            lines += [f"  {myth_text(m)}" for m in (view.get("myths") or [[]] * len(names))[s]]
        if view.get("ended_by") == "stall":
            lines.append(_("The night ended early: a whole round passed in which nobody could play."))
        return Outgoing(
            "\n".join(lines)[:4000],
            _("{title} · Final results", title=_(TITLE)),
            partial(art.results_png, view, names),
            f"results.{art.EXTENSION}",
        )

    # -------------------------------------------------------------- private panel

    def panel(
        self,
        view: View,
        names: list[str],
        game_id: int,
        *,
        pick: tuple[str, str] | None = None,
    ) -> Outgoing:
        """The seat's panel. ``pick`` is a choice looked at but not confirmed yet:
        ``("dest", cid)``, ``("place", code)`` or ``("trade", "goal.colour")``."""
        return build_panel(view, names, game_id, pick=pick)

    def step(self, seen: Seen, click: Click, panel: PanelAt) -> Outgoing:
        """A pick shows the choice picked with its confirm button; **Back**, the choice's start."""
        if click.control is not PICK:
            return panel()
        if seen.view.get("choice") is None:
            raise Refusal(_("It isn't your turn any more."))
        return panel(pick=(click["what"], (click.picked or ("-",))[0]))

    def after_play(self, seen: Seen, played: Played, panel: PanelAt) -> Outgoing:
        """The turn's next step in place, or once the turn is over what it did."""
        view = seen.view
        if played.active and view.get("choice") is not None and played.same_step:
            return panel()
        summary = said(view.get("last_summary") or "", seen.names)
        done = _("Your turn is over.") + (f"\n{summary}" if summary else "")
        if played.active:
            done += "\n" + next_turn_line(view, seen.names)
        return Outgoing(done, heading(view))

    def describe(self, view: View, names: list[str], seat: int | None = None) -> str:
        return described.describe(view, names, seat)
