"""What each seat may see. The only secrets are the Myth cards: a seat sees its own three until
the game is over, then everyone's are in the public view.

Public view, ``view(state, None)`` (all JSON; seats are ints 0..seats-1; pools numbered 0..2):

- ``game``: ``"starry-night-sky"``; ``phase``: ``"play"`` or ``"over"``; ``seats``: int.
- ``decision``: int, changes once per turn (equals ``decision_id``).
- ``round``: int from 1; ``current``: the seat whose turn it is (``None`` once over).
- ``step``: the current turn's step, one of ``assign``, ``move``, ``place``, ``bonus_move``,
  ``bonus_place``, ``end`` (``None`` once over). See ``actions.py``.
- ``dawn``: bool, the Night Track is empty (the game ends when this round is finished).
- ``final_round``: bool, same as ``dawn`` (kept for the step message wording).
- ``night``: list of int, the point values of the markers still on the Night Track,
  leftmost (next to be taken) first. ``night_total``: how many it started with (12/16/20).
- ``dawn_left``: int, markers left on the Dawn Track (each worth 3).
- ``bag``: ``{"red": int, "blue": int, "yellow": int}`` stars left in the bag.
- ``deck``: int, goal cards left to draw; ``discard``: list of goal ids discarded so far.
- ``start``: ``"START"``, the id of the centre node (never a destination).
- ``constellations``: dict id -> ``{"id", "name", "x", "y", "spots": [colour, ...],
  "filled": [bool, ...] (parallel to spots), "marker": int | None (points of the Discovery
  marker on it, None if undiscovered), "dawn_marker": bool, "discovered_by": seat | None,
  "mapped": bool (all spots filled), "telescopes": [seat, ...]}``. ``x``/``y`` are floats in
  [0, 1] (0,0 top-left). ``edges``: list of ``[id, id]`` pairs of the Stellar Path (ids may be
  ``"START"``, whose position is ``start_xy``: ``[x, y]``).
- ``players``: list per seat of ``{"seat", "at": id | "START", "pools": [[colour, ...] x3],
  "goals": [goal dict, ...] (goals are face up on the table), "myth_count": int,
  "turns": int (turns finished), "score": {"discovery", "stars", "goals", "myths", "total"}}``.
  A goal dict is ``{"id", "text", "points", "timing": "turn" | "end"}``; ``turn`` goals score as
  soon as they happen, ``end`` goals are checked when the turn ends.
- ``turn``: ``None`` once over, else ``{"seat", "step", "drawn": [colour, ...] (gathered stars
  still to assign, empty otherwise), "gathered": [colour, ...] (stars drawn this turn),
  "drew_goal": goal id | None, "explorations": [{"at": id, "name", "discovered": bool,
  "marker": int (points from discovery, 0 if none), "skipped": [id, ...] (what the move
  jumped over), "pool": int | None, "placed": {"red": n, "blue": n, "yellow": n},
  "completed": bool, "bonus": bool}, ...], "bonus_due": bool (a bonus exploration is owed or in
  progress), "bonus_missed": bool (one was owed but nothing was reachable), "trades": [{"goal":
  id, "colour", "pool"}], "completed_goals": [{"id", "text", "points", "why"}], "points": int
  (scored so far this turn), "skipped_explore": bool, "log": [Msg, ...] (one public sentence per
  sub-step so far, seats as ``{0}``: moves, discoveries, placements, trades, goals with why)}``.

Texts: sentences (``turn.log``, ``last_summary``, a completed goal's ``why``, events, refusals) are
``Msg`` (``bot.i18n.msg``): English ``str`` that the Discord layer translates with ``translate``.
The state keeps them in their ``to_json`` form. Names (``name``, ``a_name``, a goal's ``text``)
are plain English data, in the catalog, translated where they are shown.

Events: sub-actions (assign, move, place, trade) return NO events, so the thread stays quiet
during a turn; their sentences collect in ``turn.log``. The action that ends a turn (``end``, or
the sub-action after which the turn ends by itself) returns the turn's one-line summary (also kept
as ``last_summary``), then table-wide notes: dawn breaking, the goal deck reshuffled, a stalled
night, Myth points and the winner at the end, and the same for any following turn that played
itself out (a seat with no possible move).
- ``last_summary``: Msg | None, the previous turn's summary sentence (seats as ``{0}``).
- ``myths``: ``None`` while playing; once over, list per seat of myth dicts
  ``{"id", "a", "b", "a_name", "b_name", "points", "scored": bool}``.
- ``outcome``: ``None`` while playing, else ``{"scores": [int], "winners": [seat],
  "breakdown": [{"discovery", "stars", "goals", "myths", "total"}]}``; ``ended_by``:
  ``None``, ``"dawn"`` or ``"stall"`` (a whole round in which nobody could do anything).

Seat view, ``view(state, seat)``: the public view plus

- ``you``: int; ``my_myths``: list of myth dicts (as above; ``scored`` = both are mapped now).
- ``my_turn``: bool.
- ``choice``: ``None`` unless it is this seat's turn, else one of
  - ``{"kind": "assign", "drawn": [colour, ...], "options": [{"pools": [int, ...],
    "result": [[colour, ...] x3]}, ...]}`` — every distinct legal assignment (``pools[i]`` is
    the pool for ``drawn[i]``) with the pools it leads to.
  - ``{"kind": "move", "bonus": bool, "destinations": [{"to": id, "name", "discovery": bool,
    "points": int (discovery points it would score now, 0 if not a discovery),
    "skips": [id, ...] (fewest skips route), "passes_telescope": bool (some route moves to or
    over another telescope), "pools": [{"pool": int, "max": {colour: int}}, ...] (pools
    that can place here and the most of each colour)}, ...], "stuck": bool}`` —
    ``stuck`` is True when no destination fits the pools now, but a trade could help (then
    trades and ``end``, which skips exploring, are legal); ``helps`` lists the colours whose
    star, traded in, would open a move (empty unless stuck).
  - ``{"kind": "place", "at": id, "name", "bonus": bool, "empty": {colour: int} (empty
    spots by colour), "pools": [{"pool": int, "options": [{"red", "blue", "yellow"}, ...]},
    ...]}`` — every legal placement (each option has all three keys, sum >= 1).
  - ``{"kind": "end"}`` — only trades and ``end`` remain.
- ``trades``: ``[]`` when trading is not allowed now, else one entry per held goal
  ``{"goal": id, "text", "colours": [colour in the bag], "pools": [pool with < 4 stars]}``.
- ``bonus_available``: bool, a bonus exploration is owed this turn (after the current
  placement or now).
- ``legal``: the full list of legal action dicts (as ``legal_actions``).
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Action, State, View
from bot.games.starry_night_sky import moves, turn
from bot.games.starry_night_sky.actions import TRADE_STEPS, Step
from bot.games.starry_night_sky.components import START, load_goals, load_map, load_myths
from bot.games.starry_night_sky.model import SLUG, empty_spots, is_mapped, name
from bot.games.starry_night_sky.scoring import myth_scored, outcome_of, parts
from bot.i18n.msg import from_stored


def _goal(gid: str) -> dict[str, Any]:
    goal = load_goals()[gid]
    return {"id": gid, "text": goal.text, "points": goal.points, "timing": goal.timing}


def _myth(state: State, mid: str) -> dict[str, Any]:
    myth = load_myths()[mid]
    return {
        "id": mid,
        "a": myth.a,
        "b": myth.b,
        "a_name": name(myth.a),
        "b_name": name(myth.b),
        "points": myth.points,
        "scored": myth_scored(state, mid),
    }


def _turn(state: State) -> dict[str, Any] | None:
    t = state["turn"]
    if t is None:
        return None
    keys = ("seat", "step", "drew_goal", "bonus_due", "bonus_missed", "points", "skipped_explore")
    out = {k: t[k] for k in keys}
    out["drawn"] = list(t["drawn"])
    out["gathered"] = list(t["gathered"])
    out["explorations"] = [
        {**ex, "skipped": list(ex["skipped"]), "placed": dict(ex["placed"])} for ex in t["explorations"]
    ]
    out["trades"] = [dict(x) for x in t["trades"]]
    out["log"] = [from_stored(line) for line in t["log"]]
    out["completed_goals"] = [{**g, "why": from_stored(g["why"])} for g in t["completed_goals"]]
    return out


def _constellations(state: State) -> dict[str, dict[str, Any]]:
    """Every constellation of the map: where it is drawn, its stars, markers and telescopes."""
    at: dict[str, list[int]] = {}
    for seat, player in enumerate(state["players"]):
        at.setdefault(player["at"], []).append(seat)
    out = {}
    for cid, c in load_map().constellations.items():
        spot = state["board"][cid]
        out[cid] = {
            "id": cid,
            "name": c.name,
            "x": c.x,
            "y": c.y,
            "spots": list(c.spots),
            "filled": list(spot["filled"]),
            "marker": spot["marker"],
            "dawn_marker": spot["dawn_marker"],
            "discovered_by": spot["by"],
            "mapped": is_mapped(state, cid),
            "telescopes": at.get(cid, []),
        }
    return out


def public_view(state: State) -> View:
    sky = load_map()
    over = state["phase"] == "over"
    constellations = _constellations(state)
    result = outcome_of(state) if over else None
    return {
        "game": SLUG,
        "phase": state["phase"],
        "seats": state["seats"],
        "decision": state["decision"],
        "round": state["round"],
        "current": state["current"],
        "step": None if over else state["turn"]["step"],
        "dawn": state["dawn"],
        "final_round": state["dawn"],
        "ended_by": state["ended_by"],
        "night": list(state["night"]),
        "night_total": state["night_total"],
        "dawn_left": state["dawn_left"],
        "bag": dict(state["bag"]),
        "deck": len(state["deck"]),
        "discard": list(state["discard"]),
        "start": START,
        "start_xy": list(sky.start_xy),
        "constellations": constellations,
        "edges": [list(e) for e in sky.edges],
        "players": [
            {
                "seat": seat,
                "at": p["at"],
                "pools": [list(pool) for pool in p["pools"]],
                "goals": [_goal(g) for g in p["goals"]],
                "myth_count": len(p["myths"]),
                "turns": p["turns"],
                "score": parts(state, seat),
            }
            for seat, p in enumerate(state["players"])
        ],
        "turn": _turn(state),
        "last_summary": None if state["last_summary"] is None else from_stored(state["last_summary"]),
        "myths": [[_myth(state, m) for m in p["myths"]] for p in state["players"]] if over else None,
        "outcome": None if result is None else result.as_view(),
    }


def _choice(state: State, seat: int) -> dict[str, Any] | None:
    if state["phase"] == "over" or state["current"] != seat:
        return None
    t = state["turn"]
    step = Step(t["step"])
    player = state["players"][seat]
    if step is Step.ASSIGN:
        return {"kind": "assign", "drawn": list(t["drawn"]), "options": turn.assignment_options(state)}
    if step in (Step.MOVE, Step.BONUS_MOVE):
        reach = moves.destinations(state, seat)
        night = state["night"]
        points = night[0] if night else (3 if state["dawn_left"] else 0)
        dests = [
            {
                "to": cid,
                "name": name(cid),
                "discovery": not any(state["board"][cid]["filled"]),
                "points": points if not any(state["board"][cid]["filled"]) else 0,
                "skips": list(info["skips"]),
                "passes_telescope": info["passes_telescope"],
                "pools": info["pools"],
            }
            for cid, info in reach.items()
        ]
        return {
            "kind": "move",
            "bonus": step is Step.BONUS_MOVE,
            "destinations": dests,
            "stuck": not dests,
            "helps": [] if dests else moves.helpful_colours(state, seat),
        }
    if step in (Step.PLACE, Step.BONUS_PLACE):
        cid = player["at"]
        empty = empty_spots(state, cid)
        pools = [
            {"pool": i, "options": moves.placements(pool, empty)} for i, pool in enumerate(player["pools"])
        ]
        return {
            "kind": "place",
            "at": cid,
            "name": name(cid),
            "bonus": step is Step.BONUS_PLACE,
            "empty": empty,
            "pools": [p for p in pools if p["options"]],
        }
    return {"kind": "end"}


def seat_view(state: State, seat: int, legal: list[Action]) -> View:
    """``legal``: the seat's legal actions, which the engine computes (views can't import it)."""
    view = public_view(state)
    mine = state["current"] == seat and state["phase"] != "over"
    step = Step(state["turn"]["step"]) if mine else None
    view.update(
        {
            "you": seat,
            "my_myths": [_myth(state, m) for m in state["players"][seat]["myths"]],
            "my_turn": mine,
            "choice": _choice(state, seat),
            "trades": turn.trade_options(state, seat) if step in TRADE_STEPS else [],
            "bonus_available": bool(mine and state["turn"]["bonus_due"]),
            "legal": legal,
        }
    )
    return view
