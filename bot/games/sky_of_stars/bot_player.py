"""The A Sky of Stars bot player: it cannot draw a word, but it can chase colour majorities.

A seat handed to the bot (after two missed deadlines, a kick or a leave; a merely late player
gets no move at all, see ``SkyOfStars.missed_deadline``), and every bot of a `/learn` table,
plays this way:

- It draws short legal lines (long ones block later rounds), towards the colour whose majority
  is the closest race (``wanted``): a lead of a few stars to keep, or one to take back.
- It calls STOP when that pays (``stop_pays``): when its fresh stars run out (it would sit the
  next rolls out while the others draw on, or the rounds still to come would find its vault
  full), or in the last round when it is clearly ahead on
  what everyone has seen. Otherwise it lets a round run: a longer round is more stars, and more
  majorities, for a player who keeps its vault open. (Calling STOP from a fixed roll on lost
  it most games against random play; see docs/benchmarks.md, "Bot strength".)
- On a swirl it crosses out a star next to its neighbour's drawing, of a colour they race for.
- It begins each drawing on a star that says its secret number (``code``: by its column), and
  when guessing reads that number off the drawing up for guessing, when its artist has signed
  every revealed drawing so (a bot does; a person's drawing is guessed at random, which is all a
  drawing the bot can't read is worth, and never less than not guessing).

Only what its seat may see: its own vault and number, the others' drawings as they are shown.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.base import Action, State
from bot.games.rng import Rng
from bot.games.sky_of_stars.components import Shape, load_vault
from bot.games.sky_of_stars.flow import artist
from bot.games.sky_of_stars.model import NUMBERS, ROUNDS, ActionKind, left_of
from bot.games.sky_of_stars.moves import Board

OPEN_SHAPES_LEFT = 1  # STOP once the seat can reach this few of the die's shapes (fresh stars run out)
AHEAD = 3  # in the last round, STOP when ahead of everyone by this much on what all have seen
SAFE = 3  # a colour led by this many stars is safe: a star more there is worth little
RACE = 3  # a colour trailed by more than this is out of reach for now


def colour_of(label: str) -> str:
    vault = load_vault()
    return vault.stars[vault.index[label]].colour.value


def colours_used(state: State, seat: int) -> Counter[str]:
    """Stars per colour over the seat's constellations, this round's included."""
    vault = state["vaults"][seat]
    constellations = [*vault.get("past", []), vault.get("current") or {}]
    return Counter(colour_of(label) for c in constellations for label in c.get("stars", []))


def favourite(counts: Counter[str]) -> str | None:
    return counts.most_common(1)[0][0] if counts else None


def shown_colours(state: State, seat: int) -> Counter[str]:
    """Stars per colour over a seat's earlier rounds: what everyone has seen of its drawings."""
    return Counter(
        colour_of(label) for c in state["vaults"][seat].get("past", []) for label in c.get("stars", [])
    )


def wanted(state: State, seat: int) -> str:
    """The colour whose majority a star is worth most for now: the closest race (a lead of one
    to keep, or a lead to take back), not one already safe nor one out of reach. Only what the
    seat may know: its own stars, and the others' drawings of earlier rounds."""
    mine = colours_used(state, seat)
    others = [shown_colours(state, s) for s in range(state["seats"]) if s != seat]
    colours = ("yellow", "red", "blue")
    margins = {c: mine[c] - max((o[c] for o in others), default=0) for c in colours}
    races = [c for c in colours if -RACE <= margins[c] < SAFE]
    if races:
        return min(races, key=lambda c: (abs(margins[c]), c))
    return max(colours, key=lambda c: (margins[c] < SAFE, margins[c], c))


def prefer(options: list[Action], rng: Rng, colour: str | None, key: str) -> Action:
    """A random option, among those reaching ``colour`` when there are any."""
    liked = [a for a in options if colour and colour_of(a[key]) == colour]
    return rng.choice(liked or options)


def length(action: Action) -> float:
    vault = load_vault()
    a, b = vault.stars[vault.index[action["from"]]], vault.stars[vault.index[action["to"]]]
    return ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5


def short_stroke(options: list[Action], rng: Rng, colour: str | None) -> Action:
    """Among the shortest few lines pick one, favouring ``colour``: short lines keep the vault
    open for later rounds (long ones block future lines), which adds up to more stars drawn."""

    def cost(action: Action) -> float:
        return length(action) * (0.75 if colour and colour_of(action["to"]) == colour else 1.0)

    ranked = sorted(options, key=cost)
    return rng.choice(ranked[:3])


def distance(a: str, b: str) -> float:
    vault = load_vault()
    one, two = vault.stars[vault.index[a]], vault.stars[vault.index[b]]
    return ((one.x - two.x) ** 2 + (one.y - two.y) ** 2) ** 0.5


