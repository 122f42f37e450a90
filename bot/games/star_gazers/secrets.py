"""What each viewer may not know in Star Gazers, for ``Game.disguise``.

Secret from a viewer: the RNG, the order of the bag and of each Journal deck below its top card,
other seats' Journal cards (until the game is over) and dealt cards, and the draft of a turn
that is not the viewer's (the public sees a turn once it is confirmed).
"""

from __future__ import annotations

from bot.games.base import RNG_FLIP, State, copy_json, renamed
from bot.games.star_gazers.flow import fresh_work


def hidden_cards(state: State, viewer: int | None) -> set[str]:
    """Journal card ids ``viewer`` may not see: other seats' hands and dealt cards, the decks."""
    tables = [state]
    if state["turn"] is not None and state["turn"]["seat"] == viewer:
        tables.append(state["turn"]["work"])  # the drafter sees the card under one it took
    shown = {c for t in tables for d in t["decks"].values() for c in d[:1]}
    shown |= {c for t in tables for c in t["shown"].values() if c}
    hidden = {c for d in state["decks"].values() for c in d[1:]}
    if state["phase"] != "over":
        for seat, player in enumerate(state["players"]):
            if seat != viewer:
                hidden.update(player["journal"])
                hidden.update((state["dealt"] or [[]] * state["seats"])[seat])
                hidden.update(c for c in [(state["kept"] or [None] * state["seats"])[seat]] if c)
    return hidden - shown


def shuffled(ids: set[str]) -> dict[str, str]:
    """Each hidden card renamed to another hidden card of its level: views score every Journal
    (hiding the points of a secret one), so the names must stay real cards."""
    names: dict[str, str] = {}
    for level in {ident.rsplit("-", 1)[0] for ident in ids}:
        same = sorted(i for i in ids if i.rsplit("-", 1)[0] == level)
        names.update(zip(same, same[1:] + same[:1], strict=True))
    return names


def disguise(state: State, viewer: int | None) -> State:
    s = copy_json(state)
    turn = s["turn"]
    if turn is not None and turn["seat"] != viewer:
        turn.update(picked=None, queue=[], changed=False, notes=[], work=fresh_work(s, turn["seat"]))
    s = renamed(s, shuffled(hidden_cards(s, viewer)))
    s["rng"] ^= RNG_FLIP
    s["bag"].reverse()
    for deck in s["decks"].values():
        deck[1:] = reversed(deck[1:])
    return s
