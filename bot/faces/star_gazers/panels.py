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

from bot.faces.star_gazers.art import images as art
from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.art.parts import square_name
from bot.faces.star_gazers.items import SgDo, SgSelect, SgStage, SgType, encode, typed_square
from bot.faces.star_gazers.words import (
    BONUS_WORDS,
    KINDS,
    TITLE,
    journal_lines,
    progress_line,
    round_line,
    tile_words,
    token_words,
)
from bot.games.base import View
from bot.outgoing import Outgoing

Items = list[discord.ui.Item[Any]]
GREEN, GREY, BLUE, RED = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.danger,
)
TURNS = ("0°", "90°", "180°", "270°")
NOTHING = "Shuttle bonus: there is no {} right now, so press **Skip**."


def build_panel(
    view: View,
    names: list[str],
    game_id: int,
    stage: str | None = None,
    tentative: View | None = None,
    note: str | None = None,
) -> Outgoing:
    """The seat's panel. ``stage`` is a preview being looked at (``t<cell>.<rot>`` a tile
    placement, ``f<cell>`` a move's source, ``m<from>.<to>.<rot>.<rot|x>`` a tile move, or
    ``n…`` the same from the other tile's rotation buttons),
    ``tentative`` the seat view with it applied, ``note`` why it can't be played."""
    choice = view.get("choice")
    dec = view["decision"]
    head = f"{TITLE} · {round_line(view)}"
    lines: list[str] = []
    if choice is None:
        if view["phase"] == "over":
            return Outgoing("The game is over: see the results in the game thread.", head)
        if view["phase"] == "journal":
            return Outgoing("Journal card kept. The game starts when everyone has chosen.", head)
        lines.append("Nothing to do right now: " + progress_line(view, names) + ".")
        return Outgoing(
            "\n".join(lines + journal_lines(view)), head, partial(art.panel_png, view, names), "panel.png"
        )
    kind = choice["kind"]
    if kind == "keep":
        lines.append(
            "Keep one of these two Journal cards. Only you can see them; the other goes back under its deck."
        )
        items: Items = []
        for k, card in enumerate(view["dealt"], 1):
            lines.append(f"**Option {k}:** {card_words(card)}")
            items.append(
                SgDo(game_id, dec, encode({"kind": "keep", "card": card["id"]}), f"Keep option {k}", GREEN)
            )
        return Outgoing("\n".join(lines), head, partial(art.keep_png, view, names), "journal.png", items)

    builder = STEPS.get(kind, _confirm_step)
    text, items, render = builder(view, names, game_id, dec, choice, stage, tentative, note)
    lines.append(text)
    if note:
        lines.append(f"⚠️ {note}")
    queue = view.get("queue") or []
    if queue:
        lines.append("Still to place after this: " + ", ".join(queue) + ".")
    preview = view.get("preview") or {}
    for index in view.get("reserve_playable") or []:
        token = (preview.get("reserve") or [None] * 2)[index]
        items.append(
            SgDo(
                game_id,
                dec,
                encode({"kind": "reserve", "index": index}),
                f"Play Reserve: {token_words(token)}"[:80],
                GREY,
            )
        )
    if view.get("can_confirm") and kind != "confirm":
        items.append(SgDo(game_id, dec, "c", "Confirm turn", GREEN))
    if view.get("can_undo"):
        items.append(SgDo(game_id, dec, "u", "Undo turn", RED))
    lines += journal_lines(view)
    return Outgoing("\n".join(lines)[:4000], head, render, "panel.png", items[:25])


def _image(view: View, names: list[str], **kw: Any) -> Any:
    return partial(art.panel_png, view, names, **kw)


def _instead(game: int, dec: int, choice: dict[str, Any]) -> Items:
    """Buttons to place another piece still to place before this one (the order is free)."""
    items: Items = []
    for piece in choice.get("instead") or []:
        what = "tile" if piece.get("tile") else f"{token_words(piece.get('token'))}"
        action = {"kind": "first", "piece": piece["piece"]}
        items.append(SgDo(game, dec, encode(action), f"Place the {what} first"[:80], GREY))
    return items


# --- one builder per choice kind: (text, components, image) ------------------------------------
def _pick(view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_: Any) -> Any:
    universe = (view.get("preview") or {}).get("universe") or view["universe"]
    lines = ["Take one square of the Universe board (tile and token together)."]
    if choice.get("last"):
        lines.append(
            "It is the last square of the round: you also choose a round and a hexagonal bonus token."
        )
    items: Items = []
    for square in choice["squares"]:
        offer = universe[square]
        lines.append(f"**{square + 1}:** {tile_words(offer['tile'])} · token: {token_words(offer['token'])}")
        items.append(SgDo(game, dec, encode({"kind": "pick", "square": square}), f"Take {square + 1}", BLUE))
    return "\n".join(lines), items, _image(view, names)


