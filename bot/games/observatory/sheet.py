"""One player's Observatory sheet: dice as this player sees them, and every legal option now.

A sheet is a plain dict inside the state (see ``new_sheet``). ``turn`` holds what the player did
with this turn's dice, so undo is just restoring an earlier copy of the whole sheet.
"""

from __future__ import annotations

from typing import Any

from bot.games.observatory.components import card
from bot.games.observatory.geometry import Placement, find_placements
from bot.games.observatory.model import (
    BONUS_AFTER,
    BONUS_TRACKS,
    FINDER_STARS,
    SIZE,
    SPACES,
    TRACKS,
    WILD,
    GrantKind,
    GrantSource,
    Track,
    col_label,
    row_label,
)

Sheet = dict[str, Any]
ALL_CELLS = tuple(range(SIZE * SIZE))
_DRIVE, _LENS, _FINDER, _FILTER = (
    Track.DRIVE.value,
    Track.LENS.value,
    Track.FINDER.value,
    Track.FILTER.value,
)
_STAR, _EITHER, _RESEARCH, _SHOOTING = (
    GrantKind.STAR.value,
    GrantKind.EITHER.value,
    GrantKind.RESEARCH.value,
    GrantKind.SHOOTING_STAR.value,
)
SHOOTING_DIE = 3


def new_turn() -> dict[str, Any]:
    return {"plot": None, "research": None, "lens": None, "shooting": None, "completed": [], "done": []}


def new_sheet() -> Sheet:
    return {
        "stars": [],
        "constellations": [],
        "research": {t: [] for t in TRACKS},
        "drive_value": None,
        "grants": [],
        "next_grant": 0,
        "bonuses": dict.fromkeys(BONUS_TRACKS, "locked"),
        "goals": [],
        "completed": [],
        "turn": new_turn(),
    }


def is_complete(sheet: Sheet, track: str) -> bool:
    return len(sheet["research"][track]) == len(SPACES)


def used_cells(sheet: Sheet) -> set[int]:
    return {c for k in sheet["constellations"] for c in k["cells"]}


def unused_cells(sheet: Sheet) -> list[int]:
    used = used_cells(sheet)
    return [c for c in sheet["stars"] if c not in used]


def drawn_segments(sheet: Sheet) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for k in sheet["constellations"] for a, b in k["segments"])


def empty_cells(sheet: Sheet) -> list[int]:
    taken = set(sheet["stars"])
    return [c for c in ALL_CELLS if c not in taken]


# --- dice -------------------------------------------------------------------------------------


def die_face(roll: dict[str, Any] | None, die: int) -> int | None:
    if roll is None:
        return None
    return roll["shooting"] if die == SHOOTING_DIE else roll["standard"][die]


def die_value(sheet: Sheet, roll: dict[str, Any] | None, die: int) -> tuple[int, bool]:
    """The die's value for this player after Lens, and whether it is wild for them (1 or Drive)."""
    value = die_face(roll, die) or 0
    lens = sheet["turn"]["lens"]
    if lens and lens["die"] == die:
        value += lens["delta"]
    return value, is_wild_value(sheet, value)


def is_wild_value(sheet: Sheet, value: int) -> bool:
    drive = sheet["drive_value"] if is_complete(sheet, _DRIVE) else None
    return value in (WILD, drive)


def used_dice(sheet: Sheet) -> set[int]:
    turn = sheet["turn"]
    used = set(turn["plot"]["dice"]) if turn["plot"] else set()
    if turn["research"]:
        used.add(turn["research"]["die"])
    if turn["shooting"] is not None:
        used.add(SHOOTING_DIE)
    return used


def _label_groups() -> dict[tuple[int, int], tuple[int, ...]]:
    groups: dict[tuple[int, int], list[int]] = {}
    for c in ALL_CELLS:
        groups.setdefault((row_label(c), col_label(c)), []).append(c)
    return {k: tuple(v) for k, v in groups.items()}


LABEL_CELLS = _label_groups()
LABELS = (1, 2, 3, 4, 5, 6)


def plot_cells(sheet: Sheet, roll: dict[str, Any], i: int, j: int) -> list[int]:
    """Empty cells dice ``i`` and ``j`` may plot: (row, column) labels equal (a, b) or (b, a)."""
    vi, wi = die_value(sheet, roll, i)
    vj, wj = die_value(sheet, roll, j)
    li = LABELS if wi else (vi,)
    lj = LABELS if wj else (vj,)
    pairs = {(a, b) for a in li for b in lj} | {(b, a) for a in li for b in lj}
    taken = set(sheet["stars"])
    return sorted(c for pair in pairs for c in LABEL_CELLS.get(pair, ()) if c not in taken)


def plot_options(sheet: Sheet, roll: dict[str, Any] | None) -> list[tuple[tuple[int, int], list[int]]]:
    if roll is None or sheet["turn"]["plot"] is not None:
        return []
    used = used_dice(sheet)
    free = [d for d in range(3) if d not in used]
    out = []
    for a in range(len(free)):
        for b in range(a + 1, len(free)):
            cells = plot_cells(sheet, roll, free[a], free[b])
            if cells:
                out.append(((free[a], free[b]), cells))
    return out


def open_spaces(sheet: Sheet, value: int | None = None, wild: bool = True) -> dict[str, list[int]]:
    """Empty Research spaces, all of them or only those a die of ``value`` may fill."""
    out = {}
    for track in TRACKS:
        filled = sheet["research"][track]
        spaces = [s for s in SPACES if s not in filled and (wild or s == value)]
        if spaces:
            out[track] = spaces
    return out


