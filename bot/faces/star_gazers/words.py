"""Star Gazers player-facing words: the rules summary, tokens, tiles, rounds and the Journal.

Constants are marked with ``N_`` and said with ``_()`` where they are used, in the reader's
language; ``catalog_texts`` lists the names that live in the game's JSON data.
"""

from __future__ import annotations

from typing import Any

from bot.faces.star_gazers.art.cards import card_words
from bot.games.base import View
from bot.games.star_gazers.components import load_constellations
from bot.games.star_gazers.model import KIND_NAMES
from bot.games.star_gazers.texts import EVENT_NAMES
from bot.i18n import _, ngettext
from bot.i18n.msg import N_
from bot.i18n.waiting import bot_plays, waiting_for

SLUG = "star-gazers"
TITLE = N_("Star Gazers")
KINDS = {**KIND_NAMES, "photo": N_("Photo")}  # the rules' names, with a Photo short enough for a tile
HALF = {
    "star": N_("½ Star"),
    "wild": N_("½ any planet"),
    "ringed": N_("½ ringed planet"),
    "banded": N_("½ banded planet"),
    "cratered": N_("½ cratered planet"),
    "icy": N_("½ icy planet"),
}
# i18n: what a Shuttle space of the Journal board gives
BONUS_WORDS = {
    "gain": N_("take a bonus token"),
    "move_token": N_("move a token"),
    "move_tile": N_("move a tile"),
    "journal": N_("take a Journal card"),
}

RULES = N_("""\
**Star Gazers** (2–4 players, about 40 minutes)
You fill a 4 × 4 Mural of Galaxy tiles, drafting one square of the Universe board per turn.
• At the start you are dealt two secret Journal cards and keep one.
• On your turn take the tile **and** the token of one Universe square, and place both in either \
order. The tile goes on any empty square of your Mural, turned as you like; the token on a square \
without a round token, in your Reserve (two spaces), or, for a Space Shuttle, on a Shuttle space \
of your Journal board for its bonus (a bonus token, move a token, move a tile once, or a new \
Journal card). A Black Hole goes on top of another round token. Reserve tokens can be played at \
any moment of your turn.
• Half Planets and half Stars on tile edges complete when matching halves touch (a wild half \
matches any planet half; two wild halves may never be placed side by side).
• Whoever takes the last square of a round also takes one round and one hexagonal bonus token.
• Nothing is final until you press **Confirm**; **Undo** starts your turn again.
**Points** at the end: photos of different events (1/2/5/8/12), Telescopes on completed Journal \
cards (3 each), Stars placed like a Constellation card (any rotation), 1 per Comet, Meteor, Moon \
and Space Station, 2 per Black Hole and completed Planet. Ties go to the most Telescopes.""")
NOT_OFFERED = N_("That isn't one of the choices your panel offers. Pick one from its menu.")


def catalog_texts() -> list[str]:
    """Names that live in the JSON data, for the catalog: the Constellation cards."""
    return [card.name for card in load_constellations()]


def titled(step: str) -> str:
    """A message title: the game's name, then where the game stands."""
    # i18n: a message title: the game's name, then the step ("Star Gazers · Round 2/4 · pick 3/8")
    return _("{game} · {step}", game=_(TITLE), step=step)


def kind_word(kind: Any) -> str:
    """A token or icon kind in words ("Moon"); an unknown kind as it is."""
    return _(KINDS[kind]) if kind in KINDS else str(kind)


def event_word(event: Any) -> str:
    return _(EVENT_NAMES[event]) if event in EVENT_NAMES else str(event)


def token_words(token: Any) -> str:
    if not isinstance(token, dict):
        return _("nothing")
    name = kind_word(token.get("kind"))
    if token.get("kind") == "photo" and token.get("event"):
        # i18n: a Photo Opportunity token with its celestial event ("Photo (eclipse)")
        name = _("Photo ({event})", event=event_word(token["event"]))
    # i18n: a Bonus token ("bonus Moon")
    return _("bonus {token}", token=name) if token.get("bonus") else name


def tile_words(tile: dict[str, Any]) -> str:
    printed = [kind_word(i) for i in tile.get("icons", [])]
    halves = [_(HALF[e]) if e in HALF else e for e in tile.get("edges", []) if e]
    return ", ".join(printed + halves) or _("empty tile")


def round_line(view: View) -> str:
    if view["phase"] == "journal":
        return _("Setup")
    if view["phase"] == "over":
        return _("Game over")
    return _(
        "Round {round}/{rounds} · pick {pick}/{picks}",
        round=view["round"],
        rounds=view["rounds"],
        pick=view["pick"],
        picks=view["picks_per_round"],
    )


def progress_line(view: View, names: list[str]) -> str:
    """Who must act now: the Journal keepers at setup, else the seat whose turn it is."""
    if view["phase"] == "journal":
        kept = view["seats"] - len(view["waiting"])
        line = ngettext(
            "{n} of {seats} have kept a Journal card",
            "{n} of {seats} have kept a Journal card",
            kept,
            seats=view["seats"],
        )
        who = waiting_for(view["waiting"], names)
        return f"{line} · {who}" if who else line
    if view["phase"] == "over":
        return _("Game over")
    if bot_plays(names, view["turn"]):  # "Bot 1 is playing…", as every game says it
        return waiting_for([view["turn"]], names)
    return _("{name} is choosing (nothing is final until they confirm)", name=names[view["turn"]])


def journal_lines(view: View) -> list[str]:
    cards = view.get("journal") or []
    if not cards:
        return []
    return ["", _("**Your Journal** (secret):")] + [
        f"{'✅' if c.get('complete') else '▫️'} {card_words(c)}" for c in cards
    ]
