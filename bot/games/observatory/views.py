"""What each seat may see in Observatory. The public view carries no secret.

Secrets: the six cards dealt to a seat and its keep choice (until every seat has chosen), the
order of both decks, and every seat's draft during a simultaneous step (the public view shows the
sheets as they were when the step opened; the turn's changes appear once the step resolves).

Public view ``view(state, None)``::

    game          "observatory"
    phase         "keep" | "night_bonus" | "roll" | "decide" | "refill" | "over"
    decision      int, changes once per step
    seats         int
    options       {"first_game": 0 | 1}
    night         int, 1-based current night; nights: int, how many nights the game has
    turn          int, 1-based turn inside the night; turns_per_night: int
    turn_number   int, 1-based turn of the whole game; total_turns: int
    bonus_nights  list[int], nights whose start grants a free star or research space
    first_player  int seat; active: int seat (whose roll it is)
    roll          None, or {"standard": [a, b, c], "shooting": s} – faces 1–6, 1 is the wild "?"
    to_act        list[int]: seats that still owe the current step
    done          list[int]: seats that finished their part of the current simultaneous step
    night_sky     {"large": [card id, ...], "small": [card id, ...]} face-up cards (up to 3 each)
    decks         {"large": int, "small": int} cards left in each deck
    refill        None, or {"seat": int, "needs": int, "queue": [int, ...]} (seats still to refill)
    map           {"size": 12, "columns": "ABCDEFGHIJKL", "row_labels": [1..6, 1..6],
                   "col_labels": [1..6, 1..6]}  – dice labels of rows (1..12) and columns (A..L)
    tracks        ["lens", "drive", "finder", "filter", "funding"]; spaces: [2, 3, 4, 5, 6]
    sheets        list, per seat, a SHEET (below)
    cards         {card id: CARD} for every card id appearing anywhere in this view
    last_turn     list[str]: public summary sentences of the last resolved step ({seat} placeholders;
                  each a ``Msg``, said in the reader's language by ``translate``)
    scores        list, per seat, a BREAKDOWN (current totals; final once over)
    outcome       None, or {"scores": [int], "winners": [int], "breakdown": [BREAKDOWN]}

SHEET::

    stars          list[str]  every plotted cell, in plotting order
    unused         list[str]  plotted cells in no completed constellation (extra stars on lines too)
    constellations list of {"card": id, "cells": [str], "segments": [[str, str]]}
    research       {track: [filled space values, sorted]}
    complete       list[str]  tracks whose five spaces are filled
    bonuses        {track: "locked" | "open" | "used"} for lens, drive, finder, filter (3 spaces
                   unlock a bonus; it stays "open" until spent through a grant)
    drive_value    int | None  the Drive number once written
    finder_left    int         Finder free stars not yet spent
    goals          list[card id]  the seat's face-up goals (empty during the keep step)
    completed      list[card id]  cards completed so far
    completed_turn list[card id]  cards completed in the current turn (drives the refill)

CARD::

    {"id": "LG07", "name": str, "type": "large" | "small", "asterism": bool, "description": str,
     "stars": [[dr, dc], ...], "lines": [[i, j], ...], "points": int | None (None = asterism),
     "bonus": None | {"kind": "shooting_star", "value": 2..6} | {"kind": "research"} | {"kind": "free_star"}}

BREAKDOWN::

    {"constellations": int, "asterisms": int, "asterism_count": int, "funding": int,
     "unused_stars": int (points, i.e. unused // 2), "unused_count": int, "completed_cards": int,
     "total": int}

Seat view ``view(state, seat)`` = the public view plus::

    you      int
    hand     list[card id] | None  the six dealt cards while the keep step is open (secret)
    kept     list[card id] | None  your keep choice, until the step resolves
    sheet    SHEET – your CURRENT sheet including this step's draft (public ``sheets[you]`` lags)
    score    BREAKDOWN of your current sheet
    choice   None when you owe nothing now, else one of:

    {"kind": "keep", "hand": [6 ids], "keep": 4, "options": [[4 ids], ...]}
    {"kind": "roll"}
    {"kind": "refill", "needs": int, "sky": [card id, ...], "decks": ["large", "small"] (non-empty),
     "can_take": bool, "placements": {card id: [PLACEMENT]} (goals that fit now: complete at any
     time), "grants": [GRANT as in DRAFT] (bonuses of cards just completed), "can_done": bool
     (you hold four goals and owe no bonus: finish refilling), "blockers": list[str]}
    {"kind": "night_bonus" | "decide", ... DRAFT}

DRAFT (night_bonus and decide steps; every list holds only legal options right now)::

    active        bool   you rolled (you may use the Shooting Star die)
    dice          [{"index": 0..2, "face": int, "value": int (after Lens), "wild": bool,
                    "lens": -1 | 0 | 1, "used": None | "plot" | "research"}]  ([] in night_bonus)
    shooting      None (not yours) or {"face": int, "value": int, "wild": bool, "lens": int,
                    "used": bool, "cell": str | None (where it was used), "cells": [str]}
                  – cells it may plot now ([] once used)
    plotted       None or {"dice": [i, j], "cell": str}
    researched    None or {"die": k, "track": str, "space": int}
    plots         [{"dice": [i, j], "cells": [str]}] – legal plots (pairs with no cell left out)
    research      [{"die": k, "spaces": {track: [int]}}] – legal research fills
    lens          [{"die": k, "delta": ±1, "value": int, "wild": bool}] – legal Lens uses
    lens_used     bool
    drive_values  [2..6] if you may write the Drive number now, else []
    grants        [{"id": int, "source": "finder" | "track" | "night" | "completion",
                    "track": str | None (track bonus origin), "kind": "star" | "research" | "either"
                    | "shooting_star", "value": int | None (shooting star row/column),
                    "required": bool (must be used before done), "cells": [str] (legal stars),
                    "spaces": {track: [int]} (legal research spaces)}] – one grant per interchangeable
                    group (e.g. one Finder entry even with 4 Finder stars left; "count" says how many)
                    plus "count": int
    placements    {goal card id: [PLACEMENT]} – every legal completion now (only goals with any)
    bonuses       {goal card id: {"cells": [str], "spaces": {track: [int]}}} – where the bonus of
                  a card in ``placements`` may go, to send with its ``complete`` (``"bonus"``)
    can_undo      bool
    can_done      bool; blockers: list[str] – what must still be done before ``done`` is accepted
    takes         [{"source": "sky", "card": id} | {"source": "deck", "deck": kind}] – new goals the
                  roller may take with ``done`` (``"take"``) once they completed one this step

PLACEMENT::

    {"id": "90-C4", "rotation": 0 | 90 | 180 | 270 (clockwise), "anchor": "C4" (where the card's
     first star lands), "name": "rotated 90°, anchored at C4", "cells": [str], "segments": [[str, str]]}
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from bot.games.base import State, View
from bot.games.observatory import draft, flow, refill
from bot.games.observatory import sheet as sh
from bot.games.observatory.actions import completion_bonus
from bot.games.observatory.components import card
from bot.games.observatory.model import (
    COLUMNS,
    DECKS,
    SIZE,
    SLUG,
    SPACES,
    TRACKS,
    Phase,
    Track,
    bonus_nights,
    cell_name,
    nights_for,
    turns_per_night,
)
from bot.games.observatory.scoring import breakdown, outcome_of
from bot.i18n.msg import M_, from_stored

_SIMULTANEOUS = (Phase.NIGHT_BONUS.value, Phase.DECIDE.value)


def _names(cells: list[int]) -> list[str]:
    return [cell_name(c) for c in cells]


def sheet_view(sheet: sh.Sheet) -> dict[str, Any]:
    return {
        "stars": _names(sheet["stars"]),
        "unused": _names(sh.unused_cells(sheet)),
        "constellations": [
            {
                "card": k["card"],
                "cells": _names(k["cells"]),
                "segments": [[cell_name(a), cell_name(b)] for a, b in k["segments"]],
            }
            for k in sheet["constellations"]
        ],
        "research": {t: list(v) for t, v in sheet["research"].items()},
        "complete": [t for t in TRACKS if sh.is_complete(sheet, t)],
        "bonuses": dict(sheet["bonuses"]),
        "drive_value": sheet["drive_value"],
        "finder_left": sum(1 for g in sheet["grants"] if g["source"] == "finder"),
        "goals": list(sheet["goals"]),
        "completed": list(sheet["completed"]),
        "completed_turn": list(sheet["turn"]["completed"]),
    }


def _public_sheets(state: State) -> list[sh.Sheet]:
    return state["base"] if state["phase"] in _SIMULTANEOUS else state["sheets"]


def _collect_cards(view: View) -> dict[str, Any]:
    ids: set[str] = set(view["night_sky"]["large"]) | set(view["night_sky"]["small"])
    sheets = list(view["sheets"]) + ([view["sheet"]] if "sheet" in view else [])
    for s in sheets:
        ids |= set(s["goals"]) | set(s["completed"])
    ids |= set(view.get("hand") or [])
    return {cid: card(cid).as_dict() for cid in sorted(ids)}


def public_view(state: State) -> View:
    seats = state["seats"]
    phase = state["phase"]
    over = phase == Phase.OVER.value
    sheets = _public_sheets(state)
    result = outcome_of(state) if over else None
    per_night = turns_per_night(seats)
    view: View = {
        "game": SLUG,
        "phase": phase,
        "decision": state["decision"],
        "seats": seats,
        "options": dict(state["options"]),
        "night": state["night"],
        "nights": nights_for(seats),
        "turn": state["turn"],
        "turns_per_night": per_night,
        "turn_number": (state["night"] - 1) * per_night + state["turn"],
        "total_turns": nights_for(seats) * per_night,
        "bonus_nights": list(bonus_nights(seats)),
        "first_player": state["first_player"],
        "active": state["active"],
        "roll": None
        if state["roll"] is None
        else {"standard": list(state["roll"]["standard"]), "shooting": state["roll"]["shooting"]},
        "to_act": flow.to_act(state),
        "done": [s for s in range(seats) if state["drafts"][s] and state["drafts"][s]["done"]]
        if phase in _SIMULTANEOUS
        else [],
        "night_sky": {k: list(v) for k, v in state["sky"].items()},
        "decks": {k: len(v) for k, v in state["decks"].items()},
        "refill": None
        if phase != Phase.REFILL.value
        else {
            "seat": state["refill"]["queue"][0],
            "needs": max(0, 4 - len(state["sheets"][state["refill"]["queue"][0]]["goals"])),
            "queue": list(state["refill"]["queue"]),
        },
        "map": {
            "size": SIZE,
            "columns": COLUMNS,
            "row_labels": [r % 6 + 1 for r in range(SIZE)],
            "col_labels": [c % 6 + 1 for c in range(SIZE)],
        },
        "tracks": list(TRACKS),
        "spaces": list(SPACES),
        "sheets": [sheet_view(s) for s in sheets],
        "last_turn": [from_stored(line) for line in state["last_turn"]],
        "scores": [breakdown(s) for s in sheets],
        "outcome": None if result is None else result.as_view(),
    }
    view["cards"] = _collect_cards(view)
    return view


def _dice(state: State, sheet: sh.Sheet) -> list[dict[str, Any]]:
    roll = draft.roll_of(state)
    if roll is None:
        return []
    turn = sheet["turn"]
    out = []
    for die in range(3):
        value, wild = sh.die_value(sheet, roll, die)
        used = (
            "plot"
            if turn["plot"] and die in turn["plot"]["dice"]
            else "research"
            if turn["research"] and turn["research"]["die"] == die
            else None
        )
        lens = turn["lens"]["delta"] if turn["lens"] and turn["lens"]["die"] == die else 0
        out.append(
            {
                "index": die,
                "face": roll["standard"][die],
                "value": value,
                "wild": wild,
                "lens": lens,
                "used": used,
            }
        )
    return out


def _shooting(state: State, seat: int, sheet: sh.Sheet) -> dict[str, Any] | None:
    if not draft.is_active(state, seat):
        return None
    roll = state["roll"]
    value, wild = sh.die_value(sheet, roll, sh.SHOOTING_DIE)
    lens = sheet["turn"]["lens"]
    return {
        "face": roll["shooting"],
        "value": value,
        "wild": wild,
        "lens": lens["delta"] if lens and lens["die"] == sh.SHOOTING_DIE else 0,
        "used": sheet["turn"]["shooting"] is not None,
        "cell": None if sheet["turn"]["shooting"] is None else _names([sheet["turn"]["shooting"]])[0],
        "cells": _names(sh.shooting_cells(sheet, roll, True)),
    }


def _grants(sheet: sh.Sheet, grants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "id": g["id"],
            "source": g["source"],
            "track": g["track"],
            "kind": g["kind"],
            "value": g["value"],
            "required": g["required"],
            "count": count,
            "cells": _names(sh.grant_cells(sheet, g)),
            "spaces": sh.grant_spaces(sheet, g),
        }
        for g, count in sh.grant_groups({**sheet, "grants": grants})
    ]


def _placements(sheet: sh.Sheet) -> dict[str, list[dict[str, Any]]]:
    return {cid: [p.as_dict() for p in found] for cid, found in sh.placements(sheet).items()}


def _bonuses(sheet: sh.Sheet, cards: list[str]) -> dict[str, Any]:
    found = {cid: completion_bonus(sheet, cid) for cid in cards}
    return {cid: {"cells": _names(b["cells"]), "spaces": b["spaces"]} for cid, b in found.items() if b}


def _refill_choice(state: State, seat: int) -> dict[str, Any]:
    sheet = state["sheets"][seat]
    needs, pending = refill.needs_card(state, seat), refill.bonus_pending(sheet)
    blockers: list[str] = [M_("Take a new goal card.")] if needs else []
    if pending:
        blockers.insert(0, M_("Use the bonus of the constellation you completed first."))
    return {
        "kind": "refill",
        "needs": max(0, 4 - len(sheet["goals"])),
        "sky": [c for k in DECKS for c in state["sky"][k]],
        "decks": [k for k in DECKS if state["decks"][k]],
        "can_take": needs and not pending,
        "placements": _placements(sheet),
        "grants": _grants(sheet, refill.refill_grants(sheet)),
        "can_done": not blockers,
        "blockers": blockers,
    }


def _draft_choice(state: State, seat: int) -> dict[str, Any]:
    sheet = state["sheets"][seat]
    roll = draft.roll_of(state)
    active = draft.is_active(state, seat)
    turn = sheet["turn"]
    blockers = draft.blockers(state, seat, sheet)
    placements = _placements(sheet)
    return {
        "kind": state["phase"],
        "active": active,
        "dice": _dice(state, sheet),
        "shooting": _shooting(state, seat, sheet),
        "plotted": None
        if not turn["plot"]
        else {"dice": list(turn["plot"]["dice"]), "cell": cell_name(turn["plot"]["cell"])},
        "researched": dict(turn["research"]) if turn["research"] else None,
        "plots": [{"dice": [i, j], "cells": _names(cells)} for (i, j), cells in sh.plot_options(sheet, roll)],
        "research": [{"die": d, "spaces": spaces} for d, spaces in sh.research_options(sheet, roll)],
        "lens": [
            {"die": d, "delta": delta, "value": v, "wild": w}
            for d, delta, v, w in sh.lens_options(sheet, roll, active)
        ],
        "lens_used": turn["lens"] is not None,
        "drive_values": list(SPACES)
        if sh.is_complete(sheet, Track.DRIVE.value) and sheet["drive_value"] is None
        else [],
        "grants": _grants(sheet, sheet["grants"]),
        "placements": placements,
        "bonuses": _bonuses(sheet, list(placements)),
        "can_undo": bool(state["drafts"][seat]["undo"]),
        "can_done": not blockers,
        "blockers": blockers,
        "takes": refill.finish_takes(state, seat) if not blockers else [],
    }


def _choice(state: State, seat: int) -> dict[str, Any] | None:
    if seat not in flow.to_act(state):
        return None
    phase = state["phase"]
    if phase == Phase.KEEP.value:
        hand = state["hands"][seat]
        return {
            "kind": "keep",
            "hand": list(hand),
            "keep": 4,
            "options": [list(c) for c in combinations(hand, 4)],
        }
    if phase == Phase.ROLL.value:
        return {"kind": "roll"}
    if phase == Phase.REFILL.value:
        return _refill_choice(state, seat)
    return _draft_choice(state, seat)


def seat_view(state: State, seat: int) -> View:
    view = public_view(state)
    keeping = state["phase"] == Phase.KEEP.value
    sheet = state["sheets"][seat]
    view.update(
        {
            "you": seat,
            "hand": list(state["hands"][seat]) if keeping else None,
            "kept": list(state["kept"][seat]) if keeping and state["kept"][seat] else None,
            "sheet": sheet_view(sheet),
            "score": breakdown(sheet),
            "choice": _choice(state, seat),
        }
    )
    view["cards"] = _collect_cards(view)
    return view
