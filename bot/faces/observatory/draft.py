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
from functools import partial
from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import bonus_text, face_text, points_text
from bot.faces.observatory.items import ObsDo, ObsGo, ObsPick, ObsPlay, ObsType
from bot.faces.observatory.words import (
    PER_SELECT,
    SELECTS_PER_PAGE,
    STAR_AT,
    card_name,
    cell_groups,
    cell_order,
    cell_text,
    grant_label,
    placement_name,
    space_options,
    split_page,
    title_of,
    track_name,
    unused_options,
    wild_word,
)
from bot.games.base import View
from bot.i18n import N_, _, ngettext, translate
from bot.outgoing import Outgoing

log = logging.getLogger(__name__)

GRANT_BUTTONS = 4  # more banked bonuses than this go behind one "Bonuses" button
INLINE_PLOT_SELECTS = 2  # lists of stars on the home panel (three pairs of plain dice: 24 cells at most)
HOME_SELECTS = 7  # lists on the home panel: 7 x 2 components, up to 17 buttons in 4 rows, card parts
PRIMARY, SECONDARY, SUCCESS = discord.ButtonStyle.primary, discord.ButtonStyle.secondary, \
    discord.ButtonStyle.success
GONE = N_("That choice isn't available any more, so here is your panel again.")


class DraftPanel:
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
    def out(self, text: str, items: list[discord.ui.Item[Any]], marks: art.Marks | None = None,
            note: str | None = None) -> Outgoing:
        content = "\n".join([*self.status_lines(), "", text]).strip()
        stars = (self.view.get("sheet") or {}).get("stars") or []
        if marks is not None and marks.legal and len(set(marks.legal)) >= 144 - len(stars):
            # any empty cell: tinting them all says nothing, and the panel keeps the same picture
            marks = art.Marks(shooting=marks.shooting, picked=marks.picked, placement=marks.placement,
                              space=marks.space, goal=marks.goal)
        render = partial(art.sheet_png, self.view, self.names, self.seat, marks=marks, note=note)
        return Outgoing(content[:4000], title_of(self.view), render, "sheet.png", items[:25])

    def go(self, stage: str, label: str, style: discord.ButtonStyle = PRIMARY,
           emoji: str | None = None) -> ObsGo:
        return ObsGo(self.game_id, self.dec, stage, label, style, emoji)

    def do(self, code: str, label: str, style: discord.ButtonStyle = SUCCESS,
           emoji: str | None = None) -> ObsDo:
        return ObsDo(self.game_id, self.dec, code, label, "p", style, emoji)

    def home_button(self) -> ObsGo:
        return self.go("h", _("Back"), SECONDARY)

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
                return self.bonuses()
            if head == "g" and len(base) > 1:
                return self.grant(base, page, picked)
            if head == "c" and len(base) > 1:
                return self.complete(base[1:], page, picked)
            if base == "f":
                return self.finish()
        except (LookupError, StopIteration, ValueError):  # a stage or pick no longer on offer
            return self.home(_(GONE))
        return self.home(None if base == "h" else _(GONE))

    # ------------------------------------------------------------------ words
    def die_word(self, index: int) -> str:
        if index == 3:
            shooting = self.choice.get("shooting") or {}
            return _("Shooting Star {value}", value=face_text(shooting.get("value")))
        die = next((d for d in self.choice.get("dice") or [] if d.get("index") == index), {})
        value = die.get("value", die.get("face"))
        return wild_word(value, bool(die.get("wild")))

    def die_key(self, index: int) -> tuple[Any, Any]:
        """What a die is worth this turn: two dice with the same key are interchangeable."""
        die = next((d for d in self.choice.get("dice") or [] if d.get("index") == index), {})
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
                shown.append(_("**{die}** ✓star", die=word) if used == "plot" else
                             _("**{die}** ✓research", die=word) if used == "research" else f"**{word}**")
            shooting = c.get("shooting")
            if shooting:
                value = face_text(shooting.get("value"))
                shown.append(_("Shooting Star **{value}** ✓", value=value) if shooting.get("used")
                             else _("Shooting Star **{value}**", value=value))
            lines.append(_("Dice: {dice}", dice=" · ".join(shown)))
        plotted, researched = c.get("plotted"), c.get("researched")
        if plotted:
            a, b = plotted["dice"]
            lines.append(_("✓ Star at **{cell}** with {first} + {second}", cell=plotted["cell"],
                           first=self.die_word(a), second=self.die_word(b)))
        if researched:
            space = _("{track} {space}", track=track_name(researched["track"]), space=researched["space"])
            lines.append(_("✓ Research: **{space}**", space=space))
        blockers = c.get("blockers") or []
        if blockers and not c.get("can_done"):
            left = "; ".join(translate(b).rstrip(". ") for b in blockers)
            lines.append(_("Still to do: {left}.", left=left))
        return lines

    # ------------------------------------------------------------------ stages
    def home(self, note: str | None = None) -> Outgoing:
        """Every move of the step on one panel: a list picks and plays it at once (it stays a draft
        until **Finish turn**, and **Undo last** takes it back), so a turn is a few picks."""
        c = self.choice
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
                for entry in self.distinct_research():
                    buttons.append(self.go(f"r{entry['die']}", _("Research: {die}",
                                                                 die=self.die_word(entry["die"]))))
        shooting = c.get("shooting") or {}
        orange = [] if shooting.get("used") else list(shooting.get("cells") or [])
        shoot_lists: list[tuple[list[tuple[str, str, str | None]], str]] = []
        if orange:
            groups = cell_groups(orange)
            value = face_text(shooting.get("value"))
            if len(groups) <= budget:
                budget -= len(groups)
                shoot_lists = [([(f"ss.{cell}", cell_text(cell), None) for cell in group],
                                _("Shooting Star {value}: a cell in {rows}", value=value, rows=rows))
                               for rows, group in groups]
            else:
                buttons.append(self.go("s", _("Shooting Star ({value})", value=value), emoji="🌠"))
        for i, j in long_pairs:  # a wild die reaches many cells: lists if they fit, else a stage
            plot = next(p for p in c.get("plots") or [] if list(p["dice"]) == [i, j])
            groups = cell_groups(list(plot.get("cells") or []))
            pair = _("{first} + {second}", first=self.die_word(i), second=self.die_word(j))
            if len(groups) <= budget:
                budget -= len(groups)
                plot_lists += [([(f"plot.{i}{j}.{cell}", _("{cell} · {pair}", cell=cell, pair=pair), None)
                                 for cell in group],
                                _("Star with {pair}: cells in {rows}", pair=pair, rows=rows))
                               for rows, group in groups]
            else:
                buttons.append(self.go(f"p{i}{j}", _("Star: {first} + {second}", first=self.die_word(i),
                                                     second=self.die_word(j))))
        lists = plot_lists + research + shoot_lists
        items += [self.play(n, options, placeholder) for n, (options, placeholder) in enumerate(lists)]
        if plot_lists:
            buttons.insert(0, ObsType(self.game_id, self.dec, "h", "plot"))
        if c.get("lens") and not c.get("lens_used"):
            buttons.append(self.go("l", _("Lens ±1"), SECONDARY, "🔍"))
        if c.get("drive_values"):
            buttons.append(self.go("d", _("Write Drive number"), SECONDARY))
        grants = c.get("grants") or []
        if len(grants) > GRANT_BUTTONS:
            buttons.append(self.go("b", _("Bonuses ({count})", count=len(grants)), SECONDARY, "🎁"))
        else:
            buttons += [self.go(f"g{g['id']}", grant_label(g), SECONDARY, "🎁") for g in grants]
        for card_id, placements in list((c.get("placements") or {}).items())[:4]:
            label = _("Complete {card}", card=card_name(self.cards, card_id))[:80]
            if len(placements) == 1:  # one way only: nothing to choose, it can be undone
                buttons.append(self.do(f"cp.{card_id}.{placements[0]['id']}", label, SUCCESS, "✨"))
            else:
                buttons.append(self.go(f"c{card_id}", label, SUCCESS, "✨"))
        if c.get("can_undo"):
            buttons.append(self.do("undo", _("Undo last"), SECONDARY, "↩️"))
        if c.get("can_done"):
            if unused_options(c):  # something is left unused: say so before it is final
                buttons.append(self.go("f", _("Finish turn"), SUCCESS, "✅"))
            else:
                buttons.append(self.do("done", _("Finish turn"), SUCCESS, "✅"))
        items += buttons
        lines = [note] if note else []
        if not items:
            lines.append(_("Nothing left to do."))
        elif c.get("can_done"):
            lines.append(_("Your moves are ringed in gold on your sheet. **Finish turn** makes them final; "
                           "until then **Undo last** takes one back."))
        else:
            lines.append(_("Pick your moves: each shows on your sheet at once and stays a draft until you "
                           "press **Finish turn** (**Undo last** takes one back)."))
        return self.out("\n".join(lines), items, art.Marks(legal=legal, shooting=orange))

    def play(self, n: int, options: list[tuple[str, str, str | None]], placeholder: str) -> ObsPlay:
        """A list whose pick plays its move at once (``options``: code, label, description)."""
        choices = [discord.SelectOption(label=label[:100], value=code,
                                        description=(about or None) and about[:100])
                   for code, label, about in options[:PER_SELECT]]
        return ObsPlay(self.game_id, self.dec, n, choices, placeholder)

    def plot_lists(self) -> tuple[list[list[tuple[str, str, str | None]]], list[tuple[int, int]]]:
        """The legal stars in at most two lists, pair of dice by pair (a pair kept in one list),
        and the pairs that reach too many cells for that (a wild die: a stage of their own)."""
        lists: list[list[tuple[str, str, str | None]]] = []
        long_pairs = []
        for plot in self.distinct_plots():
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
            used = [d["index"] for d in self.choice.get("dice") or [] if d.get("used")]
            pair = _("{first} + {second}", first=self.die_word(i), second=self.die_word(j))
            about = (_("leaves the {die} for research", die=self.die_word(rest))
                     if rest is not None and rest not in used else None)
            for cell in cell_order(plot.get("cells") or []):
                # i18n: a star in a list: the cell, then the two dice that reach it ("C4 · 3 + 4")
                out.append((f"plot.{i}{j}.{cell}", _("{cell} · {pair}", cell=cell, pair=pair), about))
        return out

    def research_options(self) -> list[tuple[str, str, str | None]]:
        out = []
        for entry in self.distinct_research():
            die = entry["die"]
            for option in space_options(self.view, entry.get("spaces") or {}, f"res.{die}",
                                        self.die_word(die) if len(self.distinct_research()) > 1 else None):
                out.append((option.value, option.label, option.description))
        return out

    def cell_stage(self, stage: str, page: int, cells: list[str], *, what: str, code: str,
                   extra: list[str] | None = None, orange: bool = False,
                   picked: str | None = None) -> Outgoing:
        """A long cell list (selects by rows, six to a page): a pick plays it at once, as a draft;
        where nothing can be undone (a refill), a pick is shown first with a confirm."""
        if not cells:
            raise LookupError(stage)
        marks = art.Marks(legal=[] if orange else cells, shooting=cells if orange else [])
        own = f"{stage}~{page}" if page else stage
        if not self.undoable and picked in cells:
            label = _(STAR_AT, cell=picked)
            items: list[discord.ui.Item[Any]] = [self.do(f"{code}.{picked}", label),
                                                 self.go(own, _("Pick another"), SECONDARY),
                                                 self.home_button()]
            text = _("{what}: **{cell}**? It is ringed in gold on your sheet.", what=what,
                     cell=cell_text(picked))
            return self.out(text, items, art.Marks(legal=marks.legal, shooting=marks.shooting, picked=picked),
                            note=_("{action}?", action=label))
        groups = cell_groups(cells)
        pages = max(1, -(-len(groups) // SELECTS_PER_PAGE))
        page = min(page, pages - 1)
        items = []
        for n, (rows, group) in enumerate(groups[page * SELECTS_PER_PAGE:(page + 1) * SELECTS_PER_PAGE]):
            placeholder = _("{what}: cells in {rows}", what=what, rows=rows)
            if self.undoable:
                items.append(self.play(n, [(f"{code}.{cell}", cell_text(cell), None) for cell in group],
                                       placeholder))
            else:
                options = [discord.SelectOption(label=cell_text(cell), value=cell) for cell in group]
                items.append(ObsPick(self.game_id, self.dec, own, n, options, placeholder))
        if pages > 1:
            nxt = (page + 1) % pages
            items.append(self.go(f"{stage}~{nxt}" if nxt else stage,
                                 _("More cells ({page}/{pages})", page=nxt + 1, pages=pages), SECONDARY))
        items.append(ObsType(self.game_id, self.dec, stage, code))
        items.append(self.home_button())
        lines = [ngettext("{what}: pick a cell, or press **Type a cell** and type it (like C7). The {n} "
                          "highlighted cell on your sheet is the legal one.",
                          "{what}: pick a cell, or press **Type a cell** and type it (like C7). The {n} "
                          "highlighted cells on your sheet are the legal ones.", len(cells), what=what)]
        lines += extra or []
        if pages > 1:
            lines.append(_("Page {page} of {pages} of the list.", page=page + 1, pages=pages))
        return self.out("\n".join(lines), items, marks)

    def plot(self, base: str, page: int) -> Outgoing:
        i, j = int(base[1]), int(base[2])
        plot = next(p for p in self.choice.get("plots") or [] if list(p["dice"]) == [i, j])
        if self.choice.get("plotted"):
            raise LookupError(base)
        what = _("Star with {first} + {second}", first=self.die_word(i), second=self.die_word(j))
        return self.cell_stage(base, page, list(plot.get("cells") or []), what=what, code=f"plot.{i}{j}")

    def shooting(self, page: int) -> Outgoing:
        shooting = self.choice.get("shooting") or {}
        if shooting.get("used"):
            raise LookupError("s")
        value = face_text(shooting.get("value"))
        extra = [_("Wild: any empty cell.") if shooting.get("wild") else
                 _("Any empty cell in a row or column labelled {value}.", value=value)]
        return self.cell_stage("s", page, list(shooting.get("cells") or []),
                               what=_("Shooting Star star ({value})", value=value), code="ss", extra=extra,
                               orange=True)

    def research(self, die: int) -> Outgoing:
        entry = next(e for e in self.choice.get("research") or [] if e["die"] == die)
        if self.choice.get("researched"):
            raise LookupError("r")
        return self.space_stage(f"r{die}", entry.get("spaces") or {},
                                what=_("Research with {die}", die=self.die_word(die)), code=f"res.{die}")

    def space_stage(self, stage: str, spaces: dict[str, list[int]], *, what: str, code: str,
                    picked: str | None = None) -> Outgoing:
        """Research spaces (at most 25: five tracks of five) in one list; a pick fills it at once
        (where nothing can be undone, a refill, it is shown first with a confirm)."""
        options = [(o.value, o.label, o.description) for o in space_options(self.view, spaces, code)]
        if not options:
            raise LookupError(stage)
        if self.undoable:
            first: discord.ui.Item[Any] = self.play(0, options, _("{what}: pick a space", what=what))
        else:
            if picked and f"{code}.{picked}" in {o[0] for o in options}:
                track, space = picked.split(".")
                name = _("{track} {space}", track=track_name(track), space=space)
                items: list[discord.ui.Item[Any]] = [
                    self.do(f"{code}.{track}.{space}", _("Fill {space}", space=name)),
                    self.go(stage, _("Pick another"), SECONDARY), self.home_button()]
                return self.out(_("{what}: fill **{space}**? It is framed in gold on your sheet.", what=what,
                                  space=name), items, art.Marks(space=(track, int(space))),
                                note=_("Fill {space}?", space=name))
            choices = [discord.SelectOption(label=label, value=value.split(".", 2)[2], description=about)
                       for value, label, about in options]
            first = ObsPick(self.game_id, self.dec, stage, 0, choices, _("{what}: pick a space", what=what))
        items = [first, self.home_button()]
        return self.out(_("{what}: pick the research space to fill.", what=what), items)

    def lens(self) -> Outgoing:
        uses = self.choice.get("lens") or []
        if not uses or self.choice.get("lens_used"):
            raise LookupError("l")
        items: list[discord.ui.Item[Any]] = []
        for use in uses[:20]:
            k, delta = use["die"], use["delta"]
            before = self.die_word(k)
            after = wild_word(use.get("value"), bool(use.get("wild")))
            items.append(self.do(f"lens.{k}.{'up' if delta > 0 else 'dn'}", f"{before} → {after}",
                                 PRIMARY))
        items.append(self.home_button())
        text = _("Your Lens lets one die count one higher or lower for you, once this turn. Pick the die and "
                 "the change (you can undo it).")
        return self.out(text, items)

    def drive(self) -> Outgoing:
        values = self.choice.get("drive_values") or []
        if not values:
            raise LookupError("d")
        items: list[discord.ui.Item[Any]] = [self.do(f"drive.{v}", str(v), PRIMARY) for v in values]
        items.append(self.home_button())
        return self.out(_("Your Drive track is full: write its number. From now on that number, on any die, "
                          "is wild for you."), items)

    def bonuses(self) -> Outgoing:
        grants = self.choice.get("grants") or []
        items: list[discord.ui.Item[Any]] = [self.go(f"g{g['id']}", grant_label(g), SECONDARY, "🎁")
                                             for g in grants[:20]]
        items.append(self.home_button())
        return self.out(_("Your banked bonuses: pick one to spend now."), items)

    def grant(self, base: str, page: int, picked: str | None) -> Outgoing:
        suffix = base[-1] if base[-1] in "sr" else ""
        gid = int(base[1:-1] if suffix else base[1:])
        grant = next(g for g in self.choice.get("grants") or [] if g["id"] == gid)
        cells, spaces = list(grant.get("cells") or []), grant.get("spaces") or {}
        kind = grant.get("kind")
        label = grant_label(grant)
        if kind == "either" and not suffix and self.undoable and len(cell_groups(cells)) <= SELECTS_PER_PAGE:
            # both uses on one page: a research space from one list, or a star from the cell lists
            items: list[discord.ui.Item[Any]] = []
            research = [(o.value, o.label, o.description)
                        for o in space_options(self.view, spaces, f"fr.{gid}")]
            if research:
                items.append(self.play(0, research, _("{what}: pick a space", what=label)))
            for n, (rows, group) in enumerate(cell_groups(cells)):
                items.append(self.play(n + 1, [(f"fs.{gid}.{cell}", cell_text(cell), None) for cell in group],
                                       _("{what}: cells in {rows}", what=label, rows=rows)))
            if cells:
                items.append(ObsType(self.game_id, self.dec, base, f"fs.{gid}"))
            items.append(self.home_button())
            return self.out(_("**{bonus}**: a free star anywhere, or any empty research space? Pick one from "
                              "the lists.", bonus=label), items, art.Marks(legal=cells))
        if kind == "either" and not suffix:
            items = []
            if cells:
                items.append(self.go(f"g{gid}s", _("Use it as a free star")))
            if spaces:
                items.append(self.go(f"g{gid}r", _("Use it as a research space")))
            items.append(self.home_button())
            return self.out(_("**{bonus}**: a free star anywhere, or any empty research space?", bonus=label),
                            items, art.Marks(legal=cells))
        if suffix == "r" or kind == "research":
            return self.space_stage(base, spaces, what=label, code=f"fr.{gid}", picked=picked)
        return self.cell_stage(base, page, cells, what=label, code=f"fs.{gid}",
                               orange=kind == "shooting_star", picked=picked)

    def complete(self, card_id: str, page: int, picked: str | None) -> Outgoing:
        placements = (self.choice.get("placements") or {})[card_id]
        if not placements:
            raise LookupError(card_id)
        card = self.cards.get(card_id) or {}
        name = card_name(self.cards, card_id)
        about = _("{points}, {bonus}", points=points_text(card), bonus=bonus_text(card.get("bonus")))
        stage = f"c{card_id}"
        if self.undoable and len(placements) <= SELECTS_PER_PAGE * PER_SELECT:
            # a draft: picking a placement completes it at once (drawn on the sheet, Undo takes it back)
            chunks = [placements[i:i + PER_SELECT] for i in range(0, len(placements), PER_SELECT)]
            lists: list[discord.ui.Item[Any]] = [self.play(n, [(f"cp.{card_id}.{p['id']}", placement_name(p),
                                    _("stars {cells}", cells=" ".join(p.get("cells") or [])))
                                   for p in chunk], _("Where to complete {card}", card=name))
                     for n, chunk in enumerate(chunks)]
            lists.append(self.home_button())
            text = ngettext("**{card}** ({about}) fits your stars in {n} way: pick it to complete the card.",
                            "**{card}** ({about}) fits your stars in {n} ways: pick one to complete the "
                            "card.", len(placements), card=name, about=about)
            return self.out(text, lists, art.Marks(goal=card_id))
        chosen = next((p for p in placements if p["id"] == picked), None)
        if chosen is not None:
            items: list[discord.ui.Item[Any]] = [
                self.do(f"cp.{card_id}.{chosen['id']}", _("Complete {card}", card=name)[:80], SUCCESS, "✨"),
                self.go(f"{stage}~{page}" if page else stage, _("Pick another"), SECONDARY),
                self.home_button()]
            text = _("Complete **{card}** ({about}) as **{placement}**? The dashed gold lines on your sheet "
                     "show it.", card=name, about=about, placement=placement_name(chosen))
            return self.out(text, items, art.Marks(placement=chosen, goal=card_id), note=_("Complete it?"))
        chunks = [placements[i:i + PER_SELECT] for i in range(0, len(placements), PER_SELECT)]
        pages = max(1, -(-len(chunks) // SELECTS_PER_PAGE))
        page = min(page, pages - 1)
        items = []
        own = f"{stage}~{page}" if page else stage
        for n, chunk in enumerate(chunks[page * SELECTS_PER_PAGE:(page + 1) * SELECTS_PER_PAGE]):
            options = [discord.SelectOption(label=placement_name(p)[:100], value=p["id"],
                                            description=_("stars {cells}",
                                                          cells=" ".join(p.get("cells") or []))[:100])
                       for p in chunk]
            items.append(ObsPick(self.game_id, self.dec, own, n, options,
                                 _("Where to complete {card}", card=name)[:150]))
        if pages > 1:
            nxt = (page + 1) % pages
            items.append(self.go(f"{stage}~{nxt}" if nxt else stage,
                                 _("More ({page}/{pages})", page=nxt + 1, pages=pages), SECONDARY))
        items.append(self.home_button())
        text = ngettext("**{card}** ({about}) fits your stars in {n} way. Pick one to see it on your sheet.",
                        "**{card}** ({about}) fits your stars in {n} ways. Pick one to see it on your sheet.",
                        len(placements), card=name, about=about)
        return self.out(text, items, art.Marks(goal=card_id))

    def finish(self) -> Outgoing:
        if not self.choice.get("can_done"):
            raise LookupError("f")
        items: list[discord.ui.Item[Any]] = [self.do("done", _("Confirm: finish my turn"), SUCCESS, "✅"),
                                             self.go("h", _("Back"), SECONDARY)]
        left = unused_options(self.choice)
        lines = [_("Finish your turn? After this it can't be changed.")]
        if left:
            lines.append(_("Note: {left}.", left="; ".join(left)))
        return self.out("\n".join(lines), items, note=_("Finish?"))
