"""Observatory words shared by the panels: titles, cell names and how cell lists are split.

Cells are named as on the sheet's outer labels (column letter, row number: ``"C4"``) followed
by their dice labels, printed in the blue discs beside the map (``"dice row 4, col 3"``).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.faces.observatory.art.map import COLUMNS, dice_label, parse
from bot.faces.observatory.art.parts import face_text
from bot.games.base import View
from bot.games.observatory.components import load_cards
from bot.games.observatory.texts import TRACK_NAMES
from bot.i18n import N_, _, ngettext, translate

TRACKS = ("lens", "drive", "finder", "filter", "funding")
# Discord: 25 options a select. A phone panel shows at most three selects (each is two taps, and
# a taller card pushes the buttons off the screen): a long cell list pages three lists at a time
# (a wild die's 143 cells are six lists of two rows each, so two pages).
PER_SELECT, SELECTS_PER_PAGE = 25, 3

DONE_TEXT = {  # what a move that ended the seat's part of the step did, said back to them
    "roll": N_("You rolled the dice."),
    "keep": N_("Your four goals are chosen. The game starts when everyone has chosen."),
    "done": N_("Your turn is in. Your next panel comes when there is something to decide."),
    "take": N_("New goal taken."),
}
DONE_SHORT = {  # the first sentence, above the next panel when the move opened one at once
    "roll": N_("You rolled the dice."),
    "keep": N_("Your four goals are chosen."),
    "done": N_("Your turn is in."),
    "take": N_("New goal taken."),
}
DONE = N_("Done.")


def catalog_texts() -> list[str]:
    """The texts that live in data, not code, for the catalog: every Constellation card's name."""
    return list(dict.fromkeys(card.name for card in load_cards().values()))


def track_name(track: str) -> str:
    """A Research track's name in the reader's language ("Lens")."""
    return _(TRACK_NAMES[track]) if track in TRACK_NAMES else "?"


def card_name(cards: dict[str, Any], card_id: str) -> str:
    """A card's name from the view's ``cards`` in the reader's language (its id if it has none)."""
    name = (cards.get(card_id) or {}).get("name")
    return _(str(name)) if name else card_id


def title_of(view: View) -> str:
    if view.get("seats") == 1:
        return _(
            "Observatory · Turn {turn} of {total}",
            turn=view.get("turn_number", "?"),
            total=view.get("total_turns", 12),
        )
    return _(
        "Observatory · Night {night} of {nights}",
        night=view.get("night", "?"),
        nights=view.get("nights", "?"),
    )


def cell_text(cell: str) -> str:
    """``"C4 · dice row 4, col 3"``: the name on the sheet's outer labels, then the dice discs."""
    row, col = parse(cell) or (0, 0)
    return _("{cell} · dice row {row}, col {col}", cell=cell, row=dice_label(row), col=dice_label(col))


def cell_groups(cells: list[str]) -> list[tuple[str, list[str]]]:
    """Cells in map order, packed by whole rows into lists of at most 25 (a Discord select)."""
    by_row: dict[int, list[str]] = {}
    for cell in cells:
        spot = parse(cell)
        if spot:
            by_row.setdefault(spot[0], []).append(cell)
    groups: list[tuple[str, list[str]]] = []
    current: list[str] = []
    rows: list[int] = []
    for row in sorted(by_row):
        line = sorted(by_row[row], key=lambda c: COLUMNS.index(c[0]))
        if current and len(current) + len(line) > PER_SELECT:
            groups.append((_rows_name(rows), current))
            current, rows = [], []
        current, rows = current + line, rows + [row + 1]
    if current:
        groups.append((_rows_name(rows), current))
    return groups


def cell_order(cells: list[str]) -> list[str]:
    """Cells in map order: row by row, left to right."""
    spots = {cell: parse(cell) for cell in cells}
    return sorted((c for c in cells if spots[c]), key=lambda c: spots[c] or (0, 0))


def _rows_name(rows: list[int]) -> str:
    if len(rows) == 1:
        return _("row {row}", row=rows[0])
    return _("rows {first}–{last}", first=rows[0], last=rows[-1])


def split_page(stage: str) -> tuple[str, int]:
    base, _sep, page = stage.partition("~")
    return base, int(page) if page.isdigit() else 0


