"""Sky of Stars images: valid PNGs, secrets kept out of public images, hostile names survive."""

from __future__ import annotations

import ast
import copy
import io
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.faces.sky_of_stars.art import images as sky
from bot.faces.sky_of_stars.art.map import load_vault
from render.common import MAX_MARKS, clean, fit, has_glyph, name_of
from render.headers import parts_line
from render.theme import BOLD_FONT, REGULAR_FONT, WIDTH, font

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
    """A thread picture (a palette PNG at the theme's width) or a panel picture (a lossless WebP
    of a palette picture, at half the width)."""
    image = Image.open(io.BytesIO(data))
    image.load()
    if image.format == "WEBP":
        assert data[:4] == b"RIFF" and data[8:12] == b"WEBP"
        assert len(image.getcolors(256) or ()) <= sky.VAULT_COLOURS  # a palette's few colours
    else:
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        assert image.format == "PNG"
        assert image.mode == "P"  # quantised to a palette: a third of the bytes
    if image.width == WIDTH:
        assert 500 <= image.height <= 2400  # six players' results, one card a row, run longest
    else:  # a panel picture (vault, swirl target), sent at half the theme's width
        assert image.width == WIDTH // sky.PANEL_SCALE
        assert 250 <= image.height <= 1200
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
    assert clean("Jos\u00e9 \u2014 \U0001f680 Stra\u00dfe") == "Jos\u00e9 \u2014  Stra\u00dfe"
    assert name_of(["  Jos\u00e9 \U0001f680\n Stra\u00dfe "], 0) == "Jos\u00e9 Stra\u00dfe"
    assert name_of(["\U0001f680"], 0) == "Player 1"
    assert name_of([], 4) == "Player 5"
    f = font(30, bold=True)
    cut = fit("A very long name indeed " * 10, f, 200)
    assert cut.endswith("\u2026") and f.getlength(cut) <= 200


# Names as Discord users write them; the vendored DejaVu Sans draws every one of these as is.
WRITTEN_NAMES = [
    "Jos\u00e9",
    "Zo\u00eb",
    "\u00d8rjan \u00c5sb\u00f8",
    "\u0141ukasz W\u00f3jcik",
    "Fran\u00e7ois M\u00fcller",
    "\u0414\u043c\u0438\u0442\u0440\u0438\u0439",  # Cyrillic
    "\u039d\u03af\u03ba\u03bf\u03c2",  # Greek
    "Nguy\u1ec5n Th\u1ecb \u00c1nh",  # Vietnamese: stacked accents
    "\u015eule \u00c7elik",
    "\u00de\u00f3r\u00f0ur",
    "Stra\u00dfe \u2014 \u00e6\u0153",
]


@pytest.mark.parametrize("name", WRITTEN_NAMES)
def test_written_names_are_kept_as_written(name: str) -> None:
    """No more folding to ASCII (Jos\u00e9 -> Jose) or "Player N" for names the font can draw."""
    assert clean(name) == name
    assert name_of([name], 0) == name


def test_names_lose_only_what_the_font_cannot_draw() -> None:
    assert name_of(["Chiara \U0001f319\u2728"], 0) == "Chiara"  # emoji DejaVu lacks: dropped
    assert name_of(["\U0001f680\U0001f30c\u2728"], 2) == "Player 3"  # nothing left: fallback
    assert name_of(["\u661f\u91ce Hoshino"], 0) == "Hoshino"  # no CJK in DejaVu Sans
    assert name_of(["\u661f\u91ce"], 0) == "Player 1"
    assert (
        name_of(["\uff2a\uff4f\uff53\u00e9 \U0001d400"], 0) == "Jos\u00e9 A"
    )  # fullwidth, math: plain forms
    assert name_of(["\u202eevil\u202c\u200b name\x00"], 0) == "evil name"  # bidi overrides, controls
    assert name_of(["Jose\u0301"], 0) == "Jos\u00e9"  # decomposed accents are composed
    assert name_of(["a\U0001f680\u0301b"], 0) == "ab"  # a dropped glyph's accent goes with it
    assert has_glyph("\u00e9") and has_glyph("\u0416") and not has_glyph("\U0001f680")


