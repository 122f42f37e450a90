"""A Sky of Stars private panels: the seat's vault with the picker for the current sub-step.

Panels are stateless: what a player has picked so far (a line's end, the star it is drawn from)
travels in the custom_id of the next component, so a panel keeps working across restarts. Discord
selects hold at most 25 options, so longer star lists are split by vault half (columns A–D and
E–H, 24 stars each at most).

A move takes two presses: a pick, which shows its result in the picture (the line drawn in, the
star crossed out or circled) and can be changed by picking again, then the button that makes it.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import discord

from bot.faces.sky_of_stars.art import images as art
from bot.faces.sky_of_stars.art.map import load_vault
from bot.faces.sky_of_stars.calling_stop import stop_button
from bot.faces.sky_of_stars.items import back_button, do_button, pick_select, type_button
from bot.faces.sky_of_stars.moments import swirl_news
from bot.faces.sky_of_stars.pictures import named
from bot.faces.sky_of_stars.words import HALVES, progress_line, round_title, stop_confirm_text, stop_line
from bot.games.base import View
from bot.i18n import N_, _
from bot.i18n.waiting import results_line
from bot.ui.outgoing import Outgoing

PANEL_FILE = "vault" + art.PANEL_SUFFIX  # named by what it draws: "vault-<digest>.webp"


def build_panel(
    view: View,
    names: list[str],
    game_id: int,
    *,
    picked_from: str | None = None,
    picked: str | None = None,
    note: str | None = None,
    asking_stop: bool = False,
) -> Outgoing:
    """The seat's panel; ``picked_from``/``picked`` are the choices made so far in it, ``note``
    a first line saying what the player's last click did, ``asking_stop`` the STOP question
    (its confirmation, and Back to the choice it interrupted)."""
    head = round_title(view)
    if asking_stop:
        confirm = stop_button(game_id, view["decision"], "-", "p", label=_("Yes, call STOP"))
        return named(
            Outgoing(
                stop_confirm_text(),
                head,
                partial(art.vault_png, view, names),
                PANEL_FILE,
                [confirm, back_button(game_id, view["decision"])],
            )
        )
    lines = _opening_lines(view, names, note)
    choice = view.get("choice")
    if choice is None:
        items, render = _nothing_to_choose(view, names, game_id, lines)
    else:
        items, render = _choosing(view, names, game_id, choice, lines, picked_from=picked_from, picked=picked)
    if choice is not None and choice["kind"] != "guess" and view.get("can_stop"):
        items.append(stop_button(game_id, view["decision"], "?", "p"))  # asks for a confirmation first
    return named(Outgoing("\n".join(lines), head, render, PANEL_FILE, items[:25]))


Stage = tuple[list[discord.ui.Item[Any]], Any]
"""A panel's items and the render of its picture."""


def _opening_lines(view: View, names: list[str], note: str | None) -> list[str]:
    """What the last click did, the seat's secret word, a STOP called and a swirl's news."""
    secret = view.get("secret")
    lines = [note] if note else []
    if secret:
        lines.append(_("Your word: **#{number} {word}**", number=secret["number"], word=secret["word"]))
    lines += [line for line in [stop_line(view, names)] if line]  # STOP called: by whom, what is left
    news = swirl_news(view, names)
    if news and view["phase"] != "over":
        lines.append(news)
    return lines


def _nothing_to_choose(view: View, names: list[str], game_id: int, lines: list[str]) -> Stage:
    """A guess already in (a change of mind is still open), or nothing to do now."""
    guessed = view.get("my_guess")
    if view["phase"] == "guess" and guessed is not None:
        artist = view["guess"]["artist"]
        lines.append(
            _(
                "Your guess for **{name}**'s drawing: **#{number}**. "
                "Press another number to change it until the reveal.",
                name=names[artist],
                number=guessed,
            )
        )
        lines += [f"**{i}.** {w}" for i, w in enumerate(view["card"], 1)]
        dec = view["decision"]
        items = [
            do_button(game_id, dec, "guess", str(n), "p", label=f"{n} ✓" if n == guessed else None)
            for n in range(1, 6)
        ]
        return items, partial(art.panel_drawing_png, view, names, artist, view["round"])
    lines.append(
        _(
            "Nothing to do right now: {progress}. Your next panel will arrive when it's your move.",
            progress=progress_line(view, names),
        )
    )
    if view["phase"] == "over":
        lines[:] = [results_line(names)]
    return [], partial(art.vault_png, view, names)


