"""A Sky of Stars said in Italian, from real views of a seeded Italian-deck game: every panel,
step message, board, reveal and result reads Italian and differs from the English one; the
rules' refusals and events are translated with their names and numbers filled; the form, the
buttons and the pickers speak Italian too. English stays as it was (the other tests)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

from bot.faces.sky_of_stars.items import TYPE, pick_select
from bot.faces.sky_of_stars.panels import build_panel
from bot.faces.sky_of_stars.presenter import SkyOfStarsPresenter
from bot.faces.sky_of_stars.words import RULES, star_description
from bot.games import get_game
from bot.games.base import IllegalAction, State
from bot.games.rng import Rng
from bot.games.sky_of_stars.simulate import random_move
from bot.i18n import Language, _, speaking, translate
from bot.ui.clicks import TypedForm
from bot.ui.controls import Click
from bot.ui.outgoing import Outgoing

GAME = get_game("sky-of-stars")
PRESENTER = SkyOfStarsPresenter()
NAMES = ["Ada", "Bea", "Cy", "Dee"]
# Words only an English text would have: none may be left in an Italian one.
ENGLISH = (
    " the ",
    " your ",
    "Your ",
    "Pick ",
    "locked in",
    " drew ",
    "Nothing to do",
    " wins",
    "Which word",
    "called STOP",
    "Draw ",
    "Cross out",
    "Skip ",
    "Type a line",
    "Round ",
)
ITALIAN = (
    "pronti",
    "Scegli",
    "tiro",
    "Tiro",
    "parola",
    "disegn",
    "vince",
    "linea",
    "stella",
    "Partita",
    "Traccia",
    "Cancella",
    "Salta",
    "Manche",
)


@cache
def game(seed: int = 5) -> tuple[tuple[State, tuple[str, ...]], ...]:
    """Every state of a seeded 4-seat Italian-deck game, with the events that led to it."""
    rng = Rng(seed)
    state = GAME.setup(4, {"deck": "it", "reveal_pause": 0}, seed)  # a reveal as a message of its own
    out = [(state, ())]
    while not GAME.is_over(state):
        seat, action = random_move(GAME, state, rng, stop_chance=0.05)
        applied = GAME.apply(state, seat, action)
        state = applied.state
        out.append((state, tuple(applied.events)))
    return tuple(out)


def said(out: Outgoing) -> list[str]:
    """What a player reads on a message: title, text, footer, button labels, picker placeholders."""
    texts = [out.title or "", out.content, out.footer or ""]
    for item in out.items:
        inner = getattr(item, "item", item)
        texts += [getattr(inner, "label", None) or "", getattr(inner, "placeholder", None) or ""]
    return [t for t in texts if t]


def outputs(state: State, events: tuple[str, ...]) -> Iterator[tuple[str, Outgoing]]:
    public = GAME.view(state, None)
    if public["phase"] == "over":
        yield "results", PRESENTER.results(public, NAMES)
    else:
        yield "step", PRESENTER.step_message(public, NAMES, 7)
        yield "board", PRESENTER.board(public, NAMES)
    for seat in range(4):
        view = GAME.view(state, seat)
        yield f"panel {view['choice'] and view['choice']['kind']}", build_panel(view, NAMES, 7)
        choice = view.get("choice") or {}
        if choice.get("kind") == "stroke":
            start, ends = next(iter(choice["moves"].items()))
            yield "panel confirm", build_panel(view, NAMES, 7, picked_from=start, picked=ends[0])
        if choice.get("kind") in ("start", "cancel"):
            yield "panel picked", build_panel(view, NAMES, 7, picked=choice["stars"][0])
    announced = PRESENTER.announcement(public, NAMES, list(events), 7)
    if announced is not None:
        yield "reveal", announced


def both(build) -> tuple[list[str], list[str]]:
    with speaking(Language.ENGLISH):
        english = said(build())
    with speaking(Language.ITALIAN):
        italian = said(build())
    return english, italian


def test_every_output_of_an_italian_game_reads_italian() -> None:
    kinds = set()
    for state, events in game():
        with speaking(Language.ITALIAN):
            made = list(outputs(state, events))
        with speaking(Language.ENGLISH):
            originals = list(outputs(state, events))
        for (kind, italian), (_same, english) in zip(made, originals, strict=True):
            kinds.add(kind.split()[0])
            it_text, en_text = " | ".join(said(italian)), " | ".join(said(english))
            assert it_text != en_text, (kind, it_text)
            assert any(word in it_text for word in ITALIAN), (kind, it_text)
            leaks = [word for word in ENGLISH if word in it_text]
            assert not leaks, (kind, leaks, it_text)
            assert "{" not in it_text, (kind, it_text)
    assert kinds >= {"results", "step", "board", "panel", "reveal"}


def test_the_secret_word_and_the_choices_come_from_the_italian_deck() -> None:
    state = next(s for s, _events in game() if s["phase"] == "guess")
    public = GAME.view(state, None)
    artist = public["guess"]["artist"]
    guesser = next(s for s in range(4) if s != artist and s in state["waiting"])
    with speaking(Language.ITALIAN):
        step = PRESENTER.step_message(public, NAMES, 7)
        panel = build_panel(GAME.view(state, guesser), NAMES, 7)
        own = build_panel(GAME.view(state, artist), NAMES, 7)
    for word in public["card"]:
        assert word in panel.content and word not in step.content  # the card: in its picture only
    assert "Quale parola ha disegnato **" in panel.content
    assert "La tua parola: **#" in own.content


def test_refusals_of_illegal_moves_are_said_in_italian() -> None:
    start = game()[0][0]
    rolling = next(s for s, _events in game() if s["phase"] == "stroke")
    seat = rolling["waiting"][0]
    used = rolling["vaults"][seat]["current"]["stars"][0]
    guessing = next(s for s, _events in game() if s["phase"] == "guess")
    artist = GAME.view(guessing, None)["guess"]["artist"]
    tries = [
        (start, 0, {"kind": "start", "star": "Z9"}, "Nella volta non c'è nessuna stella chiamata 'Z9'."),
        (start, 0, {"kind": "stop"}, "STOP si può chiamare solo quando il dado è in gioco."),
        (rolling, seat, {"kind": "stroke", "from": used, "to": used}, used),
        (guessing, artist, {"kind": "guess", "number": 2}, "Non puoi indovinare il tuo stesso disegno."),
    ]
    for state, who, action, expected in tries:
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, who, action)
        english = str(refused.value.message)
        with speaking(Language.ITALIAN):
            italian = translate(refused.value.message)
        assert expected in italian and italian != english and "{" not in italian, (italian, english)


def test_every_event_of_the_game_is_translated_with_its_names() -> None:
    seen = 0
    for _state, events in game():
        for event in events:
            with speaking(Language.ITALIAN):
                italian = translate(event).format(*NAMES)
            english = event.format(*NAMES)
            assert italian != english and "{" not in italian, italian
            english_words = (" the ", " and ", " drew ", "Round 1 begins")
            assert not [word for word in english_words if word in italian], italian
            seen += 1
    assert seen > 50


def test_words_that_are_not_messages_speak_italian_too() -> None:
    with speaking(Language.ITALIAN):
        assert _(RULES).startswith("**Un cielo di stelle** (3–6 giocatori")
        assert star_description("A1") != "" and " a " in star_description("A1")
        assert _(GAME.title) == "Un cielo di stelle"
        assert _(GAME.options[0].says[0]).format(value=45) == "Ogni disegno si indovina in 45 secondi."
        assert PRESENTER.stale_text("stop").startswith("Questo tiro è finito")
        assert _(PRESENTER.sent_by_dm) == "La tua parola segreta e i tuoi pannelli"
        picker = pick_select(7, 3, "cancel", "b", ["E1"])
        assert picker.item.placeholder == "Scegli una stella da cancellare (colonne E–H)"
    with speaking(Language.ENGLISH):
        assert star_description("A1").endswith(("yellow", "red", "blue"))
        picker = pick_select(7, 3, "cancel", "b", ["E1"])
        assert picker.item.placeholder == "Pick a star to cross out (columns E–H)"


def form_texts(form: TypedForm) -> tuple[str, str, str]:
    sent = form.to_dict()  # what Discord is sent
    (row,) = sent["components"]
    (field,) = row["components"]
    return sent["title"], field["label"], field["custom_id"]


async def test_the_typed_line_form_speaks_its_players_language() -> None:
    with speaking(Language.ITALIAN):
        form = TypedForm(Click(TYPE, {"game": "7", "dec": "3"}))
    assert form_texts(form) == ("Traccia una linea", "Da dove a dove, es. C4 D5", "line")
    with speaking(Language.ENGLISH):
        form = TypedForm(Click(TYPE, {"game": "7", "dec": "3"}))
    assert form_texts(form) == ("Draw a line", "From and to, e.g. C4 D5", "line")


def test_a_reveal_in_italian_keeps_the_other_events_of_its_move() -> None:
    for state, events in game():
        if any(" drew #" in event for event in events) and len(events) > 1:
            public = GAME.view(state, None)
            with speaking(Language.ITALIAN):
                out = PRESENTER.announcement(public, NAMES, list(events), 7)
            assert out is not None and " ha disegnato #" in out.title
            others = [e for e in events if " drew #" not in e]
            with speaking(Language.ITALIAN):
                for event in others:
                    assert translate(event).format(*NAMES) in out.content
            return
    raise AssertionError("no reveal with other events in this game")


async def test_an_image_is_drawn_in_the_language_its_message_was_built_in() -> None:
    """The board is built for an Italian table and drawn later, in a worker thread, while the
    code around it speaks English: the picture still says Italian."""
    from render.common import recording_texts

    public = GAME.view(game()[1][0], None)
    with speaking(Language.ITALIAN):
        out = PRESENTER.board(public, NAMES)
    with speaking(Language.ENGLISH), recording_texts() as seen:
        await out.kwargs()
    drawn = " | ".join(text.shown for text in seen)
    assert "Carta costellazione" in drawn and "Constellation card" not in drawn
