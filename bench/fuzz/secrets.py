"""Each game's secrets at a moment of play, as patterns a public text must not match.

The same secrets the game tests look for (a Sky of Stars seat's number with its word, an
Observatory card no public view has shown, a Starry Night Sky Myth card, a Star Gazers Journal
card), read from the engine's own views. A finished game has revealed everything.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.games import get_game

Secrets = list[tuple[str, re.Pattern[str]]]  # (what, pattern)


def _literal(text: str) -> re.Pattern[str]:
    return re.compile(re.escape(text))


def _sky(state: dict[str, Any]) -> Secrets:
    game = get_game("sky-of-stars")
    public = game.view(state, None)
    revealed = {(r["round"], r["artist"]) for r in public["reveals"]}
    # Two seats may share a number: once one is revealed, "#n word" is public for this round.
    shown = {r["number"] for r in public["reveals"] if r["round"] == public["round"]}
    out: Secrets = []
    for seat in range(state["seats"]):
        secret = game.view(state, seat).get("secret")
        if secret and (public["round"], seat) not in revealed and secret["number"] not in shown:
            # on one line: the public card in an image draws every "#", number and word apart
            pattern = re.compile(rf"#[ \t]*{secret['number']}[ \t]+{re.escape(secret['word'])}", re.I)
            out.append((f"seat {seat}'s secret number", pattern))
    return out


def _observatory(state: dict[str, Any]) -> Secrets:
    from bot.games.observatory.components import load_cards

    cards = load_cards()
    shown = set(get_game("observatory").view(state, None).get("cards") or {})
    # A shown card's name may hold a secret one ("Head of Orion" holds "Orion"): look past it.
    names = sorted((cards[cid].name for cid in shown if cid in cards), key=len, reverse=True)
    public = "|".join(re.escape(name) for name in names)
    skip = rf"(?:{public})|" if public else ""
    return [
        (f"card {cid}", re.compile(rf"{skip}\b({re.escape(card.name)})\b"))
        for cid, card in cards.items()
        if cid not in shown
    ]


def _starry_night_sky(state: dict[str, Any]) -> Secrets:
    game = get_game("starry-night-sky")
    out: Secrets = []
    for seat in range(state["seats"]):
        for myth in game.view(state, seat)["my_myths"]:
            for label in (f"{myth['a_name']} & {myth['b_name']}", f"{myth['b_name']} & {myth['a_name']}"):
                out.append((f"seat {seat}'s Myth card", _literal(label)))
    return out


def _star_gazers(state: dict[str, Any]) -> Secrets:
    from bot.faces.star_gazers.art.cards import card_words

    game = get_game("star-gazers")
    board = [c for d in game.view(state, None)["journal_board"] for c in (d["top"], d["shown"]) if c]
    public = {c["id"] for c in board} | {card_words(c) for c in board}  # face up: not a secret
    found: set[str] = set()
    for seat in range(state["seats"]):
        view = game.view(state, seat)
        for card in (view.get("journal") or []) + (view.get("dealt") or []):
            found |= {card["id"], card_words(card)}
    return [("a Journal card", _literal(text)) for text in sorted(found - public)]


FINDERS: dict[str, Callable[[dict[str, Any]], Secrets]] = {
    "sky-of-stars": _sky,
    "observatory": _observatory,
    "starry-night-sky": _starry_night_sky,
    "star-gazers": _star_gazers,
}


def secrets_of(slug: str, state: dict[str, Any] | None) -> Secrets:
    if state is None or get_game(slug).is_over(state):
        return []
    return FINDERS[slug](state)
