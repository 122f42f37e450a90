"""The moments that make a drawing party: a drawing shown stroke by stroke for guessing, its
reveal as one message, the swirl news in a victim's panel, and "how this game went".

Everything here reads the PUBLIC view, except ``swirl_news`` which reads the seat's own view.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import discord

from bot.faces.sky_of_stars.art import animation
from bot.faces.sky_of_stars.art import images as art
from bot.faces.sky_of_stars.art.reveal import earned, reveal_png
from bot.faces.sky_of_stars.words import names_list
from bot.games.base import View
from bot.outgoing import Outgoing

REVEAL_MARK = " drew #"  # the rules' reveal sentence: "{2} drew #4, kite. Guessed by …"


def countdown_line(seconds: int, now: float | None = None) -> str:
    """A live countdown Discord renders in each reader's clock: "ends in 28 seconds"."""
    ends = int((time.time() if now is None else now) + seconds)
    return f"Guessing ends <t:{ends}:R> (or as soon as every guess is in)."


def animated(out: Outgoing, view: View, names: list[str], seat: int, round_: int,
             still: Any = None) -> Outgoing:
    """``out`` showing that drawing stroke by stroke (a GIF), with a still PNG beside it for
    clients that don't animate (the drawing itself, or ``still`` when given)."""
    out.render = partial(animation.drawing_gif, view, names, seat, round_)
    out.filename = "drawing.gif"
    out.still = still or partial(art.drawing_png, view, names, seat, round_)
    out.still_filename = "drawing-still.png"
    return out


def guess_lines(reveal: dict[str, Any], names: list[str], seats: int) -> list[str]:
    """Every guess next to its guesser, right or wrong, and the points the drawing earned."""
    correct = set(reveal["correct"])
    parts = []
    for key, guess in sorted(reveal["guesses"].items(), key=lambda kv: int(kv[0])):
        seat = int(key)
        if guess is None:
            parts.append(f"{names[seat]}: no guess")
        else:
            parts.append(f"{names[seat]}: #{guess} " + ("✅ +1" if seat in correct else "❌"))
    artist = reveal["artist"]
    gained = earned(reveal, seats)[artist]
    box = " with the +1 box: everyone got it" if len(correct) == seats - 1 else ""
    points = f"**{names[artist]}** +{gained}{box}" if correct else f"**{names[artist]}** +0: nobody read it"
    return [" · ".join(parts), points]


def reveal_message(view: View, names: list[str], events_text: str) -> Outgoing | None:
    """The one message that closes a drawing's guessing: the drawing played again, its word,
    every guess and its points, then whatever else happened in the same move."""
    if not view["reveals"]:
        return None
    reveal = view["reveals"][-1]
    artist, round_ = reveal["artist"], reveal["round"]
    title = f"{names[artist]} drew #{reveal['number']} {reveal['word']}"
    lines = guess_lines(reveal, names, view["seats"])
    others = [line for line in events_text.splitlines() if REVEAL_MARK not in line]
    body = "\n".join(lines + ([""] + others if others else []))
    out = Outgoing(body[:4000], title)
    return animated(out, view, names, artist, round_,
                    still=partial(reveal_png, view, names, artist, round_))


def is_reveal(events: list[str]) -> bool:
    return any(REVEAL_MARK in event for event in events)


def swirl_news(view: View, names: list[str]) -> str | None:
    """The line a swirl victim reads in their panel: which of their stars went, and who did it."""
    crossed = view.get("crossed_out") or []
    if not crossed:
        return None
    said = ", ".join(f"**{names[c['by']]}** crossed out **{c['star']}**" for c in crossed)
    return f"Swirl on roll {crossed[0]['roll']}: {said} on your vault."


def how_it_went(view: View, names: list[str]) -> str:
    """The line under the results: the drawings everyone read, the busiest drawer, the seed."""
    outcome = view["outcome"] or {}
    facts = outcome.get("highlights") or {}
    parts = []
    everyone = facts.get("everyone_guessed") or []
    if everyone:
        shown = ", ".join(f"{names[h['seat']]}'s {h['word']} (round {h['round']})" for h in everyone[:3])
        more = f" and {len(everyone) - 3} more" if len(everyone) > 3 else ""
        parts.append(f"Read by everyone: {shown}{more}.")
    else:
        parts.append("No drawing was read by everyone.")
    most = facts.get("most_stars") or []
    if most:
        count = facts["stars"][most[0]]
        parts.append(f"Most stars drawn: {names_list(most, names)} ({count}).")
    seed = outcome.get("seed")
    if seed is not None:
        parts.append(f"Seed {seed}.")
    return " ".join(parts)


def stop_confirm_text() -> str:
    return ("**STOP** ends the drawing for everyone once this roll is done: after it, the others "
            "get one last line and you don't. Call it?")


def stop_items(game_id: int, decision: int, src: str) -> list[discord.ui.Item[Any]]:
    """The confirm button (and, on a panel, a way back) for a STOP that is being asked."""
    from bot.faces.sky_of_stars.items import SkyBack, SkyDo

    items: list[discord.ui.Item[Any]] = [SkyDo(game_id, decision, "stop", "-", src, label="Yes, call STOP")]
    if src == "p":
        items.append(SkyBack(game_id, decision))
    return items
