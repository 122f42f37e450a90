"""The pieces the rules' sentences are made of, as ``Msg`` so each reader gets their language.

A constellation's name, a colour said of ``n`` stars (Italian adjectives agree: "rossa", "rosse"),
a placement ("2 red and 1 blue") and a list ("A, B and C"). Only ``bot.i18n.msg`` is used:
the rules stay pure, and the Discord layer translates these where they are read.
"""

from __future__ import annotations

from bot.games.starry_night_sky.components import COLOURS, START, load_map
from bot.i18n.msg import M_, MN_, N_, Msg

START_NAME = N_("START")


def who(seat: int) -> str:
    """A seat as a sentence's ``{player}``: ``{2}`` stays in the text until names are filled in
    (``.format(*names)``), so one message id serves every seat."""
    return "{" + str(seat) + "}"


def sky_name(node: str) -> Msg:
    """A constellation's (or START's) name, translated where it is read (the names are in the catalog)."""
    if node == START:
        return M_(START_NAME)
    return Msg(load_map().constellations[node].name)


def colour_word(colour: str, n: int = 1) -> Msg:
    """The colour said of ``n`` stars or spots: "red" (Italian "rossa"/"rosse")."""
    # i18n: a colour as an adjective of stars ("stella", feminine); the plural form is for 2+ stars.
    if colour == "red":
        return MN_("red", "red", n)
    if colour == "blue":
        return MN_("blue", "blue", n)
    return MN_("yellow", "yellow", n)


def colour_count(colour: str, n: int) -> Msg:
    """``2 red``: a count of stars of one colour, the word "stars" left out."""
    return M_("{n} {colour}", n=n, colour=colour_word(colour, n))


def listing(items: list[Msg] | list[str]) -> Msg:
    """``A, B and C``, each item still a ``Msg`` (so each is said in the reader's language) or a
    seat's ``{n}``."""
    if len(items) == 1:
        return items[0] if isinstance(items[0], Msg) else Msg(items[0])
    if len(items) == 2:
        return M_("{first} and {second}", first=items[0], second=items[1])
    return M_("{first}, {rest}", first=items[0], rest=listing(items[1:]))


def describe_stars(stars: dict[str, int]) -> Msg:
    """``2 red and 1 blue``: a placement in words."""
    return listing([colour_count(c, stars[c]) for c in COLOURS if stars.get(c)])


def how_there(skips: list[str], bonus: bool) -> Msg | str:
    """The way a move went, said after its destination: what it jumped over, whether it was the bonus."""
    places = listing([sky_name(n) for n in skips]) if skips else None
    if places and bonus:
        return M_(", jumping over {places} on the bonus exploration", places=places)
    if places:
        return M_(", jumping over {places}", places=places)
    if bonus:
        return M_(" on the bonus exploration")
    return ""
