"""Star Gazers private panels: words, image and only the legal components for the seat's choice.

A turn is an engine draft: every sub-action (pick, tile, token, bonus, shuttle effect) changes
only the draft, ``undo`` throws it away and ``confirm`` makes it final, all inside one decision
id, so each click edits the panel in place. Every component comes from ``items`` and every
option from the seat view's ``choice``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.faces.star_gazers.art import encodings as sent
from bot.faces.star_gazers.art import images as art
from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.art.parts import square_name
from bot.faces.star_gazers.codes import encode, pick_code
from bot.faces.star_gazers.drafted import later_controls
from bot.faces.star_gazers.items import do_button, pick_select, stage_button, type_button, typed_square
from bot.faces.star_gazers.panel_bits import BLUE, GREEN, GREY, RED, TURNS, Items, panel_image
from bot.faces.star_gazers.pictures import named
from bot.faces.star_gazers.plan import parse
from bot.faces.star_gazers.shuttle_steps import gain_step, journal_step, move_tile_step, move_token_step
from bot.faces.star_gazers.words import (
    BONUS_WORDS,
    journal_lines,
    kind_word,
    progress_line,
    round_line,
    tile_words,
    titled,
    token_words,
)
from bot.games.base import View
from bot.i18n import _, translate
from bot.i18n.msg import N_
from bot.i18n.waiting import results_line
from bot.ui.outgoing import Outgoing

# i18n: a piece still to place this turn, in "Still to place after this: tile, bonus."
QUEUE_WORDS = {
    "tile": N_("tile"),
    "token": N_("token"),
    "bonus": N_("bonus"),
    "circle": N_("round bonus"),
    "hex": N_("hexagonal bonus"),
    "effect": N_("Shuttle bonus"),
}


EFFECTS = {"gain": "effect", "move_token": "effect", "move_tile": "effect", "journal": "effect"}


def build_panel(
    view: View,
    names: list[str],
    game_id: int,
    stage: str | None = None,
    tentative: View | None = None,
    note: str | None = None,
) -> Outgoing:
    """The seat's panel. ``stage`` is a preview being looked at (``P<cell>.<rot>.<token>`` a tile
    with its token, see ``plan``; ``f<cell>`` a move's source, ``m<from>.<to>.<rot>.<rot|x>`` a tile move, or
    ``n…`` the same from the other tile's rotation buttons),
    ``tentative`` the seat view with it applied, ``note`` why it can't be played."""
    choice = view.get("choice")
    dec = view["decision"]
    head = titled(round_line(view))
    lines: list[str] = []
    if choice is None:
        if view["phase"] == "over":
            return Outgoing(results_line(names), head)
        if view["phase"] == "journal":
            kept = _("Journal card kept. The game starts when everyone has chosen.")
            return Outgoing(f"{kept}\n{progress_line(view, names)}", head)
        lines.append(_("Nothing to do right now: {progress}.", progress=progress_line(view, names)))
        # No picture while waiting: it would be drawn and sent again after every other player's
        # turn, and the thread's board shows the Universe meanwhile.
        return Outgoing("\n".join(lines + journal_lines(view)), head)
    kind = choice["kind"]
    if kind == "keep":
        return _keep_step(view, names, game_id, head)

    builder = STEPS.get(kind, _confirm_step)
    text, items, render = builder(view, names, game_id, dec, choice, stage, tentative, note)
    lines.append(text)
    if note:
        lines.append(f"⚠️ {translate(note)}")
    lines += _still_to_place(view, tentative)
    items += _turn_buttons(view, game_id, kind, planning=tentative is not None and "placing" in tentative)
    # On a phone the choice comes first: its words, then the controls, then the picture that
    # previews it; the secret Journal follows the picture in small print.
    journal = "\n".join(line for line in journal_lines(view) if line)
    body, small = "\n".join(lines)[:4000], journal or None
    out = Outgoing(
        body, head, render, "panel" + sent.PANEL.suffix, items[:25], footer=small, controls_first=True
    )
    return named(out, "panel")


