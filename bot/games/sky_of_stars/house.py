"""House words: word cards a server writes for A Sky of Stars, checked like the built-in decks.

The rules never read storage: the Discord side puts the server's cards in the game's options
(``HOUSE_KEY``) when the game starts, so they are stored with the game and a replay deals the
same deck from the seed. ``WORDS_KEY`` says which deck is dealt: the built-in one of the table's
language, the server's, or both. The checks here are the ones ``/words`` applies to new cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.base import HOUSE_WORDS, IllegalAction
from bot.games.sky_of_stars.components import DEFAULT_DECK, WORDS_PER_CARD, load_cards
from bot.games.sky_of_stars.model import ROUNDS
from bot.games.text import skeleton
from bot.i18n.msg import M_, MN_, Msg

HOUSE_KEY = HOUSE_WORDS
"""Options key: the server's cards, a list of five-word lists (added when the game starts)."""
WORDS_KEY = "words"
"""Options key: which deck is dealt (``BUILT_IN``, ``HOUSE`` or ``BOTH``)."""
BUILT_IN, HOUSE, BOTH = 0, 1, 2
MAX_WORD_LENGTH = 20
"""Longer than any built-in word (14), short enough for a panel's line and a guess button."""
MAX_HOUSE_CARDS = 100
MIN_HOUSE_CARDS = ROUNDS
"""A game deals one card a round, so the server's deck alone needs one for each."""
_MARKS = frozenset(" -'’")
"""Besides letters and digits, the only characters a word may have: nothing Discord reads as a
mention, a link, an emoji or markup (``@ < > * _ ` ~ | # : [ ]``) can reach a message."""

Card = tuple[str, ...]


def word_problem(word: Any) -> Msg | None:
    """Why ``word`` cannot be on a card, or None."""
    if not isinstance(word, str) or not word.strip():
        return M_("a word is empty.")
    if word != " ".join(word.split()):
        return M_("{word} has spaces around it or two in a row.", word=repr(word[:MAX_WORD_LENGTH]))
    if len(word) > MAX_WORD_LENGTH:
        return MN_(
            "{word} is longer than {n} character.",
            "{word} is longer than {n} characters.",
            MAX_WORD_LENGTH,
            word=word[:MAX_WORD_LENGTH] + "…",
        )
    bad = next((char for char in word if not (char.isalnum() or char in _MARKS)), None)
    if bad is not None:
        return M_(
            "{word} has a character a word can't have ({char}): use letters, digits, spaces, "
            "hyphens and apostrophes only.",
            word=repr(word),
            char=repr(bad),
        )
    return None


def card_problem(words: Any) -> Msg | None:
    """Why ``words`` is not a card (five distinct, valid words), or None."""
    if not isinstance(words, list | tuple) or len(words) != WORDS_PER_CARD:
        count = len(words) if isinstance(words, list | tuple) else 0
        return MN_(
            "a card needs exactly five words; this one has {n}.",
            "a card needs exactly five words; this one has {n}.",
            count,
        )
    for word in words:
        problem = word_problem(word)
        if problem is not None:
            return problem
    folded = [skeleton(word) for word in words]
    twice = next((word for word, key in zip(words, folded, strict=True) if folded.count(key) > 1), None)
    if twice is not None:
        return M_("{word} is on the card twice.", word=twice)
    return None


def card_problems(
    cards: Sequence[Any], names: Sequence[str], taken: dict[str, str] | None = None
) -> list[tuple[int, Msg]]:
    """Each bad card's index and its problem: a bad card, or a word already on another card.

    ``names`` name the cards (a line number, a card number) for the message about a shared word;
    ``taken`` maps each word already in the deck (by its ``skeleton``: look-alikes, case and
    width aside, are one word) to the name of its card."""
    seen = dict(taken or {})
    problems: list[tuple[int, Msg]] = []
    for index, (words, name) in enumerate(zip(cards, names, strict=True)):
        problem = card_problem(words)
        if problem is None:
            shared = next((word for word in words if skeleton(word) in seen), None)
            if shared is not None:
                problem = M_("{word} is already on {other}.", word=shared, other=seen[skeleton(shared)])
        if problem is not None:
            problems.append((index, problem))
            continue
        seen.update({skeleton(word): name for word in words})
    return problems


def house_cards(options: dict[str, Any]) -> tuple[Card, ...]:
    """The server's cards stored in ``options``, checked (a broken stored deck is refused)."""
    raw = options.get(HOUSE_KEY) or []
    if not isinstance(raw, list) or len(raw) > MAX_HOUSE_CARDS:
        raise IllegalAction(
            M_("The server's deck of words is not a list of at most {max} cards.", max=MAX_HOUSE_CARDS)
        )
    names = [str(i) for i in range(1, len(raw) + 1)]
    problems = card_problems(raw, names)
    if problems:
        index, problem = problems[0]
        raise IllegalAction(M_("House card {n}: {problem}", n=index + 1, problem=problem))
    return tuple(tuple(words) for words in raw)


def check_words_option(options: dict[str, Any]) -> None:
    """Refuse a ``words`` choice that is not a deck, and stored house cards that are not cards."""
    if options.get(WORDS_KEY, BUILT_IN) not in (BUILT_IN, HOUSE, BOTH):
        raise IllegalAction(M_("`words` must be 0 (built-in), 1 (the server's) or 2 (both)."))
    house_cards(options)


def dealt_cards(options: dict[str, Any]) -> tuple[Card, ...]:
    """The cards a game deals from, in a fixed order (the seed shuffles their indices); the
    options are the ones ``validate_options`` checked.

    Both decks: the built-in cards, less any that shares a word with a house card (no word is
    ever on two cards), then the server's. A game stored before house words deals the built-in."""
    built_in = load_cards(options.get("deck", DEFAULT_DECK))
    choice = options.get(WORDS_KEY, BUILT_IN)
    if choice == BUILT_IN:
        return built_in
    house = tuple(tuple(words) for words in options.get(HOUSE_KEY) or [])  # checked at setup
    if choice == HOUSE:
        if len(house) < MIN_HOUSE_CARDS:
            raise IllegalAction(
                MN_(
                    "The server's deck has {n} card; a game needs at least {min}. Add some with "
                    "`/words add` or `/words upload`, or play the built-in deck.",
                    "The server's deck has {n} cards; a game needs at least {min}. Add some with "
                    "`/words add` or `/words upload`, or play the built-in deck.",
                    len(house),
                    min=MIN_HOUSE_CARDS,
                )
            )
        return house
    words = {word.casefold() for card in house for word in card}
    kept = tuple(card for card in built_in if not any(word.casefold() in words for word in card))
    return kept + house
