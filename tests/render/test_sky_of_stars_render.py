"""Sky of Stars images: valid PNGs, secrets kept out of public images, hostile names survive."""

from __future__ import annotations

import ast
import copy
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from render import sky_of_stars as sky
from render.common import clean, fit, name_of
from render.theme import WIDTH, font
from render.vault_map import load_vault

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
LONG_NAMES = [
    "Bartholomew the Magnificent Stargazer of the Northern Hemisphere" * 3,
    "\U0001f680\U0001f30c\u2728",  # emoji only
    "\u661f\u91ce\u5e0c\u671b",  # CJK only
    "Z\u0351\u0353a\u0337\u0355l\u0335g\u0336o\u0338 \u0645\u0631\u062d\u0628\u0627 Jos\u00e9",
    "",
    "   \n\t  ",
]
SEAT_ONLY = ("you", "secret", "vault", "choice", "can_stop", "my_guess", "my_cancel")
LABELS = [s.label for s in load_vault().stars]


# --- view factories (hand-built, following the engine's view spec) -------------------------
def drawing(
    seat: int, round_: int, start: str = "B2", strokes: list[list[str]] | None = None
) -> dict[str, Any]:
    strokes = strokes if strokes is not None else [["B2", "C2"], ["C2", "C3"], ["C3", "B3"]]
    stars = list(dict.fromkeys([start] + [label for pair in strokes for label in pair]))
    return {"seat": seat, "round": round_, "start": start, "stars": stars, "strokes": strokes}


def public_view(seats: int = 4, round_: int = 2, phase: str = "stroke") -> dict[str, Any]:
    return {
        "game": "sky-of-stars",
        "phase": phase,
        "round": round_,
        "rounds": 3,
        "seats": seats,
        "decision": 7,
        "card": ["Airplane", "Pinwheel", "Scissors", "Kite", "Sailboat"],
        "roll": {"face": "five", "count": 2},
        "stop_by": 1,
        "waiting": [0],
        "locked": list(range(1, seats)),
        "skipped": [],
        "guess": None,
        "drawings": [drawing(s, r) for r in range(1, round_) for s in range(seats)],
        "reveals": [
            {
                "round": 1,
                "artist": 0,
                "number": 3,
                "word": "Scissors",
                "guesses": {"1": 3, "2": None},
                "correct": [1],
            }
        ],
        "scores": [
            {"rounds": [{"guessed_by": 1, "guessed": 1, "plus_one": s == 0, "points": 2 + s}], "total": 2 + s}
            for s in range(seats)
        ],
        "outcome": None,
    }


def seat_view(word: str = "Kite", number: int = 4, **choice: Any) -> dict[str, Any]:
    view = public_view()
    view.update(
        {
            "you": 0,
            "secret": {"number": number, "word": word},
            "vault": {
                "cancelled": ["H6"],
                "current": {
                    "start": "F2",
                    "stars": ["F2", "G2", "F3"],
                    "strokes": [["F2", "G2"], ["F2", "F3"]],
                },
                "past": [
                    {
                        "round": 1,
                        "start": "B2",
                        "stars": ["B2", "C2", "C3"],
                        "strokes": [["B2", "C2"], ["C2", "C3"]],
                    }
                ],
            },
            "choice": choice
            or {"kind": "stroke", "moves": {"F3": ["F4", "E3"], "G2": ["G3"]}, "optional": False},
            "can_stop": True,
            "my_guess": None,
            "my_cancel": None,
        }
    )
    return view


def cancel_view(my_cancel: str | None = None) -> dict[str, Any]:
    used, cancelled = ["B2", "C2", "C3"], ["H6"]
    view = seat_view(
        kind="cancel",
        target=1,
        stars=[x for x in LABELS if x not in used + cancelled],
        target_used=used,
        target_cancelled=cancelled,
    )
    view["phase"], view["my_cancel"] = "swirl", my_cancel
    return view


def results_view(seats: int = 4) -> dict[str, Any]:
    view = public_view(seats=seats, round_=3, phase="over")
    view["drawings"] = [drawing(s, r) for r in range(1, 4) for s in range(seats)]
    breakdown = [
        {
            "rounds": [
                {"guessed_by": 1, "guessed": 2, "plus_one": r == s % 3, "points": 3 + r} for r in range(3)
            ],
            "colours": {"yellow": 3, "red": 2 + s, "blue": 4},
            "majorities": ["yellow", "blue"] if s == 0 else [],
            "plus_ones": 1,
            "total": 13 - s,
        }
        for s in range(seats)
    ]
    view["outcome"] = {"scores": [b["total"] for b in breakdown], "winners": [0], "breakdown": breakdown}
    return view


