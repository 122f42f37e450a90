"""Observatory's images in Italian, measured: every text drawn stays inside the image and its box,
none is cut with an ellipsis (player names may be, but these are short), none overlaps another,
and every image stays within the byte budget.

The images come from real views of seeded bot-played games at every phase (1, 2 and 5 players),
and from the panels built on those views, so the marks, notes and stage texts are the ones a
player really sees; one scripted sheet carries every research power and a pile of bonuses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.faces.observatory.art import images as art
from bot.faces.observatory.items import GO, PICK
from bot.faces.observatory.panels import build_panel
from bot.games import get_game
from bot.games.base import copy_json
from bot.games.observatory import sheet as sh
from bot.games.rng import Rng
from bot.i18n import Language, speaking
from bot.ui.controls import control_of
from tests.faces.image_checks import TextBoxes, assert_small
from tests.faces.text_boxes import drawn_texts, misfits

GAME = get_game("observatory")
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri", "Eun-ji"]
ELLIPSIS = "\u2026"
Render = Callable[[], bytes]


def play(seats: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """States of one bot-played game: the first of each phase, a decision of the last night, the end."""
    state = GAME.setup(seats, options or {}, seed)
    rng = Rng(seed)
    moments: dict[str, Any] = {}
    while not GAME.is_over(state):
        view = GAME.view(state, None)
        moments.setdefault(view["phase"], state)
        if view["phase"] == "decide" and view["night"] == view["nights"]:
            moments.setdefault("late", state)
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state
    moments["over"] = state
    return moments


def powered(state: dict[str, Any]) -> dict[str, Any]:
    """A decide step where seat 0 has every track's power and several bonuses banked: the Lens,
    an unwritten Drive, four Finder stars, a Filter bonus to spend and a card bonus to use."""
    state = copy_json(state)
    sheet = state["sheets"][state["active"]]
    for track in ("lens", "drive", "finder"):
        for space in (2, 3, 4, 5, 6):
            if space not in sheet["research"][track]:
                sh.fill(sheet, track, space)
    for space in (2, 3, 4):
        if space not in sheet["research"]["filter"]:
            sh.fill(sheet, "filter", space)
    sh.add_grant(sheet, "completion", "shooting_star", value=4, required=True)
    sheet["research"]["funding"] = [2, 3, 4]
    return state


def panel_renders(state: dict[str, Any], label: str) -> list[tuple[str, Render]]:
    """Each acting seat's panel: its home, every stage one button away, and a pick from each list."""
    out: list[tuple[str, Render]] = []
    for seat in GAME.to_act(state):
        view = GAME.view(state, seat)
        with speaking(Language.ITALIAN):
            home = build_panel(view, NAMES, 1, "h", None)
            out.append((f"{label} seat {seat} home", home.render))
            for item in home.items:
                if control_of(item) is GO:
                    stage = build_panel(view, NAMES, 1, item.fields["stage"], None)
                    out.append((f"{label} seat {seat} {item.fields['stage']}", stage.render))
                    picks = [i for i in stage.items if control_of(i) is PICK][:1]
                    for pick in picks:
                        value = pick.item.options[0].value
                        out.append(
                            (
                                f"{label} seat {seat} {pick.fields['stage']}={value}",
                                build_panel(view, NAMES, 1, pick.fields["stage"], value).render,
                            )
                        )
                elif control_of(item) is PICK:
                    options = item.item.options
                    for value in [
                        ".".join(o.value for o in options[: item.item.min_values]),
                        options[-1].value if item.item.min_values == 1 else None,
                    ]:
                        if value:
                            out.append(
                                (
                                    f"{label} seat {seat} {item.fields['stage']}={value}",
                                    build_panel(view, NAMES, 1, item.fields["stage"], value).render,
                                )
                            )
    return [(what, render) for what, render in out if render is not None]


def image_renders(moments: dict[str, Any], seats: int) -> list[tuple[str, Render]]:
    out: list[tuple[str, Render]] = []
    for label, state in moments.items():
        public = GAME.view(state, None)
        out.append((f"{label} table", lambda public=public: art.table_png(public, NAMES)))
        for seat in range(seats):
            out.append(
                (f"{label} sheet {seat}", lambda public=public, seat=seat: art.sheet_png(public, NAMES, seat))
            )
        if label == "over":
            out.append(("results", lambda public=public: art.results_png(public, NAMES)))
        out += panel_renders(state, f"{seats}p {label}")
    return out


@pytest.fixture(scope="module")
def games() -> dict[int, dict[str, Any]]:
    found = {seats: play(seats, 40 + seats) for seats in (1, 2, 5)}
    found[2]["powered"] = powered(found[2]["decide"])
    found[3] = play(3, 7, {"first_game": 1})
    return found


def measured(render: Render, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str], int]:
    """(misfits, overlaps, texts measured) of one Italian render, and its bytes within the budget."""
    boxes = TextBoxes(monkeypatch)
    png: list[bytes] = []
    texts = drawn_texts(lambda: png.append(render()) or png[-1], Language.ITALIAN)
    assert_small(png[0], "image")
    problems = misfits(texts, NAMES)
    problems += [
        f"{d.asked!r} drawn as {d.shown!r}" for d in texts if ELLIPSIS in d.shown and d.asked != ELLIPSIS
    ]  # also what parts_line cut
    problems += [f"{d.text!r} clipped at {d.box} in {d.canvas}" for d in boxes.clipped()]
    overlaps = [f"{a!r} overlaps {b!r}" for a, b in boxes.overlapping()]
    monkeypatch.undo()
    return problems, overlaps, len(texts)


@pytest.mark.parametrize("seats", [1, 2, 3, 5])
def test_italian_images_keep_every_text_in_its_box(games, seats, monkeypatch):
    renders = image_renders(games[seats], seats)
    assert len(renders) > 10
    found: dict[str, str] = {}
    total = 0
    for what, render in renders:
        problems, overlaps, count = measured(render, monkeypatch)
        total += count
        for problem in problems + overlaps:
            found.setdefault(problem, what)
    assert total > 100
    assert not found, "\n".join(f"{what}: {problem}" for problem, what in list(found.items())[:20])


def test_the_images_are_drawn_in_italian(games):
    """The measured texts are Italian ones (not English left untranslated), and English is unchanged."""
    state = games[2]["powered"]
    view = GAME.view(state, state["active"])

    def sheet() -> bytes:
        return art.sheet_png(view, NAMES, view["you"])

    italian = {d.asked for d in drawn_texts(sheet, Language.ITALIAN)}
    english = {d.asked for d in drawn_texts(sheet, Language.ENGLISH)}
    assert {"Ricerca", "Lente", "Motore", "Cercatore", "Bonus messi da parte", "Punteggio"} <= italian
    assert {"Research", "Lens", "Drive", "Finder", "Bonuses banked", "Score"} <= english
    assert not italian & {"Research", "Lens", "Bonuses banked", "Score", "Constellations"}
    table = GAME.view(games[5]["decide"], None)
    drawn = {d.asked for d in drawn_texts(lambda: art.table_png(table, NAMES), Language.ITALIAN)}
    assert {"Cielo notturno", "Giocatori", "Stella cadente"} <= drawn
