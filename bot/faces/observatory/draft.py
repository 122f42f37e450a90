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
    SELECTS_PER_PAGE,
    TRACK_NAMES,
    cell_groups,
    cell_text,
    grant_label,
    space_options,
    split_page,
    title_of,
)
from bot.games.base import View
from bot.outgoing import Outgoing

log = logging.getLogger(__name__)

GRANT_BUTTONS = 4  # more banked bonuses than this go behind one "Bonuses" button
PRIMARY, SECONDARY, SUCCESS = discord.ButtonStyle.primary, discord.ButtonStyle.secondary, \
    discord.ButtonStyle.success
GONE = "That choice isn't available any more, so here is your panel again."


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
        return self.go("h", "Back", SECONDARY)

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
            return self.home(GONE)
        return self.home(None if base == "h" else GONE)

    # ------------------------------------------------------------------ words
    def die_word(self, index: int) -> str:
        if index == 3:
            shooting = self.choice.get("shooting") or {}
            return f"Shooting Star {face_text(shooting.get('value'))}"
        die = next((d for d in self.choice.get("dice") or [] if d.get("index") == index), {})
        value = die.get("value", die.get("face"))
        wild = " (wild)" if die.get("wild") and value != 1 else ""
        return f"{face_text(value)}{wild}"

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
            lines.append("A new night begins: take your free star or research space (bonus night).")
        dice = c.get("dice") or []
        if dice:
            shown = []
            for die in dice:
                mark = {"plot": " ✓star", "research": " ✓research"}.get(die.get("used") or "", "")
                shown.append(f"**{self.die_word(die['index'])}**{mark}")
            line = "Dice: " + " · ".join(shown)
            shooting = c.get("shooting")
            if shooting:
                line += f" · Shooting Star **{face_text(shooting.get('value'))}**" + (" ✓" if shooting.get(
                    "used") else "")
            lines.append(line)
        plotted, researched = c.get("plotted"), c.get("researched")
        if plotted:
            a, b = plotted["dice"]
            lines.append(f"✓ Star at **{plotted['cell']}** with {self.die_word(a)} + {self.die_word(b)}")
        if researched:
            lines.append(f"✓ Research: **{TRACK_NAMES.get(researched['track'], '?')} {researched['space']}**")
        blockers = c.get("blockers") or []
        if blockers and not c.get("can_done"):
            lines.append("Still to do: " + "; ".join(str(b).rstrip(". ") for b in blockers) + ".")
        return lines

    # ------------------------------------------------------------------ stages
    def home(self, note: str | None = None) -> Outgoing:
        c = self.choice
        items: list[discord.ui.Item[Any]] = []
        legal: list[str] = []
        if not c.get("plotted"):
            for plot in self.distinct_plots():
                i, j = plot["dice"]
                items.append(self.go(f"p{i}{j}", f"Star: {self.die_word(i)} + {self.die_word(j)}"))
                legal += plot.get("cells") or []
        shooting = c.get("shooting") or {}
        if shooting.get("cells") and not shooting.get("used"):
            items.append(self.go("s", f"Shooting Star ({face_text(shooting.get('value'))})", emoji="🌠"))
        if not c.get("researched"):
            for entry in self.distinct_research():
                items.append(self.go(f"r{entry['die']}", f"Research: {self.die_word(entry['die'])}"))
        if c.get("lens") and not c.get("lens_used"):
            items.append(self.go("l", "Lens ±1", SECONDARY, "🔍"))
        if c.get("drive_values"):
            items.append(self.go("d", "Write Drive number", SECONDARY))
        grants = c.get("grants") or []
        if len(grants) > GRANT_BUTTONS:
            items.append(self.go("b", f"Bonuses ({len(grants)})", SECONDARY, "🎁"))
        else:
            items += [self.go(f"g{g['id']}", grant_label(g), SECONDARY, "🎁") for g in grants]
        for card_id in list(c.get("placements") or {})[:4]:
            items.append(self.go(f"c{card_id}", f"Complete {self.card_name(card_id)}", SUCCESS, "✨"))
        if c.get("can_undo"):
            items.append(self.do("undo", "Undo last", SECONDARY, "↩️"))
        if c.get("can_done"):
            items.append(self.go("f", "Finish turn", SUCCESS, "✅"))
        lines = [note] if note else []
        lines.append("Pick what to do next; only moves the rules allow are offered." if items else
                     "Nothing left to do.")
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
            items: list[discord.ui.Item[Any]] = [self.do(f"{code}.{picked}", f"{confirm} {picked}"),
                                                 self.go(f"{base}~{page}" if page else base, "Pick another",
                                                         SECONDARY),
                                                 self.home_button()]
            text = f"{what}: **{cell_text(picked)}**? It is ringed in gold on your sheet."
            return self.out(text, items, art.Marks(legal=marks_legal, shooting=marks_shoot, picked=picked),
                            note=f"{confirm} {picked}?")
        if not cells:
            raise LookupError(stage)
        groups = cell_groups(cells)
        pages = max(1, -(-len(groups) // SELECTS_PER_PAGE))
        page = min(page, pages - 1)
        items = []
        for n, (rows, group) in enumerate(groups[page * SELECTS_PER_PAGE:(page + 1) * SELECTS_PER_PAGE]):
            options = [discord.SelectOption(label=cell_text(cell), value=cell) for cell in group]
            items.append(ObsPick(self.game_id, self.dec, f"{base}~{page}" if page else base, n, options,
                                 f"{what}: cells in {rows}"))
        if pages > 1:
            nxt = (page + 1) % pages
            items.append(self.go(f"{base}~{nxt}" if nxt else base, f"More cells ({nxt + 1}/{pages})",
                                 SECONDARY))
        items.append(ObsType(self.game_id, self.dec, base, code))
        items.append(self.home_button())
        lines = [f"{what}: pick a cell, or press **Type a cell** and type it (like C7). "
                 f"The {len(cells)} highlighted cells on your sheet are the legal ones."]
        lines += extra or []
        if pages > 1:
            lines.append(f"Page {page + 1} of {pages} of the list.")
        return self.out("\n".join(lines), items, art.Marks(legal=marks_legal, shooting=marks_shoot))

    def plot(self, base: str, page: int, picked: str | None) -> Outgoing:
        i, j = int(base[1]), int(base[2])
        plot = next(p for p in self.choice.get("plots") or [] if list(p["dice"]) == [i, j])
        if self.choice.get("plotted"):
            raise LookupError(base)
        what = f"Star with {self.die_word(i)} + {self.die_word(j)}"
        return self.cell_stage(base, page, list(plot.get("cells") or []), picked, what=what,
                               confirm="Plot at", code=f"plot.{i}{j}")

    def shooting(self, page: int, picked: str | None) -> Outgoing:
        shooting = self.choice.get("shooting") or {}
        if shooting.get("used"):
            raise LookupError("s")
        value = face_text(shooting.get("value"))
        extra = ["Wild: any empty cell." if shooting.get("wild") else
                 f"Any empty cell in a row or column labelled {value}."]
        return self.cell_stage("s", page, list(shooting.get("cells") or []), picked,
                               what=f"Shooting Star star ({value})", confirm="Plot at", code="ss",
                               extra=extra, orange=True)

    def research(self, die: int, picked: str | None) -> Outgoing:
        entry = next(e for e in self.choice.get("research") or [] if e["die"] == die)
        if self.choice.get("researched"):
            raise LookupError("r")
        return self.space_stage(f"r{die}", entry.get("spaces") or {}, picked,
                                what=f"Research with {self.die_word(die)}", code=f"res.{die}")

    def space_stage(self, stage: str, spaces: dict[str, list[int]], picked: str | None, *, what: str,
                    code: str) -> Outgoing:
        options = space_options(self.view, spaces)
        if not options:
            raise LookupError(stage)
        values = {o.value for o in options}
        if picked in values:
            track, space = picked.split(".")
            name = f"{TRACK_NAMES[track]} {space}"
            items: list[discord.ui.Item[Any]] = [self.do(f"{code}.{track}.{space}", f"Fill {name}"),
                                                 self.go(stage, "Pick another", SECONDARY),
                                                 self.home_button()]
            return self.out(f"{what}: fill **{name}**? It is framed in gold on your sheet.", items,
                            art.Marks(space=(track, int(space))), note=f"Fill {name}?")
        items = [ObsPick(self.game_id, self.dec, stage, 0, options, f"{what}: pick a space"),
                 self.home_button()]
        return self.out(f"{what}: pick the research space to fill.", items)

    def lens(self) -> Outgoing:
        uses = self.choice.get("lens") or []
        if not uses or self.choice.get("lens_used"):
            raise LookupError("l")
        items: list[discord.ui.Item[Any]] = []
        for use in uses[:20]:
            k, delta = use["die"], use["delta"]
            before = self.die_word(k)
            wild = " (wild)" if use.get("wild") and use.get("value") != 1 else ""
            after = face_text(use.get("value")) + wild
            items.append(self.do(f"lens.{k}.{'up' if delta > 0 else 'dn'}", f"{before} → {after}",
                                 PRIMARY))
        items.append(self.home_button())
        text = ("Your Lens lets one die count one higher or lower for you, once this turn. "
                "Pick the die and the change (you can undo it).")
        return self.out(text, items)

    def drive(self) -> Outgoing:
        values = self.choice.get("drive_values") or []
        if not values:
            raise LookupError("d")
        items: list[discord.ui.Item[Any]] = [self.do(f"drive.{v}", str(v), PRIMARY) for v in values]
        items.append(self.home_button())
        return self.out("Your Drive track is full: write its number. From now on that number, on any die, "
                        "is wild for you.", items)

    def bonuses(self) -> Outgoing:
        grants = self.choice.get("grants") or []
        items: list[discord.ui.Item[Any]] = [self.go(f"g{g['id']}", grant_label(g), SECONDARY, "🎁")
                                             for g in grants[:20]]
        items.append(self.home_button())
        return self.out("Your banked bonuses: pick one to spend now.", items)

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
                items.append(self.go(f"g{gid}s", "Use it as a free star"))
            if spaces:
                items.append(self.go(f"g{gid}r", "Use it as a research space"))
            items.append(self.home_button())
            return self.out(f"**{label}**: a free star anywhere, or any empty research space?", items,
                            art.Marks(legal=cells))
        if suffix == "r" or kind == "research":
            return self.space_stage(base, spaces, picked, what=label, code=f"fr.{gid}")
        return self.cell_stage(base, page, cells, picked, what=label, confirm="Star at", code=f"fs.{gid}",
                               orange=kind == "shooting_star")

    def complete(self, card_id: str, page: int, picked: str | None) -> Outgoing:
        placements = (self.choice.get("placements") or {})[card_id]
        if not placements:
            raise LookupError(card_id)
        card = self.cards.get(card_id) or {}
        name = self.card_name(card_id)
        about = f"{points_text(card)}, {bonus_text(card.get('bonus'))}"
        stage = f"c{card_id}"
        chosen = next((p for p in placements if p["id"] == picked), None)
        if chosen is not None:
            items: list[discord.ui.Item[Any]] = [
                self.do(f"cp.{card_id}.{chosen['id']}", f"Complete {name}"[:80], SUCCESS, "✨"),
                self.go(f"{stage}~{page}" if page else stage, "Pick another", SECONDARY), self.home_button()]
            text = (f"Complete **{name}** ({about}) as **{chosen.get('name', chosen['id'])}**? "
                    "The dashed gold lines on your sheet show it.")
            return self.out(text, items, art.Marks(placement=chosen, goal=card_id), note="Complete it?")
        chunks = [placements[i:i + PER_SELECT] for i in range(0, len(placements), PER_SELECT)]
        pages = max(1, -(-len(chunks) // SELECTS_PER_PAGE))
        page = min(page, pages - 1)
        items = []
        own = f"{stage}~{page}" if page else stage
        for n, chunk in enumerate(chunks[page * SELECTS_PER_PAGE:(page + 1) * SELECTS_PER_PAGE]):
            options = [discord.SelectOption(label=str(p.get("name", p["id"]))[:100], value=p["id"],
                                            description=("stars " + " ".join(p.get("cells") or []))[:100])
                       for p in chunk]
            items.append(ObsPick(self.game_id, self.dec, own, n, options, f"Where to complete {name}"[:150]))
        if pages > 1:
            nxt = (page + 1) % pages
            items.append(self.go(f"{stage}~{nxt}" if nxt else stage, f"More ({nxt + 1}/{pages})", SECONDARY))
        items.append(self.home_button())
        count = len(placements)
        text = (f"**{name}** ({about}) fits your stars in {count} way{'s' if count != 1 else ''}. "
                "Pick one to see it on your sheet.")
        return self.out(text, items, art.Marks(goal=card_id))

    def finish(self) -> Outgoing:
        if not self.choice.get("can_done"):
            raise LookupError("f")
        items: list[discord.ui.Item[Any]] = [self.do("done", "Confirm: finish my turn", SUCCESS, "✅"),
                                             self.go("h", "Back", SECONDARY)]
        left = []
        c = self.choice
        if not c.get("plotted") and c.get("plots"):
            left.append("you haven't plotted a star with the dice")
        if not c.get("researched") and c.get("research"):
            left.append("you haven't used a die for research")
        shooting = c.get("shooting") or {}
        if shooting.get("cells") and not shooting.get("used"):
            left.append("your Shooting Star die is unused")
        if c.get("placements"):
            left.append("a goal could be completed now")
        warn = ("\nNote: " + "; ".join(left) + ".") if left else ""
        text = "Finish your turn? After this it can't be changed." + warn
        return self.out(text, items, note="Finish?")

    def card_name(self, card_id: str) -> str:
        return str((self.cards.get(card_id) or {}).get("name") or card_id)