def block(options: list[Action], state: State, seat: int, rng: Rng) -> Action:
    """The swirl's cancel: a star next to the neighbour's drawing (the one it would reach next),
    of a colour it races the seat for when there is one."""
    neighbour = left_of(seat, state["seats"])
    theirs = state["vaults"][neighbour].get("current", {}).get("stars", [])
    mine, rival = colours_used(state, seat), colours_used(state, neighbour)
    if not theirs:
        return prefer(options, rng, favourite(rival), "star")

    def cost(action: Action) -> tuple[float, float]:
        colour = colour_of(action["star"])
        racing = -RACE <= rival[colour] - mine[colour] <= RACE
        return (min(distance(action["star"], s) for s in theirs) * (0.7 if racing else 1.0), rng.random())

    return min(options, key=cost)


def code(label: str) -> int:
    """The number a starting star says by its column (A and F say 1, B and G 2…): a bot begins
    its drawing on a star that says its secret number, as a player might sign a drawing."""
    return (ord(label[0].upper()) - ord("A")) % len(NUMBERS) + 1


def signs(state: State, artist: int) -> bool:
    """Whether the artist's revealed drawings all began on a star saying their number (true of
    a bot; of a person only by chance, and then only until a reveal shows otherwise)."""
    for reveal in state["reveals"]:
        if reveal["artist"] == artist:
            drawing = next(
                (p for p in state["vaults"][artist]["past"] if p.get("round") == reveal["round"]), None
            )
            if drawing is None or not drawing.get("start") or code(drawing["start"]) != reveal["number"]:
                return False
    return True


def read(options: list[Action], state: State, rng: Rng) -> Action:
    """A guess from what the drawing up for guessing shows: the number its starting star says,
    when its artist has signed every drawing so far (it beats chance then: a bot artist's is
    always right); else a guess at random, which is all a drawing the bot can't read is worth."""
    shown = artist(state)
    start = state["vaults"][shown]["current"].get("start")
    if start and signs(state, shown):
        said = [a for a in options if a["number"] == code(start)]
        if said:
            return said[0]
    return rng.choice(options)


def open_shapes(state: State, seat: int) -> int:
    """How many of the die's three shapes the seat could still draw a line to this round."""
    board = Board(state["vaults"][seat])
    return sum(board.has_stroke(shape) for shape in Shape)


def used_its_share(state: State, seat: int) -> bool:
    """Whether this round's drawing has used its share of the stars still fresh (the vault's fresh
    stars shared evenly over this round and those left): the rounds after need theirs."""
    vault = state["vaults"][seat]
    drawn = len(vault["current"]["stars"])
    fresh = len(Board(vault).start_stars())  # this round's stars are still counted here
    return drawn >= fresh / (ROUNDS - state["round"] + 1)


def known_totals(state: State) -> list[int]:
    """Each seat's points so far plus the majorities its earlier rounds' drawings win: what every
    seat has seen (this round's drawings stay hidden until their guessing)."""
    seats = state["seats"]
    counts = [shown_colours(state, s) for s in range(seats)]
    totals = [sum(r["points"] for r in state["scores"][s]["rounds"]) for s in range(seats)]
    for colour in ("yellow", "red", "blue"):
        best = max(c[colour] for c in counts)
        for s in range(seats):
            totals[s] += best > 0 and counts[s][colour] == best
    return totals


def stop_pays(state: State, seat: int) -> bool:
    """STOP when it pays: the seat's fresh stars are running out (it would sit the next rolls out
    while the others draw on), or, in the last round, it is ahead by ``AHEAD`` and every roll
    more is a chance for the others to catch up."""
    if open_shapes(state, seat) <= OPEN_SHAPES_LEFT or used_its_share(state, seat):
        return True
    if state["round"] >= ROUNDS:
        totals = known_totals(state)
        return all(totals[seat] - totals[s] >= AHEAD for s in range(state["seats"]) if s != seat)
    return False


def choose(legal: list[Action], state: State, seat: int, rng: Rng) -> Action | None:
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(action["kind"], []).append(action)
    mine = wanted(state, seat)
    if ActionKind.STOP.value in kinds and ActionKind.STROKE.value in kinds and stop_pays(state, seat):
        return kinds[ActionKind.STOP.value][0]  # the caller still owes this roll's line: asked again
    if ActionKind.STROKE.value in kinds:
        return short_stroke(kinds[ActionKind.STROKE.value], rng, mine)
    if ActionKind.START.value in kinds:
        signed = [a for a in kinds[ActionKind.START.value] if code(a["star"]) == state["numbers"][seat]]
        return prefer(signed or kinds[ActionKind.START.value], rng, mine, "star")
    if ActionKind.CANCEL.value in kinds:
        return block(kinds[ActionKind.CANCEL.value], state, seat, rng)
    if ActionKind.GUESS.value in kinds:
        return read(kinds[ActionKind.GUESS.value], state, rng)
    if ActionKind.PASS.value in kinds:
        return kinds[ActionKind.PASS.value][0]
    return None


__all__: list[Any] = ["choose"]
