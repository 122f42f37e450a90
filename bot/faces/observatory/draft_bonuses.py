"""The bonus stages of an Observatory draft panel: spending a banked grant and completing a
card. Apart from ``draft`` so each module stays readable; ``DraftPanel`` builds on these."""

from __future__ import annotations

from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import bonus_text, points_text
from bot.faces.observatory.draft_base import SECONDARY, SUCCESS
from bot.faces.observatory.home import DraftHome
from bot.faces.observatory.items import pick_select, type_button
from bot.faces.observatory.words import (
    PER_SELECT,
    SELECTS_PER_PAGE,
    card_name,
    cell_groups,
    cell_text,
    grant_label,
    placement_name,
    space_options,
)
from bot.i18n import _, ngettext
from bot.ui.outgoing import Outgoing


class BonusStages(DraftHome):
    """The draft stages that spend banked bonuses and complete cards."""

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
        """A list of cells to pick from; the panel (``DraftPanel``) draws it."""
        raise NotImplementedError

    def space_stage(
        self, stage: str, spaces: dict[str, list[int]], *, what: str, code: str, picked: str | None = None
    ) -> Outgoing:
        """A list of research spaces to pick from; the panel (``DraftPanel``) draws it."""
        raise NotImplementedError

    def bonuses(self) -> Outgoing:
        grants = self.choice.get("grants") or []
        items: list[discord.ui.Item[Any]] = [
            self.go(f"g{g['id']}", grant_label(g), SECONDARY, "🎁") for g in grants[:20]
        ]
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
            research = [
                (o.value, o.label, o.description) for o in space_options(self.view, spaces, f"fr.{gid}")
            ]
            if research:
                items.append(self.play(0, research, _("{what}: pick a space", what=label)))
            for n, (rows, group) in enumerate(cell_groups(cells)):
                items.append(
                    self.play(
                        n + 1,
                        [(f"fs.{gid}.{cell}", cell_text(cell), None) for cell in group],
                        _("{what}: cells in {rows}", what=label, rows=rows),
                    )
                )
            if cells:
                items.append(type_button(self.game_id, self.dec, base, f"fs.{gid}"))
            items.append(self.home_button())
            return self.out(
                _(
                    "**{bonus}**: a free star anywhere, or any empty research space? Pick one from "
                    "the lists.",
                    bonus=label,
                ),
                items,
                art.Marks(legal=cells),
            )
        if kind == "either" and not suffix:
            items = []
            if cells:
                items.append(self.go(f"g{gid}s", _("Use it as a free star")))
            if spaces:
                items.append(self.go(f"g{gid}r", _("Use it as a research space")))
            items.append(self.home_button())
            return self.out(
                _("**{bonus}**: a free star anywhere, or any empty research space?", bonus=label),
                items,
                art.Marks(legal=cells),
            )
        if suffix == "r" or kind == "research":
            return self.space_stage(base, spaces, what=label, code=f"fr.{gid}", picked=picked)
        return self.cell_stage(
            base, page, cells, what=label, code=f"fs.{gid}", orange=kind == "shooting_star", picked=picked
        )

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
            chunks = [placements[i : i + PER_SELECT] for i in range(0, len(placements), PER_SELECT)]
            lists: list[discord.ui.Item[Any]] = [
                self.play(
                    n,
                    [
                        (
                            f"cp.{card_id}.{p['id']}",
                            placement_name(p),
                            _("stars {cells}", cells=" ".join(p.get("cells") or [])),
                        )
                        for p in chunk
                    ],
                    _("Where to complete {card}", card=name),
                )
                for n, chunk in enumerate(chunks)
            ]
            lists.append(self.home_button())
            text = ngettext(
                "**{card}** ({about}) fits your stars in {n} way: pick it to complete the card.",
                "**{card}** ({about}) fits your stars in {n} ways: pick one to complete the card.",
                len(placements),
                card=name,
                about=about,
            )
            return self.out(text, lists, art.Marks(goal=card_id))
        chosen = next((p for p in placements if p["id"] == picked), None)
        if chosen is not None:
            items: list[discord.ui.Item[Any]] = [
                self.do(f"cp.{card_id}.{chosen['id']}", _("Complete {card}", card=name)[:80], SUCCESS, "✨"),
                self.go(f"{stage}~{page}" if page else stage, _("Pick another"), SECONDARY),
                self.home_button(),
            ]
            text = _(
                "Complete **{card}** ({about}) as **{placement}**? The dashed gold lines on your sheet "
                "show it.",
                card=name,
                about=about,
                placement=placement_name(chosen),
            )
            return self.out(text, items, art.Marks(placement=chosen, goal=card_id), note=_("Complete it?"))
        chunks = [placements[i : i + PER_SELECT] for i in range(0, len(placements), PER_SELECT)]
        pages = max(1, -(-len(chunks) // SELECTS_PER_PAGE))
        page = min(page, pages - 1)
        items = []
        own = f"{stage}~{page}" if page else stage
        for n, chunk in enumerate(chunks[page * SELECTS_PER_PAGE : (page + 1) * SELECTS_PER_PAGE]):
            options = [
                discord.SelectOption(
                    label=placement_name(p)[:100],
                    value=p["id"],
                    description=_("stars {cells}", cells=" ".join(p.get("cells") or []))[:100],
                )
                for p in chunk
            ]
            items.append(
                pick_select(
                    self.game_id, self.dec, own, n, options, _("Where to complete {card}", card=name)[:150]
                )
            )
        if pages > 1:
            nxt = (page + 1) % pages
            items.append(
                self.go(
                    f"{stage}~{nxt}" if nxt else stage,
                    _("More ({page}/{pages})", page=nxt + 1, pages=pages),
                    SECONDARY,
                )
            )
        items.append(self.home_button())
        text = ngettext(
            "**{card}** ({about}) fits your stars in {n} way. Pick one to see it on your sheet.",
            "**{card}** ({about}) fits your stars in {n} ways. Pick one to see it on your sheet.",
            len(placements),
            card=name,
            about=about,
        )
        return self.out(text, items, art.Marks(goal=card_id))
