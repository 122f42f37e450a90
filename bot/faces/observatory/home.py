"""The home stage of an Observatory draft panel: every move of the step on one panel.

At most three lists (``HOME_SELECTS``: on a phone each list is two taps, and every list pushes the
buttons further down the card), given out in the order a turn needs them: the star (cell and
dice in one list), the research space, the Shooting Star, a bonus that must be used, a card to
complete, then the other bonuses. A pick plays at once as a draft move (see ``draft``) and the
panel comes back without that list, so the next move gets its place. A set of cells larger than
a list (a wild die) lists the cells nearest the seat's stars, with a button to all of them;
whatever gets no list is a button to its own stage.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import face_text
from bot.faces.observatory.draft_base import PRIMARY, SECONDARY, SUCCESS, DraftBase
from bot.faces.observatory.items import type_button
from bot.faces.observatory.words import (
    PER_SELECT,
    card_name,
    cell_order,
    cell_text,
    grant_label,
    nearest_first,
    placement_name,
    space_options,
    unused_options,
)
from bot.i18n import _
from bot.ui.outgoing import Outgoing

log = logging.getLogger(__name__)

GRANT_BUTTONS = 4  # more banked bonuses than this go behind one "Bonuses" button
HOME_SELECTS = 3  # lists on the home panel (see the module)
Options = list[tuple[str, str, str | None]]  # a list's moves: code, label, description


class DraftHome:
    """The home stage (and the lists it shows) of the draft ``d``."""

    def __init__(self, d: DraftBase) -> None:
        self.d = d
        self.lists: list[tuple[Options, str]] = []
        self.buttons: list[discord.ui.Item[Any]] = []
        self.listed: set[str] = set()  # grants and cards whose every option has a list here
        self.cut = False  # a list holds only the nearest of its cells

    def add(self, options: Options, placeholder: str) -> bool:
        """A list of moves, if the panel has room for one more."""
        if not options or len(self.lists) >= HOME_SELECTS:
            return False
        self.lists.append((options[:PER_SELECT], placeholder))
        return True

    def stars(self) -> list[str]:
        return list((self.d.view.get("sheet") or {}).get("stars") or [])

    def cells_list(self, cells: list[str], code: str, placeholder: str) -> bool:
        """A list of ``cells`` (map order; the nearest to the seat's stars when they are too many);
        True when every cell made it into the list."""
        every = len(cells) <= PER_SELECT
        shown = cell_order(cells) if every else nearest_first(cells, self.stars())[:PER_SELECT]
        added = self.add([(f"{code}.{cell}", cell_text(cell), None) for cell in shown], placeholder)
        self.cut |= added and not every
        return added and every

    def home(self, note: str | None = None) -> Outgoing:
        """Every move of the step on one panel: a list picks and plays it at once (it stays a draft
        until **Finish turn**, and **Undo last** takes it back), so a turn is a few picks."""
        c = self.d.choice
        legal: list[str] = []
        if not c.get("plotted") and c.get("plots"):
            legal = [cell for p in c.get("plots") or [] for cell in p.get("cells") or []]
            self.add_plots()
        if not c.get("researched"):
            self.add_research()
        shooting = c.get("shooting") or {}
        orange = [] if shooting.get("used") else list(shooting.get("cells") or [])
        if orange:
            value = face_text(shooting.get("value"))
            placeholder = _("Shooting Star {value}: pick a cell", value=value)
            if not self.cells_list(orange, "ss", placeholder):
                self.buttons.append(self.d.go("s", _("Shooting Star ({value})", value=value), emoji="🌠"))
        drive: Options = [(f"drive.{v}", str(v), None) for v in c.get("drive_values") or []]
        if drive and self.add(drive, _("Write your Drive number (wild for you from now on)")):
            self.listed.add("d")
        grants = list(c.get("grants") or [])
        for grant in (g for g in grants if g.get("required")):
            self.add_grant(grant)
        self.add_completions()
        for grant in (g for g in grants if not g.get("required")):
            self.add_grant(grant)
        items: list[discord.ui.Item[Any]] = [
            self.d.play(n, options, placeholder) for n, (options, placeholder) in enumerate(self.lists)
        ]
        items += self.buttons + self.action_buttons()
        lines = self.home_lines(note, bool(items))
        return self.d.out("\n".join(lines), items, art.Marks(legal=legal, shooting=orange))

    def add_plots(self) -> None:
        """The stars in one list, plain pairs of dice first (24 cells at most), then a wild die's
        pairs, nearest cells first; a pair that doesn't fit whole gets a button to all its cells,
        and **Type a cell** reaches any of them."""
        plots = sorted(self.d.distinct_plots(), key=lambda p: len(p.get("cells") or []) > 8)
        options: Options = []
        for plot in plots:
            options += self.plot_options(plot, cell_order if len(plot.get("cells") or []) <= 8 else None)
        head = _("Plot your star: pick a cell (and the dice it uses)")
        if not self.add(options, head):
            shown: set[str] = set()
        else:
            shown = {code for code, _label, _about in options[:PER_SELECT]}
            self.cut |= len(options) > PER_SELECT
        for plot in plots:
            i, j = plot["dice"]
            if not {f"plot.{i}{j}.{cell}" for cell in plot.get("cells") or []} <= shown:
                pair = _("Star: {first} + {second}", first=self.d.die_word(i), second=self.d.die_word(j))
                self.buttons.append(self.d.go(f"p{i}{j}", pair))
        self.buttons.insert(0, type_button(self.d.game_id, self.d.dec, "h", "plot"))

    def add_research(self) -> None:
        spaces = self.research_options()
        if len(spaces) <= PER_SELECT and self.add(spaces, _("Research: pick a space to fill")):
            return
        for entry in self.d.distinct_research():
            self.buttons.append(
                self.d.go(f"r{entry['die']}", _("Research: {die}", die=self.d.die_word(entry["die"])))
            )

    def add_grant(self, grant: dict[str, Any]) -> None:
        """A banked bonus's lists (its research spaces, its cells) while the panel has room."""
        gid, label = grant["id"], grant_label(grant)
        spaces = [
            (o.value, o.label, o.description)
            for o in space_options(self.d.view, grant.get("spaces") or {}, f"fr.{gid}")
        ]
        cells = list(grant.get("cells") or [])
        whole = True
        if spaces:
            whole &= self.add(spaces, _("{what}: pick a space", what=label))
        if cells:
            whole &= self.cells_list(cells, f"fs.{gid}", _("{what}: pick a cell", what=label))
        if whole:
            self.listed.add(f"g{gid}")

    def add_completions(self) -> None:
        for card_id, placements in list((self.d.choice.get("placements") or {}).items())[:4]:
            if len(placements) == 1:
                self.add_completion_with_bonus(card_id, placements[0])
                continue
            if len(placements) > PER_SELECT:
                continue  # too many: their own stage
            options: Options = [
                (
                    f"cp.{card_id}.{p['id']}",
                    placement_name(p),
                    _("stars {cells}", cells=" ".join(p.get("cells") or [])),
                )
                for p in placements
            ]
            name = card_name(self.d.cards, card_id)
            if self.add(options, _("Where to complete {card}", card=name)):
                self.listed.add(f"c{card_id}")

    def add_completion_with_bonus(self, card_id: str, placement: dict[str, Any]) -> None:
        """A card that fits one way and brings a bonus: one pick completes it and places the bonus
        (a list of where the bonus may go); without a bonus, or beyond the list, its button."""
        targets = (self.d.choice.get("bonuses") or {}).get(card_id)
        if not targets:
            return
        code = f"cp.{card_id}.{placement['id']}"
        name = card_name(self.d.cards, card_id)
        spaces = [
            (o.value, o.label, o.description) for o in space_options(self.d.view, targets["spaces"], code)
        ]
        cells = list(targets.get("cells") or [])
        if spaces and not cells and len(spaces) <= PER_SELECT:
            if self.add(spaces, _("Complete {card}: pick the space its bonus fills", card=name)):
                self.listed.add(f"c{card_id}")
        elif cells and not spaces:
            placeholder = _("Complete {card}: pick the cell of its bonus star", card=name)
            cut = self.cut  # the wild die's note is not this list's: its button reaches every cell
            if self.cells_list(cells, code, placeholder):
                self.listed.add(f"c{card_id}")
            self.cut = cut

    def action_buttons(self) -> list[discord.ui.Item[Any]]:
        """The Lens, the Drive, banked bonuses, cards to complete, Undo last and Finish turn."""
        c = self.d.choice
        buttons: list[discord.ui.Item[Any]] = []
        if c.get("lens") and not c.get("lens_used"):
            buttons.append(self.d.go("l", _("Lens ±1"), SECONDARY, "🔍"))
        if c.get("drive_values") and "d" not in self.listed:
            buttons.append(self.d.go("d", _("Write Drive number"), SECONDARY))
        grants = [g for g in c.get("grants") or [] if f"g{g['id']}" not in self.listed]
        if len(grants) > GRANT_BUTTONS:
            buttons.append(self.d.go("b", _("Bonuses ({count})", count=len(grants)), SECONDARY, "🎁"))
        else:
            buttons += [self.d.go(f"g{g['id']}", grant_label(g), SECONDARY, "🎁") for g in grants]
        for card_id, placements in list((c.get("placements") or {}).items())[:4]:
            label = _("Complete {card}", card=card_name(self.d.cards, card_id))[:80]
            if f"c{card_id}" in self.listed:
                continue  # its list completes it with its bonus
            if len(placements) == 1:  # one way only: nothing to choose, it can be undone
                buttons.append(self.d.do(f"cp.{card_id}.{placements[0]['id']}", label, SUCCESS, "✨"))
            elif f"c{card_id}" not in self.listed:
                buttons.append(self.d.go(f"c{card_id}", label, SUCCESS, "✨"))
        if c.get("can_undo"):
            buttons.append(self.d.do("undo", _("Undo last"), SECONDARY, "↩️"))
        if c.get("can_done"):  # the one confirm: what it leaves unused is said above it
            buttons.append(self.d.do("done", _("Finish turn"), SUCCESS, "✅"))
            buttons += self.finish_and_take()
        return buttons

    def finish_and_take(self) -> list[discord.ui.Item[Any]]:
        """The roller who completed a goal finishes and takes the new one in one tap (they take
        first, so the card is still there); plain **Finish turn** leads to the refill's pictures."""
        out: list[discord.ui.Item[Any]] = []
        for take in self.d.choice.get("takes") or []:
            if take.get("source") == "sky":
                name = card_name(self.d.cards, take["card"])
                label = _("Finish and take {card}", card=name)
                out.append(self.d.do(f"done.sky.{take['card']}", label, SUCCESS, "⭐"))
            elif take.get("deck") == "large":
                out.append(self.d.do("done.deck.large", _("Finish and draw a large card"), PRIMARY, "🂠"))
            else:
                out.append(self.d.do("done.deck.small", _("Finish and draw a small card"), PRIMARY, "🂠"))
        return out

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
            left = unused_options(c)
            if left:
                lines.append(_("Note: {left}.", left="; ".join(left)))
        else:
            lines.append(
                _(
                    "Pick your moves: each shows on your sheet at once and stays a draft until you "
                    "press **Finish turn** (**Undo last** takes one back)."
                )
            )
        if self.cut:
            lines.append(
                _(
                    "A wild die reaches more cells than a list holds: the lists offer those nearest "
                    "your stars, and **Type a cell** or the buttons reach every one."
                )
            )
        return lines

    def plot_options(self, plot: dict[str, Any], order: Any = None) -> Options:
        """Every star of ``plot`` with the dice that reach it (``order``: of the cells; else the
        nearest to the seat's stars first)."""
        i, j = plot["dice"]
        rest = next((k for k in range(3) if k not in (i, j)), None)
        used = [d["index"] for d in self.d.choice.get("dice") or [] if d.get("used")]
        pair = _("{first} + {second}", first=self.d.die_word(i), second=self.d.die_word(j))
        about = (
            _("leaves the {die} for research", die=self.d.die_word(rest))
            if rest is not None and rest not in used
            else None
        )
        cells = list(plot.get("cells") or [])
        ordered = order(cells) if order else nearest_first(cells, self.stars())
        # i18n: a star in a list: the cell, then the two dice that reach it ("C4 · 3 + 4")
        return [
            (f"plot.{i}{j}.{cell}", _("{cell} · {pair}", cell=cell, pair=pair), about) for cell in ordered
        ]

    def research_options(self) -> Options:
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