def _keep_step(view: View, names: list[str], game_id: int, head: str) -> Outgoing:
    """The two Journal cards dealt, one to keep."""
    lines: list[str] = []
    dec = view["decision"]
    lines.append(
        _("Keep one of these two Journal cards. Only you can see them; the other goes back under its deck.")
    )
    items: Items = []
    for k, card in enumerate(view["dealt"], 1):
        lines.append(_("**Option {k}:** {card}", k=k, card=card_words(card)))
        label = _("Keep option {k}", k=k)
        items.append(do_button(game_id, dec, encode({"kind": "keep", "card": card["id"]}), label, GREEN))
    keep = partial(art.keep_webp, view, names)
    return named(Outgoing("\n".join(lines), head, keep, "journal" + sent.KEEP.suffix, items), "journal")


def _still_to_place(view: View, tentative: View | None) -> list[str]:
    """What the turn still places after this step (after the tile and token previewed together:
    what follows them)."""
    queue = view.get("queue") or []
    if tentative is not None and "placing" in tentative:  # the tile and its token previewed together
        after = (tentative.get("choice") or {}).get("kind")
        rest = tentative.get("queue") or []
        queue = [] if after in {None, "confirm"} else [EFFECTS.get(after, after), *rest]
    if queue:
        pieces = ", ".join(_(QUEUE_WORDS[q]) if q in QUEUE_WORDS else q for q in queue)
        return [_("Still to place after this: {pieces}.", pieces=pieces)]
    return []


def _turn_buttons(view: View, game_id: int, kind: str, planning: bool = False) -> Items:
    """Reserve tokens to play, **Confirm turn** and **Undo turn**, as the turn allows (a plan
    previewed offers the Reserve itself, as one of its choices: see ``drafted``)."""
    dec = view["decision"]
    items: Items = []
    preview = view.get("preview") or {}
    for index in [] if planning else view.get("reserve_playable") or []:
        token = (preview.get("reserve") or [None] * 2)[index]
        items.append(
            do_button(
                game_id,
                dec,
                encode({"kind": "reserve", "index": index}),
                _("Play Reserve: {token}", token=token_words(token))[:80],
                GREY,
            )
        )
    if view.get("can_confirm") and kind != "confirm":
        items.append(do_button(game_id, dec, "c", _("Confirm turn"), GREEN))
    if view.get("can_undo"):
        items.append(do_button(game_id, dec, "u", _("Undo turn"), RED))
    return items


def _instead(game: int, dec: int, choice: dict[str, Any]) -> Items:
    """Buttons to place another piece still to place before this one (the order is free)."""
    items: Items = []
    for piece in choice.get("instead") or []:
        if piece.get("tile"):
            label = _("Place the tile first")
        else:
            label = _("Place the {token} first", token=token_words(piece.get("token")))
        action = {"kind": "first", "piece": piece["piece"]}
        items.append(do_button(game, dec, encode(action), label[:80], GREY))
    return items


# --- one builder per choice kind: (text, components, image) ------------------------------------
def _pick(view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_rest: Any) -> Any:
    universe = (view.get("preview") or {}).get("universe") or view["universe"]
    lines = [_("Take one square of the Universe board (tile and token together).")]
    if choice.get("last"):
        lines.append(
            _("It is the last square of the round: you also choose a round and a hexagonal bonus token.")
        )
    items: Items = []
    for square in choice["squares"]:
        offer = universe[square]
        # i18n: one Universe square on offer: its number, the tile, then the token
        lines.append(
            _(
                "**{square}:** {tile} · token: {token}",
                square=square + 1,
                tile=tile_words(offer["tile"]),
                token=token_words(offer["token"]),
            )
        )
        label = _("Take {square}", square=square + 1)
        items.append(do_button(game, dec, encode({"kind": "pick", "square": square}), label, BLUE))
    centre = view.get("centre") or {}
    if choice.get("last") and (centre.get("circle") or centre.get("hex")):
        items = [_last_pick(game, dec, choice["squares"][0], centre)]
    return "\n".join(lines), items, panel_image(view, names)


