#!/usr/bin/env python3
"""Calibrate Starry Night Sky's Myth points by simulation.

Plays seeded games with the heuristic bot in every seat (2, 3 and 4 players), and measures for
each Myth how often BOTH its constellations end up fully mapped. A myth that rarely completes
(far apart, many spots, out on the rim) is worth more:

    points = clamp(round(MIN + (MAX - MIN) * (1 - p) ** CURVE), MIN, MAX)

Usage: python tools/calibrate_starry_night_sky.py [--games N] [--write]
``--write`` stores the points in ``bot/games/starry_night_sky/data/myths.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.self_play import bot_action  # noqa: E402
from bot.games.starry_night_sky.components import DATA_DIR, load_map, load_myths  # noqa: E402
from bot.games.starry_night_sky.scoring import myth_scored  # noqa: E402
from bot.games.starry_night_sky.simulate import play_game  # noqa: E402


def distances(origin: str) -> dict[str, int]:
    """Plain graph distances from ``origin`` on the map (the rules need none: only calibration)."""
    sky = load_map()
    dist, todo = {origin: 0}, deque([origin])
    while todo:
        node = todo.popleft()
        for nxt in sky.neighbours[node]:
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                todo.append(nxt)
    return dist


MIN_POINTS, MAX_POINTS, CURVE = 2, 8, 1.0


def points_for(p: float) -> int:
    return max(MIN_POINTS, min(MAX_POINTS, round(MIN_POINTS + (MAX_POINTS - MIN_POINTS) * (1 - p) ** CURVE)))


def measure(games: int) -> tuple[dict[str, float], dict[int, dict[str, float]]]:
    myths = load_myths()
    hits = {m: 0 for m in myths}
    per_count: dict[int, dict[str, float]] = {}
    total = 0
    for seats in (2, 3, 4):
        began = time.perf_counter()
        mapped = rounds = 0
        for g in range(games):
            state, _ = play_game(seats, 10_000 * seats + g, g, [bot_action] * seats)
            for m in myths:
                hits[m] += myth_scored(state, m)
            mapped += sum(all(s["filled"]) for s in state["board"].values())
            rounds += state["round"]
            total += 1
        per_count[seats] = {
            "mapped": mapped / games,
            "rounds": rounds / games,
            "games_per_s": games / (time.perf_counter() - began),
        }
    return {m: hits[m] / total for m in myths}, per_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--write", action="store_true", help="store the points in myths.json")
    args = parser.parse_args()
    chances, per_count = measure(args.games)
    sky = load_map()
    print(f"{args.games} bot games per player count")
    for seats, figures in per_count.items():
        print(
            f"  {seats} players: {figures['rounds']:.1f} rounds, {figures['mapped']:.1f}/28 constellations "
            f"fully mapped, {figures['games_per_s']:.0f} games/s"
        )
    print("\nmyth  pair                                   dist spots  p(both mapped)  points (was)")
    path = DATA_DIR / "myths.json"
    data = json.loads(path.read_text())
    for item in data["myths"]:
        a, b = sky.constellations[item["a"]], sky.constellations[item["b"]]
        p = chances[item["id"]]
        new = points_for(p)
        dist = distances(item["a"])[item["b"]]
        pair = f"{a.name} + {b.name}"
        spots = len(a.spots) + len(b.spots)
        print(f"{item['id']}  {pair:38} {dist:4} {spots:5}  {p:14.2f}  {new:6} ({item['points']})")
        item["points"] = new
    expected = sum(chances[m["id"]] * m["points"] for m in data["myths"]) / len(data["myths"]) * 3
    print(f"\nexpected myth points per player (3 cards): {expected:.1f}")
    if args.write:
        lines = ",\n".join(" " + json.dumps(m) for m in data["myths"])
        path.write_text('{"myths": [\n' + lines + "\n]}\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
