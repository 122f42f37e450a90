"""Every A Sky of Stars image drawn in Italian, from real views of seeded games played with the
Italian deck: no text leaves its image or its box, none is cut with an ellipsis (players' names
excepted), no two texts overlap, and every image stays within the byte budget. Measured."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache, partial
from itertools import combinations

import pytest

from bot.faces.sky_of_stars.art import animation
from bot.faces.sky_of_stars.art import images as sky
from bot.faces.sky_of_stars.art.reveal import reveal_png
from bot.games.base import State
from bot.games.rng import Rng
from bot.games.sky_of_stars.components import load_cards
from bot.games.sky_of_stars.engine import SkyOfStars
from bot.games.sky_of_stars.simulate import random_move
from bot.i18n import Language, speaking
from render.common import clean
from tests.faces.image_checks import TextBoxes, assert_small
from tests.faces.text_boxes import drawn_texts, misfits

GAME = SkyOfStars()
NAMES = ["Ada", "Béatrice", "Bartolomeo il Magnifico Astronomo", "Dmitri Жуков", "Giò", "Eun-ji"]
Render = Callable[[], bytes]


@cache
def moments(seats: int, seed: int) -> tuple[State, ...]:
    """The first state of every (round, phase) of one seeded Italian-deck game, and its end."""
    rng = Rng(seed + 1)
    state = GAME.setup(seats, {"deck": "it"}, seed)
    seen: dict[tuple[int, str], State] = {}
    while not GAME.is_over(state):
        seen.setdefault((state["round"], state["phase"]), state)
        seat, action = random_move(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
    return (*seen.values(), state)


def renders(state: State, names: list[str]) -> Iterator[tuple[str, Render]]:
    """Every image the bot draws for ``state``: the table, each acting seat's panel at each of
    its sub-steps, the drawing being guessed (still and animation), the reveals, the results."""
    public = GAME.view(state, None)
    yield "table", partial(sky.table_png, public, names)
    for seat in GAME.to_act(state):
        view = GAME.view(state, seat)
        choice = view.get("choice") or {}
        kind = choice.get("kind")
        if kind == "cancel":
            yield "cancel", partial(sky.cancel_target_png, view, names)
            yield "cancel picked", partial(sky.cancel_target_png, view, names, preview=choice["stars"][0])
            continue
        yield f"vault {kind}", partial(sky.vault_png, view, names)
        if kind == "stroke":
            start, ends = next(iter(choice["moves"].items()))
            yield "vault from", partial(sky.vault_png, view, names, preview=(start, start))
            yield "vault preview", partial(sky.vault_png, view, names, preview=(start, ends[0]))
        if kind == "start":
            yield "vault start picked", partial(sky.vault_png, view, names, preview=(choice["stars"][0],) * 2)
    guess = public.get("guess")
    if guess:
        artist, round_ = guess["artist"], public["round"]
        yield "drawing", partial(sky.drawing_png, public, names, artist, round_)
        yield "animation", partial(animation.drawing_gif, public, names, artist, round_)
    for reveal in public["reveals"][-2:]:
        yield "reveal", partial(reveal_png, public, names, reveal["artist"], reveal["round"])
    if public["phase"] == "over":
        yield "results", partial(sky.results_png, public, names)
        yield "vault over", partial(sky.vault_png, GAME.view(state, 0), names)
        yield "sheet drawing", partial(sky.drawing_png, public, names, 1, 3)


def cut_words(texts, names: list[str]) -> list[str]:
    """Texts that end in an ellipsis and are not a cut player's name: ``parts_line`` cuts its
    pieces before drawing them, so a cut shows only as a trailing "…" on what was drawn."""
    heads = [clean(name) for name in names]
    return [
        f"{t.shown!r} ends cut"
        for t in texts
        if t.shown.endswith("\u2026")
        and not t.cut
        and not any(head.startswith(t.shown[:-1].rstrip()) for head in heads)
    ]


@pytest.mark.parametrize(("seats", "seed"), [(3, 1), (6, 1)])
def test_every_italian_image_keeps_its_text_in_its_box(seats: int, seed: int, monkeypatch) -> None:
    names = NAMES[:seats]
    # a headline of winners is names alone ("Ada & Bea"), cut like a name when it is too long
    allowed = [" & ".join(group) for k in range(1, seats + 1) for group in combinations(names, k)]
    boxes = TextBoxes(monkeypatch)
    kinds, measured, problems = set(), 0, []
    for state in moments(seats, seed):
        for kind, render in renders(state, names):
            where = f"{kind} (round {state['round']}, {state['phase']})"
            texts = drawn_texts(lambda render=render, where=where: _small(render, where), Language.ITALIAN)
            measured += len(texts)
            problems += [f"{kind}: {p}" for p in misfits(texts, allowed) + cut_words(texts, allowed)]
            kinds.add(kind.split()[0])
    assert kinds >= {"table", "vault", "cancel", "drawing", "animation", "reveal", "results", "sheet"}
    assert measured > 500
    assert not problems, "\n".join(dict.fromkeys(problems))
    assert boxes.drawn and not boxes.clipped(), boxes.clipped()[:5]
    assert not boxes.overlapping(), boxes.overlapping()[:5]


def _small(render: Render, where: str) -> bytes:
    png = render()
    if not where.startswith("animation"):  # a GIF has its own, larger budget
        assert_small(png, where)
    else:
        assert len(png) <= animation.MAX_ANIMATION_BYTES, where
    return png


def test_the_images_really_are_in_italian() -> None:
    """The same table and results drawn in English and in Italian differ in words: the Italian
    ones carry Italian labels and no English label is left."""
    final = moments(4, 11)[-1]
    public = GAME.view(final, None)
    for render, italian, english in [
        (partial(sky.results_png, public, NAMES[:4]), {"Risultati finali", "VINCITORE"}, "Final results"),
        (
            partial(sky.table_png, GAME.view(moments(4, 11)[1], None), NAMES[:4]),
            {"Carta costellazione", "Giocatore", "Totale"},
            "Constellation card",
        ),
    ]:
        said_it = " | ".join(t.shown for t in drawn_texts(render, Language.ITALIAN))
        said_en = " | ".join(t.shown for t in drawn_texts(render, Language.ENGLISH))
        assert all(word in said_it for word in italian), said_it
        assert english in said_en and english not in said_it


@pytest.mark.parametrize("card", range(len(load_cards("it"))))
def test_every_italian_card_fits_under_the_drawing(card: int) -> None:
    """The card's five words under a drawing for guessing stay on their one line, uncut."""
    state = GAME.setup(3, {"deck": "it"}, 1)
    state["deck"] = [card] + [i for i in state["deck"] if i != card]
    rng = Rng(3)
    while state["phase"] != "guess":
        seat, action = random_move(GAME, state, rng, stop_chance=0.3)
        state = GAME.apply(state, seat, action).state
    public = GAME.view(state, None)
    assert public["card"] == list(load_cards("it")[card])
    with speaking(Language.ITALIAN):
        texts = drawn_texts(
            partial(sky.drawing_png, public, NAMES[:3], public["guess"]["artist"], 1), Language.ITALIAN
        )
    words = [t for t in texts if any(w in t.shown for w in public["card"])]
    assert len(words) == 5, [t.shown for t in texts]
    assert not misfits(words) and not cut_words(words, [])
