"""The plumbing of an Observatory draft panel: its buttons and lists, the dice in words, the
status lines above every stage. ``home`` builds the home stage on it, ``draft`` the others."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import face_text
from bot.faces.observatory.items import do_button, go_button, play_select
from bot.faces.observatory.words import (
    PER_SELECT,
    SELECTS_PER_PAGE,
    title_of,
    track_name,
    wild_word,
)
from bot.games.base import View
from bot.i18n import _, translate
from bot.ui.outgoing import Outgoing

log = logging.getLogger(__name__)
T = TypeVar("T")

PRIMARY, SECONDARY, SUCCESS = (
    discord.ButtonStyle.primary,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.success,
)


class DraftBase:
    """Builds one stage of a seat's draft panel from that seat's view."""

    def __init__(self, view: View, names: list[str], game_id: int) -> None:
        self.view, self.names, self.game_id = view, names, game_id
        self.choice: dict[str, Any] = view["choice"]
        self.dec: int = view["decision"]
        self.seat: int = view.get("you", 0)
        self.cards: dict[str, Any] = view.get("cards") or {}
        # A draft's moves can be taken back until Finish, so a pick plays at once; a refill's can't.
        self.undoable: bool = self.choice.get("kind") in ("decide", "night_bonus")

    # ------------------------------------------------------------------ plumbing
    def out(
        self,
        text: str,
        items: list[discord.ui.Item[Any]],
        marks: art.Marks | None = None,
        note: str | None = None,
    ) -> Outgoing:
        content = "\n".join([*self.status_lines(), "", text]).strip()
        stars = (self.view.get("sheet") or {}).get("stars") or []
        if marks is not None:
            # any empty cell (a wild die): tinting them all says nothing and buries the other
            # highlights (a wild Shooting Star would paint the whole sheet orange), and the panel
            # keeps the same picture; the text says the die is wild
            empty = 144 - len(stars)
            marks = replace(
                marks,
                legal=[] if len(set(marks.legal)) >= empty else marks.legal,
                shooting=[] if len(set(marks.shooting)) >= empty else marks.shooting,
            )
        render = partial(art.sheet_png, self.view, self.names, self.seat, marks=marks, note=note)
        # the moves above the sheet: on a phone the sheet (460 px) and the status lines would push
        # the first list past the screen; the sheet below still shows each pick ringed in gold
        out = Outgoing(content[:4000], title_of(self.view), render, "sheet.png", items[:25])
        out.controls_first = bool(items)
        return out

    def go(
        self, stage: str, label: str, style: discord.ButtonStyle = PRIMARY, emoji: str | None = None
    ) -> discord.ui.Item[Any]:
        return go_button(self.game_id, self.dec, stage, label, style, emoji)

    def do(
        self, code: str, label: str, style: discord.ButtonStyle = SUCCESS, emoji: str | None = None
    ) -> discord.ui.Item[Any]:
        return do_button(self.game_id, self.dec, code, label, "p", style, emoji)

    def home_button(self) -> discord.ui.Item[Any]:
        return self.go("h", _("Back"), SECONDARY)

    @staticmethod
    def on_page(lists: Sequence[T], page: int) -> tuple[Sequence[T], int, int]:
        """The lists a stage shows on ``page`` (kept in range), that page and how many there are."""
        pages = max(1, -(-len(lists) // SELECTS_PER_PAGE))
        page = min(page, pages - 1)
        return lists[page * SELECTS_PER_PAGE : (page + 1) * SELECTS_PER_PAGE], page, pages

    def next_page(self, stage: str, page: int, pages: int, label: str) -> discord.ui.Item[Any]:
        """The button to the page after ``page`` of ``stage`` (after the last, the first);
        ``label``: an ``N_`` text with ``{page}`` and ``{pages}``."""
        nxt = (page + 1) % pages
        return self.go(f"{stage}~{nxt}" if nxt else stage, _(label, page=nxt + 1, pages=pages), SECONDARY)

    def play(
        self, n: int, options: list[tuple[str, str, str | None]], placeholder: str
    ) -> discord.ui.Item[Any]:
        """A list whose pick plays its move at once (``options``: code, label, description)."""
        choices = [
            discord.SelectOption(label=label[:100], value=code, description=(about or None) and about[:100])
            for code, label, about in options[:PER_SELECT]
        ]
        return play_select(self.game_id, self.dec, n, choices, placeholder)

    def die_word(self, index: int) -> str:
        if index == 3:
            shooting = self.choice.get("shooting") or {}
            return _("Shooting Star {value}", value=face_text(shooting.get("value")))
        die: dict[str, Any] = next((d for d in self.choice.get("dice") or [] if d.get("index") == index), {})
        value = die.get("value", die.get("face"))
        return wild_word(value, bool(die.get("wild")))

    def die_key(self, index: int) -> tuple[Any, Any]:
        """What a die is worth this turn: two dice with the same key are interchangeable."""
        die: dict[str, Any] = next((d for d in self.choice.get("dice") or [] if d.get("index") == index), {})
        return die.get("value", die.get("face")), bool(die.get("wild"))

    def distinct_plots(self) -> list[dict[str, Any]]:
        """The legal plots, one per different pair of dice values (with ? · ? · 5, "? + 5" once)."""
        seen, out = set(), []
        for plot in self.choice.get("plots") or []:
            key = tuple(sorted(self.die_key(k) for k in plot["dice"]))
            if key not in seen:
                seen.add(key)
                out.append(plot)
        return out

    def distinct_research(self) -> list[dict[str, Any]]:
        seen, out = set(), []
        for entry in self.choice.get("research") or []:
            key = self.die_key(entry["die"])
            if key not in seen:
                seen.add(key)
                out.append(entry)
        return out

    def status_lines(self) -> list[str]:
        c = self.choice
        lines = []
        if self.view.get("phase") == "night_bonus":
            lines.append(_("A new night begins: take your free star or research space (bonus night)."))
        dice = c.get("dice") or []
        if dice:
            shown = []
            for die in dice:
                word, used = self.die_word(die["index"]), die.get("used")
                shown.append(
                    _("**{die}** ✓star", die=word)
                    if used == "plot"
                    else _("**{die}** ✓research", die=word)
                    if used == "research"
                    else f"**{word}**"
                )
            shooting = c.get("shooting")
            if shooting:
                value = face_text(shooting.get("value"))
                shown.append(
                    _("Shooting Star **{value}** ✓", value=value)
                    if shooting.get("used")
                    else _("Shooting Star **{value}**", value=value)
                )
            lines.append(_("Dice: {dice}", dice=" · ".join(shown)))
        plotted, researched = c.get("plotted"), c.get("researched")
        if plotted:
            a, b = plotted["dice"]
            lines.append(
                _(
                    "✓ Star at **{cell}** with {first} + {second}",
                    cell=plotted["cell"],
                    first=self.die_word(a),
                    second=self.die_word(b),
                )
            )
        shot = (c.get("shooting") or {}).get("cell")
        if shot:
            lines.append(_("✓ Shooting Star at **{cell}**", cell=shot))
        if researched:
            space = _("{track} {space}", track=track_name(researched["track"]), space=researched["space"])
            lines.append(_("✓ Research: **{space}**", space=space))
        blockers = c.get("blockers") or []
        if blockers and not c.get("can_done"):
            left = "; ".join(translate(b).rstrip(". ") for b in blockers)
            lines.append(_("Still to do: {left}.", left=left))
        return lines

    # ------------------------------------------------------------------ stages
