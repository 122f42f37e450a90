"""The panel of a simultaneous Observatory step (using the roll, or a start-of-night bonus).

The seat's view lists every legal option of its draft (plots with their cells, research spaces,
Lens uses, grants, placements…); this module only turns them into stages of a panel (see
``panels`` for the stage names). Each choice ends with a confirm button that sends
one engine sub-action; the engine refuses anything illegal anyway.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import bonus_text, face_text, points_text
from bot.faces.observatory.items import ObsDo, ObsGo, ObsPick, ObsType
from bot.faces.observatory.words import (
    PER_SELECT,
    PLOT_AT,
    SELECTS_PER_PAGE,
    STAR_AT,
    card_name,
    cell_groups,
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

    # ------------------------------------------------------------------ plumbing
    def out(self, text: str, items: list[discord.ui.Item[Any]], marks: art.Marks | None = None,
            note: str | None = None) -> Outgoing:
        content = "\n".join([*self.status_lines(), "", text]).strip()
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
                return self.plot(base, page, picked)
            if head == "r" and base[1:].isdigit():
                return self.research(int(base[1:]), picked)
            if base == "s":
                return self.shooting(page, picked)
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
        c = self.choice
        items: list[discord.ui.Item[Any]] = []
        legal: list[str] = []
        if not c.get("plotted"):
            for plot in self.distinct_plots():
                i, j = plot["dice"]
                items.append(self.go(f"p{i}{j}", _("Star: {first} + {second}", first=self.die_word(i),
                                                   second=self.die_word(j))))
                legal += plot.get("cells") or []
        shooting = c.get("shooting") or {}
        if shooting.get("cells") and not shooting.get("used"):
            items.append(self.go("s", _("Shooting Star ({value})", value=face_text(shooting.get("value"))),
                                 emoji="🌠"))
        if not c.get("researched"):
            for entry in self.distinct_research():
                label = _("Research: {die}", die=self.die_word(entry["die"]))
                items.append(self.go(f"r{entry['die']}", label))
        if c.get("lens") and not c.get("lens_used"):
            items.append(self.go("l", _("Lens ±1"), SECONDARY, "🔍"))
        if c.get("drive_values"):
            items.append(self.go("d", _("Write Drive number"), SECONDARY))
        grants = c.get("grants") or []
        if len(grants) > GRANT_BUTTONS:
            items.append(self.go("b", _("Bonuses ({count})", count=len(grants)), SECONDARY, "🎁"))
        else:
            items += [self.go(f"g{g['id']}", grant_label(g), SECONDARY, "🎁") for g in grants]
        for card_id in list(c.get("placements") or {})[:4]:
            label = _("Complete {card}", card=card_name(self.cards, card_id))
            items.append(self.go(f"c{card_id}", label[:80], SUCCESS, "✨"))
        if c.get("can_undo"):
            items.append(self.do("undo", _("Undo last"), SECONDARY, "↩️"))
        if c.get("can_done"):
            items.append(self.go("f", _("Finish turn"), SUCCESS, "✅"))
        lines = [note] if note else []
        lines.append(_("Pick what to do next; only moves the rules allow are offered.") if items else
                     _("Nothing left to do."))
        orange = [] if shooting.get("used") else shooting.get("cells") or []
        marks = art.Marks(legal=legal, shooting=orange)
        return self.out("\n".join(lines), items, marks)

    def cell_stage(self, stage: str, page: int, cells: list[str], picked: str | None, *, what: str,
                   confirm: str, code: str, extra: list[str] | None = None, orange: bool = False) -> Outgoing:
        """A cell list (paginated selects) or, once a legal cell is picked, its confirm step."""
        base = stage
        marks_legal = [] if orange else cells
        marks_shoot = cells if orange else []
        if picked and picked in cells:
            label = _(confirm, cell=picked)
            again = self.go(f"{base}~{page}" if page else base, _("Pick another"), SECONDARY)
            items: list[discord.ui.Item[Any]] = [self.do(f"{code}.{picked}", label), again,
                                                 self.home_button()]
            text = _("{what}: **{cell}**? It is ringed in gold on your sheet.", what=what,
                     cell=cell_text(picked))
            return self.out(text, items, art.Marks(legal=marks_legal, shooting=marks_shoot, picked=picked),
                            note=_("{action}?", action=label))
        if not cells:
            raise LookupError(stage)
        groups = cell_groups(cells)
        pages = max(1, -(-len(groups) // SELECTS_PER_PAGE))
        page = min(page, pages - 1)
        items = []
        for n, (rows, group) in enumerate(groups[page * SELECTS_PER_PAGE:(page + 1) * SELECTS_PER_PAGE]):
            options = [discord.SelectOption(label=cell_text(cell), value=cell) for cell in group]
            items.append(ObsPick(self.game_id, self.dec, f"{base}~{page}" if page else base, n, options,
                                 _("{what}: cells in {rows}", what=what, rows=rows)))
        if pages > 1:
            nxt = (page + 1) % pages
            items.append(self.go(f"{base}~{nxt}" if nxt else base,
                                 _("More cells ({page}/{pages})", page=nxt + 1, pages=pages), SECONDARY))
        items.append(ObsType(self.game_id, self.dec, base, code))
        items.append(self.home_button())
        lines = [ngettext("{what}: pick a cell, or press **Type a cell** and type it (like C7). The {n} "
                          "highlighted cell on your sheet is the legal one.",
                          "{what}: pick a cell, or press **Type a cell** and type it (like C7). The {n} "
                          "highlighted cells on your sheet are the legal ones.", len(cells), what=what)]
        lines += extra or []
        if pages > 1:
            lines.append(_("Page {page} of {pages} of the list.", page=page + 1, pages=pages))
        return self.out("\n".join(lines), items, art.Marks(legal=marks_legal, shooting=marks_shoot))

    def plot(self, base: str, page: int, picked: str | None) -> Outgoing:
        i, j = int(base[1]), int(base[2])
        plot = next(p for p in self.choice.get("plots") or [] if list(p["dice"]) == [i, j])
        if self.choice.get("plotted"):
            raise LookupError(base)
        what = _("Star with {first} + {second}", first=self.die_word(i), second=self.die_word(j))
        return self.cell_stage(base, page, list(plot.get("cells") or []), picked, what=what,
                               confirm=PLOT_AT, code=f"plot.{i}{j}")

    def shooting(self, page: int, picked: str | None) -> Outgoing:
        shooting = self.choice.get("shooting") or {}
        if shooting.get("used"):
            raise LookupError("s")
        value = face_text(shooting.get("value"))
        extra = [_("Wild: any empty cell.") if shooting.get("wild") else
                 _("Any empty cell in a row or column labelled {value}.", value=value)]
        return self.cell_stage("s", page, list(shooting.get("cells") or []), picked,
                               what=_("Shooting Star star ({value})", value=value), confirm=PLOT_AT,
                               code="ss", extra=extra, orange=True)

    def research(self, die: int, picked: str | None) -> Outgoing:
        entry = next(e for e in self.choice.get("research") or [] if e["die"] == die)
        if self.choice.get("researched"):
            raise LookupError("r")
        return self.space_stage(f"r{die}", entry.get("spaces") or {}, picked,
                                what=_("Research with {die}", die=self.die_word(die)), code=f"res.{die}")

    def space_stage(self, stage: str, spaces: dict[str, list[int]], picked: str | None, *, what: str,
                    code: str) -> Outgoing:
        options = space_options(self.view, spaces)
        if not options:
            raise LookupError(stage)
        values = {o.value for o in options}
        if picked in values:
            track, space = picked.split(".")
            name = _("{track} {space}", track=track_name(track), space=space)
            fill = self.do(f"{code}.{track}.{space}", _("Fill {space}", space=name))
            items: list[discord.ui.Item[Any]] = [fill, self.go(stage, _("Pick another"), SECONDARY),
                                                 self.home_button()]
            return self.out(_("{what}: fill **{space}**? It is framed in gold on your sheet.", what=what,
                              space=name), items,
                            art.Marks(space=(track, int(space))), note=_("Fill {space}?", space=name))
        items = [ObsPick(self.game_id, self.dec, stage, 0, options, _("{what}: pick a space", what=what)),
                 self.home_button()]
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
        if kind == "either" and not suffix:
            items: list[discord.ui.Item[Any]] = []
            if cells:
                items.append(self.go(f"g{gid}s", _("Use it as a free star")))
            if spaces:
                items.append(self.go(f"g{gid}r", _("Use it as a research space")))
            items.append(self.home_button())
            return self.out(_("**{bonus}**: a free star anywhere, or any empty research space?", bonus=label),
                            items, art.Marks(legal=cells))
        if suffix == "r" or kind == "research":
            return self.space_stage(base, spaces, picked, what=label, code=f"fr.{gid}")
        return self.cell_stage(base, page, cells, picked, what=label, confirm=STAR_AT, code=f"fs.{gid}",
                               orange=kind == "shooting_star")

    def complete(self, card_id: str, page: int, picked: str | None) -> Outgoing:
        placements = (self.choice.get("placements") or {})[card_id]
        if not placements:
            raise LookupError(card_id)
        card = self.cards.get(card_id) or {}
        name = card_name(self.cards, card_id)
        about = _("{points}, {bonus}", points=points_text(card), bonus=bonus_text(card.get("bonus")))
        stage = f"c{card_id}"
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
