"""The home stage of an Observatory draft panel: every move of the step on one panel.

Stars come with their dice in one list (a wild die's pair in lists of its own when they fit),
research spaces in one list, the Shooting Star's cells in lists when they fit, everything else
as buttons; a pick plays at once as a draft move (see ``draft``).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import face_text
from bot.faces.observatory.draft_base import SECONDARY, SUCCESS, DraftBase
from bot.faces.observatory.items import type_button
from bot.faces.observatory.words import (
    PER_SELECT,
    card_name,
    cell_groups,
    cell_order,
    cell_text,
    grant_label,
    space_options,
    unused_options,
)
from bot.i18n import _
from bot.ui.outgoing import Outgoing

log = logging.getLogger(__name__)

GRANT_BUTTONS = 4  # more banked bonuses than this go behind one "Bonuses" button
INLINE_PLOT_SELECTS = 2  # lists of stars on the home panel (three pairs of plain dice: 24 cells at most)
HOME_SELECTS = 7  # lists on the home panel: 7 x 2 components, up to 17 buttons in 4 rows, card parts


class DraftHome:
    """The home stage (and the lists it shows) of the draft ``d``."""

    def __init__(self, d: DraftBase) -> None:
        self.d = d

    def home(self, note: str | None = None) -> Outgoing:
        """Every move of the step on one panel: a list picks and plays it at once (it stays a draft
        until **Finish turn**, and **Undo last** takes it back), so a turn is a few picks."""
        c = self.d.choice
        items: list[discord.ui.Item[Any]] = []
        legal: list[str] = []
        buttons: list[discord.ui.Item[Any]] = []
        lists: list[tuple[list[tuple[str, str, str | None]], str]] = []  # (options, placeholder)
        budget = HOME_SELECTS  # lists beyond it go behind a button (Discord: 40 components a card)
        plot_lists: list[tuple[list[tuple[str, str, str | None]], str]] = []
        long_pairs: list[tuple[int, int]] = []
        if not c.get("plotted"):
            legal = [cell for p in c.get("plots") or [] for cell in p.get("cells") or []]
            short, long_pairs = self.plot_lists()
            head = _("Plot your star: pick a cell (and the dice it uses)")
            plot_lists = [(options, head) for options in short]
            budget -= len(plot_lists)
        research: list[tuple[list[tuple[str, str, str | None]], str]] = []
        if not c.get("researched"):
            spaces = self.research_options()
            if spaces and len(spaces) <= PER_SELECT:
                research = [(spaces, _("Research: pick a space to fill"))]
                budget -= 1
            else:
                for entry in self.d.distinct_research():
                    buttons.append(
                        self.d.go(f"r{entry['die']}", _("Research: {die}", die=self.d.die_word(entry["die"])))
                    )
        shooting = c.get("shooting") or {}
        orange = [] if shooting.get("used") else list(shooting.get("cells") or [])
        shoot_lists: list[tuple[list[tuple[str, str, str | None]], str]] = []
        if orange:
            groups = cell_groups(orange)
            value = face_text(shooting.get("value"))
            if len(groups) <= budget:
                budget -= len(groups)
                shoot_lists = [
                    (
                        [(f"ss.{cell}", cell_text(cell), None) for cell in group],
                        _("Shooting Star {value}: a cell in {rows}", value=value, rows=rows),
                    )
                    for rows, group in groups
                ]
            else:
                buttons.append(self.d.go("s", _("Shooting Star ({value})", value=value), emoji="🌠"))
        wild, wild_buttons, budget = self.wild_pairs(long_pairs, budget)
        plot_lists += wild
        buttons += wild_buttons
        lists = plot_lists + research + shoot_lists
        items += [self.d.play(n, options, placeholder) for n, (options, placeholder) in enumerate(lists)]
        if plot_lists:
            buttons.insert(0, type_button(self.d.game_id, self.d.dec, "h", "plot"))
        buttons += self.action_buttons()
        items += buttons
        lines = self.home_lines(note, bool(items))
        return self.d.out("\n".join(lines), items, art.Marks(legal=legal, shooting=orange))

    def wild_pairs(
        self, long_pairs: list[tuple[int, int]], budget: int
    ) -> tuple[list[tuple[list[tuple[str, str, str | None]], str]], list[discord.ui.Item[Any]], int]:
        """A wild die's pairs, which reach many cells: their lists while they fit in ``budget``
        lists, else a button to a stage of their own; and the lists left."""
        c = self.d.choice
        lists: list[tuple[list[tuple[str, str, str | None]], str]] = []
        buttons: list[discord.ui.Item[Any]] = []
        for i, j in long_pairs:
            plot = next(p for p in c.get("plots") or [] if list(p["dice"]) == [i, j])
            groups = cell_groups(list(plot.get("cells") or []))
            pair = _("{first} + {second}", first=self.d.die_word(i), second=self.d.die_word(j))
            if len(groups) <= budget:
                budget -= len(groups)
                lists += [
                    (
                        [
                            (f"plot.{i}{j}.{cell}", _("{cell} · {pair}", cell=cell, pair=pair), None)
                            for cell in group
                        ],
                        _("Star with {pair}: cells in {rows}", pair=pair, rows=rows),
                    )
                    for rows, group in groups
                ]
            else:
                buttons.append(
                    self.d.go(
                        f"p{i}{j}",
                        _("Star: {first} + {second}", first=self.d.die_word(i), second=self.d.die_word(j)),
                    )
                )
        return lists, buttons, budget

    def action_buttons(self) -> list[discord.ui.Item[Any]]:
        """The Lens, the Drive, banked bonuses, cards to complete, Undo last and Finish turn."""
        c = self.d.choice
        buttons: list[discord.ui.Item[Any]] = []
        if c.get("lens") and not c.get("lens_used"):
            buttons.append(self.d.go("l", _("Lens ±1"), SECONDARY, "🔍"))
        if c.get("drive_values"):
            buttons.append(self.d.go("d", _("Write Drive number"), SECONDARY))
        grants = c.get("grants") or []
        if len(grants) > GRANT_BUTTONS:
            buttons.append(self.d.go("b", _("Bonuses ({count})", count=len(grants)), SECONDARY, "🎁"))
        else:
            buttons += [self.d.go(f"g{g['id']}", grant_label(g), SECONDARY, "🎁") for g in grants]
        for card_id, placements in list((c.get("placements") or {}).items())[:4]:
            label = _("Complete {card}", card=card_name(self.d.cards, card_id))[:80]
            if len(placements) == 1:  # one way only: nothing to choose, it can be undone
                buttons.append(self.d.do(f"cp.{card_id}.{placements[0]['id']}", label, SUCCESS, "✨"))
            else:
                buttons.append(self.d.go(f"c{card_id}", label, SUCCESS, "✨"))
        if c.get("can_undo"):
            buttons.append(self.d.do("undo", _("Undo last"), SECONDARY, "↩️"))
        if c.get("can_done"):
            if unused_options(c):  # something is left unused: say so before it is final
                buttons.append(self.d.go("f", _("Finish turn"), SUCCESS, "✅"))
            else:
                buttons.append(self.d.do("done", _("Finish turn"), SUCCESS, "✅"))
        return buttons

    def home_lines(self, note: str | None, anything: bool) -> list[str]:
        """What the home panel says under the last click's ``note`` (``anything``: it offers a move)."""
        c = self.d.choice
        lines = [note] if note else []
        if not anything:
            lines.append(_("Nothing left to do."))
        elif c.get("can_done"):
            lines.append(
                _(
                    "Your moves are ringed in gold on your sheet. **Finish turn** makes them final; "
                    "until then **Undo last** takes one back."
                )
            )
        else:
            lines.append(
                _(
                    "Pick your moves: each shows on your sheet at once and stays a draft until you "
                    "press **Finish turn** (**Undo last** takes one back)."
                )
            )
        return lines

    def plot_lists(self) -> tuple[list[list[tuple[str, str, str | None]]], list[tuple[int, int]]]:
        """The legal stars in at most two lists, pair of dice by pair (a pair kept in one list),
        and the pairs that reach too many cells for that (a wild die: a stage of their own)."""
        lists: list[list[tuple[str, str, str | None]]] = []
        long_pairs = []
        for plot in self.d.distinct_plots():
            options = self.plot_options([plot])
            if lists and len(lists[-1]) + len(options) <= PER_SELECT:
                lists[-1] += options
            elif len(options) <= PER_SELECT and len(lists) < INLINE_PLOT_SELECTS:
                lists.append(options)
            else:
                long_pairs.append((plot["dice"][0], plot["dice"][1]))
        return lists, long_pairs

    def plot_options(self, plots: list[dict[str, Any]]) -> list[tuple[str, str, str | None]]:
        """Every star of ``plots`` with the dice that reach it, pair by pair."""
        out = []
        for plot in plots:
            i, j = plot["dice"]
            rest = next((k for k in range(3) if k not in (i, j)), None)
            used = [d["index"] for d in self.d.choice.get("dice") or [] if d.get("used")]
            pair = _("{first} + {second}", first=self.d.die_word(i), second=self.d.die_word(j))
            about = (
                _("leaves the {die} for research", die=self.d.die_word(rest))
                if rest is not None and rest not in used
                else None
            )
            for cell in cell_order(plot.get("cells") or []):
                # i18n: a star in a list: the cell, then the two dice that reach it ("C4 · 3 + 4")
                out.append((f"plot.{i}{j}.{cell}", _("{cell} · {pair}", cell=cell, pair=pair), about))
        return out

    def research_options(self) -> list[tuple[str, str, str | None]]:
        out = []
        for entry in self.d.distinct_research():
            die = entry["die"]
            for option in space_options(
                self.d.view,
                entry.get("spaces") or {},
                f"res.{die}",
                self.d.die_word(die) if len(self.d.distinct_research()) > 1 else None,
            ):
                out.append((option.value, option.label, option.description))
        return out