def _bonus(view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_: Any) -> Any:
    shape = "round (circle)" if choice["shape"] == "circle" else "hexagonal"
    items: Items = [
        SgDo(game, dec, encode({"kind": "bonus", "type": t}), KINDS[t], BLUE) for t in choice["types"]
    ]
    return (
        f"Last pick of the round: choose a {shape} bonus token from the centre.",
        items,
        _image(view, names),
    )


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
    tile = choice["tile"]
    allowed = choice.get("allowed") or [choice["rotations"]] * 16
    if stage and stage.startswith("t"):
        cell, rot = (int(n) for n in stage[1:].split("."))
        items: Items = [
            SgStage(
                game, dec, f"t{cell}.{r}", f"Turn {TURNS[r]}", BLUE if r == rot else GREY, disabled=r == rot
            )
            for r in allowed[cell]
        ]
        if tentative is not None:
            items.append(
                SgDo(
                    game,
                    dec,
                    encode({"kind": "tile", "cell": cell, "rotation": rot}),
                    f"Place on {square_name(cell)}",
                    GREEN,
                )
            )
        items.append(SgStage(game, dec, "h", "Other square", GREY))
        text = (
            f"Your tile on **{square_name(cell)}**, turned {TURNS[rot]}: the picture shows your Mural "
            "with it. Turn it, place it, or pick another square."
        )
        if len(allowed[cell]) < 4:
            text += " (Turns that put a wild half Planet against another wild half are not allowed.)"
        shown = {**view, "preview": tentative["preview"]} if tentative is not None else view
        render = _image(shown, names, tile_at=(cell, rot))
        return text, items + _instead(game, dec, choice), render
    options = [
        discord.SelectOption(label=square_name(c), value=f"t{c}.{allowed[c][0]}") for c in choice["cells"]
    ]
    text = f"Place your tile ({tile_words(tile)}): pick a square to preview it there."
    items = [SgSelect(game, dec, "st", "tile", options, "Square for the tile…"), SgType(game, dec, "tile")]
    return text, items + _instead(game, dec, choice), _image(view, names)


def _token(view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_: Any) -> Any:
    token = choice["token"]
    options = []
    for t in choice["targets"]:
        action = {"kind": "token", **{k: v for k, v in t.items() if k in {"target", "cell", "space"}}}
        if t["target"] == "cell":
            label = f"Square {square_name(t['cell'])}"
            if t.get("covers"):
                label += f" (cover the {token_words(t['covers'])})"
        elif t["target"] == "reserve":
            label = "Reserve (place it on a later turn)"
        elif t["target"] == "shuttle":
            label = f"Shuttle space {t['space'] + 1}: {BONUS_WORDS.get(t['bonus'], t['bonus'])}"
        else:
            label = "Discard it (nowhere else to go)"
        options.append(discord.SelectOption(label=label[:100], value=encode(action)))
    where = "from your Reserve" if choice.get("from_reserve") else "you took"
    text = f"Place the **{token_words(token)}** {where}."
    select = SgSelect(game, dec, "do", "token", options, "Where does the token go?")
    items: Items = [select, *typed_square(game, dec, choice["targets"])] if options else []
    if not options:
        text += " It goes on a tile, and your Mural has none yet: place your tile first."
    return text, items + _instead(game, dec, choice), _image(view, names)


def _gain(view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_: Any) -> Any:
    items: Items = [
        SgDo(game, dec, encode({"kind": "gain", "type": t}), KINDS[t], BLUE) for t in choice["types"]
    ]
    items.append(SgDo(game, dec, "s", "Skip the bonus", GREY))
    if not choice["types"]:
        return NOTHING.format("bonus token left in the supply"), items, _image(view, names)
    return "Shuttle bonus: take a bonus token from the supply.", items, _image(view, names)


def _move_token(
    view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], stage: str | None, *_: Any
) -> Any:
    squares = (view.get("preview") or {}).get("mural", {}).get("squares") or [{}] * 16
    moves = {m["from"]: m["to"] for m in choice["moves"]}
    if stage and stage.startswith("f") and int(stage[1:]) in moves:
        source = int(stage[1:])
        options = []
        for to in moves[source]:
            other = squares[to].get("token")
            label = f"{square_name(to)}" + (f" (swap with the {token_words(other)})" if other else "")
            options.append(
                discord.SelectOption(
                    label=label, value=encode({"kind": "move_token", "from": source, "to": to})
                )
            )
        items: Items = [
            SgSelect(game, dec, "do", "mto", options, "Move it to…"),
            SgStage(game, dec, "h", "Back"),
        ]
        text = f"Move the {token_words(squares[source].get('token'))} from **{square_name(source)}** to…"
        return text, items, _image(view, names, picked_from=source)
    options = [
        discord.SelectOption(label=f"{square_name(c)}: {token_words(squares[c].get('token'))}", value=f"f{c}")
        for c in moves
    ]
    if not options:
        return (
            NOTHING.format("round token to move"),
            [SgDo(game, dec, "s", "Skip", GREY)],
            _image(view, names),
        )
    items = [
        SgSelect(game, dec, "st", "mfrom", options, "Token to move…"),
        SgDo(game, dec, "s", "Skip", GREY),
    ]
    return "Shuttle bonus: move one round token (or swap two).", items, _image(view, names)


