"""Star Gazers panel steps for the Space Shuttle's bonuses, one panel step per bonus kind
(each can be skipped), kept apart from the turn's main steps in ``panels``.

Each builder returns (text, components, image) like the other steps in ``panels``.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.art.parts import square_name
from bot.faces.star_gazers.codes import encode
from bot.faces.star_gazers.items import do_button, pick_select, stage_button
from bot.faces.star_gazers.panel_bits import BLUE, GREEN, GREY, TURNS, Items, panel_image
from bot.faces.star_gazers.words import kind_word, token_words
from bot.games.base import View
from bot.i18n import _, pgettext


def _skip(game: int, dec: int) -> discord.ui.Item[Any]:
    return do_button(game, dec, "s", pgettext("button", "Skip"), GREY)


def gain_step(view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_rest: Any) -> Any:
    items: Items = [
        do_button(game, dec, encode({"kind": "gain", "type": t}), kind_word(t), BLUE) for t in choice["types"]
    ]
    items.append(do_button(game, dec, "s", _("Skip the bonus"), GREY))
    if not choice["types"]:
        text = _("Shuttle bonus: there is no bonus token left in the supply right now, so press **Skip**.")
        return text, items, panel_image(view, names)
    return _("Shuttle bonus: take a bonus token from the supply."), items, panel_image(view, names)


def move_token_step(
    view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], stage: str | None, *_rest: Any
) -> Any:
    squares = (view.get("preview") or {}).get("mural", {}).get("squares") or [{}] * 16
    moves = {m["from"]: m["to"] for m in choice["moves"]}
    if stage and stage.startswith("f") and int(stage[1:]) in moves:
        source = int(stage[1:])
        options = []
        for to in moves[source]:
            other = squares[to].get("token")
            label = (
                _("{square} (swap with the {token})", square=square_name(to), token=token_words(other))
                if other
                else square_name(to)
            )
            options.append(
                discord.SelectOption(
                    label=label, value=encode({"kind": "move_token", "from": source, "to": to})
                )
            )
        items: Items = [
            pick_select(game, dec, "do", "mto", options, _("Move it to…")),
            stage_button(game, dec, "h", pgettext("button", "Back")),
        ]
        text = _(
            "Move the {token} from **{square}** to…",
            token=token_words(squares[source].get("token")),
            square=square_name(source),
        )
        return text, items, panel_image(view, names, picked_from=source)
    options = [
        discord.SelectOption(
            label=_("{square}: {token}", square=square_name(c), token=token_words(squares[c].get("token"))),
            value=f"f{c}",
        )
        for c in moves
    ]
    if not options:
        return (
            _("Shuttle bonus: there is no round token to move right now, so press **Skip**."),
            [_skip(game, dec)],
            panel_image(view, names),
        )
    items = [
        pick_select(game, dec, "st", "mfrom", options, _("Token to move…")),
        _skip(game, dec),
    ]
    return _("Shuttle bonus: move one round token (or swap two)."), items, panel_image(view, names)


def move_tile_step(
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
        return _tile_move_preview(view, names, game, dec, stage, tentative)
    if stage and stage.startswith("f") and int(stage[1:]) in moves:
        source = int(stage[1:])
        turns = next(m["turns"] for m in choice["moves"] if m["from"] == source)  # allowed rotations
        options = []
        for to, (own, swap) in zip(moves[source], turns, strict=True):
            tile = squares[to].get("tile")
            label = _("{square} (swap the tiles)", square=square_name(to)) if tile else square_name(to)
            value = f"m{source}.{to}.{own}.{'x' if swap is None else swap}"
            options.append(discord.SelectOption(label=label, value=value))
        items = [
            pick_select(game, dec, "st", "mtto", options, _("Move it to…")),
            stage_button(game, dec, "h", pgettext("button", "Back")),
        ]
        return (
            _("Move the tile on **{square}** to…", square=square_name(source)),
            items,
            panel_image(view, names, picked_from=source),
        )
    options = [discord.SelectOption(label=square_name(c), value=f"f{c}") for c in moves]
    if not options:
        text = _("Shuttle bonus: there is no tile to move right now, so press **Skip**.")
        return text, [_skip(game, dec)], panel_image(view, names)
    items = [
        pick_select(game, dec, "st", "mtfrom", options, _("Tile to move…")),
        _skip(game, dec),
    ]
    return (
        _("Shuttle bonus (once per game): move a tile, or swap two, turning them as you like."),
        items,
        panel_image(view, names),
    )


def _slot_words(card: dict[str, Any]) -> str:
    if card["slot"] == "top":
        return _("deck {deck}, top of the deck", deck=card["deck"])
    return _("deck {deck}, beside it", deck=card["deck"])


def journal_step(
    view: View, names: list[str], game: int, dec: int, choice: dict[str, Any], *_rest: Any
) -> Any:
    options = [
        discord.SelectOption(
            label=card_words(c)[:100],
            value=encode({"kind": "take_journal", "card": c["id"]}),
            description=_slot_words(c),
        )
        for c in choice["cards"]
    ]
    if not options:
        return (
            _("Shuttle bonus: there is no Journal card to take right now, so press **Skip**."),
            [_skip(game, dec)],
            panel_image(view, names),
        )
    items: Items = [
        pick_select(game, dec, "do", "card", options, _("Journal card to take…")),
        _skip(game, dec),
    ]
    return _("Shuttle bonus: take a face-up Journal card into your Journal."), items, panel_image(view, names)


def _tile_move_preview(
    view: View, names: list[str], game: int, dec: int, stage: str, tentative: View | None
) -> Any:
    """A tile move previewed (``m<from>.<to>.<rot>.<rot|x>``, or ``n…`` from the other tile's
    turns): each tile's turns, **Move it** once the rules accept it, and Back."""
    moved_from, moved_to, rot, swap = stage[1:].split(".")
    a, b, r = int(moved_from), int(moved_to), int(rot)
    s = None if swap == "x" else int(swap)
    items: Items = [
        stage_button(
            game,
            dec,
            f"m{a}.{b}.{k}.{swap}",
            _("Moved tile {degrees}", degrees=TURNS[k]),
            BLUE if k == r else GREY,
            disabled=k == r,
        )
        for k in range(4)
    ]
    if s is not None:
        items += [
            stage_button(
                game,
                dec,
                f"n{a}.{b}.{r}.{k}",  # "n": same preview as "m", but a distinct custom_id
                _("Other tile {degrees}", degrees=TURNS[k]),
                BLUE if k == s else GREY,
                disabled=k == s,
            )
            for k in range(4)
        ]
    if tentative is not None:
        items.append(
            do_button(
                game,
                dec,
                encode({"kind": "move_tile", "from": a, "to": b, "rotation": r, "swap_rotation": s}),
                _("Move it"),
                GREEN,
            )
        )
    items.append(stage_button(game, dec, "h", pgettext("button", "Back")))
    if s is not None:
        text = _("Swap the tile on **{a}** to **{b}**: see the picture.", a=square_name(a), b=square_name(b))
    else:
        text = _("Move the tile on **{a}** to **{b}**: see the picture.", a=square_name(a), b=square_name(b))
    shown = {**view, "preview": tentative["preview"]} if tentative is not None else view
    return text, items, panel_image(shown, names)
