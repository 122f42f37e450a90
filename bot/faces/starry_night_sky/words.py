"""Starry Night Sky player-facing words: the rules summary, star colours, pools, goals, myths.

Everything here is said in the current language (``bot.i18n``): names and goal texts come
from the views in English and are looked up in the catalog (``catalog_texts`` lists them).
"""

from __future__ import annotations

import re
from typing import Any

from bot.games.base import View
from bot.games.starry_night_sky.components import START, load_goals, load_map
from bot.games.starry_night_sky.phrases import START_NAME, colour_count, colour_word
from bot.i18n import N_, NP_, _, ngettext, pgettext, translate
from bot.i18n.waiting import bot_plays, listed, seat_name, waiting_for

SLUG = "starry-night-sky"
TITLE = N_("Starry Night Sky")
COLOURS = ("red", "blue", "yellow")
DOT = {"red": "\U0001f534", "blue": "\U0001f535", "yellow": "\U0001f7e1"}
# The letter after each dot, so the colour is never the only signal (Italian: R, B, G).
LETTER = {
    "red": NP_("colour letter", "R"),
    "blue": NP_("colour letter", "B"),
    "yellow": NP_("colour letter", "Y"),
}
STEP_TEXT = {
    "assign": N_("{name} is sorting new stars into pools"),
    "move": N_("{name} is choosing where to explore"),
    "place": N_("{name} is placing stars"),
    "bonus_move": N_("{name} is on a bonus exploration: choosing where"),
    "bonus_place": N_("{name} is on a bonus exploration: placing stars"),
    "end": N_("{name} is trading goals or ending the turn"),
}
PLAYING = N_("{name} is playing")
MAX_OPTIONS = 25  # Discord's limit per select

RULES = N_("""\
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
take 3-point Dawn markers). Most points wins; ties go to the most Myth points.""")


def catalog_texts() -> list[str]:
    """Texts that live in the data files: constellation names and goal cards (for the catalog)."""
    names = [c.name for c in load_map().constellations.values()]
    return names + list(dict.fromkeys(g.text for g in load_goals().values()))


def place_name(name: str) -> str:
    """A constellation's name (English in the view, a catalog entry) in the reader's language."""
    return _(START_NAME) if name == START else _(name)


def colour(name: str, n: int = 1) -> str:
    """A star colour said of ``n`` stars ("red"; Italian "rossa", "rosse")."""
    return translate(colour_word(name, n))


def heading(view: View) -> str:
    return _("{title} · Round {round}", title=_(TITLE), round=view["round"])


def and_list(items: list[str]) -> str:
    """``A, B and C`` in the reader's language."""
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return _("{first} and {second}", first=items[0], second=items[1])
    return _("{first}, {rest}", first=items[0], rest=and_list(items[1:]))


def or_list(items: list[str]) -> str:
    """``A or B or C`` in the reader's language."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} or {second}", first=items[0], second=or_list(items[1:]))


def fill(sentence: str, names: list[str]) -> str:
    """An engine sentence with ``{0}``-style seats replaced by names (other braces left alone)."""
    return re.sub(r"\{(\d+)\}", lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], sentence)


def said(sentence: str, names: list[str]) -> str:
    """A sentence from the rules (a ``Msg``) in the reader's language, with the seats' names in it."""
    return fill(translate(sentence), names)


def dots(stars: list[str]) -> str:
    """Stars as coloured dots each followed by its colour's letter (``🔴R 🔵B``): the colour is
    never the only signal, for players who can't tell the dots apart."""
    return " ".join(
        DOT.get(s, "?") + (pgettext("colour letter", LETTER[s]) if s in LETTER else s[:1].upper())
        for s in stars
    ) or pgettext("star pool", "empty")


def counts_text(stars: dict[str, int]) -> str:
    parts = [translate(colour_count(c, stars[c])) for c in COLOURS if stars.get(c)]
    return " + ".join(parts) or pgettext("stars", "nothing")


def pools_text(pools: list[list[str]]) -> str:
    return " · ".join(f"**{i + 1}** {dots(p)}" for i, p in enumerate(pools))


def myth_text(myth: dict[str, Any]) -> str:
    mark = "✅" if myth.get("scored") else "▫️"
    return _(
        "{mark} {first} & {second} (+{points})",
        mark=mark,
        first=place_name(str(myth.get("a_name"))),
        second=place_name(str(myth.get("b_name"))),
        points=myth.get("points"),
    )


def name_of(view: View, cid: str) -> str:
    return place_name(str((view.get("constellations") or {}).get(cid, {}).get("name", cid)))


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
        return _("The night is over.")
    if bot_plays(names, turn["seat"]):  # "Bot 1 is playing…", as every game says it
        line = waiting_for([turn["seat"]], names)
    else:
        line = _(STEP_TEXT.get(turn["step"], PLAYING), name=names[turn["seat"]])
    if turn.get("points"):
        line += " · " + ngettext("{n} point so far this turn", "{n} points so far this turn", turn["points"])
    if turn.get("log"):
        line += "\n" + _("Latest: {event}", event=said(turn["log"][-1], names))
    return line[:2000]


def next_turn_line(view: View, names: list[str]) -> str:
    """What comes next for a waiting seat (``view["you"]``): whose turns come before theirs and
    what their own turn will ask, or that dawn's round leaves them no turn."""
    seat, current, seats = view["you"], view.get("current"), view["seats"]
    if view["phase"] == "over" or current is None or current == seat:
        return ""
    if view.get("dawn") and seat < current:  # dawn's round ends with the last seat: no turn left
        return _("Dawn has come and your last turn is played: the night ends with this round.")
    ahead = [seat_name(names, (current + k) % seats) for k in range((seat - current) % seats)]
    return ngettext(
        "Next for you: your turn, after {names}'s. You will gather new stars, explore and place "
        "them: your panel shows your turn when it comes.",
        "Next for you: your turn, after {names}. You will gather new stars, explore and place "
        "them: your panel shows your turn when it comes.",
        len(ahead),
        names=listed(ahead),
    )