def grant_label(grant: dict[str, Any]) -> str:
    """A banked bonus as a button label: where it comes from and what it gives."""
    count = grant.get("count", 1)
    source, kind = grant.get("source"), grant.get("kind")
    if source == "finder":
        n = count if isinstance(count, int) else 1
        return ngettext("Finder star ({n} left)", "Finder star ({n} left)", n)
    track = grant.get("track") or ""
    if source == "track":
        origin = _("{track} bonus", track=track_name(track)) if track in TRACK_NAMES else _("Track bonus")
    else:
        origin = {"night": _("Night bonus"), "completion": _("Card bonus")}.get(str(source), _("Bonus"))
    what = {
        "star": _("free star"),
        "research": _("research"),
        "either": _("star or research"),
        "shooting_star": _("star in row/col {value}", value=grant.get("value")),
    }.get(str(kind), "")
    if isinstance(count, int) and count > 1:
        # i18n: a banked bonus on a button: where it comes from, what it gives, how many ("×2")
        label = _("{origin}: {what} ×{count}", origin=origin, what=what, count=count)
    else:
        # i18n: a banked bonus on a button: where it comes from, what it gives
        label = _("{origin}: {what}", origin=origin, what=what)
    return _("{label} (required)", label=label) if grant.get("required") else label


def space_options(
    view: View, spaces: dict[str, list[int]], code: str, die: str | None = None
) -> list[discord.SelectOption]:
    """Research spaces as select options valued ``<code>.<track>.<space>``, each saying what
    filling it does (and, with ``die``, which die fills it)."""
    sheet = view.get("sheet") or {}
    filled = sheet.get("research") or {}
    options = []
    for track in TRACKS:
        for space in spaces.get(track) or []:
            before = len(filled.get(track) or [])
            if track == "funding":
                why = _("+1 point at the end")
            elif before == 4:
                why = _("completes the track")
            elif before == 2:
                why = _("unlocks its bonus (3rd of 5 spaces)")
            else:
                why = _("{before} of 5 filled so far; this makes {after}", before=before, after=before + 1)
            label = _("{track} · space printed {space}", track=track_name(track), space=space)
            if die is not None:
                # i18n: a research space in a list and the die filling it ("Lens · space printed 4 · with 4")
                label = _("{space} · with {die}", space=label, die=die)
            options.append(
                discord.SelectOption(
                    label=label[:100], value=f"{code}.{track}.{space}", description=why[:100]
                )
            )
    return options[:PER_SELECT]


# i18n: a confirm button: put the bonus star at the picked cell ("Star at C4")
STAR_AT = N_("Star at {cell}")


def wild_word(value: object, wild: bool) -> str:
    """A die's value for the text, marked when it is wild for this player (a 1 is "?" already)."""
    shown = face_text(value)
    return _("{value} (wild)", value=shown) if wild and value != 1 else shown


def placement_name(placement: dict[str, Any]) -> str:
    """A placement in words ("rotated 90°, anchored at C4"), from the view's Msg."""
    return translate(placement.get("name") or placement["id"])


def unused_options(choice: dict[str, Any]) -> list[str]:
    """What a seat finishing its turn leaves unused, for the warning before it confirms."""
    left = []
    if not choice.get("plotted") and choice.get("plots"):
        left.append(_("you haven't plotted a star with the dice"))
    if not choice.get("researched") and choice.get("research"):
        left.append(_("you haven't used a die for research"))
    shooting = choice.get("shooting") or {}
    if shooting.get("cells") and not shooting.get("used"):
        left.append(_("your Shooting Star die is unused"))
    if choice.get("placements"):
        left.append(_("a goal could be completed now"))
    return left


def nearest_first(cells: list[str], stars: list[str]) -> list[str]:
    """``cells`` nearest to the seat's own stars first (then in map order): when a wild die reaches
    more cells than one list holds, the list offers those a constellation most likely wants."""
    spots = [s for s in (parse(star) for star in stars) if s]

    def distance(cell: str) -> tuple[int, int, int]:
        row, col = parse(cell) or (0, 0)
        near = min((max(abs(row - r), abs(col - c)) for r, c in spots), default=0)
        return near, row, col

    return sorted((c for c in cells if parse(c)), key=distance)
