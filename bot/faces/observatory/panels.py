"""Observatory's private panels: each stage of a choice as text, components and a picture.

A panel lists only what the seat's view says is legal right now. In a draft (using a roll, a
night's bonus) a pick from a list of moves plays it at once: the engine keeps it as a draft that
**Undo last** takes back, the sheet rings it, and **Finish turn** is the one confirm. Elsewhere
(keeping goals, a refill: nothing there can be undone) a pick is shown with a confirm button
(and Back). Stages:

``h`` home · ``p01`` plot with dice 0 and 1 · ``r2`` research with die 2 · ``s`` Shooting Star ·
``l`` Lens · ``d`` Drive number · ``g3`` grant 3 (``g3s`` as a star, ``g3r`` as research) ·
``b`` all banked bonuses · ``cL07`` placements of card L07 · ``f`` finish (confirm the turn).
A trailing ``~1`` is the page of a long cell list. A refill panel has ``h``, ``t`` (the list of
cards to take), ``c…`` and ``g…`` for a goal that already fits and its bonus, and ``f`` (done).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord

from bot.faces.observatory.art import images as art
from bot.faces.observatory.art.parts import bonus_text, points_text, size_text
from bot.faces.observatory.draft import DraftPanel
from bot.faces.observatory.items import do_button, go_button, pick_select
from bot.faces.observatory.words import DONE, DONE_SHORT, DONE_TEXT, card_name, grant_label, title_of
from bot.games.base import View
from bot.i18n import _, ngettext
from bot.i18n.waiting import results_line, waiting_for
from bot.ui.outgoing import Outgoing

log = logging.getLogger(__name__)


def build_panel(
    view: View, names: list[str], game_id: int, stage: str = "h", picked: str | None = None
) -> Outgoing:
    """The seat's panel at ``stage`` with ``picked`` (a value chosen from one of its lists)."""
    choice = view.get("choice")
    if not isinstance(choice, dict):
        return waiting_panel(view, names, None)
    kind = choice.get("kind")
    if kind == "keep":
        return keep_panel(view, names, game_id, picked)
    if kind == "roll":
        return roll_panel(view, names, game_id)
    if kind == "refill":
        return refill_panel(view, names, game_id, stage or "h", picked)
    return DraftPanel(view, names, game_id).build(stage or "h", picked)


def finished_panel(view: View, names: list[str], kind: str, game_id: int) -> Outgoing:
    """The panel after a move (of ``kind``) that ended the seat's part of the step. If the next
    step already asks this seat something (the last to finish may be the next to roll), it shows that."""
    if view.get("choice") is None:  # the sheet as the move left it (the panel showed it already)
        return waiting_panel(view, names, _(DONE_TEXT.get(kind, DONE)), sheet=True)
    out = build_panel(view, names, game_id)
    out.content = "\n".join((_(DONE_SHORT.get(kind, DONE)), out.content)).strip()
    return out


def waiting_panel(view: View, names: list[str], note: str | None, *, sheet: bool = False) -> Outgoing:
    """Nothing to decide. With ``sheet``, the seat's sheet (right after its own move, when it
    shows what that move made final); else words only, while someone else rolls or takes a
    goal: the sheet comes back with the next decision, and a picture of it here would be
    downloaded once more each turn for nothing."""
    seat = view.get("you", 0)
    lines = [note] if note else []
    if view.get("phase") == "over":
        lines = [results_line(names)]
    else:
        who = waiting_for(view.get("to_act") or [], names)  # the same words in every game
        lines.append(" ".join((_("Nothing to decide right now."), f"{who}." if who else "")).strip())
    render = partial(art.sheet_png, view, names, seat) if sheet else None
    return Outgoing("\n".join(lines), title_of(view), render, "sheet.png")


