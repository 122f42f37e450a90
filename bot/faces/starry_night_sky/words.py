"""Starry Night Sky player-facing words: the rules summary, star colours, pools, goals, myths."""

from __future__ import annotations

import re
from typing import Any

from bot.games.base import View

SLUG = "starry-night-sky"
TITLE = "Starry Night Sky"
COLOURS = ("red", "blue", "yellow")
DOT = {"red": "\U0001f534", "blue": "\U0001f535", "yellow": "\U0001f7e1"}
STEP_TEXT = {
    "assign": "sorting new stars into pools",
    "move": "choosing where to explore",
    "place": "placing stars",
    "bonus_move": "on a bonus exploration: choosing where",
    "bonus_place": "on a bonus exploration: placing stars",
    "end": "trading goals or ending the turn",
}
MAX_OPTIONS = 25  # Discord's limit per select

RULES = """\
**Starry Night Sky** (2–4 players, turn by turn)
Steer your telescope across a sky of 28 constellations and fill their coloured star spots.
**Your turn, in your panel:**
• **Gather:** you get a goal card (up to 3 in hand) and one new star from the bag per pool that \
still has room; each new star goes into a different pool (a pool holds at most 4).
• **Explore:** move your telescope along the white paths to a constellation you can put a star on. \
START and finished constellations are passed over, never stopped on. Arriving first at an empty \
one takes the next Night Track marker (1, 2 or 3 points).
• **Place** any number of stars from ONE pool on empty spots of their own colour: 1 point each.
• Landed on a constellation that already had stars? Then you explore once more (the bonus).
• Any time after gathering you may hand in a goal card for a star of the colour you want.
**Goals** score by themselves as soon as you meet them. **Myth cards** (3 each) are secret: \
each names two constellations and scores at the end if both are finished, whoever filled them.
**End:** when the Night Track runs out, the round is played to its end (new discoveries then \
take 3-point Dawn markers). Most points wins; ties go to the most Myth points."""


def fill(sentence: str, names: list[str]) -> str:
    """An engine sentence with ``{0}``-style seats replaced by names (other braces left alone)."""
    return re.sub(r"\{(\d+)\}", lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], sentence)


def dots(stars: list[str]) -> str:
    """Stars as coloured dots each followed by its colour's letter (``🔴R 🔵B``): the colour is
    never the only signal, for players who can't tell the dots apart."""
    return " ".join(DOT.get(s, "?") + s[:1].upper() for s in stars) or "empty"


def counts_text(stars: dict[str, int]) -> str:
    parts = [f"{stars[c]} {c}" for c in COLOURS if stars.get(c)]
    return " + ".join(parts) or "nothing"


def pools_text(pools: list[list[str]]) -> str:
    return " · ".join(f"**{i + 1}** {dots(p)}" for i, p in enumerate(pools))


def myth_text(myth: dict[str, Any]) -> str:
    mark = "✅" if myth.get("scored") else "▫️"
    return f"{mark} {myth.get('a_name')} & {myth.get('b_name')} (+{myth.get('points')})"


def name_of(view: View, cid: str) -> str:
    return str((view.get("constellations") or {}).get(cid, {}).get("name", cid))


def me(view: View) -> dict[str, Any]:
    return view["players"][view["you"]]


def place_code(pool: int, stars: dict[str, int]) -> str:
    return f"{pool}{stars.get('red', 0)}{stars.get('blue', 0)}{stars.get('yellow', 0)}"


def parse_place(code: str) -> tuple[int, dict[str, int]]:
    return int(code[0]), {c: int(code[i + 1]) for i, c in enumerate(COLOURS)}


def progress_line(view: View, names: list[str]) -> str:
    """Whose turn it is and what they are doing, with the latest event."""
    turn = view.get("turn")
    if view["phase"] == "over" or not turn:
        return "The night is over."
    line = f"{names[turn['seat']]} is {STEP_TEXT.get(turn['step'], 'playing')}"
    if turn.get("points"):
        line += f" · {turn['points']} point{'s' if turn['points'] != 1 else ''} so far this turn"
    if turn.get("log"):
        line += f"\nLatest: {fill(turn['log'][-1], names)}"
    return line[:2000]



def describe_destination(view: View, dest: dict[str, Any]) -> str:
    bits = []
    if dest["discovery"]:
        bits.append(f"You discover it: **+{dest['points']}**." if dest["points"] else "You discover it (no "
                    "marker left to score).")
    else:
        bits.append("It already has stars, so a bonus exploration follows." if not view["choice"]["bonus"]
                    else "Partly mapped already.")
    if dest["skips"]:
        bits.append("Passing over " + ", ".join("START" if s == view["start"] else name_of(view, s)
                                                for s in dest["skips"]) + ".")
    fits = [f"pool {p['pool'] + 1}: up to {counts_text(p['max'])}" for p in dest["pools"]]
    bits.append("Fits " + "; ".join(fits) + ".")
    return " ".join(bits)


