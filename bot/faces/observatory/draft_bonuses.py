"""The bonus stages of an Observatory draft panel: spending a banked grant and completing a
card. Apart from ``draft`` so each module stays readable; ``DraftPanel`` holds them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import bonus_text, points_text
from bot.faces.observatory.draft_base import SECONDARY, SUCCESS, DraftBase
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
from bot.i18n import N_, _, ngettext
from bot.ui.outgoing import Outgoing

ListStage = Callable[..., Outgoing]
"""A list stage of the panel the bonus stages show their picks in (``DraftPanel``'s cells or
research spaces)."""


class BonusStages:
    """The draft stages that spend banked bonuses and complete cards, of the draft ``d``, showing
    their lists through the panel's ``cell_stage`` and ``space_stage``."""

    def __init__(self, d: DraftBase, cell_stage: ListStage, space_stage: ListStage) -> None:
        self.d, self.cell_stage, self.space_stage = d, cell_stage, space_stage

    def bonuses(self) -> Outgoing:
        grants = self.d.choice.get("grants") or []
        items: list[discord.ui.Item[Any]] = [
            self.d.go(f"g{g['id']}", grant_label(g), SECONDARY, "🎁") for g in grants[:20]
        ]
        items.append(self.d.home_button())
        return self.d.out(_("Your banked bonuses: pick one to spend now."), items)

    def grant(self, base: str, page: int, picked: str | None) -> Outgoing:
        suffix = base[-1] if base[-1] in "sr" else ""
        gid = int(base[1:-1] if suffix else base[1:])
        grant = next(g for g in self.d.choice.get("grants") or [] if g["id"] == gid)
        cells, spaces = list(grant.get("cells") or []), grant.get("spaces") or {}
        kind = grant.get("kind")
        label = grant_label(grant)
        if (
            kind == "either"
            and not suffix
            and self.d.undoable
            and bool(spaces) + len(cell_groups(cells)) <= SELECTS_PER_PAGE
        ):
            # both uses on one page: a research space from one list, or a star from the cell lists
            items: list[discord.ui.Item[Any]] = []
            research = [
                (o.value, o.label, o.description) for o in space_options(self.d.view, spaces, f"fr.{gid}")
            ]
            if research:
                items.append(self.d.play(0, research, _("{what}: pick a space", what=label)))
            for n, (rows, group) in enumerate(cell_groups(cells)):
                items.append(
                    self.d.play(
                        n + 1,
                        [(f"fs.{gid}.{cell}", cell_text(cell), None) for cell in group],
                        _("{what}: cells in {rows}", what=label, rows=rows),
                    )
                )
            if cells:
                items.append(type_button(self.d.game_id, self.d.dec, base, f"fs.{gid}"))
            items.append(self.d.home_button())
            return self.d.out(
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
                items.append(self.d.go(f"g{gid}s", _("Use it as a free star")))
            if spaces:
                items.append(self.d.go(f"g{gid}r", _("Use it as a research space")))
            items.append(self.d.home_button())
            return self.d.out(
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
        placements = (self.d.choice.get("placements") or {})[card_id]
        if not placements:
            raise LookupError(card_id)
        card = self.d.cards.get(card_id) or {}
        name = card_name(self.d.cards, card_id)
        about = _("{points}, {bonus}", points=points_text(card), bonus=bonus_text(card.get("bonus")))
        stage = f"c{card_id}"
        if self.d.undoable and len(placements) <= SELECTS_PER_PAGE * PER_SELECT:
            return self.complete_at_once(card_id, placements, name, about)
        chosen = next((p for p in placements if p["id"] == picked), None)
        if chosen is not None:
            return self.confirm_placement(card_id, chosen, stage, page, name, about)
        return self.placement_lists(card_id, placements, stage, page, name, about)

    def complete_at_once(
        self, card_id: str, placements: list[dict[str, Any]], name: str, about: str
    ) -> Outgoing:
        """A draft: picking a placement completes the card at once (drawn on the sheet, Undo takes
        it back)."""
        chunks = [placements[i : i + PER_SELECT] for i in range(0, len(placements), PER_SELECT)]
        lists: list[discord.ui.Item[Any]] = [
            self.d.play(
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
        lists.append(self.d.home_button())
        text = ngettext(
            "**{card}** ({about}) fits your stars in {n} way: pick it to complete the card.",
            "**{card}** ({about}) fits your stars in {n} ways: pick one to complete the card.",
            len(placements),
            card=name,
            about=about,
        )
        return self.d.out(text, lists, art.Marks(goal=card_id))

    def confirm_placement(
        self, card_id: str, chosen: dict[str, Any], stage: str, page: int, name: str, about: str
    ) -> Outgoing:
        """One placement picked: it shows on the sheet, with the button that completes the card."""
        items: list[discord.ui.Item[Any]] = [
            self.d.do(f"cp.{card_id}.{chosen['id']}", _("Complete {card}", card=name)[:80], SUCCESS, "✨"),
            self.d.go(f"{stage}~{page}" if page else stage, _("Pick another"), SECONDARY),
            self.d.home_button(),
        ]
        text = _(
            "Complete **{card}** ({about}) as **{placement}**? The dashed gold lines on your sheet show it.",
            card=name,
            about=about,
            placement=placement_name(chosen),
        )
        return self.d.out(text, items, art.Marks(placement=chosen, goal=card_id), note=_("Complete it?"))

    def placement_lists(
        self, card_id: str, placements: list[dict[str, Any]], stage: str, page: int, name: str, about: str
    ) -> Outgoing:
        """The placements in lists (paged) when a pick can't complete the card at once (a refill's,
        or too many for one page): a pick is shown before it is confirmed."""
        chunks = [placements[i : i + PER_SELECT] for i in range(0, len(placements), PER_SELECT)]
        shown, page, pages = self.d.on_page(chunks, page)
        items = []
        own = f"{stage}~{page}" if page else stage
        for n, chunk in enumerate(shown):
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
                    self.d.game_id,
                    self.d.dec,
                    own,
                    n,
                    options,
                    _("Where to complete {card}", card=name)[:150],
                )
            )
        if pages > 1:
            items.append(self.d.next_page(stage, page, pages, N_("More ({page}/{pages})")))
        items.append(self.d.home_button())
        text = ngettext(
            "**{card}** ({about}) fits your stars in {n} way. Pick one to see it on your sheet.",
            "**{card}** ({about}) fits your stars in {n} ways. Pick one to see it on your sheet.",
            len(placements),
            card=name,
            about=about,
        )
        return self.d.out(text, items, art.Marks(goal=card_id))
