"""Where a telescope can go, and what a pool can place there.

A move follows the Stellar Path from the telescope's constellation to the first constellation
that is neither START nor fully mapped; those two kinds are jumped over and the move carries on
past them. The move may not end where it began, and only at a constellation where at least one
pool has a star matching an empty spot.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from bot.games.starry_night_sky.components import COLOURS, START, load_map
from bot.games.starry_night_sky.model import POOL_CAP, counts, empty_spots


def routes(state: dict[str, Any], seat: int) -> dict[str, dict[str, Any]]:
    """Every constellation the seat's telescope can reach, ignoring star colours.

    Each entry has ``skips`` (the route with fewest jumps, in order) and ``passes_telescope``
    (some route lands on or jumps over a constellation holding another seat's telescope).
    """
    neighbours = load_map().neighbours
    board = state["board"]
    skippable = {cid for cid, spot in board.items() if all(spot["filled"])}
    skippable.add(START)
    origin = state["players"][seat]["at"]
    others = {p["at"] for i, p in enumerate(state["players"]) if i != seat and p["at"] != START}
    found: dict[str, dict[str, Any]] = {}
    parent: dict[str, str | None] = {origin: None}
    seen = {(origin, False)}
    todo = deque([(origin, False)])
    while todo:
        node, passed = todo.popleft()
        for nxt in neighbours[node]:
            flag = passed or nxt in others
            if nxt in skippable:
                if (nxt, flag) not in seen:
                    seen.add((nxt, flag))
                    parent.setdefault(nxt, node)
                    todo.append((nxt, flag))
            elif nxt != origin:
                if nxt not in found:
                    skips: list[str] = []
                    step: str | None = node
                    while step is not None and step != origin:
                        skips.append(step)
                        step = parent[step]
                    found[nxt] = {"skips": skips[::-1], "passes_telescope": flag}
                elif flag:
                    found[nxt]["passes_telescope"] = True
    return found


def pool_fits(pool: list[str], empty: dict[str, int]) -> dict[str, int]:
    """The most stars of each colour this pool could place on these empty spots."""
    have = counts(pool)
    return {c: min(have[c], empty[c]) for c in COLOURS}


def destinations(state: dict[str, Any], seat: int) -> dict[str, dict[str, Any]]:
    """Reachable constellations where at least one pool can place a star, with the fits."""
    have = [(i, counts(pool)) for i, pool in enumerate(state["players"][seat]["pools"]) if pool]
    out: dict[str, dict[str, Any]] = {}
    for cid, info in routes(state, seat).items():
        empty = empty_spots(state, cid)
        fits = []
        for i, count in have:
            fit = {c: min(count[c], empty[c]) for c in COLOURS}
            if fit["red"] or fit["blue"] or fit["yellow"]:
                fits.append({"pool": i, "max": fit})
        if fits:
            out[cid] = {**info, "pools": fits}
    return out


def helpful_colours(state: dict[str, Any], seat: int) -> list[str]:
    """The colours a goal could be traded for to fill an empty spot somewhere in reach."""
    player = state["players"][seat]
    if not player["goals"] or all(len(p) >= POOL_CAP for p in player["pools"]):
        return []
    bag = state["bag"]
    wanted: set[str] = set()
    for cid in routes(state, seat):
        empty = empty_spots(state, cid)
        wanted |= {c for c in COLOURS if empty[c] and bag[c]}
    return [c for c in COLOURS if c in wanted]


def trade_could_help(state: dict[str, Any], seat: int) -> bool:
    """Whether trading goals for stars could open a move that the pools cannot make now."""
    return bool(helpful_colours(state, seat))


def placements(pool: list[str], empty: dict[str, int]) -> list[dict[str, int]]:
    """Every legal placement from one pool (each colour count up to what fits, at least one)."""
    fit = pool_fits(pool, empty)
    out = []
    for red in range(fit["red"] + 1):
        for blue in range(fit["blue"] + 1):
            for yellow in range(fit["yellow"] + 1):
                if red + blue + yellow:
                    out.append({"red": red, "blue": blue, "yellow": yellow})
    return out