def with_secrets(view: dict[str, Any], word: str) -> dict[str, Any]:
    """``view`` plus every seat-only key, with ``word`` as the secret."""
    seat = seat_view(word=word)
    out = copy.deepcopy(view)
    out.update({k: copy.deepcopy(seat[k]) for k in SEAT_ONLY})
    return out


def png_image(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    assert image.mode == "RGB"
    assert image.width == WIDTH
    assert 500 <= image.height <= 1600
    return image


# --- every image is a valid PNG --------------------------------------------------------------
def test_vault_png() -> None:
    png_image(sky.vault_png(seat_view(), NAMES))


@pytest.mark.parametrize(
    "choice",
    [
        {"kind": "start", "stars": ["A1", "B1", "C1"]},
        {"kind": "stroke", "moves": {"F3": ["F4"]}, "optional": True},
        {"kind": "guess", "artist": 2, "numbers": [1, 2, 3, 4, 5]},
    ],
)
def test_vault_png_for_each_choice(choice: dict[str, Any]) -> None:
    png_image(sky.vault_png(seat_view(**choice), NAMES))


def test_vault_without_choice_or_secret() -> None:
    view = seat_view()
    view["choice"], view["secret"], view["roll"] = None, None, None
    png_image(sky.vault_png(view, NAMES))


def test_cancel_target_png() -> None:
    png_image(sky.cancel_target_png(cancel_view(), NAMES))
    assert sky.cancel_target_png(cancel_view("C4"), NAMES) != sky.cancel_target_png(cancel_view(), NAMES)


def test_drawing_png() -> None:
    png_image(sky.drawing_png(public_view(), NAMES, 2, 1))


def test_drawing_not_revealed_yet() -> None:
    png_image(sky.drawing_png(public_view(), NAMES, 2, 3))


@pytest.mark.parametrize("phase", ["start", "stroke", "swirl", "final", "guess", "over"])
def test_table_png(phase: str) -> None:
    view = public_view(phase=phase)
    if phase == "guess":
        view["guess"] = {"artist": 2, "order": [1, 2, 3, 0], "position": 1, "countdown": 4.2}
    png_image(sky.table_png(view, NAMES))


def test_results_png() -> None:
    png_image(sky.results_png(results_view(), NAMES))


def test_draw_functions_return_images() -> None:
    """The benchmark times drawing and encoding apart, so draw_* must return PIL images."""
    images = [
        sky.draw_vault(seat_view(), NAMES),
        sky.draw_cancel_target(cancel_view(), NAMES),
        sky.draw_drawing(public_view(), NAMES, 0, 1),
        sky.draw_table(public_view(), NAMES),
        sky.draw_results(results_view(), NAMES),
    ]
    assert all(isinstance(image, Image.Image) and image.mode == "RGB" for image in images)


# --- what the images show --------------------------------------------------------------------
def test_preview_changes_the_vault() -> None:
    plain = sky.vault_png(seat_view(), NAMES)
    assert sky.vault_png(seat_view(), NAMES) == plain  # deterministic
    assert sky.vault_png(seat_view(), NAMES, preview=("F3", "F4")) != plain


def test_preview_of_a_picked_star_changes_the_vault() -> None:
    """(a, a) marks a picked start or from-star; a picked from-star rings only its targets."""
    plain = sky.vault_png(seat_view(), NAMES)
    assert sky.vault_png(seat_view(), NAMES, preview=("F3", "F3")) != plain
    start = seat_view(kind="start", stars=["A1", "B1"])
    assert sky.vault_png(start, NAMES, preview=("A1", "A1")) != sky.vault_png(start, NAMES)


def test_cancel_preview_marks_the_picked_star() -> None:
    assert sky.cancel_target_png(cancel_view(), NAMES, preview="C4") != sky.cancel_target_png(
        cancel_view(), NAMES
    )


def test_vault_shows_the_secret() -> None:
    """Guards the secrecy tests below: a drawn word does change the bytes."""
    assert sky.vault_png(seat_view(word="Kite"), NAMES) != sky.vault_png(seat_view(word="Zebra"), NAMES)


@pytest.mark.parametrize(
    ("render", "view"),
    [
        (lambda v: sky.table_png(v, NAMES), public_view()),
        (lambda v: sky.drawing_png(v, NAMES, 1, 1), public_view()),
        (lambda v: sky.results_png(v, NAMES), results_view()),
    ],
    ids=["table", "drawing", "results"],
)
def test_public_images_ignore_seat_only_keys(render: Any, view: dict[str, Any]) -> None:
    public = render(view)
    assert render(with_secrets(view, "Kite")) == public
    assert render(with_secrets(view, "Zebra")) == public


def test_results_show_the_drawings() -> None:
    view = results_view()
    other = copy.deepcopy(view)
    other["drawings"][0]["strokes"] = [["B2", "C2"]]
    assert sky.results_png(view, NAMES) != sky.results_png(other, NAMES)


# --- hostile input -------------------------------------------------------------------------------
def test_six_players_with_long_and_odd_names() -> None:
    names = LONG_NAMES
    table = public_view(seats=6)
    table["stop_by"] = 3
    table["guess"] = {"artist": 0, "order": [3, 4, 5, 0, 1, 2], "position": 3, "countdown": 9}
    table["reveals"][0]["artist"] = 5
    png_image(sky.table_png(table, names))
    png_image(sky.results_png(results_view(seats=6), names))
    for seat in range(6):
        png_image(sky.drawing_png(results_view(seats=6), names, seat, 3))
    png_image(sky.vault_png(seat_view(), names))
    png_image(sky.cancel_target_png(cancel_view(), names))


def test_names_list_shorter_than_seats() -> None:
    png_image(sky.results_png(results_view(seats=6), ["Ada"]))
    png_image(sky.table_png(public_view(seats=6), []))


def test_malformed_view_data_does_not_crash() -> None:
    view = seat_view()
    view["vault"]["current"]["strokes"] = [["F2", "ZZ9"], ["F2"], "junk"]
    view["vault"]["cancelled"] = ["nope", None]
    view["choice"] = {"kind": "stroke", "moves": {"F2": ["Q7", None]}}
    png_image(sky.vault_png(view, NAMES, preview=("F2", "nowhere")))
    bare = {"game": "sky-of-stars", "phase": "start", "round": 1, "rounds": 3, "seats": 3, "card": None}
    png_image(sky.table_png(bare, NAMES))
    png_image(sky.results_png(bare, NAMES))
    png_image(sky.drawing_png(bare, NAMES, 0, 1))


def test_text_helpers() -> None:
    assert clean("Jos\u00e9 \u2014 \U0001f680 Stra\u00dfe") == "Jose -  Strasse"
    assert name_of(["  Jos\u00e9 \U0001f680\n Stra\u00dfe "], 0) == "Jose Strasse"
    assert name_of(["\U0001f680"], 0) == "Player 1"
    assert name_of([], 4) == "Player 5"
    f = font(30, bold=True)
    cut = fit("A very long name indeed " * 10, f, 200)
    assert cut.endswith("\u2026") and f.getlength(cut) <= 200


# --- hygiene -------------------------------------------------------------------------------------
def test_render_has_no_discord_storage_or_asyncio_imports() -> None:
    root = Path(__file__).resolve().parents[2] / "render"
    banned = {"discord", "aiosqlite", "asyncio"}
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            assert not any(m.split(".")[0] in banned for m in modules), f"{path.name} imports {modules}"


JUNK = [None, "junk", -3, [None], {"a": 1}, [["A1"]], float("nan")]


def test_junk_in_any_view_key_does_not_crash() -> None:
    """Each key of a seat view (and of its vault and choice) replaced by junk, one at a time."""
    base = seat_view()
    paths = (
        [(k,) for k in base] + [("vault", k) for k in base["vault"]] + [("choice", k) for k in base["choice"]]
    )
    for i, path in enumerate(paths):
        view = copy.deepcopy(base)
        target = view
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = JUNK[i % len(JUNK)]
        sky.draw_vault(view, NAMES, preview=("F3", "F4"))
        sky.draw_table(view, NAMES)
        sky.draw_drawing(view, NAMES, 0, 1)
    for i, key in enumerate(results_view()):
        view = results_view()
        view[key] = JUNK[i % len(JUNK)]
        sky.draw_results(view, [None, 3, "Ada"])  # type: ignore[list-item]