def _move_tile(
    view: View,
    names: list[str],
    game: int,
    dec: int,
    choice: dict[str, Any],
    stage: str | None,
    tentative: View | None,
    note: str | None,
) -> Any:
    squares = (view.get("preview") or {}).get("mural", {}).get("squares") or [{}] * 16
    moves = {m["from"]: m["to"] for m in choice["moves"]}
    if stage and stage[:1] in {"m", "n"}:
        source, to, rot, swap = stage[1:].split(".")
        a, b, r = int(source), int(to), int(rot)
        s = None if swap == "x" else int(swap)
        items: Items = [
            SgStage(
                game,
                dec,
                f"m{a}.{b}.{k}.{swap}",
                f"Moved tile {TURNS[k]}",
                BLUE if k == r else GREY,
                disabled=k == r,
            )
            for k in range(4)
        ]
        if s is not None:
            items += [
                SgStage(
                    game,
                    dec,
                    f"n{a}.{b}.{r}.{k}",  # "n": same preview as "m", but a distinct custom_id
                    f"Other tile {TURNS[k]}",
                    BLUE if k == s else GREY,
                    disabled=k == s,
                )
                for k in range(4)
            ]
        if tentative is not None:
            items.append(
                SgDo(
                    game,
                    dec,
                    encode({"kind": "move_tile", "from": a, "to": b, "rotation": r, "swap_rotation": s}),
                    "Move it",
                    GREEN,
                )
            )
        items.append(SgStage(game, dec, "h", "Back"))
        verb = "Swap" if s is not None else "Move"
        text = f"{verb} the tile on **{square_name(a)}** to **{square_name(b)}**: see the picture."
        shown = {**view, "preview": tentative["preview"]} if tentative is not None else view
        return text, items, _image(shown, names)
    if stage and stage.startswith("f") and int(stage[1:]) in moves:
        source = int(stage[1:])
        turns = next(m["turns"] for m in choice["moves"] if m["from"] == source)  # allowed rotations
        options = []
        for to, (own, swap) in zip(moves[source], turns, strict=True):
            tile = squares[to].get("tile")
            label = square_name(to) + (" (swap the tiles)" if tile else "")
            value = f"m{source}.{to}.{own}.{'x' if swap is None else swap}"
            options.append(discord.SelectOption(label=label, value=value))
        items = [SgSelect(game, dec, "st", "mtto", options, "Move it to…"), SgStage(game, dec, "h", "Back")]
        return (
            f"Move the tile on **{square_name(source)}** to…",
            items,
            _image(view, names, picked_from=source),
        )
    options = [discord.SelectOption(label=square_name(c), value=f"f{c}") for c in moves]
    if not options:
        return NOTHING.format("tile to move"), [SgDo(game, dec, "s", "Skip", GREY)], _image(view, names)
    items = [
        SgSelect(game, dec, "st", "mtfrom", options, "Tile to move…"),
        SgDo(game, dec, "s", "Skip", GREY),
    ]
    return (
        "Shuttle bonus (once per game): move a tile, or swap two, turning them as you like.",
        items,
        _image(view, names),
    )


def _journal(view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_: Any) -> Any:
    options = [
        discord.SelectOption(
            label=card_words(c)[:100],
            value=encode({"kind": "take_journal", "card": c["id"]}),
            description=f"deck {c['deck']}, {'top of the deck' if c['slot'] == 'top' else 'beside it'}",
        )
        for c in choice["cards"]
    ]
    if not options:
        return (
            NOTHING.format("Journal card to take"),
            [SgDo(game, dec, "s", "Skip", GREY)],
            _image(view, names),
        )
    items: Items = [
        SgSelect(game, dec, "do", "card", options, "Journal card to take…"),
        SgDo(game, dec, "s", "Skip", GREY),
    ]
    return "Shuttle bonus: take a face-up Journal card into your Journal.", items, _image(view, names)


def _confirm_step(view: View, names: list[str], game: int, dec: int, *_: Any) -> Any:
    items: Items = [SgDo(game, dec, "c", "Confirm turn", GREEN)]
    return (
        "Everything is placed. **Confirm** to end your turn, or **Undo** to start it again.",
        items,
        _image(view, names),
    )


STEPS = {
    "pick": _pick,
    "bonus": _bonus,
    "tile": _tile,
    "token": _token,
    "gain": _gain,
    "move_token": _move_token,
    "move_tile": _move_tile,
    "journal": _journal,
    "confirm": _confirm_step,
}
