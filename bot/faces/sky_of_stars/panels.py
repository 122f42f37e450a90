"""A Sky of Stars private panels: the seat's vault with the picker for the current sub-step.

Panels are stateless: what a player has picked so far (a from-star, a target) travels in the
custom_id of the next component, so a panel keeps working across restarts. Discord selects
hold at most 25 options, so star lists are split by vault half (columns A–D and E–H, 24 stars
each at most).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.faces.sky_of_stars.art import images as art
from bot.faces.sky_of_stars.items import SkyBack, SkyDo, SkyPick, SkyType
from bot.faces.sky_of_stars.moments import swirl_news
from bot.faces.sky_of_stars.pictures import named
from bot.faces.sky_of_stars.words import HALVES, progress_line, round_title, stop_confirm_text, stop_line
from bot.games.base import View
from bot.i18n import N_, _
from bot.outgoing import Outgoing


def build_panel(view: View, names: list[str], game_id: int, *, picked_from: str | None = None,
                picked: str | None = None, note: str | None = None, asking_stop: bool = False) -> Outgoing:
    """The seat's panel; ``picked_from``/``picked`` are the choices made so far in it, ``note``
    a first line saying what the player's last click did, ``asking_stop`` the STOP question
    (its confirmation, and Back to the choice it interrupted)."""
    head = round_title(view)
    if asking_stop:
        confirm = SkyDo(game_id, view["decision"], "stop", "-", "p", label=_("Yes, call STOP"))
        return named(Outgoing(stop_confirm_text(), head, partial(art.vault_png, view, names), "vault.png",
                              [confirm, SkyBack(game_id, view["decision"])]))
    secret = view.get("secret")
    lines = [note] if note else []
    if secret:
        lines.append(_("Your word: **#{number} {word}**", number=secret["number"], word=secret["word"]))
    lines += [line for line in [stop_line(view, names)] if line]  # STOP called: by whom, what is left
    news = swirl_news(view, names)
    if news and view["phase"] != "over":
        lines.append(news)
    choice = view.get("choice")
    dec = view["decision"]
    items: list[discord.ui.Item[Any]] = []
    render = partial(art.vault_png, view, names)
    guessed = view.get("my_guess")
    if choice is None and view["phase"] == "guess" and guessed is not None:
        artist = view["guess"]["artist"]  # guessed already: a change of mind is still open
        lines.append(_("Your guess for **{name}**'s drawing: **#{number}**. "
                       "Press another number to change it until the reveal.",
                       name=names[artist], number=guessed))
        lines += [f"**{i}.** {w}" for i, w in enumerate(view["card"], 1)]
        items = [SkyDo(game_id, dec, "guess", str(n), "p", label=f"{n} ✓" if n == guessed else None)
                 for n in range(1, 6)]
        render = partial(art.drawing_png, view, names, artist, view["round"])
    elif choice is None:
        lines.append(_("Nothing to do right now: {progress}. "
                       "Your next panel will arrive when it's your move.",
                       progress=progress_line(view, names)))
        if view["phase"] == "over":
            lines = [_("The game is over: see the results in the game thread.")]
    elif choice["kind"] == "guess":
        artist = choice["artist"]
        lines.append(_("Which word did **{name}** draw?", name=names[artist]))
        lines += [f"**{i}.** {w}" for i, w in enumerate(view["card"], 1)]
        items = [SkyDo(game_id, dec, "guess", str(n), "p") for n in choice["numbers"]]
        render = partial(art.drawing_png, view, names, artist, view["round"])
    elif choice["kind"] == "start":
        lines.append(_("Pick your starting star."))
        items, render = _pick_or_confirm(view, names, game_id, "start", choice["stars"], picked,
                                         confirm=lambda s: _("Start at {star}", star=s))
    elif choice["kind"] == "cancel":
        target = names[choice["target"]]
        lines.append(_("Swirl! Cross out one unused star on **{name}**'s vault.", name=target))
        items, render = _pick_or_confirm(view, names, game_id, "cancel", choice["stars"], picked,
                                         confirm=lambda s: _("Cross out {star}", star=s))
        if picked is None:
            render = partial(art.cancel_target_png, view, names)
    else:
        items, render, text = _stroke_stage(view, names, game_id, choice, picked_from, picked)
        lines.append(text)
    if choice is not None and choice["kind"] != "guess" and view.get("can_stop"):
        items.append(SkyDo(game_id, dec, "stop", "?", "p"))  # asks for a confirmation first
    return named(Outgoing("\n".join(lines), head, render, "vault.png", items[:25]))

def _pick_or_confirm(view: View, names: list[str], game_id: int, stage: str,
                     stars: list[str], picked: str | None, *, confirm: Any,
                     ) -> tuple[list[discord.ui.Item[Any]], Any]:
    dec = view["decision"]
    if picked is None:
        return pick_selects(game_id, dec, stage, stars), partial(art.vault_png, view, names)
    kind = "start" if stage == "start" else "cancel"
    items: list[discord.ui.Item[Any]] = [SkyDo(game_id, dec, kind, picked, "p", label=confirm(picked)),
                                         SkyBack(game_id, dec)]
    # the picture of the pick stays: the button says what was picked (see STROKE_STAGE_TEXT)
    render = partial(art.cancel_target_png if stage == "cancel" else art.vault_png, view, names)
    return items, render

def _stroke_stage(view: View, names: list[str], game_id: int, choice: dict[str, Any],
                  picked_from: str | None, picked: str | None) -> tuple[list[Any], Any, str]:
    dec = view["decision"]
    moves: dict[str, list[str]] = choice["moves"]
    optional = choice.get("optional", False)
    if picked_from is None and len(moves) == 1:
        picked_from = next(iter(moves))
    items: list[discord.ui.Item[Any]] = []
    render = partial(art.vault_png, view, names)
    if picked_from is None:
        stage = "from"
        items = pick_selects(game_id, dec, "from", list(moves))
    elif picked is None:
        stage = "to"
        items = pick_selects(game_id, dec, f"to.{picked_from}", moves.get(picked_from, []))
        if len(moves) > 1:
            items.append(SkyBack(game_id, dec))
    else:
        stage = "confirm"
        items = [SkyDo(game_id, dec, "stroke", f"{picked_from}-{picked}", "p",
                       label=_("Draw {start} → {end}", start=picked_from, end=picked)), SkyBack(game_id, dec)]
    if picked is None:
        items.append(SkyType(game_id, dec))
    if optional:
        items.append(SkyDo(game_id, dec, "pass", "-", "p"))
    return items, render, _(STROKE_STAGE_TEXT[stage][optional], start=picked_from, end=picked)




STROKE_STAGE_TEXT = {
    "from": (N_("Pick the star of your constellation to draw from."),
             N_("Last line (optional). Pick the star of your constellation to draw from.")),
    "to": (N_("Drawing from **{start}**. Pick the star to connect it to."),
           N_("Last line (optional). Drawing from **{start}**. Pick the star to connect it to.")),
    "confirm": (N_("Draw **{start} → {end}**? Press the button to draw it, or Back to pick again."),
                N_("Last line (optional). Draw **{start} → {end}**? Press the button to draw it, "
                   "or Back to pick again.")),
}
"""The line a stroke's stage shows, for a roll's stroke and for the optional last one. A pick
keeps the panel's picture (a vault picture is most of a player's download) and the words say
what was picked; the picture changes when the line is drawn."""


def pick_selects(game_id: int, decision: int, stage: str, stars: list[str]) -> list[discord.ui.Item[Any]]:
    """One select per vault half that has candidates (each ≤ 24 options, under Discord's 25)."""
    if len(stars) <= 25:  # a list that fits one select is one select, not two halves
        return [SkyPick(game_id, decision, stage, "w", sorted(stars))] if stars else []
    selects: list[discord.ui.Item[Any]] = []
    for half, columns in HALVES.items():
        options = sorted(s for s in stars if s[0] in columns)
        if options:
            selects.append(SkyPick(game_id, decision, stage, half, options))
    return selects


