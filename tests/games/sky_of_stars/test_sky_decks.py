"""One deck of Constellation cards per language: the table's language picks it at the start, the
game stores which one, and a game stored before decks plays the English one."""

from __future__ import annotations

import copy
import json

import pytest
from sky_helpers import GAME, act, checked_random_game, first_move, new_game

from bot.games.base import IllegalAction
from bot.games.replay import replay
from bot.games.rng import Rng
from bot.games.sky_of_stars.components import (
    CARD_COUNT,
    DATA_DIR,
    DECKS,
    WORDS_PER_CARD,
    DataError,
    deck_file,
    load_cards,
    parse_cards,
)
from bot.games.sky_of_stars.simulate import random_move


def words_of(deck: str) -> set[str]:
    return {word for card in load_cards(deck) for word in card}


@pytest.mark.parametrize("deck", DECKS)
def test_every_deck_has_thirty_cards_of_five_words_none_on_two_cards(deck: str) -> None:
    cards = load_cards(deck)
    assert len(cards) == CARD_COUNT
    assert all(len(card) == WORDS_PER_CARD for card in cards)
    folded = [word.casefold() for card in cards for word in card]
    assert len(set(folded)) == CARD_COUNT * WORDS_PER_CARD, "a word is on two cards"


def test_the_italian_deck_is_its_own_words() -> None:
    assert deck_file("it") == "cards_it.json"
    assert not words_of("it") & words_of("en")
    assert {"caffettiera", "gondola", "coccinella"} <= words_of("it")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda c: c.pop(), "exactly 30 cards"),
        (lambda c: c[0].pop(), "exactly 5 words"),
        (lambda c: c[0].__setitem__(1, c[0][0].upper()), "appears twice"),
        (lambda c: c[1].__setitem__(slice(None), list(reversed(c[0]))), "same words as card #1"),
        (lambda c: c[2].__setitem__(0, " gelato"), "trimmed"),
    ],
)
def test_broken_italian_data_is_refused_like_the_english(edit, message: str) -> None:
    data = json.loads((DATA_DIR / "cards_it.json").read_text(encoding="utf-8"))
    bad = copy.deepcopy(data)
    edit(bad["cards"])
    with pytest.raises(DataError, match=message):
        parse_cards(bad)


def test_an_unknown_deck_is_refused() -> None:
    with pytest.raises(DataError, match="no 'fr' deck"):
        load_cards("fr")


def test_the_table_language_picks_the_deck_english_without_one() -> None:
    assert GAME.table_options("it") == {"deck": "it"}
    assert GAME.table_options("en") == {"deck": "en"}
    assert GAME.table_options("fr") == {"deck": "en"}


def test_the_deck_is_accepted_but_never_offered_in_the_lobby() -> None:
    assert "deck" not in [spec.name for spec in GAME.options]
    assert GAME.validate_options({"deck": "it"}) == {
        "countdown": 30,
        "reveal_pause": 6,
        "words": 0,
        "deck": "it",
    }
    assert GAME.validate_options({"countdown": 45}) == {"countdown": 45, "reveal_pause": 6, "words": 0}
    for wrong in ("fr", 3, ""):
        with pytest.raises(IllegalAction, match="no deck of cards"):
            GAME.validate_options({"deck": wrong})


def test_an_italian_table_plays_italian_cards_in_the_same_order() -> None:
    italian, english = new_game(4, seed=7, deck="it"), new_game(4, seed=7)
    assert italian["options"]["deck"] == "it" and "deck" not in english["options"]
    assert italian["deck"] == english["deck"]  # the same shuffle: only the words differ
    card = GAME.view(italian, None)["card"]
    assert tuple(card) in load_cards("it") and tuple(GAME.view(english, None)["card"]) in load_cards("en")
    secret = GAME.view(italian, 1)["secret"]
    assert secret["word"] == card[secret["number"] - 1] and secret["word"] in words_of("it")
    opening = GAME.legal_actions(italian, 0)
    assert GAME.legal_actions(english, 0) == opening


def test_a_game_stored_without_a_deck_plays_the_english_cards() -> None:
    state = new_game(3, seed=11, deck="it")
    older = copy.deepcopy(state)
    del older["options"]["deck"]  # what a game stored before decks looks like
    assert tuple(GAME.view(older, None)["card"]) in load_cards("en")
    moved = act(older, 0, first_move(older, 0))
    assert "deck" not in moved["options"]


def test_an_italian_game_plays_to_the_end_and_replays_identically() -> None:
    plan = Rng(1515)
    for game in range(12):
        seats = 3 + game % 4
        result = checked_random_game(
            seats, plan.below(1 << 62), plan.below(1 << 62), 0.1, 0.05, options={"deck": "it"}
        )
        final = result["state"]
        revealed = {reveal["word"] for reveal in final["reveals"]}
        assert len(final["reveals"]) == 3 * seats and revealed <= words_of("it")


def test_the_reveal_event_names_the_italian_word() -> None:
    state = new_game(3, seed=3, deck="it")
    rng = Rng(4)
    log = []
    while not state["reveals"]:
        seat, action = random_move(GAME, state, rng)
        applied = GAME.apply(state, seat, action)
        log.append((seat, action))
        state = applied.state
    word = state["reveals"][0]["word"]
    assert word in words_of("it")
    assert any(f"#{state['reveals'][0]['number']}, {word}." in event for event in applied.events)
    assert replay(GAME, 3, {"deck": "it", "reveal_pause": 0}, 3, log) == state
