"""Every Star Gazers image, drawn in Italian from real views of a seeded game, keeps its words in
their boxes: measured (``assert_texts_fit`` and ``TextBoxes``), never cut with an ellipsis (but a
player's name), never overlapping, and each PNG within the byte budget. English is held to the same."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from bot.faces.star_gazers.art import images as art
from bot.games.rng import Rng
from bot.games.star_gazers.engine import StarGazers
from bot.games.star_gazers.simulate import random_action
from bot.i18n import Language
from render.common import clean
from tests.faces.image_checks import TextBoxes, assert_small
from tests.faces.text_boxes import assert_texts_fit, drawn_texts

GAME = StarGazers()
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri"]
KINDS = ("keep", "pick", "bonus", "tile", "token", "gain", "move_token", "move_tile", "journal", "confirm")


@cache
def moments() -> dict[str, tuple[dict, int]]:
    """(state, seat) at the last time each choice kind comes up in a 4-player game (the boards
    are fullest then, the tile move is spent), plus a seat that has kept its card and the end."""
    state = GAME.setup(4, {}, 6)
    rng = Rng(7)
    seen: dict[str, tuple[dict, int]] = {}
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        kind = (GAME.view(state, seat)["choice"] or {}).get("kind")
        if kind:
            seen[kind] = (state, seat)
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
        if "kept" not in seen and state["phase"] == "journal" and state["kept"][0] is not None:
            seen["kept"] = (state, 0)
    seen["over"] = (state, 0)
    return seen


def renders() -> list[tuple[str, Callable[[], bytes]]]:
    """Every image kind: panels of each choice (and their previews), the Journal keep, the board
    (and the thread's small turn board, as sent: WebP), sheets (own, another seat's, revealed at
    the end) and the results."""
    out: list[tuple[str, Callable[[], bytes]]] = []
    for kind, (state, seat) in moments().items():
        view, public = GAME.view(state, seat), GAME.view(state, None)
        out.append((f"{kind} panel", lambda v=view: art.panel_png(v, NAMES)))
        out.append((f"{kind} board", lambda p=public: art.board_png(p, NAMES)))
        if public["phase"] == "draft":  # the thread shows it for each turn of the draft only
            out.append((f"{kind} turn board", lambda p=public: art.turn_board_webp(p, NAMES)))
        out.append((f"{kind} own sheet", lambda v=view, s=seat: art.sheet_png(v, NAMES, s)))
        out.append((f"{kind} sheet", lambda p=public, s=seat: art.sheet_png(p, NAMES, (s + 1) % 4)))
        if kind == "tile":
            cell = view["choice"]["cells"][0]
            placed = GAME.apply(state, seat, {"kind": "tile", "cell": cell, "rotation": 3}).state
            after = GAME.view(placed, seat)
            shown = {**view, "preview": after["preview"]}
            out.append(("tile preview", lambda v=shown, c=cell: art.panel_png(v, NAMES, tile_at=(c, 3))))
        if kind in {"move_token", "move_tile"} and view["choice"]["moves"]:
            source = view["choice"]["moves"][0]["from"]
            out.append((f"{kind} source", lambda v=view, f=source: art.panel_png(v, NAMES, picked_from=f)))
        if kind == "kept":
            out.append(("kept card", lambda v=view: art.keep_png(v, NAMES)))
        if kind == "over":
            out.append(("results", lambda p=public: art.results_png(p, NAMES)))
    return out


def test_the_game_reaches_every_choice() -> None:
    assert set(KINDS) | {"kept", "over"} <= set(moments())


@pytest.mark.parametrize("language", [Language.ITALIAN, Language.ENGLISH], ids=lambda lang: lang.value)
def test_every_image_keeps_its_words_in_their_boxes(language: Language, monkeypatch) -> None:
    boxes = TextBoxes(monkeypatch)
    for what, render in renders():
        drawn: list[bytes] = []

        def keep(render=render, drawn=drawn) -> bytes:
            drawn.append(render())
            return drawn[-1]

        assert assert_texts_fit(keep, language, NAMES) > 0, what
        assert_small(drawn[0], what)
    assert boxes.drawn and not boxes.clipped(), [(d.text, d.box) for d in boxes.clipped()[:5]]
    assert not boxes.overlapping(), boxes.overlapping()[:5]


@pytest.mark.parametrize("language", [Language.ITALIAN, Language.ENGLISH], ids=lambda lang: lang.value)
def test_no_line_is_cut_short(language: Language) -> None:
    """Header lines shrink, then cut what is left with an ellipsis: only a name may be cut."""
    names = [clean(n) for n in NAMES]
    for what, render in renders():
        for text in drawn_texts(render, language):
            if text.shown.endswith("\u2026"):
                kept = text.shown[:-1].rstrip()
                assert any(n.startswith(kept) for n in names), f"{what}: {text.asked!r} cut to {text.shown!r}"


def test_italian_images_are_drawn_in_italian() -> None:
    """The same image says different words in Italian, and known Italian ones."""
    for what, render in renders():
        english = {t.shown for t in drawn_texts(render, Language.ENGLISH)}
        italian = {t.shown for t in drawn_texts(render, Language.ITALIAN)}
        assert english != italian, what
    said = {t.shown for __, render in renders() for t in drawn_texts(render, Language.ITALIAN)}
    for word in ("Il tuo Murale", "Riserva", "Spazi Navetta", "Giocatori", "Risultati finali"):
        assert any(word in s for s in said), word
