"""Starry Night Sky images in Italian, measured: every image kind drawn from real views of seeded
games keeps each text inside its box (none past its width, none cut with an ellipsis but a
player's name), no two texts overlap, no text leaves the image, each PNG stays within the byte
budget, and on the map no telescope covers a constellation's (longer, Italian) name."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from bot.faces.starry_night_sky import plan as plans
from bot.faces.starry_night_sky.art import images as art
from bot.faces.starry_night_sky.art.map import name_boxes, token_boxes
from bot.faces.starry_night_sky.words import place_name
from bot.games.rng import Rng
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.simulate import random_action
from bot.i18n import Language, _, speaking
from render import theme
from tests.faces.image_checks import TextBoxes, assert_small
from tests.faces.text_boxes import assert_texts_fit, drawn_texts

GAME = StarryNightSky()
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri"]
Render = Callable[[], bytes]


def planned_png(view: dict, names: list[str]) -> bytes:
    """The preview of a plan to the destination with the longest name, said in the current language."""
    dest = max(view["choice"]["destinations"], key=lambda d: len(place_name(d["name"])))
    pool, stars = plans.best_placement(dest)
    plan = plans.make(dest["to"], pool, stars)
    preview = _(
        "Preview: {place} (+{points})", place=place_name(dest["name"]), points=plans.points(dest, plan)
    )
    return art.panel_png(
        plans.planned_view(view, plan), names, picked=plan.to, pool=plan.pool, preview=preview
    )


def renders(seats: int, seed: int) -> list[tuple[str, Render]]:
    """Every image kind from a seeded game: the board, panel (each kind of step, bonus or not, in
    the final round too, with a destination or a pool picked), both sheets, and the results."""
    names = NAMES[:seats]
    state, rng = GAME.setup(seats, {}, seed), Rng(seed * 7 + 1)
    seen: set[tuple[object, ...]] = set()
    out: list[tuple[str, Render]] = []
    while state["phase"] != "over":
        seat = state["current"]
        mine, public = GAME.view(state, seat), GAME.view(state, None)
        choice = mine["choice"]
        kind = (choice["kind"], choice.get("bonus"), choice.get("stuck"), public["dawn"])
        if kind not in seen:
            seen.add(kind)
            out += [
                (f"board {kind}", partial(art.board_png, public, names)),
                (f"panel {kind}", partial(art.panel_png, mine, names)),
                (f"own sheet {kind}", partial(art.sheet_png, mine, names, seat)),
                (f"other sheet {kind}", partial(art.sheet_png, public, names, (seat + 1) % seats)),
            ]
            if choice["kind"] == "move" and choice["destinations"]:
                picked = choice["destinations"][0]["to"]
                out.append((f"picked {kind}", partial(art.panel_png, mine, names, picked=picked)))
                out.append((f"plan {kind}", partial(planned_png, mine, names)))
            if choice["kind"] == "place":
                pool = choice["pools"][0]["pool"]
                out.append((f"pool {kind}", partial(art.panel_png, mine, names, pool=pool)))
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
    over = GAME.view(state, None)
    out += [
        ("results", partial(art.results_png, over, names)),
        ("board at the end", partial(art.board_png, over, names)),
        ("panel at the end", partial(art.panel_png, GAME.view(state, 0), names)),
        ("sheet at the end", partial(art.sheet_png, over, names, 1)),
    ]
    return out


class Kept:
    """A render that keeps the PNG it drew, so one drawing is measured and weighed."""

    def __init__(self, render: Render) -> None:
        self.render, self.png = render, b""

    def __call__(self) -> bytes:
        self.png = self.render()
        return self.png


@pytest.fixture(scope="module", params=[(2, 11), (3, 12), (4, 13)], ids=["2p", "3p", "4p"])
def game_renders(request) -> tuple[list[str], list[tuple[str, Render]]]:
    seats, seed = request.param
    return NAMES[:seats], renders(seats, seed)


def test_every_italian_image_keeps_its_texts_in_their_boxes(game_renders, monkeypatch) -> None:
    """Measured twice while each image is drawn: by the drawn-text recorder (inside the image,
    within its width, not cut) and by Pillow's own boxes (not clipped, no overlaps)."""
    names, images = game_renders
    kinds = {label.split(" (")[0] for label, _unused in images}
    assert {"board", "panel", "own sheet", "other sheet", "picked", "plan", "pool", "results"} <= kinds
    boxes = TextBoxes(monkeypatch)
    for label, render in images:
        kept = Kept(render)
        try:
            measured = assert_texts_fit(kept, Language.ITALIAN, names)
        except AssertionError as error:
            raise AssertionError(f"{label}: {error}") from None
        assert measured > 5, label
        assert_small(kept.png, label)
    assert len({id(d.image) for d in boxes.drawn}) == len(images)
    assert not boxes.clipped(), boxes.clipped()[:3]
    assert not boxes.overlapping(), boxes.overlapping()[:3]


