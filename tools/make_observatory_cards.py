"""Generate Observatory's 124 Constellation cards (seeded, deterministic) into the package data.

Patterns are our own: random connected figures grown from short steps, unique under rotation.
Names reuse real IAU and historical constellation names; descriptions are templated from the
figure. Asterisms are drawn by hand instead (``ASTERISMS``): each has the star count and rough
shape of the real one (a triangle of three, a square of four), since a name that does not fit
its figure reads wrong to anyone who knows the sky.
Points start from the star count; ``tools/calibrate_observatory.py --write`` then replaces them
with values measured in simulation. Run: ``python tools/make_observatory_cards.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.observatory.components import DATA_DIR, canonical, parse_cards  # noqa: E402
from bot.games.rng import Rng  # noqa: E402

SEED = 20261129
IAU_SMALL = (
    "Antlia",
    "Caelum",
    "Canis Minor",
    "Circinus",
    "Corona Australis",
    "Corona Borealis",
    "Crux",
    "Delphinus",
    "Equuleus",
    "Fornax",
    "Horologium",
    "Lacerta",
    "Leo Minor",
    "Mensa",
    "Microscopium",
    "Musca",
    "Norma",
    "Pyxis",
    "Reticulum",
    "Sagitta",
    "Scutum",
    "Triangulum",
    "Triangulum Australe",
)
HISTORICAL = (
    "Argo Navis",
    "Quadrans Muralis",
    "Noctua",
    "Felis",
    "Turdus Solitarius",
    "Antinous",
    "Cerberus",
    "Rangifer",
    "Custos Messium",
    "Globus Aerostaticus",
    "Officina Typographica",
    "Sceptrum Brandenburgicum",
    "Taurus Poniatovii",
    "Machina Electrica",
    "Musca Borealis",
    "Psalterium Georgii",
)
IAU_LARGE = (
    "Andromeda",
    "Apus",
    "Aquarius",
    "Aquila",
    "Ara",
    "Aries",
    "Auriga",
    "Bootes",
    "Camelopardalis",
    "Cancer",
    "Canes Venatici",
    "Canis Major",
    "Capricornus",
    "Carina",
    "Cassiopeia",
    "Centaurus",
    "Cepheus",
    "Cetus",
    "Chamaeleon",
    "Columba",
    "Coma Berenices",
    "Corvus",
    "Crater",
    "Cygnus",
    "Dorado",
    "Draco",
    "Eridanus",
    "Gemini",
    "Grus",
    "Hercules",
    "Hydra",
    "Hydrus",
    "Indus",
    "Leo",
    "Lepus",
    "Libra",
    "Lupus",
    "Lynx",
    "Lyra",
    "Monoceros",
    "Octans",
    "Ophiuchus",
    "Orion",
    "Pavo",
    "Pegasus",
    "Perseus",
    "Phoenix",
    "Pictor",
    "Pisces",
    "Piscis Austrinus",
    "Puppis",
    "Sagittarius",
    "Scorpius",
    "Sculptor",
    "Serpens",
    "Sextans",
    "Taurus",
    "Telescopium",
    "Tucana",
    "Ursa Major",
    "Ursa Minor",
    "Vela",
    "Virgo",
    "Volans",
    "Vulpecula",
)


class Asterism(NamedTuple):
    """A real asterism with as many stars as the sky shows it, drawn in its own shape."""

    name: str
    stars: tuple[tuple[int, int], ...]
    lines: tuple[tuple[int, int], ...]
    words: str


def _ring(count: int) -> tuple[tuple[int, int], ...]:
    return tuple((i, (i + 1) % count) for i in range(count))


# In the order their slots come (ASTERISM_SIZES): 2 pairs, 9 of three stars, 9 of four.
ASTERISMS = (
    Asterism("Horse and Rider", ((0, 0), (0, 1)), ((0, 1),), "A tight pair of stars, one faint"),
    Asterism("The Pointers", ((0, 0), (0, 2)), ((0, 1),), "Two stars pointing the way north"),
    Asterism("Summer Triangle", ((0, 1), (1, 3), (3, 0)), _ring(3), "Three bright stars in a wide triangle"),
    Asterism("Winter Triangle", ((0, 0), (0, 2), (2, 1)), _ring(3), "Three bright stars in an even triangle"),
    Asterism("Spring Triangle", ((0, 2), (2, 0), (3, 3)), _ring(3), "Three stars in a broad triangle"),
    Asterism("Belt of Orion", ((0, 0), (1, 1), (2, 2)), ((0, 1), (1, 2)), "Three stars in a straight row"),
    Asterism(
        "Sword of Orion",
        ((0, 0), (2, 0), (3, 1)),
        ((0, 1), (1, 2)),
        "Three stars hanging down, the lowest askew",
    ),
    Asterism(
        "Handle of the Big Dipper",
        ((0, 0), (1, 1), (2, 3)),
        ((0, 1), (1, 2)),
        "Three stars in a gentle curve",
    ),
    Asterism("Head of Orion", ((0, 0), (0, 1), (1, 0)), _ring(3), "Three close stars in a small triangle"),
    Asterism("Lid of the Teapot", ((0, 1), (1, 0), (1, 2)), _ring(3), "Three stars in a low peak"),
    Asterism("Spout of the Teapot", ((0, 0), (1, 1), (2, 1)), _ring(3), "Three stars in a narrow triangle"),
    Asterism("Great Square", ((0, 0), (0, 3), (3, 3), (3, 0)), _ring(4), "Four stars in a great square"),
    Asterism("Keystone", ((0, 0), (0, 3), (2, 2), (2, 1)), _ring(4), "Four stars in a tapering keystone"),
    Asterism("Job's Coffin", ((0, 0), (0, 2), (1, 3), (1, 1)), _ring(4), "Four stars in a slanted box"),
    Asterism("Great Diamond", ((0, 2), (2, 3), (3, 1), (1, 0)), _ring(4), "Four stars in a tilted diamond"),
    Asterism("Diamond Cross", ((0, 1), (1, 2), (2, 1), (1, 0)), _ring(4), "Four stars in a neat diamond"),
    Asterism(
        "Bowl of the Big Dipper", ((0, 0), (0, 3), (2, 2), (1, 0)), _ring(4), "Four stars in a wide bowl"
    ),
    Asterism("Trapezium", ((0, 0), (0, 1), (1, 2), (1, 0)), _ring(4), "Four close stars in a trapezium"),
    Asterism("Lozenge", ((0, 1), (1, 3), (2, 2), (1, 0)), _ring(4), "Four stars in a lozenge"),
    Asterism(
        "Water Jar",
        ((1, 1), (0, 0), (0, 2), (2, 1)),
        ((0, 1), (0, 2), (0, 3)),
        "Four stars in a Y, like a jar's spout",
    ),
)
LARGE_SIZES = {5: 20, 6: 20, 7: 15, 8: 10}
SMALL_SIZES = {2: 6, 3: 25, 4: 28}
ASTERISM_SIZES = {2: 2, 3: 9, 4: 9}
# Short steps; the longer ones are rarer. Straight two-cell steps leave a cell centre under the line.
STEPS = [(0, 1)] * 6 + [(1, 1)] * 5 + [(1, 2)] * 3 + [(2, 1)] * 3 + [(0, 2)] * 2 + [(2, 2)]
MAX_SPAN = {"large": 5, "small": 4}
SHAPE_WORDS = {
    "chain": ("a winding chain", "a long trail", "a crooked line", "a drifting path"),
    "branch": ("a branching figure", "a forked shape", "a figure with arms", "a spray"),
    "loop": ("a closed ring with a tail", "a loop", "a looping figure", "a ring"),
}
FLAVOUR = (
    "easy to miss on a hazy night",
    "bright enough for a city sky",
    "best seen low on the horizon",
    "a favourite of first-time observers",
    "sketched by sailors long ago",
    "steady and unmistakable",
    "faint but rewarding",
    "high overhead in the dark season",
    "spread wide across the sky",
    "tucked between brighter neighbours",
)


def _rotate(dr: int, dc: int, times: int) -> tuple[int, int]:
    for _ in range(times):
        dr, dc = dc, -dr
    return dr, dc


def _on_segment(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> bool:
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return (
        cross == 0
        and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
        and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])
    )


def _cross(a, b, c, d) -> bool:
    """Whether segments ab and cd share any point other than a common endpoint."""
    shared = {a, b} & {c, d}
    if shared:
        return any(_on_segment(p, c, d) for p in (a, b) if p not in shared) or any(
            _on_segment(p, a, b) for p in (c, d) if p not in shared
        )

    def orient(p, q, r):
        v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (v > 0) - (v < 0)

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if o1 != o2 and o3 != o4:
        return True
    return any(_on_segment(p, x, y) for p, x, y in ((c, a, b), (d, a, b), (a, c, d), (b, c, d)))


def _grow(rng: Rng, count: int, span: int, loop_chance: float):
    stars = [(0, 0)]
    lines: list[tuple[int, int]] = []
    for _ in range(400):
        if len(stars) == count:
            break
        base = rng.below(len(stars))
        step = _rotate(*rng.choice(STEPS), rng.below(4))
        new = (stars[base][0] + step[0], stars[base][1] + step[1])
        if new in stars:
            continue
        rows = [s[0] for s in stars] + [new[0]]
        cols = [s[1] for s in stars] + [new[1]]
        if max(rows) - min(rows) >= span or max(cols) - min(cols) >= span:
            continue
        segs = [(stars[i], stars[j]) for i, j in lines]
        if any(_on_segment(new, a, b) for a, b in segs):
            continue
        if any(_on_segment(s, stars[base], new) for s in stars if s != stars[base]):
            continue
        if any(_cross(stars[base], new, a, b) for a, b in segs):
            continue
        stars.append(new)
        lines.append((base, len(stars) - 1))
    if len(stars) != count:
        return None
    if count >= 4 and rng.random() < loop_chance:
        for _ in range(30):
            i, j = rng.below(count), rng.below(count)
            a, b = stars[i], stars[j]
            if i == j or (i, j) in lines or (j, i) in lines:
                continue
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 2:
                continue
            segs = [(stars[x], stars[y]) for x, y in lines]
            if any(_on_segment(s, a, b) for s in stars if s not in (a, b)):
                continue
            if any(_cross(a, b, c, d) for c, d in segs):
                continue
            lines.append((min(i, j), max(i, j)))
            break
    return stars, lines


def _shape(count: int, lines: list[tuple[int, int]]) -> str:
    if len(lines) >= count:
        return "loop"
    degree = [0] * count
    for i, j in lines:
        degree[i] += 1
        degree[j] += 1
    return "branch" if max(degree) >= 3 else "chain"


def _describe(rng: Rng, count: int, lines) -> str:
    shape = rng.choice(SHAPE_WORDS[_shape(count, lines)])
    number = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight")[count - 2]
    if count == 2:
        return f"A lonely pair of two stars, {rng.choice(FLAVOUR)}."
    return f"{number} stars forming {shape}, {rng.choice(FLAVOUR)}."


def _describe_asterism(rng: Rng, asterism: Asterism) -> str:
    rng.choice(SHAPE_WORDS["chain"])  # drawn as for any card, so the stream behind it is unchanged
    return f"{asterism.words}, {rng.choice(FLAVOUR)}."


def _bonus(rng: Rng) -> dict | None:
    roll = rng.below(10)
    if roll < 4:
        return None
    if roll < 6:
        return {"kind": "shooting_star", "value": rng.randint(2, 6)}
    if roll < 8:
        return {"kind": "research"}
    return {"kind": "free_star"}


def _provisional_points(kind: str, count: int) -> int:
    return {5: 5, 6: 6, 7: 8, 8: 10}[count] if kind == "large" else {2: 1, 3: 2, 4: 3}[count]


def build(seed: int = SEED) -> dict:
    rng = Rng(seed)
    seen: set = set()
    plan: list[tuple[str, int, Asterism | None, str]] = []
    large = iter(IAU_LARGE)
    for count, number in LARGE_SIZES.items():
        plan += [("large", count, None, next(large)) for _ in range(number)]
    asterisms, smalls = iter(ASTERISMS), iter(IAU_SMALL + HISTORICAL)
    for count, number in SMALL_SIZES.items():
        marked = ASTERISM_SIZES[count]
        for _ in range(marked):
            asterism = next(asterisms)
            assert len(asterism.stars) == count, f"{asterism.name} fills a slot of {count} stars"
            plan.append(("small", count, asterism, asterism.name))
        plan += [("small", count, None, next(smalls)) for _ in range(number - marked)]
    cards = []
    counters = {"large": 0, "small": 0}
    for kind, count, asterism, name in plan:
        while True:
            grown = _grow(rng, count, MAX_SPAN[kind], 0.3 if kind == "large" else 0.15)
            if grown is None:
                continue
            stars, lines = grown
            r0, c0 = min(r for r, _ in stars), min(c for _, c in stars)
            stars = [(r - r0, c - c0) for r, c in stars]
            key = canonical([list(s) for s in stars], [])
            if key in seen:
                continue
            seen.add(key)
            break
        counters[kind] += 1
        if asterism is None:
            description = _describe(rng, count, lines)
        else:  # its own figure; the grown one was still drawn so the other cards stay the same
            stars, lines = list(asterism.stars), list(asterism.lines)
            description = _describe_asterism(rng, asterism)
        cards.append(
            {
                "id": f"{'LG' if kind == 'large' else 'SM'}{counters[kind]:02d}",
                "name": name,
                "type": kind,
                "asterism": asterism is not None,
                "description": description,
                "stars": [list(s) for s in stars],
                "lines": [list(line) for line in lines],
                "points": None if asterism else _provisional_points(kind, count),
                "bonus": _bonus(rng),
            }
        )
    return {"cards": cards}


def main() -> None:
    data = build()
    parse_cards(data)
    path = DATA_DIR / "cards.json"
    old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
    if old:  # keep calibrated points when regenerating the same figures
        by_id = {card["id"]: card for card in old["cards"]}
        for card in data["cards"]:
            prev = by_id.get(card["id"])
            if prev and prev["stars"] == card["stars"] and prev["lines"] == card["lines"]:
                card["points"] = prev["points"]
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(data['cards'])} cards to {path.name}")


if __name__ == "__main__":
    main()
