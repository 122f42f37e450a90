"""Observatory words shared by the panels: titles, cell names and how cell lists are split.

Cells are named as on the sheet's outer labels (column letter, row number: ``"C4"``) followed
by their dice labels, printed in the blue discs beside the map (``"dice row 4, col 3"``).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.faces.observatory.art.map import COLUMNS, dice_label, parse
from bot.games.base import View

TRACKS = ("lens", "drive", "finder", "filter", "funding")
TRACK_NAMES = {t: t.capitalize() for t in TRACKS}
PER_SELECT, SELECTS_PER_PAGE = 25, 4  # Discord: 25 options a select; one row kept for buttons


def title_of(view: View) -> str:
    if view.get("seats") == 1:
        return f"Observatory · Turn {view.get('turn_number', '?')} of {view.get('total_turns', 12)}"
    return f"Observatory · Night {view.get('night', '?')} of {view.get('nights', '?')}"


def cell_text(cell: str) -> str:
    """``"C4 · dice row 4, col 3"``: the name on the sheet's outer labels, then the dice discs."""
    row, col = parse(cell) or (0, 0)
    return f"{cell} · dice row {dice_label(row)}, col {dice_label(col)}"


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


def _rows_name(rows: list[int]) -> str:
    return f"row {rows[0]}" if len(rows) == 1 else f"rows {rows[0]}–{rows[-1]}"


def split_page(stage: str) -> tuple[str, int]:
    base, _, page = stage.partition("~")
    return base, int(page) if page.isdigit() else 0


def grant_label(grant: dict[str, Any]) -> str:
    """A banked bonus as a button label: where it comes from and what it gives."""
    count = grant.get("count", 1)
    source, kind = grant.get("source"), grant.get("kind")
    if source == "finder":
        return f"Finder star ({count} left)"
    origin = {"track": f"{TRACK_NAMES.get(grant.get('track') or '', 'Track')} bonus",
              "night": "Night bonus", "completion": "Card bonus"}.get(str(source), "Bonus")
    what = {"star": "free star", "research": "research", "either": "star or research",
            "shooting_star": f"star in row/col {grant.get('value')}"}.get(str(kind), "")
    more = f" ×{count}" if isinstance(count, int) and count > 1 else ""
    must = " (required)" if grant.get("required") else ""
    return f"{origin}: {what}{more}{must}"


def space_options(view: View, spaces: dict[str, list[int]]) -> list[discord.SelectOption]:
    """Research spaces as select options, each saying what filling it does."""
    sheet = view.get("sheet") or {}
    filled = sheet.get("research") or {}
    options = []
    for track in TRACKS:
        for space in spaces.get(track) or []:
            before = len(filled.get(track) or [])
            if track == "funding":
                why = "+1 point at the end"
            elif before == 4:
                why = "completes the track"
            elif before == 2:
                why = "unlocks its bonus (3rd of 5 spaces)"
            else:
                why = f"{before} of 5 filled so far; this makes {before + 1}"
            options.append(discord.SelectOption(label=f"{TRACK_NAMES[track]} · space printed {space}",
                                                value=f"{track}.{space}", description=why))
    return options[:PER_SELECT]
