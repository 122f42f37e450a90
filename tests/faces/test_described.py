"""Every picture says in words what it shows (``Presenter.describe``, ``bot.ui.alt``).

Seeded games of the four titles are played by the bot; every message a presenter builds with a
picture (boards, panels, sheets, results) carries alt text, made from the view the picture is
drawn from: a public picture's words come from the public view and never speak of a seat's
secrets, a panel's say what its player must decide. The words are in the reader's language, and
what goes to Discord fits its limit (1024 characters, its OpenAPI spec's ``maxLength`` for a media
gallery item's and an attachment's ``description``).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from bot.faces import PRESENTERS
from bot.games import get_game
from bot.i18n import Language, speaking
from bot.ui.alt import ALT_LIMIT, cut
from bot.ui.outgoing import IMAGE_ID, Outgoing

SEATS = {"sky-of-stars": 3, "observatory": 2, "star-gazers": 2, "starry-night-sky": 2}
NAMES = ["Ada", "Bea", "Cy"]
# What only a seat's own words say: a public picture's words must never say it.
PRIVATE_WORDS = ("Your ", "You may", "You have")
# A panel's words name the decision (one of these, in English) whenever its player owes one.
DECIDE_WORDS = {
    "sky-of-stars": (
        "Pick a starting star",
        "Draw one line",
        "Cross out",
        "Guess the number",
        "no legal line",
    ),
    "observatory": (
        "Keep ",
        "Roll the dice",
        "may plot",
        "may research",
        "Take a new goal",
        "finish your turn",
    ),
    "star-gazers": ("Keep one", "Take ", "Place the", "Move a token", "confirm your turn"),
    "starry-night-sky": ("Sort your new stars", "Explore:", "Place stars", "end your turn"),
}


def messages(slug: str, seed: int, language: Language) -> list[tuple[str, Outgoing, int | None]]:
    """(kind, message, seat whose own view it was built from) for a bot-played game."""
    game, presenter = get_game(slug), PRESENTERS[slug]
    seats = SEATS[slug]
    names = NAMES[:seats]
    state, rng = game.setup(seats, game.validate_options({}), seed), random.Random(seed)
    found: list[tuple[str, Outgoing, int | None]] = []
    with speaking(language):
        for _ in range(3000):
            public = game.view(state, None)
            found.append(("board", presenter.board(public, names), None))
            found += [("sheet", presenter.sheet(public, names, s), None) for s in range(seats)]
            for seat in game.to_act(state):
                own = game.view(state, seat)
                found.append(("panel", presenter.panel(own, names, 1), seat))
                found.append(("own sheet", presenter.sheet(own, names, seat), seat))
            if game.is_over(state):
                break
            acting = game.to_act(state)
            seat = acting[0] if acting else None
            action = game.bot_action(state, seat, rng) if seat is not None else {"kind": "timeout"}
            state = game.apply(state, seat, action).state
    return [(kind, out, seat) for kind, out, seat in found if out.render is not None]


@pytest.mark.parametrize("slug", sorted(PRESENTERS))
def test_every_picture_of_a_game_says_what_it_shows(slug: str) -> None:
    found = messages(slug, 5, Language.ENGLISH)
    assert {kind for kind, _, _ in found} >= {"board", "panel"}
    longest = 0
    for kind, out, seat in found:
        assert out.alt, f"{kind} {out.filename} has no words"
        assert out.alt != out.title
        text = out.alt_text()
        assert text is not None and 0 < len(text) <= ALT_LIMIT
        longest = max(longest, len(out.alt))
        if seat is None:
            assert not any(word in out.alt for word in PRIVATE_WORDS), (
                f"public {kind} speaks of a seat: {out.alt}"
            )
    panels = [out.alt for kind, out, _ in found if kind == "panel"]
    assert any(any(word in alt for word in DECIDE_WORDS[slug]) for alt in panels)
    assert longest > 200, "the words are a description, not a title"


@pytest.mark.parametrize("slug", sorted(PRESENTERS))
def test_the_words_are_in_the_readers_language(slug: str) -> None:
    english = messages(slug, 5, Language.ENGLISH)[:40]
    italian = messages(slug, 5, Language.ITALIAN)[:40]
    for (_, en, _), (_, it, _) in zip(english, italian, strict=True):
        assert it.alt and it.alt != en.alt
        first_line = en.alt.splitlines()[0]
        assert first_line not in it.alt, f"English left in the Italian words: {first_line!r}"


def test_each_picture_is_described_from_its_own_drawing() -> None:
    """The words come from the arguments the picture is drawn with, whoever built the message."""
    game = get_game("starry-night-sky")
    state = game.setup(2, game.validate_options({}), 1)
    public, own = game.view(state, None), game.view(state, 0)
    with speaking(Language.ENGLISH):
        drawn_public = Outgoing("x", render=partial(lambda view, names: b"", public, NAMES[:2]))
        drawn_own = Outgoing("x", render=partial(lambda view, names: b"", own, NAMES[:2]))
        untitled = Outgoing("x", "A title", render=lambda: b"")
    assert drawn_public.alt == PRESENTERS["starry-night-sky"].describe(public, NAMES[:2])
    assert "Your pools" in drawn_own.alt and "Your pools" not in drawn_public.alt
    assert untitled.alt == "" and untitled.alt_text() == "A title"


async def test_the_card_sends_the_words_with_the_picture_and_beside_it_when_asked() -> None:
    words = "Starry Night Sky, round 1.\n" + "A long line of words. " * 120
    out = Outgoing("Your turn", "Title", render=lambda: b"png", alt=words)
    data: dict[str, Any] = await out.kwargs()
    gallery = next(c for c in data["view"].walk_children() if getattr(c, "id", None) == IMAGE_ID)
    (item,) = gallery.items
    assert item.description == cut(words) and len(item.description) <= ALT_LIMIT
    assert item.description.endswith("…") and words.startswith(item.description[:-1].rstrip())
    (upload,) = data["files"]
    assert upload.description == item.description
    assert words[:100] not in str([getattr(c, "content", "") for c in data["view"].walk_children()])
    out.spoken = True
    shown = [getattr(c, "content", "") for c in out.layout(["board.png"]).walk_children()]
    assert any(text.startswith("Starry Night Sky, round 1.") and len(text) > ALT_LIMIT for text in shown)