def test_zalgo_marks_are_capped() -> None:
    shown = clean("Z" + "\u0351\u0353\u0337\u0355\u0335" * 4 + "algo")
    assert shown.startswith("Z") and shown.endswith("algo")
    assert sum(unicodedata.category(c).startswith("M") for c in shown) == MAX_MARKS


def test_fit_keeps_letters_with_their_accents() -> None:
    s = clean("a\u0301\u0302" * 30)  # no precomposed form for both: marks stay separate
    f = font(30, bold=True)
    for width in range(40, 400, 7):
        cut = fit(s, f, width)
        body = cut[:-1]
        assert cut.endswith("\u2026") and f.getlength(cut) <= width
        assert s.startswith(body) and not unicodedata.category(s[len(body)]).startswith("M")


def test_fonts_are_vendored_dejavu_with_a_real_bold() -> None:
    assert REGULAR_FONT.is_file() and BOLD_FONT.is_file()
    assert (REGULAR_FONT.parent / "LICENSE-DejaVu.txt").is_file()
    assert font(30).getname() == ("DejaVu Sans", "Book")
    assert font(30, bold=True).getname() == ("DejaVu Sans", "Bold")
    assert font(30) is font(30)  # loaded once per size


def test_a_long_line_shrinks_before_it_is_cut() -> None:
    """The drawing's card line: the longest cards fit whole once drawn a little smaller."""
    parts = [
        (f"{i} {w}   ", (255, 255, 255)) for i, w in enumerate(["helicopter", "parachute", "submarine"], 1)
    ]
    parts += [("4 canoe   ", (255, 255, 255)), ("5 bus", (255, 255, 255))]
    draw = ImageDraw.Draw(Image.new("RGB", (WIDTH, 60)))
    max_width = WIDTH - 56
    assert sum(font(32, True).getlength(p) for p, _ in parts) > max_width
    drawn = parts_line(draw, (0, 40), parts, 32, max_width, min_size=27)
    whole = {size: sum(font(size, True).getlength(p) for p, _ in parts) for size in (30, 28, 27)}
    assert drawn <= max_width
    assert any(abs(drawn - w) < 0.01 for w in whole.values()), "the line was cut, not shrunk"


NON_LATIN = [
    "\u0414\u043c\u0438\u0442\u0440\u0438\u0439 \u0416\u0443\u043a\u043e\u0432",
    "\u039d\u03af\u03ba\u03bf\u03c2 \u03a0\u03b1\u03c0\u03b1\u03b4\u03cc\u03c0\u03bf\u03c5\u03bb\u03bf\u03c2",
    "\u0645\u0631\u062d\u0628\u0627 Sami",  # Arabic: right to left, joined
    "\u05e9\u05dc\u05d5\u05dd",  # Hebrew
    "Nguy\u1ec5n Th\u1ecb \u00c1nh \U0001f338",
    "\u661f\u91ce \u2728",
]


def test_non_latin_names_render_everywhere() -> None:
    table = public_view(seats=6, phase="guess")
    table["guess"] = {"artist": 3, "order": [0, 1, 2, 3, 4, 5], "position": 3, "countdown": 5}
    png_image(sky.table_png(table, NON_LATIN))
    png_image(sky.results_png(results_view(seats=6), NON_LATIN))
    png_image(sky.drawing_png(results_view(seats=6), NON_LATIN, 2, 3))
    png_image(sky.vault_png(seat_view(kind="guess", artist=2), NON_LATIN))
    png_image(sky.cancel_target_png(cancel_view(), NON_LATIN))


def test_accented_names_are_drawn_not_folded() -> None:
    """The image itself differs between Jos\u00e9 and Jose (before, both drew as "Jose")."""
    accented = ["Jos\u00e9", "Zo\u00eb", "\u00d8rjan", "\u0141ukasz"]
    folded = ["Jose", "Zoe", "Orjan", "Lukasz"]
    assert sky.table_png(public_view(), accented) != sky.table_png(public_view(), folded)


# --- hygiene -------------------------------------------------------------------------------------
def test_render_has_no_discord_storage_or_asyncio_imports() -> None:
    root = Path(__file__).resolve().parents[3] / "render"
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
