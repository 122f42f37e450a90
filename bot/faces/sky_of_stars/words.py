"""A Sky of Stars player-facing words: the rules summary, die faces, star names, labels.

Constants are marked with ``N_`` and translated where they are used, in the reader's language.
The card words are not here: each language has its own deck (``bot/games/sky_of_stars/data``).
"""

from __future__ import annotations

from bot.games.base import View
from bot.games.sky_of_stars.components import load_vault
from bot.i18n import N_, NP_, _, pgettext
from bot.i18n.waiting import waiting_for

SLUG = "sky-of-stars"
FACE_TEXT = {
    "four": N_("a four-pointed star"),
    "five": N_("a five-pointed star"),
    "eight": N_("an eight-pointed star"),
    "any": N_("the question mark (any star)"),
    "swirl": N_("the swirl"),
}
SHAPE_TEXT = {"four": N_("4-point"), "five": N_("5-point"), "eight": N_("8-point")}
COLOUR_TEXT = {
    "yellow": NP_("star colour", "yellow"),
    "red": NP_("star colour", "red"),
    "blue": NP_("star colour", "blue"),
}
HALVES = {"a": "ABCD", "b": "EFGH"}
HALF_NAMES = {"a": N_("columns A–D"), "b": N_("columns E–H")}

RULES = N_("""\
**A Sky of Stars** (3–6 players, about 20 minutes)
Every round a card with five words is turned up and each of you secretly gets a number from 1 to 5: \
that is the word you must draw as a constellation on your own star vault.
• Pick a starting star that none of your earlier constellations used.
• The bot rolls the Star Die for everyone. A star shape means: connect one star of your \
constellation to a fresh star of that shape. The **?** lets you connect to any fresh star. \
The **swirl** means: cross out one unused star on the vault of the player to your left.
• A line may not run over another star (crossed-out ones don't count) and may not cut a line \
of one of your earlier constellations. No legal line? You sit that roll out.
• Anyone may press **STOP**: after the current roll, everyone else gets one last optional line.
• Then each drawing is shown in turn and the others guess its number in secret.
**Points** each round: one per player who guessed your drawing, one per drawing you guessed, \
and a bonus point if everybody guessed yours. After three rounds, whoever used the most stars \
of a colour gets 1 more point for it (ties all get it). Ties on points go to the most bonus \
boxes, then the most colour points; after that the win is shared.""")


def round_title(view: View) -> str:
    """The title of the game's messages: "A Sky of Stars · Round 2/3"."""
    return _("A Sky of Stars · Round {round}/{rounds}", round=view["round"], rounds=view["rounds"])


def face_text(face: str) -> str:
    """A die face in words ("a four-pointed star"), in the current language."""
    return _(FACE_TEXT[face])


def star_description(label: str) -> str:
    """ "4-point yellow": what a star looks like, under its label in a picker."""
    vault = load_vault()
    star = vault.stars[vault.index[label]]
    colour = pgettext("star colour", COLOUR_TEXT[star.colour.value])
    return _("{shape} {colour}", shape=_(SHAPE_TEXT[star.shape.value]), colour=colour)


def names_list(seats: list[int], names: list[str]) -> str:
    return ", ".join(names[s] for s in seats) or _("nobody")


def progress_line(view: View, names: list[str], *, who: bool = True) -> str:
    """One public line on who has decided, e.g. "2 of 3 locked in · Waiting for Ada"; without
    ``who`` (the board, which `/game status` follows with whom it waits for) only the count."""
    if view["phase"] == "reveal":  # a reveal's pause waits on nobody
        return _("The answer is out: the game goes on when the time runs out.")
    locked, waiting = view["locked"], view["waiting"]
    counts = {"locked": len(locked), "total": len(locked) + len(waiting)}
    if view.get("skipped"):
        line = _(
            "{locked} of {total} locked in · sitting out: {names}",
            names=names_list(view["skipped"], names),
            **counts,
        )
    else:
        line = _("{locked} of {total} locked in", **counts)
    said = waiting_for(waiting, names) if who else ""  # whom to nudge, the same words in every game
    return f"{line} · {said}" if said else line


DO_LABELS = {"stop": N_("STOP"), "pass": N_("Skip my last line")}
"""Button labels by action kind (translated where the button is made)."""


def stop_confirm_text() -> str:
    """The question a STOP click asks first: STOP ends the drawing for everyone."""
    return _(
        "**STOP** ends the drawing for everyone once this roll is done: after it, the others "
        "get one last line and you don't. Call it?"
    )


def stop_line(view: View, names: list[str]) -> str | None:
    """In a panel once STOP is called: who called it, and what is left of the drawing."""
    caller, phase = view.get("stop_by"), view.get("phase")
    if caller is None or phase not in ("stroke", "swirl", "final"):
        return None
    mine = view.get("you") == caller
    if phase == "final":
        if mine:
            return _("You called **STOP**: the others draw their optional last line, then the guessing.")
        return _(
            "**{name}** called **STOP**: one optional last line is left, then the guessing.",
            name=names[caller],
        )
    if mine:
        return _(
            "You called **STOP**: this roll is the last. Finish it; then the others may draw one "
            "optional last line."
        )
    return _(
        "**{name}** called **STOP**: this roll is the last. Finish it; then you may draw one "
        "optional last line.",
        name=names[caller],
    )


PLACEHOLDERS = {
    "start": (N_("Pick a starting star"), N_("Pick a starting star ({columns})")),
    "end": (N_("Pick the star to draw a line to"), N_("Pick the star to draw a line to ({columns})")),
    "via": (N_("Draw it from another star of yours"), N_("Draw it from another star of yours")),
    "from": (N_("Pick a star to draw from"), N_("Pick a star to draw from ({columns})")),
    "cancel": (N_("Pick a star to cross out"), N_("Pick a star to cross out ({columns})")),
    "to": (N_("Pick a star to connect to"), N_("Pick a star to connect to ({columns})")),
}
"""A picker's placeholder by stage: over the whole vault, or over the columns of one half."""


def placeholder(stage: str, half: str) -> str:
    whole, part = PLACEHOLDERS.get(stage.partition(".")[0], PLACEHOLDERS["to"])
    if half in HALF_NAMES:  # "w": the whole vault
        return _(part, columns=_(HALF_NAMES[half]))
    return _(whole)


def done_text(kind: str, arg: str) -> str:
    """What a played button did, said back to its player."""
    if kind == "start":
        return _("Starting star **{star}** circled.", star=arg)
    if kind == "stroke":
        start, _dash, end = arg.partition("-")
        return _("Line **{start} → {end}** drawn.", start=start, end=end)
    if kind == "cancel":
        return _("Star **{star}** will be crossed out when everyone has chosen.", star=arg)
    if kind == "stop":
        return _("**STOP** is called.")  # the panel's STOP line says what is left
    if kind == "pass":
        return _("You skipped your last line.")
    return _("Your guess, **#{number}**, is locked in. You may change it until the reveal.", number=arg)


def option_description(star: str, origins: list[str] | None) -> str:
    """ "4-point yellow", and for a line's end where the line would start: "… · from C4"."""
    described = star_description(star)
    if not origins:
        return described
    if len(origins) == 1:
        return _("{star} · from {origin}", star=described, origin=origins[0])
    return _(
        "{star} · from {origin} (nearest) or {others}",
        star=described,
        origin=origins[0],
        others=", ".join(origins[1:]),
    )[:100]
