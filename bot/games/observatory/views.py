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
    last_turn     list[str]: public summary sentences of the last resolved step ({seat} placeholders)
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

    {"id": "L07", "name": str, "type": "large" | "small", "asterism": bool, "description": str,
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
    {"kind": "refill", "needs": int, "sky": [card id, ...], "decks": ["large", "small"] (non-empty)}
    {"kind": "night_bonus" | "decide", ... DRAFT}

DRAFT (night_bonus and decide steps; every list holds only legal options right now)::

    active        bool   you rolled (you may use the Shooting Star die)
    dice          [{"index": 0..2, "face": int, "value": int (after Lens), "wild": bool,
                    "lens": -1 | 0 | 1, "used": None | "plot" | "research"}]  ([] in night_bonus)
    shooting      None (not yours) or {"face": int, "value": int, "wild": bool, "lens": int,
                    "used": bool, "cells": [str]}  – cells it may plot now ([] once used)
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
    can_undo      bool
    can_done      bool; blockers: list[str] – what must still be done before ``done`` is accepted

PLACEMENT::

    {"id": "90-C4", "rotation": 0 | 90 | 180 | 270 (clockwise), "anchor": "C4" (where the card's
     first star lands), "name": "rotated 90°, anchored at C4", "cells": [str], "segments": [[str, str]]}
"""
