#!/usr/bin/env python3
"""Generate Starry Night Sky's map (``bot/games/starry_night_sky/data/map.json``).

Run once to author the map; the JSON is the source of truth afterwards (hand edits welcome, the
engine validates it at load). Positions sit on three rings around START; the Stellar Path takes
short edges first and refuses any that would cross, so the drawing stays planar, while degrees
stay within 2-4 (START 4-6).
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "bot/games/starry_night_sky/data/map.json"

NAMES = [
    "Sleepy Kettle",
    "Brave Teacup",
    "Wandering Lighthouse",
    "Patient Heron",
    "Crooked Umbrella",
    "Humming Bicycle",
    "Gentle Anchor",
    "Curious Otter",
    "Silver Fiddle",
    "Velvet Fox",
    "Hollow Acorn",
    "Dancing Ladle",
    "Quiet Windmill",
    "Lucky Mitten",
    "Jolly Compass",
    "Shy Tortoise",
    "Restless Kite",
    "Golden Thimble",
    "Tired Owl",
    "Nimble Squirrel",
    "Faithful Paddle",
    "Rusty Key",
    "Wise Walrus",
    "Busy Beehive",
    "Proud Rooster",
    "Drowsy Cat",
    "Spinning Top",
    "Frosty Pinecone",
]
RINGS = ((6, 0.17, 0.0), (10, 0.31, 18.0), (12, 0.45, 7.5))
SIZES = [2] * 8 + [3] * 12 + [4] * 8
COLOURS = ("red", "blue", "yellow")


def _cross(p, q, r, s) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    if {p, q} & {r, s}:
        return False
    return (orient(p, q, r) * orient(p, q, s) < 0) and (orient(r, s, p) * orient(r, s, q) < 0)


def main() -> None:
    rng = random.Random(20261129)
    pos = {"START": (0.5, 0.5)}
    ids = []
    for count, radius, offset in RINGS:
        for k in range(count):
            angle = math.radians(offset + 360 * k / count + rng.uniform(-6, 6))
            r = radius * rng.uniform(0.94, 1.06)
            cid = f"c{len(ids) + 1:02d}"
            ids.append(cid)
            pos[cid] = (round(0.5 + r * math.cos(angle), 3), round(0.5 + r * math.sin(angle), 3))
    nodes = ["START", *ids]
    pairs = sorted(
        ((a, b) for i, a in enumerate(nodes) for b in nodes[i + 1 :]),
        key=lambda e: math.dist(pos[e[0]], pos[e[1]]),
    )
    cap = {n: 4 for n in ids} | {"START": 5}
    deg = {n: 0 for n in nodes}
    edges: list[tuple[str, str]] = []
    for a, b in pairs:
        if math.dist(pos[a], pos[b]) > 0.24 or deg[a] >= cap[a] or deg[b] >= cap[b]:
            continue
        if any(_cross(pos[a], pos[b], pos[c], pos[d]) for c, d in edges):
            continue
        if rng.random() < 0.30 and deg[a] >= 2 and deg[b] >= 2:
            continue  # thin the web a little so skipping over mapped ones matters
        edges.append((a, b))
        deg[a] += 1
        deg[b] += 1
    for n in nodes:  # repair: every node needs two neighbours
        for a, b in pairs:
            if deg[n] >= 2:
                break
            if n not in (a, b) or (a, b) in edges or deg[a] >= cap[a] or deg[b] >= cap[b]:
                continue
            if any(_cross(pos[a], pos[b], pos[c], pos[d]) for c, d in edges):
                continue
            edges.append((a, b))
            deg[a] += 1
            deg[b] += 1
    sizes = SIZES[:]
    rng.shuffle(sizes)
    pool = [c for c in COLOURS for _ in range(sum(sizes) // 3 + 1)]
    rng.shuffle(pool)
    constellations = []
    for cid, name, size in zip(ids, NAMES, sizes, strict=True):
        spots = sorted((pool.pop() for _ in range(size)), key=COLOURS.index)
        x, y = pos[cid]
        constellations.append({"id": cid, "name": name, "x": x, "y": y, "spots": spots})
    data = {
        "start": {"x": 0.5, "y": 0.5},
        "constellations": constellations,
        "edges": [list(e) for e in edges],
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    seen, todo = {"START"}, ["START"]
    while todo:
        n = todo.pop()
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if x == n and y not in seen:
                    seen.add(y)
                    todo.append(y)
    print(
        f"{len(edges)} edges; START {deg['START']}; degrees {sorted(deg.values())}; "
        f"connected {len(seen) == len(nodes)}"
    )


if __name__ == "__main__":
    main()
