"""The rest of a turn drafted on the tile's preview: what follows the tile and its token.

A bonus token to place, a Space Shuttle's bonus, a Reserve token: each is one control of the
preview that only changes the plan (a stage, see ``plan``), drawn in the Mural at once. When
nothing is left to choose, **Confirm turn** sends the whole plan; a Hex token placed on the new
tile by default gets a menu to move it there. The words are the engine steps' own (``panels``,
``shuttle_steps``): the same choice reads the same wherever the panel asks it.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.art.parts import square_name
from bot.faces.star_gazers.items import pick_select, stage_button
from bot.faces.star_gazers.panel_bits import BLUE, GREY, TURNS, Items
from bot.faces.star_gazers.plan import Plan, token_code
from bot.faces.star_gazers.words import kind_word, token_words
from bot.games.base import View
from bot.i18n import _, pgettext


def later_controls(
    game: int, dec: int, plan: Plan, tentative: View, target_label: Any
) -> tuple[list[str], Items, bool]:
    """Words and controls for the turn's next choice after the tile and its token, and whether
    the turn is complete (``True``: the panel shows **Confirm turn**). ``target_label`` words a
    token's place (``panels._target_label``)."""
    choice = tentative.get("choice") or {}
    kind = choice.get("kind")
    squares = (tentative.get("preview") or {}).get("mural", {}).get("squares") or [{}] * 16
    items: Items = _tile_move_turns(game, dec, plan)
    lines: list[str] = []
    if kind == "confirm":
        hexed = tentative.get("hex")
        if hexed:
            lines.append(_hex_line(plan, hexed, target_label))
            items.append(_hex_select(game, dec, plan, hexed, target_label))
        return lines, items + _reserve(game, dec, plan, tentative), True
    if kind == "token":
        lines.append(
            _("Place the **{token}** from your Reserve.", token=token_words(choice["token"]))
            if choice.get("from_reserve")
            else _("Place the **{token}** you took.", token=token_words(choice["token"]))
        )
        options = [
            discord.SelectOption(label=target_label(t)[:100], value=_then(plan, token_code(t)))
            for t in choice["targets"]
        ]
        if options:
            items.append(pick_select(game, dec, "st", "btok", options, _("Where does the token go?")))
    elif kind == "gain":
        lines.append(
            _("Shuttle bonus: take a bonus token from the supply.")
            if choice["types"]
            else _("Shuttle bonus: there is no bonus token left in the supply right now, so press **Skip**.")
        )
        items += [stage_button(game, dec, _then(plan, f"g{t}"), kind_word(t), BLUE) for t in choice["types"]]
        items.append(_skip(game, dec, plan))
    elif kind == "journal":
        lines.append(
            _("Shuttle bonus: take a face-up Journal card into your Journal.")
            if choice["cards"]
            else _("Shuttle bonus: there is no Journal card to take right now, so press **Skip**.")
        )
        options = [
            discord.SelectOption(label=card_words(c)[:100], value=_then(plan, "j" + c["id"]))
            for c in choice["cards"]
        ]
        if options:
            items.append(pick_select(game, dec, "st", "bcard", options, _("Journal card to take…")))
        items.append(_skip(game, dec, plan))
    elif kind in {"move_token", "move_tile"}:
        more, controls = _move(game, dec, plan, choice, squares)
        lines += more
        items += controls
    return lines, items + _reserve(game, dec, plan, tentative), False


def _then(plan: Plan, code: str) -> str:
    """The plan with one more later choice (in place of a move's source being chosen)."""
    return plan.code(rest=(*plan.later, code))


def _skip(game: int, dec: int, plan: Plan) -> discord.ui.Item[Any]:
    return stage_button(game, dec, _then(plan, "s"), _("Skip the bonus"), GREY)