# --- keep 4 of 6 ------------------------------------------------------------------------------
def keep_panel(view: View, names: list[str], game_id: int, picked: str | None) -> Outgoing:
    choice, dec = view["choice"], view["decision"]
    hand: list[str] = list(choice.get("hand") or [])
    keep = int(choice.get("keep") or 4)
    cards = view.get("cards") or {}
    chosen = [c for c in (picked or "").split(".") if c in hand]
    legal = {tuple(sorted(o)) for o in choice.get("options") or []}
    if picked is not None and len(set(chosen)) == keep and (not legal or tuple(sorted(chosen)) in legal):
        back = [c for c in hand if c not in chosen]
        lines = [_("Keep these four as your goals?"), *(f"• **{card_name(cards, c)}**" for c in chosen)]
        if back:
            put_back = ", ".join(card_name(cards, c) for c in back)
            lines.append(_("Back under the decks: {cards}", cards=put_back))
        text = "\n".join(lines)
        items: list[discord.ui.Item[Any]] = [
            do_button(game_id, dec, "keep." + ".".join(chosen), _("Keep these four")),
            go_button(game_id, dec, "h", _("Choose again")),
        ]
        return Outgoing(
            text, title_of(view), partial(art.hand_png, view, names, picked=chosen), "hand.png", items
        )
    if len(hand) == keep:
        text = _("Your goals for the game (first-game deal: you keep all of them). Confirm to start.")
        items = [do_button(game_id, dec, "keep." + ".".join(hand), _("Keep them"))]
        return Outgoing(text, title_of(view), partial(art.hand_png, view, names), "hand.png", items)
    options = [
        discord.SelectOption(
            label=card_name(cards, c)[:100], value=c, description=card_line(cards.get(c) or {})[:100]
        )
        for c in hand
    ]
    text = _(
        "Choose **{keep}** of your {dealt} dealt cards to keep as goals (the other {back} go back under "
        "the decks). Nobody else sees your hand.",
        keep=keep,
        dealt=len(hand),
        back=len(hand) - keep,
    )
    items = [
        pick_select(game_id, dec, "k", 0, options, _("Pick the {keep} cards to keep", keep=keep), count=keep)
    ]
    return Outgoing(text, title_of(view), partial(art.hand_png, view, names), "hand.png", items)


# --- roll -------------------------------------------------------------------------------------
def roll_panel(view: View, names: list[str], game_id: int) -> Outgoing:
    text = _("It's your turn to roll: three dice and the Shooting Star die. Everyone then uses the roll.")
    items = [do_button(game_id, view["decision"], "roll", _("Roll the dice"), emoji="\U0001f3b2")]
    # words only: the sheet comes with the roll, a moment later (see ``waiting_panel``)
    return Outgoing(text, title_of(view), None, "sheet.png", items)


# --- refill -----------------------------------------------------------------------------------
def refill_panel(view: View, names: list[str], game_id: int, stage: str, picked: str | None) -> Outgoing:
    """Take a new goal (``t`` list, preview), complete one that fits (``c…``), spend its bonus
    (``g…``/``b``) or, holding four goals, finish (``f``)."""
    base = stage.split("~", 1)[0]
    if base[:1] in ("c", "g", "b"):
        # a refill's completion stages (a goal that already fits, then that card's bonus) are the
        # draft panel's; their home and every fallback is the refill panel's home
        home = partial(refill_home, view, names, game_id)
        return DraftPanel(view, names, game_id, home).build(stage, picked)
    if base == "f":
        return refill_finish(view, names, game_id)
    choice, dec = view["choice"], view["decision"]
    cards = view.get("cards") or {}
    sky: list[str] = list(choice.get("sky") or [])
    decks: list[str] = [d for d in choice.get("decks") or [] if d in ("large", "small")]
    values = [*sky, *(f"deck:{d}" for d in decks)]
    if picked in values and choice.get("can_take", True):
        if picked.startswith("deck:"):
            deck = picked[5:]
            code = f"take.deck.{deck}"
            question = (
                _("Take the top card of the large deck?")
                if deck == "large"
                else _("Take the top card of the small deck?")
            )
        else:
            code = f"take.sky.{picked}"
            question = _("Take **{card}** from the Night Sky?", card=card_name(cards, picked))
        items: list[discord.ui.Item[Any]] = [
            do_button(game_id, dec, code, _("Take it")),
            go_button(game_id, dec, "h", _("Back")),
        ]
        return Outgoing(
            question, title_of(view), partial(art.refill_png, view, names, picked=picked), "refill.png", items
        )
    return refill_home(view, names, game_id, None if base in ("h", "t") else _("Here is your panel again."))


