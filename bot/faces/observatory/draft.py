"""The panel of a simultaneous Observatory step (using the roll, or a start-of-night bonus).

The seat's view lists every legal option of its draft (plots with their cells, research spaces,
Lens uses, grants, placements…); this module only turns them into stages of a panel (see
``panels`` for the stage names). The engine keeps a step's sub-actions as a draft that **Undo
last** takes back until **done**, so a pick from a list plays its sub-action at once and the
sheet shows it (ringed in gold); **Finish turn** is the one confirm. A turn is then a pick for
the star (cell and dice in one list), one for the research space, the Shooting Star's cell for
the roller, and Finish. The engine refuses anything illegal anyway.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import face_text
from bot.faces.observatory.draft_base import PRIMARY, SECONDARY, SUCCESS, DraftBase
from bot.faces.observatory.draft_bonuses import BonusStages
from bot.faces.observatory.home import DraftHome
from bot.faces.observatory.items import pick_select, type_button
from bot.faces.observatory.words import (
    STAR_AT,
    cell_groups,
    cell_text,
    space_options,
    split_page,
    track_name,
    unused_options,
    wild_word,
)
from bot.games.base import View
from bot.i18n import N_, _, ngettext
from bot.ui.outgoing import Outgoing

log = logging.getLogger(__name__)

GONE = N_("That choice isn't available any more, so here is your panel again.")


class DraftPanel:
    """Builds one stage of a seat's draft panel from that seat's view: its home stage
    (``DraftHome``, or the ``home`` a caller gives: a refill's), the bonus stages
    (``BonusStages``) and the stages below."""

    def __init__(
        self, view: View, names: list[str], game_id: int, home: Callable[[str | None], Outgoing] | None = None
    ) -> None:
        self.d = DraftBase(view, names, game_id)
        self.home = home or DraftHome(self.d).home
        self.bonus = BonusStages(self.d, self.cell_stage, self.space_stage)

    def build(self, stage: str, picked: str | None) -> Outgoing:
        base, page = split_page(stage)
        head = base[:1]
        try:
            if head == "p" and len(base) == 3 and base[1:].isdigit():
                return self.plot(base, page)
            if head == "r" and base[1:].isdigit():
                return self.research(int(base[1:]))
            if base == "s":
                return self.shooting(page)
            if base == "l":
                return self.lens()
            if base == "d":
                return self.drive()
            if base == "b":
                return self.bonus.bonuses()
            if head == "g" and len(base) > 1:
                return self.bonus.grant(base, page, picked)
            if head == "c" and len(base) > 1:
                return self.bonus.complete(base[1:], page, picked)
            if base == "f":
                return self.finish()
        except (LookupError, StopIteration, ValueError):  # a stage or pick no longer on offer
            return self.home(_(GONE))
        return self.home(None if base == "h" else _(GONE))

    # ------------------------------------------------------------------ words

    def cell_stage(
        self,
        stage: str,
        page: int,
        cells: list[str],
        *,
        what: str,
        code: str,
        extra: list[str] | None = None,
        orange: bool = False,
        picked: str | None = None,
    ) -> Outgoing:
        """A long cell list (selects by rows, six to a page): a pick plays it at once, as a draft;
        where nothing can be undone (a refill), a pick is shown first with a confirm."""
        if not cells:
            raise LookupError(stage)
        marks = art.Marks(legal=[] if orange else cells, shooting=cells if orange else [])
        own = f"{stage}~{page}" if page else stage
        if not self.d.undoable and picked in cells:
            return self.confirm_cell(picked, own, what=what, code=code, marks=marks)
        shown, page, pages = self.d.on_page(cell_groups(cells), page)
        items = []
        for n, (rows, group) in enumerate(shown):
            placeholder = _("{what}: cells in {rows}", what=what, rows=rows)
            if self.d.undoable:
                items.append(
                    self.d.play(n, [(f"{code}.{cell}", cell_text(cell), None) for cell in group], placeholder)
                )
            else:
                options = [discord.SelectOption(label=cell_text(cell), value=cell) for cell in group]
                items.append(pick_select(self.d.game_id, self.d.dec, own, n, options, placeholder))
        if pages > 1:
            items.append(self.d.next_page(stage, page, pages, N_("More cells ({page}/{pages})")))
        items.append(type_button(self.d.game_id, self.d.dec, stage, code))
        items.append(self.d.home_button())
        lines = [
            ngettext(
                "{what}: pick a cell, or press **Type a cell** and type it (like C7). The {n} "
                "highlighted cell on your sheet is the legal one.",
                "{what}: pick a cell, or press **Type a cell** and type it (like C7). The {n} "
                "highlighted cells on your sheet are the legal ones.",
                len(cells),
                what=what,
            )
        ]
        lines += extra or []
        if pages > 1:
            lines.append(_("Page {page} of {pages} of the list.", page=page + 1, pages=pages))
        return self.d.out("\n".join(lines), items, marks)

    def confirm_cell(self, picked: str, own: str, *, what: str, code: str, marks: art.Marks) -> Outgoing:
        """Where nothing can be undone (a refill): the cell picked, ringed, and its confirm."""
        label = _(STAR_AT, cell=picked)
        items: list[discord.ui.Item[Any]] = [
            self.d.do(f"{code}.{picked}", label),
            self.d.go(own, _("Pick another"), SECONDARY),
            self.d.home_button(),
        ]
        text = _("{what}: **{cell}**? It is ringed in gold on your sheet.", what=what, cell=cell_text(picked))
        return self.d.out(
            text,
            items,
            art.Marks(legal=marks.legal, shooting=marks.shooting, picked=picked),
            note=_("{action}?", action=label),
        )

    def plot(self, base: str, page: int) -> Outgoing:
        i, j = int(base[1]), int(base[2])
        plot = next(p for p in self.d.choice.get("plots") or [] if list(p["dice"]) == [i, j])
        if self.d.choice.get("plotted"):
            raise LookupError(base)
        what = _("Star with {first} + {second}", first=self.d.die_word(i), second=self.d.die_word(j))
        return self.cell_stage(base, page, list(plot.get("cells") or []), what=what, code=f"plot.{i}{j}")

    def shooting(self, page: int) -> Outgoing:
        shooting = self.d.choice.get("shooting") or {}
        if shooting.get("used"):
            raise LookupError("s")
        value = face_text(shooting.get("value"))
        extra = [
            _("Wild: any empty cell.")
            if shooting.get("wild")
            else _("Any empty cell in a row or column labelled {value}.", value=value)
        ]
        return self.cell_stage(
            "s",
            page,
            list(shooting.get("cells") or []),
            what=_("Shooting Star star ({value})", value=value),
            code="ss",
            extra=extra,
            orange=True,
        )

    def research(self, die: int) -> Outgoing:
        entry = next(e for e in self.d.choice.get("research") or [] if e["die"] == die)
        if self.d.choice.get("researched"):
            raise LookupError("r")
        return self.space_stage(
            f"r{die}",
            entry.get("spaces") or {},
            what=_("Research with {die}", die=self.d.die_word(die)),
            code=f"res.{die}",
        )

    def space_stage(
        self, stage: str, spaces: dict[str, list[int]], *, what: str, code: str, picked: str | None = None
    ) -> Outgoing:
        """Research spaces (at most 25: five tracks of five) in one list; a pick fills it at once
        (where nothing can be undone, a refill, it is shown first with a confirm)."""
        options = [(o.value, o.label, o.description) for o in space_options(self.d.view, spaces, code)]
        if not options:
            raise LookupError(stage)
        if self.d.undoable:
            first: discord.ui.Item[Any] = self.d.play(0, options, _("{what}: pick a space", what=what))
        else:
            if picked and f"{code}.{picked}" in {o[0] for o in options}:
                track, space = picked.split(".")
                name = _("{track} {space}", track=track_name(track), space=space)
                items: list[discord.ui.Item[Any]] = [
                    self.d.do(f"{code}.{track}.{space}", _("Fill {space}", space=name)),
                    self.d.go(stage, _("Pick another"), SECONDARY),
                    self.d.home_button(),
                ]
                return self.d.out(
                    _("{what}: fill **{space}**? It is framed in gold on your sheet.", what=what, space=name),
                    items,
                    art.Marks(space=(track, int(space))),
                    note=_("Fill {space}?", space=name),
                )
            choices = [
                discord.SelectOption(label=label, value=value.split(".", 2)[2], description=about)
                for value, label, about in options
            ]
            first = pick_select(
                self.d.game_id, self.d.dec, stage, 0, choices, _("{what}: pick a space", what=what)
            )
        items = [first, self.d.home_button()]
        return self.d.out(_("{what}: pick the research space to fill.", what=what), items)

    def lens(self) -> Outgoing:
        uses = self.d.choice.get("lens") or []
        if not uses or self.d.choice.get("lens_used"):
            raise LookupError("l")
        items: list[discord.ui.Item[Any]] = []
        for use in uses[:20]:
            k, delta = use["die"], use["delta"]
            before = self.d.die_word(k)
            after = wild_word(use.get("value"), bool(use.get("wild")))
            items.append(self.d.do(f"lens.{k}.{'up' if delta > 0 else 'dn'}", f"{before} → {after}", PRIMARY))
        items.append(self.d.home_button())
        text = _(
            "Your Lens lets one die count one higher or lower for you, once this turn. Pick the die and "
            "the change (you can undo it)."
        )
        return self.d.out(text, items)

    def drive(self) -> Outgoing:
        values = self.d.choice.get("drive_values") or []
        if not values:
            raise LookupError("d")
        items: list[discord.ui.Item[Any]] = [self.d.do(f"drive.{v}", str(v), PRIMARY) for v in values]
        items.append(self.d.home_button())
        return self.d.out(
            _(
                "Your Drive track is full: write its number. From now on that number, on any die, "
                "is wild for you."
            ),
            items,
        )

    def finish(self) -> Outgoing:
        if not self.d.choice.get("can_done"):
            raise LookupError("f")
        items: list[discord.ui.Item[Any]] = [
            self.d.do("done", _("Confirm: finish my turn"), SUCCESS, "✅"),
            self.d.go("h", _("Back"), SECONDARY),
        ]
        left = unused_options(self.d.choice)
        lines = [_("Finish your turn? After this it can't be changed.")]
        if left:
            lines.append(_("Note: {left}.", left="; ".join(left)))
        return self.d.out("\n".join(lines), items, note=_("Finish?"))