def _move(
    game: int, dec: int, plan: Plan, choice: dict[str, Any], squares: list[dict[str, Any]]
) -> tuple[list[str], Items]:
    """A Shuttle's move: the token or tile to move, then where (each a menu of the preview)."""
    tiles = choice["kind"] == "move_tile"
    moves = {m["from"]: m for m in choice["moves"]}
    source = plan.pending
    if source is not None and source in moves:
        options = []
        for n, to in enumerate(moves[source]["to"]):
            if tiles:
                own, swap = moves[source]["turns"][n]
                value = _then(plan, f"l{source}.{to}.{own}.{'x' if swap is None else swap}")
                label = (
                    _("{square} (swap the tiles)", square=square_name(to)) if squares[to].get("tile") else ""
                )
            else:
                value = _then(plan, f"o{source}.{to}")
                other = squares[to].get("token")
                label = (
                    _("{square} (swap with the {token})", square=square_name(to), token=token_words(other))
                    if other
                    else ""
                )
            options.append(discord.SelectOption(label=label or square_name(to), value=value))
        back = stage_button(game, dec, plan.code(rest=plan.later), pgettext("button", "Back"))
        if tiles:
            line = _("Move the tile on **{square}** to…", square=square_name(source))
        else:
            line = _(
                "Move the {token} from **{square}** to…",
                token=token_words(squares[source].get("token")),
                square=square_name(source),
            )
        return [line], [pick_select(game, dec, "st", "bto", options, _("Move it to…")), back]
    if tiles:
        options = [discord.SelectOption(label=square_name(c), value=_then(plan, f"f{c}")) for c in moves]
        line = (
            _("Shuttle bonus (once per game): move a tile, or swap two, turning them as you like.")
            if options
            else _("Shuttle bonus: there is no tile to move right now, so press **Skip**.")
        )
        placeholder = _("Tile to move…")
    else:
        options = [
            discord.SelectOption(
                label=_(
                    "{square}: {token}", square=square_name(c), token=token_words(squares[c].get("token"))
                ),
                value=_then(plan, f"f{c}"),
            )
            for c in moves
        ]
        line = (
            _("Shuttle bonus: move one round token (or swap two).")
            if options
            else _("Shuttle bonus: there is no round token to move right now, so press **Skip**.")
        )
        placeholder = _("Token to move…")
    tag = "btfrom" if tiles else "bfrom"
    items: Items = [pick_select(game, dec, "st", tag, options, placeholder)] if options else []
    return [line], [*items, _skip(game, dec, plan)]


def _tile_move_turns(game: int, dec: int, plan: Plan) -> Items:
    """The turns of a tile moved by a Shuttle's bonus (and of the tile it swapped with)."""
    found = [(n, c) for n, c in enumerate(plan.later) if c[:1] == "l"]
    if not found:
        return []
    n, code = found[0]
    start, end, own, swap = code[1:].split(".")

    def turned(moved: str, other: str) -> str:
        rest = list(plan.later)
        rest[n] = f"l{start}.{end}.{moved}.{other}"
        return plan.code(rest=tuple(rest))

    # the turns it has not now (a disabled button for the present turn would repeat this stage's id)
    items: Items = [
        stage_button(game, dec, turned(str(k), swap), _("Moved tile {degrees}", degrees=TURNS[k]), GREY)
        for k in range(4)
        if str(k) != own
    ]
    if swap != "x":
        items += [
            stage_button(game, dec, turned(own, str(k)), _("Other tile {degrees}", degrees=TURNS[k]), GREY)
            for k in range(4)
            if str(k) != swap
        ]
    return items


def _reserve(game: int, dec: int, plan: Plan, tentative: View) -> Items:
    """Reserve tokens to play now, as later choices of the plan."""
    if plan.pending is not None:
        return []
    reserve = (tentative.get("preview") or {}).get("reserve") or [None] * 2
    return [
        stage_button(
            game,
            dec,
            _then(plan, f"r{index}"),
            _("Play Reserve: {token}", token=token_words(reserve[index]))[:80],
            GREY,
        )
        for index in tentative.get("reserve_playable") or []
    ]


def _hex_line(plan: Plan, hexed: dict[str, Any], target_label: Any) -> str:
    place = hexed["targets"][hexed["codes"].index(plan.rest[hexed["index"]])]
    # i18n: a Hex bonus token placed by default on the new tile; {place} is "Square B3"
    return _(
        "The **{token}** goes on {place}: the menu below moves it to another tile.",
        token=token_words(hexed["token"]),
        place=target_label(place),
    )


def _hex_select(
    game: int, dec: int, plan: Plan, hexed: dict[str, Any], target_label: Any
) -> discord.ui.Item[Any]:
    index, chosen = hexed["index"], plan.rest[hexed["index"]]
    options = []
    for target, code in zip(hexed["targets"], hexed["codes"], strict=True):
        rest = list(plan.rest)
        rest[index] = code
        options.append(
            discord.SelectOption(
                label=target_label(target)[:100], value=plan.code(rest=tuple(rest)), default=code == chosen
            )
        )
    return pick_select(game, dec, "st", "hex", options, _("Where does the token go?"))