def _last_pick(game: int, dec: int, square: int, centre: dict[str, Any]) -> discord.ui.Item[Any]:
    """The round's last square and its two bonus tokens, chosen in one menu (one engine move)."""
    options = [
        discord.SelectOption(
            label=" + ".join(kind_word(k) for k in (circle, hexagon) if k),
            value=pick_code(square, circle, hexagon),
        )
        for circle in centre.get("circle") or [None]
        for hexagon in centre.get("hex") or [None]
    ]
    placeholder = _("Take square {square} with these bonus tokens…", square=square + 1)
    return pick_select(game, dec, "do", "pick", options, placeholder)


def _bonus(view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_rest: Any) -> Any:
    items: Items = [
        do_button(game, dec, encode({"kind": "bonus", "type": t}), kind_word(t), BLUE)
        for t in choice["types"]
    ]
    if choice["shape"] == "circle":
        text = _("Last pick of the round: choose a round (circle) bonus token from the centre.")
    else:
        text = _("Last pick of the round: choose a hexagonal bonus token from the centre.")
    return text, items, panel_image(view, names)


def _tile(
    view: View,
    names: list[str],
    game: int,
    dec: int,
    choice: dict[str, Any],
    stage: str | None,
    tentative: View | None,
    note: str | None,
) -> Any:
    """The tile's square, then (``stage`` a ``P`` plan, see ``plan``) the tile and its token in
    the Mural together: turn the tile, move the token, and one button sends them all."""
    tile = choice["tile"]
    allowed = choice.get("allowed") or [choice["rotations"]] * 16
    squares = [
        discord.SelectOption(label=square_name(c), value=f"P{c}.{allowed[c][0]}") for c in choice["cells"]
    ]
    if not (stage and stage.startswith("P")):
        text = _(
            "Place your tile ({tile}): pick a square to preview it there with its token.",
            tile=tile_words(tile),
        )
        items: Items = [
            pick_select(game, dec, "st", "tile", squares, _("Square for the tile…")),
            type_button(game, dec, "tile"),
        ]
        return text, items + _instead(game, dec, choice), panel_image(view, names)
    plan = parse(stage)
    cell, rot = plan.cell, plan.rotation
    for option in squares:
        option.default = option.value.startswith(f"P{cell}.")
    items = [pick_select(game, dec, "st", "tile", squares, _("Square for the tile…"))]
    placing = (tentative or {}).get("placing")
    items += _token_and_turns(game, dec, plan, placing, allowed[cell])
    if tentative is None:
        text = _(
            "Your tile can't go on **{square}** turned {degrees}: turn it or pick another square.",
            square=square_name(cell),
            degrees=TURNS[rot],
        )
        return text, items + _instead(game, dec, choice), panel_image(view, names)
    later, controls, finish = later_controls(game, dec, plan, tentative, _target_label)
    button = _("Confirm turn")
    if finish:
        items.append(do_button(game, dec, plan.code(confirm=True), button, GREEN))
    items += controls
    text = "\n".join([_preview_text(plan, placing, button), *later])
    if len(allowed[cell]) < 4:
        text += " " + _("(Turns that put a wild half Planet against another wild half are not allowed.)")
    shown = {**view, "preview": tentative["preview"]}
    image = panel_image(shown, names, tile_at=(cell, rot), picked_from=tentative.get("pending"))
    return text, items + _instead(game, dec, choice), image


