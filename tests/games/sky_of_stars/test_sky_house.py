"""House words in the rules: cards checked like the built-in decks, dealt from the game's options
(never from storage), and a game dealt from them replays from its seed and options."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.replay import replay
from bot.games.rng import Rng
from bot.games.sky_of_stars import GAME
from bot.games.sky_of_stars.components import load_cards
from bot.games.sky_of_stars.flow import card_words
from bot.games.sky_of_stars.house import (
    BOTH,
    BUILT_IN,
    HOUSE,
    card_problem,
    card_problems,
    dealt_cards,
    word_problem,
)
from bot.games.sky_of_stars.simulate import random_move

HOUSE_DECK = [
    ["teapot", "lighthouse", "kite", "snail", "violin"],
    ["l'orologio", "ciliegia", "farfalla", "treno", "tazza"],
    ["rocket", "cactus", "umbrella", "whale", "bridge"],
    ["sun", "moon", "saturn", "comet", "owl"],
]


def test_a_card_needs_five_distinct_plain_words_of_limited_length() -> None:
    assert card_problem(HOUSE_DECK[0]) is None
    assert "five words" in card_problem(HOUSE_DECK[0][:4])
    assert "twice" in card_problem(["Kite", "kite", "a", "b", "c"])
    assert "longer than 20" in word_problem("x" * 21)
    assert word_problem("x" * 20) is None
    assert "empty" in word_problem("  ")
    assert "two in a row" in word_problem("frying  pan")
    for markup in ("<@123>", "@everyone", "**bold**", "a_b", "`code`", "~~x~~", "||x||", "#x", "<:e:1>"):
        assert "letters, digits" in word_problem(markup), markup
    for fine in ("l'été", "jack-o-lantern", "über", "7 seas", "it’s"):
        assert word_problem(fine) is None, fine


def test_no_word_is_on_two_cards_and_each_bad_card_is_named() -> None:
    cards = [HOUSE_DECK[0], ["teapot", "a", "b", "c", "d"], ["one", "two"], HOUSE_DECK[2]]
    problems = card_problems(cards, ["line 1", "line 2", "line 5", "line 6"], {"whale": "card 9"})
    assert [index for index, _ in problems] == [1, 2, 3]
    assert "teapot is already on line 1" in problems[0][1]
    assert "this one has 2" in problems[1][1]
    assert "whale is already on card 9" in problems[2][1]


def test_the_game_deals_the_house_deck_the_built_in_or_both() -> None:
    built_in = load_cards("en")
    assert dealt_cards({}) == built_in
    assert dealt_cards({"words": HOUSE, "house": HOUSE_DECK}) == tuple(map(tuple, HOUSE_DECK))
    both = dealt_cards({"words": BOTH, "house": HOUSE_DECK})
    # a built-in card sharing a word with a house card (moon, sun…) makes way for it
    assert both[-len(HOUSE_DECK) :] == tuple(map(tuple, HOUSE_DECK))
    words = [word for card in both for word in card]
    assert len(words) == len(set(words)) and len(both) < len(built_in) + len(HOUSE_DECK)
    state = GAME.setup(3, {"words": HOUSE, "house": HOUSE_DECK}, 11)
    assert card_words(state) in HOUSE_DECK


def test_too_few_or_broken_house_cards_are_refused_at_setup() -> None:
    with pytest.raises(IllegalAction, match="has 2 cards"):
        GAME.setup(3, {"words": HOUSE, "house": HOUSE_DECK[:2]}, 1)
    with pytest.raises(IllegalAction, match="House card 2"):
        GAME.setup(3, {"words": BOTH, "house": [HOUSE_DECK[0], ["<@1>", "a", "b", "c", "d"]]}, 1)
    with pytest.raises(IllegalAction):
        GAME.validate_options({"words": 3})
    assert GAME.validate_options({"words": HOUSE})["words"] == HOUSE  # the cards come at the start
    assert not GAME.wants_house_words({"words": BUILT_IN}) and GAME.wants_house_words({"words": BOTH})


def test_a_house_game_replays_from_its_seed_and_options() -> None:
    options = GAME.validate_options({"words": HOUSE, "house": HOUSE_DECK, "reveal_pause": 0})
    state, log, rng, dealt = GAME.setup(3, options, 21), [], Rng(5), set()
    while not GAME.is_over(state):
        dealt.add(tuple(card_words(state)))
        seat, action = random_move(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
        log.append((seat, action))
    assert len(dealt) == 3 and dealt <= {tuple(card) for card in HOUSE_DECK}
    assert replay(GAME, 3, options, 21, log) == state
