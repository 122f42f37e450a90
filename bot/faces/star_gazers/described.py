"""Star Gazers pictures in words (``Presenter.describe``): the alt text of every picture, and the
text board of a player who reads boards as text. Made from the view the picture is drawn from:
the Universe board from the public view, a panel (with its Journal) from the seat's own."""

from __future__ import annotations

from typing import Any

from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.art.parts import square_name
from bot.faces.star_gazers.words import (
    BONUS_WORDS,
    kind_word,
    progress_line,
    round_line,
    tile_words,
    token_words,
)
from bot.games.base import View
from bot.i18n import _, pgettext


def _offer(offer: dict[str, Any] | None) -> str:
    if not offer:
        return _("taken")
    return _(
        "{tile} with {token}", tile=tile_words(offer.get("tile") or {}), token=token_words(offer.get("token"))
    )


def _universe(view: View) -> list[str]:
    squares = [
        _("square {n}: {offer}", n=o.get("square", i) + 1, offer=_offer(o))
        if o
        else _("square {n}: taken", n=i + 1)
        for i, o in enumerate(view.get("universe") or [])
    ]
    return [_("Universe board: {squares}.", squares="; ".join(squares))] if squares else []


def _mural(player: dict[str, Any]) -> str:
    """A Mural square by square (only the filled ones)."""
    filled = []
    for cell, square in enumerate(player.get("mural", {}).get("squares") or []):
        parts = [tile_words(square["tile"])] if square.get("tile") else []
        parts += [token_words(square["token"])] if square.get("token") else []
        if parts:
            filled.append(f"{square_name(cell)} {' + '.join(parts)}")
    return "; ".join(filled) or _("empty")


def _player(player: dict[str, Any], names: list[str]) -> str:
    return _(
        "{name}: {score} points, {tiles}/16 tiles; Mural: {mural}.",
        name=names[player["seat"]],
        score=player["score"]["total"],
        tiles=player.get("tiles", 0),
        mural=_mural(player),
    )


def _target(target: dict[str, Any]) -> str:
    where = target.get("target")
    if where == "cell":
        return square_name(target["cell"])
    if where == "shuttle":
        return _("Shuttle space ({bonus})", bonus=_(BONUS_WORDS.get(target["bonus"], target["bonus"])))
    if where == "reserve":
        return _("the Reserve")
    return _("discard")


def _choice(view: View) -> list[str]:
    """What the seat must decide now, with the legal options."""
    choice = view.get("choice") or {}
    kind = choice.get("kind")
    if kind == "keep":
        cards = [card_words(c) for c in view.get("dealt") or []]
        return [_("Keep one Journal card: {cards}.", cards=" / ".join(cards))]
    if kind == "pick":
        squares = ", ".join(str(s + 1) for s in choice["squares"])
        return [_("Take one square of the Universe board: {squares}.", squares=squares)]
    if kind == "bonus":
        return [_("Take a bonus token: {kinds}.", kinds=", ".join(kind_word(k) for k in choice["types"]))]
    if kind == "tile":
        cells = ", ".join(square_name(c) for c in choice["cells"])
        return [
            _(
                "Place the tile ({tile}) on an empty square: {cells}.",
                tile=tile_words(choice["tile"]),
                cells=cells,
            )
        ]
    if kind == "token":
        targets = ", ".join(_target(t) for t in choice["targets"])
        return [
            _("Place the token ({token}): {targets}.", token=token_words(choice["token"]), targets=targets)
        ]
    if kind == "gain":
        return [
            _(
                "Take a bonus token (optional): {kinds}.",
                kinds=", ".join(kind_word(k) for k in choice["types"]),
            )
        ]
    if kind in ("move_token", "move_tile"):
        moves = "; ".join(
            _(
                "from {cell} to {cells}",
                cell=square_name(m["from"]),
                cells=", ".join(square_name(c) for c in m["to"]),
            )
            for m in choice["moves"]
        )
        return [
            _("Move a token or tile (optional): {moves}.", moves=moves or pgettext("nothing listed", "none"))
        ]
    if kind == "journal":
        return [
            _(
                "Take a Journal card (optional): {cards}.",
                cards=" / ".join(card_words(c) for c in choice["cards"]),
            )
        ]
    if kind == "confirm":
        return [_("Everything is placed: confirm your turn, or undo it.")]
    return []


def describe(view: View, names: list[str], seat: int | None = None) -> str:
    """What a picture drawn from ``view`` shows; ``seat``: that seat's sheet."""
    lines = [_("Star Gazers, {step}.", step=round_line(view))]
    players = view.get("players") or []
    if view.get("phase") == "over" and view.get("outcome"):
        outcome = view["outcome"]
        lines.append(_("Winner: {names}.", names=", ".join(names[s] for s in outcome["winners"])))
        lines += [_player(p, names) for p in players]
        return "\n".join(lines)
    lines.append(progress_line(view, names))
    if seat is not None and seat < len(players):
        lines.append(_player(players[seat], names))
        return "\n".join(lines)
    you = view.get("you")
    if you is not None:
        lines += _choice(view)
        mine = view.get("preview") or (players[you] if you < len(players) else None)
        if mine:
            lines.append(_player(mine, names))
        journal = view.get("journal") or []
        if journal:
            lines.append(_("Your Journal: {cards}.", cards=" / ".join(card_words(c) for c in journal)))
        return "\n".join(lines + _universe(view))
    scores = ", ".join(f"{names[p['seat']]} {p['score']['total']}" for p in players)
    lines.append(_("Scores: {scores}", scores=scores))
    return "\n".join(lines + _universe(view) + [_player(p, names) for p in players])