def _token_and_turns(
    game: int, dec: int, plan: Any, placing: dict[str, Any] | None, turns: list[int]
) -> Items:
    """A tile previewed: where its token goes (when it may go to several places) and its turns."""
    items: Items = []
    if placing and len(placing["targets"]) > 1:
        options = [
            discord.SelectOption(
                label=_target_label(t)[:100], value=plan.code(token=code), default=code == plan.token
            )
            for t, code in zip(placing["targets"], placing["codes"], strict=True)
        ]
        items.append(pick_select(game, dec, "st", "tok", options, _("Where does the token go?")))
    if len(turns) > 1:
        items += [
            stage_button(
                game,
                dec,
                plan.code(rotation=r),
                _("Turn {degrees}", degrees=TURNS[r]),
                BLUE if r == plan.rotation else GREY,
                disabled=r == plan.rotation,
            )
            for r in turns
        ]
    return items


def _preview_text(plan: Any, placing: dict[str, Any] | None, button: str) -> str:
    """What a tile previewed (with its token) says, naming the button that sends it."""
    cell, rot = plan.cell, plan.rotation
    if placing:
        target = placing["targets"][placing["codes"].index(plan.token)]
        # i18n: the tile and token previewed together; {place} is where the token goes ("Square B3")
        return _(
            "Your tile on **{square}**, turned {degrees}; the **{token}** token: {place}. The picture "
            "shows your Mural with both. Pick another square, turn the tile or move the token, then "
            "press **{button}**.",
            square=square_name(cell),
            degrees=TURNS[rot],
            token=token_words(placing["token"]),
            place=_target_label(target),
            button=button,
        )
    return _(
        "Your tile on **{square}**, turned {degrees}: the picture shows your Mural with it. Pick "
        "another square or turn it, then press **{button}**.",
        square=square_name(cell),
        degrees=TURNS[rot],
        button=button,
    )


def _target_label(target: dict[str, Any]) -> str:
    if target["target"] == "cell":
        if target.get("covers"):
            return _(
                "Square {square} (cover the {token})",
                square=square_name(target["cell"]),
                token=token_words(target["covers"]),
            )
        return _("Square {square}", square=square_name(target["cell"]))
    if target["target"] == "reserve":
        return _("Reserve (place it on a later turn)")
    if target["target"] == "shuttle":
        bonus = _(BONUS_WORDS[target["bonus"]]) if target["bonus"] in BONUS_WORDS else target["bonus"]
        return _("Shuttle space {space}: {bonus}", space=target["space"] + 1, bonus=bonus)
    return _("Discard it (nowhere else to go)")


def _token(view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_rest: Any) -> Any:
    token = choice["token"]
    options = []
    for t in choice["targets"]:
        action = {"kind": "token", **{k: v for k, v in t.items() if k in {"target", "cell", "space"}}}
        options.append(discord.SelectOption(label=_target_label(t)[:100], value=encode(action)))
    said = token_words(token)
    if not options:
        if choice.get("from_reserve"):
            text = _(
                "Place the **{token}** from your Reserve. It goes on a tile, and your Mural has none "
                "yet: place your tile first.",
                token=said,
            )
        else:
            text = _(
                "Place the **{token}** you took. It goes on a tile, and your Mural has none yet: place "
                "your tile first.",
                token=said,
            )
    elif choice.get("from_reserve"):
        text = _("Place the **{token}** from your Reserve.", token=said)
    else:
        text = _("Place the **{token}** you took.", token=said)
    select = pick_select(game, dec, "do", "token", options, _("Where does the token go?"))
    items: Items = [select, *typed_square(game, dec, choice["targets"])] if options else []
    return text, items + _instead(game, dec, choice), panel_image(view, names)


def _confirm_step(view: View, names: list[str], game: int, dec: int, *_rest: Any) -> Any:
    items: Items = [do_button(game, dec, "c", _("Confirm turn"), GREEN)]
    return (
        _("Everything is placed. **Confirm** to end your turn, or **Undo** to start it again."),
        items,
        panel_image(view, names),
    )


STEPS = {
    "pick": _pick,
    "bonus": _bonus,
    "tile": _tile,
    "token": _token,
    "gain": gain_step,
    "move_token": move_token_step,
    "move_tile": move_tile_step,
    "journal": journal_step,
    "confirm": _confirm_step,
}