def take_buttons(view: View, game_id: int, sky: list[str], decks: list[str]) -> list[discord.ui.Item[Any]]:
    """One button a goal, each taking it at once: the refill is one decision, the button names
    the card (the picture shows them all), so a tap says what it takes."""
    cards, dec = view.get("cards") or {}, view["decision"]
    items = [
        do_button(game_id, dec, f"take.sky.{c}", _("Take {card}", card=card_name(cards, c))[:80], emoji="⭐")
        for c in sky
    ]
    return items + [
        do_button(
            game_id,
            dec,
            f"take.deck.{d}",
            deck_top(d),
            style=discord.ButtonStyle.primary,
            emoji="🂠",
        )
        for d in decks
    ]


def refill_home(view: View, names: list[str], game_id: int, note: str | None) -> Outgoing:
    choice, dec = view["choice"], view["decision"]
    cards = view.get("cards") or {}
    sky: list[str] = list(choice.get("sky") or [])
    decks: list[str] = [d for d in choice.get("decks") or [] if d in ("large", "small")]
    lines = [note] if note else []
    items: list[discord.ui.Item[Any]] = []
    can_take = bool(choice.get("can_take", True)) and bool(sky or decks)
    if can_take:
        lines.append(
            _(
                "You completed a goal, so take a new one ({need} to take in all): a face-up card of "
                "the Night Sky, or the unseen top card of a deck. A button takes its card at once.",
                need=int(choice.get("needs") or 1),
            )
        )
        items += take_buttons(view, game_id, sky, decks)
    placements = list(choice.get("placements") or {})
    if placements:
        fitting = ", ".join(f"**{card_name(cards, c)}**" for c in placements)
        lines.append(
            _(
                "{cards} already fits your unused stars: cards can be completed at any time, so you "
                "may complete it now.",
                cards=fitting,
            )
        )
        items += [
            go_button(
                game_id,
                dec,
                f"c{c}",
                _("Complete {card}", card=card_name(cards, c))[:80],
                discord.ButtonStyle.success,
                "✨",
            )
            for c in placements[:4]
        ]
    grants = choice.get("grants") or []
    if grants:
        lines.append(_("Use the bonus of the card you just completed."))
        items += [
            go_button(game_id, dec, f"g{g['id']}", grant_label(g), discord.ButtonStyle.secondary, "🎁")
            for g in grants[:4]
        ]
    if choice.get("can_done"):
        items.append(
            go_button(game_id, dec, "f", _("Keep my goals as they are"), discord.ButtonStyle.primary, "✅")
        )
    if can_take:
        render = partial(art.refill_png, view, names)
        return Outgoing("\n".join(lines), title_of(view), render, "refill.png", items)
    render = partial(art.sheet_png, view, names, view.get("you", 0))
    return Outgoing("\n".join(lines), title_of(view), render, "sheet.png", items)


def refill_finish(view: View, names: list[str], game_id: int) -> Outgoing:
    choice, dec = view["choice"], view["decision"]
    if not choice.get("can_done"):
        return refill_home(view, names, game_id, _("Take your new goal first."))
    cards = view.get("cards") or {}
    fitting = [card_name(cards, c) for c in choice.get("placements") or {}]
    text = _("Done taking new goals? The next turn starts once everyone has four goals.")
    if fitting:
        text = " ".join(
            (
                text,
                _(
                    "{cards} stays on your goal row; you can still complete it at a later step.",
                    cards=", ".join(fitting),
                ),
            )
        )
    items: list[discord.ui.Item[Any]] = [
        do_button(game_id, dec, "done", _("Confirm: keep my goals"), emoji="✅"),
        go_button(game_id, dec, "h", _("Back")),
    ]
    return Outgoing(
        text, title_of(view), partial(art.sheet_png, view, names, view.get("you", 0)), "sheet.png", items
    )


# --- words ------------------------------------------------------------------------------------
def deck_top(deck: str) -> str:
    if deck == "large":
        return _("Top of the large deck (face down)")
    return _("Top of the small deck (face down)")


def card_line(card: dict[str, Any]) -> str:
    """A card in a few words: size, points, stars and bonus."""
    stars = len(card.get("stars") or [])
    # i18n: a card in a select: its size, points, how many stars, its bonus ("Large · 6 pts · 5 stars · …")
    return _(
        "{size} · {points} · {stars} · {bonus}",
        size=size_text(card),
        points=points_text(card),
        stars=ngettext("{n} star", "{n} stars", stars),
        bonus=bonus_text(card.get("bonus")),
    )
