"""A heuristic Observatory player: aims each star at the goal figures it can still finish.

For every goal card it looks at all places the figure could still go (cells that are empty or
unused stars, no touching of drawn constellations) and values an empty cell by the points of the
figures passing through it, more when few stars are missing. Dice go where they add the most;
the research die feeds Finder and Drive first. It completes a card as soon as it can.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from bot.games.base import Action, State
from bot.games.observatory import draft, flow, refill
from bot.games.observatory import sheet as sh
from bot.games.observatory.components import card
from bot.games.observatory.geometry import orientations, place, touches
from bot.games.observatory.model import DECKS, SIZE, Phase, Track, cell_name
from bot.games.rng import Rng

TRACK_WEIGHT = {"finder": 3.0, "drive": 2.6, "filter": 1.6, "lens": 1.4, "funding": 1.2}
STAR_FLOOR = 0.5  # every extra star is worth half a point at the end


def _card_value(card_id: str) -> float:
    c = card(card_id)
    return float(c.points) if c.points is not None else 3.0


def cell_values(sheet: sh.Sheet) -> dict[int, float]:
    """How much each empty cell helps toward the goals."""
    stars = set(sheet["stars"])
    unused = set(sh.unused_cells(sheet))
    drawn = sh.drawn_segments(sheet)
    values: dict[int, float] = {}
    for card_id in sheet["goals"]:
        worth = _card_value(card_id)
        for orientation in orientations(card_id):
            for anchor in range(SIZE * SIZE):
                cells = place(orientation, anchor)
                if cells is None:
                    continue
                missing = [c for c in cells if c not in stars]
                if len(missing) == len(cells) or any(c in stars and c not in unused for c in cells):
                    continue
                if len(missing) <= 3 and drawn:  # near plans must really fit; far ones are hints
                    segments = tuple((cells[i], cells[j]) for i, j in orientation.lines)
                    if touches(segments, drawn):
                        continue
                share = worth / (len(missing) ** 2)
                for c in missing:
                    values[c] = values.get(c, 0.0) + share
    return values


def _value(values: dict[int, float], cell: int) -> float:
    return STAR_FLOOR + values.get(cell, 0.0)


def _research_value(sheet: sh.Sheet, track: str) -> float:
    filled = len(sheet["research"][track])
    bonus = 1.0 if track != "funding" and filled in (2, 4) else 0.0
    return TRACK_WEIGHT[track] + 0.3 * filled + bonus


def _best_space(sheet: sh.Sheet, spaces: dict[str, list[int]]) -> tuple[float, str, int]:
    """(value, track, space) of the best track in ``spaces`` (not empty), the first one on a tie."""
    options = [(_research_value(sheet, track), track, vals[0]) for track, vals in spaces.items()]
    return max(options, key=lambda option: option[0])


def _best_complete(state: State, seat: int, sheet: sh.Sheet) -> Action | None:
    found = sh.placements(sheet)
    if not found:
        return None
    card_id = max(found, key=_card_value)
    return {"kind": "complete", "card": card_id, "placement": found[card_id][0].id}


def _use_grant(
    sheet: sh.Sheet, g: dict[str, Any], values: dict[int, float], prefer_star: bool
) -> Action | None:
    cells = sh.grant_cells(sheet, g)
    spaces = sh.grant_spaces(sheet, g)
    star = max(cells, key=lambda c: _value(values, c)) if cells else None
    space = _best_space(sheet, spaces) if spaces else None
    if star is not None and (space is None or prefer_star or _value(values, star) >= 2.0):
        return {"kind": "free_star", "grant": g["id"], "cell": cell_name(star)}
    if space is not None:
        return {"kind": "free_research", "grant": g["id"], "track": space[1], "space": space[2]}
    return None


def _draft_move(state: State, seat: int) -> Action:
    sheet = state["sheets"][seat]
    action = _best_complete(state, seat, sheet)
    if action:
        return action
    if sh.is_complete(sheet, Track.DRIVE.value) and sheet["drive_value"] is None:
        return {"kind": "set_drive", "value": 4}
    values = cell_values(sheet)
    last_turn = flow.is_last_turn(state) and state["phase"] == Phase.DECIDE.value
    for g, _ in sh.grant_groups(sheet):
        if g["required"] or g["source"] in ("night", "track"):
            move = _use_grant(sheet, g, values, prefer_star=g["source"] == "night")
            if move:
                return move
        elif g["source"] == "finder" and sh.grant_cells(sheet, g):
            best = max(sh.grant_cells(sheet, g), key=lambda c: _value(values, c))
            if last_turn or values.get(best, 0.0) >= 4.0:
                return {"kind": "free_star", "grant": g["id"], "cell": cell_name(best)}
    roll = draft.roll_of(state)
    plots = sh.plot_options(sheet, roll)
    if plots:
        best_plot: Action | None = None
        best_score = -1.0
        for (i, j), cells in plots:
            rest = {0, 1, 2} - {i, j} - sh.used_dice(sheet)
            research = 0.0
            for die in rest:
                value, wild = sh.die_value(sheet, roll, die)
                spaces = sh.open_spaces(sheet, value, wild)
                research = _best_space(sheet, spaces)[0] if spaces else 0.0
            cell = max(cells, key=lambda c: _value(values, c))
            score = _value(values, cell) + 0.5 * research
            if score > best_score:
                best_plot, best_score = {"kind": "plot", "dice": [i, j], "cell": cell_name(cell)}, score
        assert best_plot is not None  # every score is at least STAR_FLOOR, above the -1.0 start
        return best_plot
    options = sh.research_options(sheet, roll)
    if options:
        scored = [(_best_space(sheet, spaces), die) for die, spaces in options]
        (_, track, space), die = max(scored, key=lambda x: x[0][0])
        return {"kind": "research", "die": die, "track": track, "space": space}
    cells = sh.shooting_cells(sheet, roll, draft.is_active(state, seat))
    if cells:
        return {"kind": "shooting_star", "cell": cell_name(max(cells, key=lambda c: _value(values, c)))}
    return {"kind": "done"}


def _keep(hand: list[str]) -> list[str]:
    def ease(cid: str) -> float:
        c = card(cid)
        return _card_value(cid) / len(c.stars) ** 1.5

    best = max(combinations(hand, 4), key=lambda combo: sum(ease(c) for c in combo))
    return list(best)


def _take(state: State) -> Action:
    sky = [c for kind in DECKS for c in state["sky"][kind]]
    if sky:
        best = max(sky, key=lambda cid: _card_value(cid) / len(card(cid).stars) ** 1.5)
        return {"kind": "take", "source": "sky", "card": best}
    kind = "small" if state["decks"]["small"] else "large"
    return {"kind": "take", "source": "deck", "deck": kind}


def _refill_move(state: State, seat: int) -> Action:
    """Complete what already fits, use that card's bonus, then take cards; finish when full."""
    sheet = state["sheets"][seat]
    action = _best_complete(state, seat, sheet)
    if action:
        return action
    for g in refill.refill_grants(sheet):
        move = _use_grant(sheet, g, cell_values(sheet), prefer_star=False)
        if move:
            return move
    return _take(state) if refill.needs_card(state, seat) else {"kind": "done"}


def choose(game: Any, state: State, seat: int, rng: Rng) -> Action | None:
    if seat not in flow.to_act(state):
        return None
    phase = state["phase"]
    if phase == Phase.KEEP.value:
        return {"kind": "keep", "cards": _keep(state["hands"][seat])}
    if phase == Phase.ROLL.value:
        return {"kind": "roll"}
    if phase == Phase.REFILL.value:
        return _refill_move(state, seat)
    return _draft_move(state, seat)