def research_options(sheet: Sheet, roll: dict[str, Any] | None) -> list[tuple[int, dict[str, list[int]]]]:
    if roll is None or sheet["turn"]["research"] is not None:
        return []
    used = used_dice(sheet)
    free = [d for d in range(3) if d not in used]
    out = []
    for die in free:
        value, wild = die_value(sheet, roll, die)
        spaces = open_spaces(sheet, value, wild)
        if spaces:
            out.append((die, spaces))
    return out


def lens_options(sheet: Sheet, roll: dict[str, Any] | None, active: bool) -> list[tuple[int, int, int, bool]]:
    """(die, delta, new value, wild) for every legal Lens use now."""
    if roll is None or sheet["turn"]["lens"] is not None or not is_complete(sheet, _LENS):
        return []
    used = used_dice(sheet)
    dice = [d for d in range(3) if d not in used]
    if active and SHOOTING_DIE not in used:
        dice.append(SHOOTING_DIE)
    out = []
    for die in dice:
        value, wild = die_value(sheet, roll, die)
        if wild:
            continue
        for delta in (-1, 1):
            new = value + delta
            if 1 <= new <= 6:
                out.append((die, delta, new, is_wild_value(sheet, new)))
    return out


def shooting_cells(sheet: Sheet, roll: dict[str, Any] | None, active: bool) -> list[int]:
    if roll is None or not active or sheet["turn"]["shooting"] is not None:
        return []
    value, wild = die_value(sheet, roll, SHOOTING_DIE)
    return [c for c in empty_cells(sheet) if wild or row_label(c) == value or col_label(c) == value]


def line_cells(sheet: Sheet, value: int) -> list[int]:
    """Empty cells in a row or column labelled ``value`` (the Shooting Star completion bonus)."""
    return [c for c in empty_cells(sheet) if row_label(c) == value or col_label(c) == value]


# --- grants -----------------------------------------------------------------------------------


def grant(sheet: Sheet, gid: int) -> dict[str, Any] | None:
    return next((g for g in sheet["grants"] if g["id"] == gid), None)


def add_grant(
    sheet: Sheet,
    source: str,
    kind: str,
    *,
    value: int | None = None,
    track: str | None = None,
    required: bool = False,
) -> None:
    sheet["grants"].append(
        {
            "id": sheet["next_grant"],
            "source": source,
            "kind": kind,
            "value": value,
            "track": track,
            "required": required,
        }
    )
    sheet["next_grant"] += 1


def grant_cells(sheet: Sheet, g: dict[str, Any]) -> list[int]:
    if g["kind"] == _SHOOTING:
        return line_cells(sheet, g["value"])
    if g["kind"] in (_STAR, _EITHER):
        return empty_cells(sheet)
    return []


def grant_spaces(sheet: Sheet, g: dict[str, Any]) -> dict[str, list[int]]:
    if g["kind"] in (_RESEARCH, _EITHER):
        return open_spaces(sheet)
    return {}


def grant_groups(sheet: Sheet) -> list[tuple[dict[str, Any], int]]:
    """One representative grant per interchangeable group, with the group's size."""
    groups: dict[tuple, list[dict[str, Any]]] = {}
    for g in sheet["grants"]:
        key = (g["source"], g["kind"], g["value"], g["track"], g["required"])
        groups.setdefault(key, []).append(g)
    return [(members[0], len(members)) for members in groups.values()]


def grant_usable(sheet: Sheet, g: dict[str, Any]) -> bool:
    return bool(grant_cells(sheet, g)) or bool(grant_spaces(sheet, g))


# --- research and completions -----------------------------------------------------------------


def fill(sheet: Sheet, track: str, space: int) -> None:
    """Fill a Research space and unlock what it unlocks (track bonus at 3, ability at 5)."""
    filled = sheet["research"][track]
    filled.append(space)
    filled.sort()
    if track in BONUS_TRACKS and len(filled) == BONUS_AFTER and sheet["bonuses"][track] == "locked":
        sheet["bonuses"][track] = "open"
        add_grant(sheet, GrantSource.TRACK.value, GrantKind.EITHER.value, track=track)
    if track == Track.FINDER.value and len(filled) == len(SPACES):
        for _ in range(FINDER_STARS):
            add_grant(sheet, GrantSource.FINDER.value, GrantKind.STAR.value)


def spend(sheet: Sheet, g: dict[str, Any]) -> None:
    sheet["grants"] = [x for x in sheet["grants"] if x["id"] != g["id"]]
    if g["source"] == GrantSource.TRACK.value:
        sheet["bonuses"][g["track"]] = "used"


def placements(sheet: Sheet) -> dict[str, list[Placement]]:
    """Every legal placement of each goal card on this sheet now (goals with none are left out)."""
    unused = frozenset(unused_cells(sheet))
    drawn = drawn_segments(sheet)
    out = {}
    for card_id in sheet["goals"]:
        found = find_placements(card_id, unused, drawn)
        if found:
            out[card_id] = found
    return out


def complete(sheet: Sheet, found: Placement) -> None:
    sheet["constellations"].append(
        {"card": found.card, "cells": list(found.cells), "segments": [list(s) for s in found.segments]}
    )
    sheet["goals"].remove(found.card)
    sheet["completed"].append(found.card)
    sheet["turn"]["completed"].append(found.card)
    bonus = card(found.card).bonus
    if not bonus:
        return
    copies = 2 if is_complete(sheet, Track.FILTER.value) else 1
    for n in range(copies):
        add_grant(
            sheet,
            GrantSource.COMPLETION.value,
            bonus["kind"] if bonus["kind"] != "free_star" else GrantKind.STAR.value,
            value=bonus.get("value"),
            required=n == 0,
        )