def _choosing(
    view: View,
    names: list[str],
    game_id: int,
    choice: dict[str, Any],
    lines: list[str],
    *,
    picked_from: str | None,
    picked: str | None,
) -> Stage:
    """The seat's choice: a guess, a starting star, a star to cross out, or a line."""
    if choice["kind"] == "guess":
        artist = choice["artist"]
        lines.append(_("Which word did **{name}** draw?", name=names[artist]))
        lines += [f"**{i}.** {w}" for i, w in enumerate(view["card"], 1)]
        items = [do_button(game_id, view["decision"], "guess", str(n), "p") for n in choice["numbers"]]
        return items, partial(art.panel_drawing_png, view, names, artist, view["round"])
    if choice["kind"] == "start":
        lines.append(
            _(
                "Your starting star **{star}** is circled in gold: press **Start at {star}**, "
                "or pick another.",
                star=picked,
            )
            if picked in choice["stars"]
            else _("Pick your starting star.")
        )
        confirm = lambda s: _("Start at {star}", star=s)  # noqa: E731
        return _pick_or_confirm(view, names, game_id, "start", choice["stars"], picked, confirm=confirm)
    if choice["kind"] == "cancel":
        target = names[choice["target"]]
        lines.append(_("Swirl! Cross out one unused star on **{name}**'s vault.", name=target))
        if picked in choice["stars"]:
            lines.append(
                _(
                    "**{star}** is crossed out in gold: press **Cross out {star}**, or pick another.",
                    star=picked,
                )
            )
        confirm = lambda s: _("Cross out {star}", star=s)  # noqa: E731
        return _pick_or_confirm(view, names, game_id, "cancel", choice["stars"], picked, confirm=confirm)
    items, render, text = _stroke_stage(view, names, game_id, choice, picked_from, picked)
    lines.append(text)
    return items, render


def _pick_or_confirm(
    view: View,
    names: list[str],
    game_id: int,
    stage: str,
    stars: list[str],
    picked: str | None,
    *,
    confirm: Any,
) -> tuple[list[discord.ui.Item[Any]], Any]:
    """A starting star or a star to cross out: the picker, and once a star is picked, the picture
    showing it chosen and one button to confirm it. The picker stays (the pick marked in it), so
    a change of mind is one more pick, not a Back."""
    dec = view["decision"]
    if picked not in stars:
        picked = None
    items = pick_selects(game_id, dec, stage, stars, chosen=picked)
    if picked is None:
        draw = art.cancel_target_png if stage == "cancel" else art.vault_png
        return items, partial(draw, view, names)
    items.append(do_button(game_id, dec, stage, picked, "p", label=confirm(picked)))
    if stage == "cancel":
        return items, partial(art.cancel_target_png, view, names, preview=picked)
    return items, partial(art.vault_png, view, names, preview=(picked, picked))