def test_the_images_are_drawn_in_italian(game_renders) -> None:
    """The words are Italian (the map's names too), and none of the English ones is left."""
    names, images = game_renders
    results = dict(images)["results"]
    english = {t.shown for t in drawn_texts(results, Language.ENGLISH)}
    italian = {t.shown for t in drawn_texts(results, Language.ITALIAN)}
    assert "Risultati finali" in italian or any("vince" in s for s in italian)
    assert "Cielo stellato" in italian and any(s.endswith(" punti") for s in italian)
    # the final map, in Italian like the board's
    assert "PARTENZA" in italian and not italian & {"START", "Sleepy", "Kettle", "points"}
    assert {"Bollitore", "Assonnato"} <= italian or "Bollitore Assonnato" in italian
    for label, render in images:
        if not label.startswith("board"):
            continue
        drawn = {t.shown for t in drawn_texts(render, Language.ITALIAN)}
        assert "PARTENZA" in drawn and "START" not in drawn, label
        assert {"Bollitore", "Assonnato"} <= drawn or "Bollitore Assonnato" in drawn, label
        assert not drawn & {"Sleepy", "Kettle", "Player", "Score", "Dawn"}, label
        assert any(s.startswith("Tracciato della Notte") for s in drawn), label
    assert english != italian


@pytest.mark.parametrize("seed", [1, 2])
def test_no_telescope_covers_an_italian_name_and_no_names_overlap(seed: int) -> None:
    """Measured on every state of a 4-seat game, in Italian: each telescope (four may share
    PARTENZA) keeps off every name, no two names overlap and each name stays on the map."""
    box = (theme.GAP, 148, theme.WIDTH - theme.GAP, 148 + art.MAP_H)
    state, rng = GAME.setup(4, {}, seed), Rng(seed)
    while state["phase"] != "over":
        view = GAME.view(state, None)
        with speaking(Language.ITALIAN):
            names = name_boxes(view, box)
            tokens = token_boxes(view, NAMES, box)
        for cid, name in names.items():
            where = view["constellations"][cid]["name"]
            assert box[0] <= name[0] and name[2] <= box[2] and box[1] <= name[1] and name[3] <= box[3], where
            assert not [t for t in tokens if _depth(name, t) > 4], f"a telescope covers {where!r}"
            assert not [o for o, other in names.items() if o < cid and _depth(name, other) > 2], (
                f"{where!r} overlaps another name"
            )
        seat = state["current"]
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state


def test_the_name_layout_is_kept_per_language() -> None:
    """The label cache keys on the language: an English map after an Italian one has English boxes."""
    view = GAME.view(GAME.setup(2, {}, 3), None)
    box = (theme.GAP, 148, theme.WIDTH - theme.GAP, 148 + art.MAP_H)
    with speaking(Language.ITALIAN):
        italian = name_boxes(view, box)
    english = name_boxes(view, box)
    assert italian != english
    with speaking(Language.ITALIAN):
        assert name_boxes(view, box) == italian


def _depth(a, b) -> float:
    """How far two boxes overlap (0 when apart): the smaller of the overlap's width and height."""
    return max(0.0, min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])))
