"""Render the README and docs pictures: one of each A Sky of Stars image from hand-made views,
then the other games' previews from their benchmarks' seeded games.

    .venv/bin/python tools/preview_images.py [OUT_DIR]      (default docs/images/)

Prints how long drawing and PNG encoding took for each A Sky of Stars image, and every picture's
size in KB (1000 bytes) against the 100 KB budget; ``--small`` also writes a 400 px wide copy of
each (``*_400.png``, what a phone shows) into OUT_DIR/phone/ to look at.
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from bot.faces.sky_of_stars.art import images as sky  # noqa: E402
from bot.faces.sky_of_stars.art.map import load_vault  # noqa: E402
from render.common import MAX_IMAGE_BYTES, to_png  # noqa: E402

RUNS = 9
# Long, emoji-tailed, Cyrillic, accented and CJK names: the font has no CJK or colour emoji, so
# "Chiara \U0001f319" shows as "Chiara" and the CJK-only name falls back to "Player 6".
NAMES = [
    "Ada",
    "Bartholomew the Magnificent Stargazer of the North",
    "Chiara \U0001f319",
    "Dmitri \u0416\u0443\u043a\u043e\u0432",
    "Jos\u00e9",
    "\u661f\u91ce",
]
# Names as Discord users write them, for the "accents" sample: all must show unchanged.
ACCENTED = [
    "Zo\u00eb",
    "Jos\u00e9 N\u00fa\u00f1ez",
    "\u00d8rjan \u00c5sb\u00f8",
    "\u0141ukasz W\u00f3jcik",
    "\u0414\u043c\u0438\u0442\u0440\u0438\u0439",
    "\u039d\u03af\u03ba\u03bf\u03c2 \u03a0\u03b1\u03c0\u03b1\u03b4\u03cc\u03c0\u03bf\u03c5\u03bb\u03bf\u03c2",
]
CARD = ["Airplane", "Pinwheel", "Scissors", "Kite", "Sailboat"]

# Three constellations per seat (rounds 1-3), as the engine reveals them.
DRAWINGS = {
    0: [
        ("B2", [["B2", "C2"], ["C2", "C3"], ["C3", "B3"], ["B3", "B2"], ["B3", "B4"]]),
        ("F2", [["F2", "G2"], ["F2", "F3"], ["F3", "E3"], ["E3", "E2"], ["E2", "F2"], ["F3", "F4"]]),
        ("D5", [["D5", "C5"], ["D5", "E5"], ["D5", "D6"], ["C5", "C6"], ["E5", "E6"]]),
    ],
    1: [
        ("E1", [["E1", "D1"], ["E1", "F1"], ["E1", "E2"], ["E2", "D2"]]),
        ("A4", [["A4", "B4"], ["B4", "C4"], ["C4", "D4"], ["A4", "A5"], ["A5", "B5"]]),
        ("G5", [["G5", "H5"], ["G5", "G6"], ["G5", "F5"], ["F5", "F6"], ["H5", "H6"]]),
    ],
    2: [
        ("G3", [["G3", "H3"], ["G3", "G4"], ["G4", "H4"], ["H4", "H3"]]),
        ("C1", [["C1", "D1"], ["D1", "D2"], ["D2", "C2"]]),
        ("A2", [["A2", "A3"], ["A3", "B3"], ["B3", "B2"], ["A2", "B2"]]),
    ],
    3: [
        ("H1", [["H1", "G1"], ["G1", "G2"], ["G2", "H2"]]),
        ("E4", [["E4", "F4"], ["F4", "F5"], ["E4", "E5"]]),
        ("C4", [["C4", "D3"], ["D3", "E3"], ["C4", "C5"], ["C5", "D6"]]),
    ],
    4: [
        ("A6", [["A6", "B6"], ["B6", "C6"], ["A6", "A5"]]),
        ("B1", [["B1", "A1"], ["B1", "C1"], ["A1", "A2"], ["C1", "C2"]]),
        ("F1", [["F1", "G1"], ["G1", "H1"], ["H1", "H2"], ["F1", "F2"]]),
    ],
    5: [
        ("D2", [["D2", "E2"], ["E2", "E3"], ["E3", "D3"], ["D3", "D2"]]),
        ("H6", [["H6", "G6"], ["G6", "F6"], ["F6", "E6"]]),
        ("B5", [["B5", "B6"], ["B5", "A5"], ["B5", "C5"], ["C5", "C4"]]),
    ],
}


def drawing(seat: int, round_: int) -> dict:
    start, strokes = DRAWINGS[seat][round_ - 1]
    stars = list(dict.fromkeys([start] + [label for pair in strokes for label in pair]))
    return {"seat": seat, "round": round_, "start": start, "stars": stars, "strokes": strokes}


def public_view(seats: int = 5, round_: int = 2, phase: str = "stroke") -> dict:
    revealed = [drawing(s, r) for r in range(1, round_) for s in range(seats)]
    return {
        "game": "sky-of-stars",
        "phase": phase,
        "round": round_,
        "rounds": 3,
        "seats": seats,
        "decision": 41,
        "card": CARD,
        "roll": {"face": "five", "count": 3},
        "stop_by": 2,
        "waiting": [1, 3],
        "locked": [0, 2],
        "skipped": [4] if seats > 4 else [],
        "guess": None,
        "drawings": revealed,
        "reveals": [
            {
                "round": 1,
                "artist": 3,
                "number": 2,
                "word": "Dog",
                "guesses": {"0": 2, "1": 4, "2": 2},
                "correct": [0, 2],
            }
        ],
        "scores": [
            {
                "rounds": [{"guessed_by": s % 3, "guessed": 2, "plus_one": s == 1, "points": 4 + s % 3}],
                "total": 4 + s % 3,
            }
            for s in range(seats)
        ],
        "outcome": None,
    }


def seat_view(seat: int = 0) -> dict:
    view = public_view()
    past = drawing(seat, 1)
    start, strokes = DRAWINGS[seat][1]
    strokes = strokes[:3]
    view.update(
        {
            "you": seat,
            "secret": {"number": 4, "word": "Kite"},
            "vault": {
                "cancelled": ["D4", "G4"],
                "current": {"start": start, "stars": ["F2", "G2", "F3", "E3"], "strokes": strokes},
                "past": [{k: past[k] for k in ("round", "start", "stars", "strokes")}],
            },
            "choice": {
                "kind": "stroke",
                "moves": {
                    "F2": ["E2", "F1", "G1"],
                    "G2": ["H2", "G1", "G3", "H1"],
                    "F3": ["F4"],
                    "E3": ["E4", "D3"],
                },
                "optional": False,
            },
            "can_stop": True,
            "my_guess": None,
            "my_cancel": None,
        }
    )
    return view


def cancel_view() -> dict:
    view = seat_view(0)
    view["phase"] = "swirl"
    view["roll"] = {"face": "swirl", "count": 4}
    used = drawing(1, 1)["stars"] + ["A3", "B3", "C3", "C2"]
    cancelled = ["H5"]
    labels = [star.label for star in load_vault().stars]
    view["choice"] = {
        "kind": "cancel",
        "target": 1,
        "stars": [label for label in labels if label not in used + cancelled],
        "target_used": used,
        "target_cancelled": cancelled,
    }
    view["my_cancel"] = "C4"
    return view


def start_view() -> dict:
    """Round 2 begins: the seat picks a starting star away from its first constellation."""
    view = seat_view(0)
    view["phase"], view["roll"], view["stop_by"] = "start", None, None
    view["vault"]["current"] = {"start": None, "stars": [], "strokes": []}
    used = set(view["vault"]["past"][0]["stars"]) | set(view["vault"]["cancelled"])
    view["choice"] = {"kind": "start", "stars": [s.label for s in load_vault().stars if s.label not in used]}
    return view


def results_view(seats: int = 6) -> dict:
    view = public_view(seats=seats, round_=3, phase="over")
    view["drawings"] = [drawing(s, r) for r in range(1, 4) for s in range(seats)]
    view["roll"] = None
    view["waiting"], view["locked"], view["skipped"], view["stop_by"] = [], [], [], None
    breakdown: list[dict[str, Any]] = []
    for s in range(seats):
        rounds = [
            {
                "guessed_by": (s + r) % seats,
                "guessed": 2,
                "plus_one": (s + r) % 4 == 0,
                "points": 3 + (s * r) % 5,
            }
            for r in range(3)
        ]
        majorities = [c for i, c in enumerate(("yellow", "red", "blue")) if (s + i) % 3 == 0]
        total = sum(r["points"] for r in rounds) + len(majorities)
        breakdown.append(
            {
                "rounds": rounds,
                "colours": {"yellow": 3 + s % 4, "red": 5 - s % 3, "blue": 2 + s % 5},
                "majorities": majorities,
                "plus_ones": sum(r["plus_one"] for r in rounds),
                "total": total,
            }
        )
    best = max(b["total"] for b in breakdown)
    view["scores"] = [{"rounds": b["rounds"], "total": b["total"]} for b in breakdown]
    view["outcome"] = {
        "scores": [b["total"] for b in breakdown],
        "winners": [s for s, b in enumerate(breakdown) if b["total"] == best],
        "breakdown": breakdown,
    }
    return view


def samples() -> dict[str, tuple]:
    """name -> (draw function, args, kwargs)."""
    guess = public_view(phase="guess")
    guess["guess"] = {"artist": 1, "order": [2, 3, 4, 0, 1], "position": 4, "countdown": 7.4}
    guess["roll"], guess["waiting"], guess["locked"] = None, [0, 2, 3], [4]
    guess["drawings"] += [drawing(s, 2) for s in (2, 3, 4, 0, 1)]
    return {
        "vault": (sky.draw_vault, (seat_view(), NAMES), {}),
        "vault_preview": (sky.draw_vault, (seat_view(), NAMES), {"preview": ("F3", "F4")}),
        "vault_start": (sky.draw_vault, (start_view(), NAMES), {"preview": ("D3", "D3")}),
        "cancel_target": (sky.draw_cancel_target, (cancel_view(), NAMES), {}),
        "drawing": (sky.draw_drawing, (guess, NAMES, 1, 2), {}),
        "table": (sky.draw_table, (public_view(), NAMES), {}),
        "table_guess": (sky.draw_table, (guess, NAMES), {}),
        "results": (sky.draw_results, (results_view(), NAMES), {}),
        "results_3": (sky.draw_results, (results_view(3), NAMES), {}),
        "results_accents": (sky.draw_results, (results_view(), ACCENTED), {}),
    }


def other_games(out: Path) -> list[Path]:
    """The Observatory, Starry Night Sky and Star Gazers previews, drawn by their benchmarks."""
    from bench import observatory_render_bench, star_gazers_render_bench, starry_night_sky_render_bench

    written = [Path(p) for p in observatory_render_bench.save_previews(str(out))]
    written += starry_night_sky_render_bench.previews(out)
    return written + star_gazers_render_bench.write_previews(out)


def phone_copy(path: Path, folder: Path) -> None:
    """A copy shrunk to 400 px wide, as Discord shows the image on a phone."""
    image = Image.open(path).convert("RGB")
    folder.mkdir(parents=True, exist_ok=True)
    small = image.resize((400, round(image.height * 400 / image.width)), Image.Resampling.LANCZOS)
    small.save(folder / f"{path.stem}_400.png")


def main(argv: list[str]) -> None:
    small = "--small" in argv
    argv = [a for a in argv if a != "--small"]
    out = Path(argv[1] if len(argv) > 1 else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    print(f"{'image':14} {'size':>9}  {'draw ms':>7}  {'encode ms':>9}  {'KB':>6}   (median of {RUNS})")
    for name, (fn, args, kwargs) in samples().items():
        fn(*copy.deepcopy(args), **kwargs)  # warm the caches: timings show the steady state
        draw_ms, encode_ms = [], []
        for _ in range(RUNS):
            t0 = time.perf_counter()
            image = fn(*args, **kwargs)
            t1 = time.perf_counter()
            data = to_png(image)
            draw_ms.append((t1 - t0) * 1000)
            encode_ms.append((time.perf_counter() - t1) * 1000)
        path = out / f"sky_{name}.png"
        path.write_bytes(data)
        written.append(path)
        size = f"{image.width}x{image.height}"
        print(
            f"{name:14} {size:>9}  {statistics.median(draw_ms):7.1f}  {statistics.median(encode_ms):9.1f}"
            f"  {len(data) / 1000:6.1f}   {path}"
        )
    for path in other_games(out):
        written.append(path)
        with Image.open(path) as image:
            size = f"{image.width}x{image.height}"
        print(f"{path.stem:32} {size:>9}  {path.stat().st_size / 1000:6.1f} KB   {path}")
    over = [p.name for p in written if p.stat().st_size > MAX_IMAGE_BYTES]
    print(f"{len(written)} pictures; over {MAX_IMAGE_BYTES // 1000} KB: {', '.join(over) or 'none'}")
    if small:
        for path in written:
            phone_copy(path, out / "phone")


if __name__ == "__main__":
    main(sys.argv)