def _stroke_stage(
    view: View,
    names: list[str],
    game_id: int,
    choice: dict[str, Any],
    picked_from: str | None,
    picked: str | None,
) -> tuple[list[Any], Any, str]:
    """A line in one pick: the star to draw to (from the nearest star of the constellation that
    reaches it, changeable when several do), then **Draw** under the picture of it drawn in."""
    dec = view["decision"]
    ends = line_ends(choice["moves"])
    optional = choice.get("optional", False)
    if picked is None and len(ends) == 1 and len(next(iter(ends.values()))) == 1:
        picked = next(iter(ends))  # the only legal line: shown drawn in, one press draws it
    if picked not in ends:
        picked = None
    items: list[discord.ui.Item[Any]] = pick_selects(
        game_id, dec, "end", list(ends), chosen=picked, origins=ends
    )
    if picked is None:
        items.append(type_button(game_id, dec))
        if optional:
            items.append(do_button(game_id, dec, "pass", "-", "p"))
        return items, partial(art.vault_png, view, names), _(STROKE_STAGE_TEXT["end"][optional])
    origins = ends[picked]
    if picked_from not in origins:
        picked_from = origins[0]
    if len(origins) > 1:
        items.append(pick_select(game_id, dec, f"via.{picked}", "w", origins, chosen=picked_from))
    items.append(
        do_button(
            game_id,
            dec,
            "stroke",
            f"{picked_from}-{picked}",
            "p",
            label=_("Draw {start} → {end}", start=picked_from, end=picked),
        )
    )
    items.append(type_button(game_id, dec))
    if optional:
        items.append(do_button(game_id, dec, "pass", "-", "p"))
    key = "confirm" if len(origins) == 1 else "confirm-via"
    text = _(STROKE_STAGE_TEXT[key][optional], start=picked_from, end=picked)
    return items, partial(art.vault_png, view, names, preview=(picked_from, picked)), text


STROKE_STAGE_TEXT = {
    "end": (
        N_("Pick the star to draw your line to: the picture rings the ones you can reach."),
        N_("Last line (optional). Pick the star to draw your line to, or skip it."),
    ),
    "confirm": (
        N_(
            "Your line **{start} → {end}** is drawn in, in gold. Press **Draw** to draw it, "
            "or pick another star."
        ),
        N_(
            "Last line (optional): **{start} → {end}** is drawn in, in gold. Press **Draw** "
            "to draw it, pick another star, or skip it."
        ),
    ),
    "confirm-via": (
        N_(
            "Your line **{start} → {end}** is drawn in, in gold (from the nearest star; "
            "another one of yours reaches it too, pick it below). Press **Draw** to draw it."
        ),
        N_(
            "Last line (optional): **{start} → {end}** is drawn in, in gold (from the "
            "nearest star; pick another one below). Press **Draw** to draw it, or skip it."
        ),
    ),
}
"""The words of a stroke's stages, for a roll's stroke and for the optional last one: before a
pick, and with the picked line drawn in the picture (which stays as it is once it is drawn)."""


def line_ends(moves: dict[str, list[str]]) -> dict[str, list[str]]:
    """Every star a legal line reaches, with the stars of the constellation it can be drawn
    from, nearest first (the one a pick of the end draws from unless another is picked)."""
    by_label = load_vault().by_label
    ends: dict[str, list[str]] = {}
    for start, targets in moves.items():
        for end in targets:
            ends.setdefault(end, []).append(start)

    def length(start: str, end: str) -> float:
        a, b = by_label[start], by_label[end]
        return math.hypot(a.x - b.x, a.y - b.y)

    return {end: sorted(starts, key=lambda s: (length(s, end), s)) for end, starts in sorted(ends.items())}


def pick_selects(
    game_id: int,
    decision: int,
    stage: str,
    stars: list[str],
    *,
    chosen: str | None = None,
    origins: dict[str, list[str]] | None = None,
) -> list[discord.ui.Item[Any]]:
    """One select per vault half that has candidates (each ≤ 24 options, under Discord's 25);
    ``chosen`` shows as picked; ``origins`` (for line ends) say where each line would start."""
    if len(stars) <= 25:  # a list that fits one select is one select, not two halves
        groups = {"w": sorted(stars)} if stars else {}
    else:
        groups = {half: sorted(s for s in stars if s[0] in columns) for half, columns in HALVES.items()}
    return [
        pick_select(game_id, decision, stage, half, options, chosen=chosen, origins=origins)
        for half, options in groups.items()
        if options
    ]
