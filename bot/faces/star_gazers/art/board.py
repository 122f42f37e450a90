"""The public Star Gazers board: the Universe, the two Constellations and each player's score.

It reads only the keys in ``PUBLIC_KEYS`` (``public_only``), so a seat view handed to it by
mistake still cannot put a Journal card or a turn draft into a channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.star_gazers.art import icons
from bot.faces.star_gazers.art.parts import draw_constellation, draw_universe, items, shrunk
from bot.i18n import _, ngettext
from render import shapes, theme
from render.common import as_map, fitted, name_of, num, seat_of, sky, text
from render.headers import SEP, header

View = Mapping[str, Any]
PUBLIC_KEYS = frozenset(
    {
        "game",
        "phase",
        "seats",
        "decision",
        "round",
        "rounds",
        "pick",
        "picks_per_round",
        "first",
        "order",
        "turn",
        "waiting",
        "universe",
        "centre",
        "supply",
        "stacks_left",
        "bag_left",
        "journal_board",
        "constellations",
        "shuttle_spaces",
        "players",
        "outcome",
    }
)
PLAYER_PUBLIC = frozenset(
    {
        "seat",
        "mural",
        "reserve",
        "shuttles",
        "tile_move_used",
        "tiles",
        "journal_count",
        "discarded",
        "journal",
        "score",
    }
)


def public_only(view: View) -> dict[str, Any]:
    """Only public keys (and, once the game is over, the revealed Journal cards)."""
    out = {k: v for k, v in view.items() if k in PUBLIC_KEYS}
    over = view.get("phase") == "over"
    out["players"] = [
        {k: v for k, v in as_map(p).items() if k in PLAYER_PUBLIC and (over or k != "journal")}
        for p in items(view.get("players"))
    ]
    return out


def round_line(view: View) -> str:
    if view.get("phase") == "journal":
        return _("Setup: keep a Journal card")
    if view.get("phase") == "over":
        return _("Game over")
    # i18n: the image's title line; {sep} is a middle dot between the two parts
    return _(
        "Round {round}/{rounds}{sep}pick {pick}/{picks}",
        round=num(view.get("round"), "?"),
        rounds=num(view.get("rounds"), "?"),
        sep=SEP,
        pick=num(view.get("pick"), "?"),
        picks=num(view.get("picks_per_round"), "8"),
    )


def player_of(view: View, seat: int) -> Mapping[str, Any]:
    players = items(view.get("players"))
    return as_map(players[seat]) if 0 <= seat < len(players) else {}


def draw_constellations(image: Image.Image, top: int, view: View) -> int:
    cards = [as_map(c) for c in items(view.get("constellations"))][:2]
    for k, card in enumerate(cards):
        x = 16 + k * 492
        name = card.get("name")
        # i18n: a Constellation card's title: its side (A or B) and its name
        shown = _(name) if isinstance(name, str) else "?"
        title = _("{side}: {name}", side=card.get("side", "?"), name=shown)
        draw_constellation(image, (x, top, x + 476, top + 408), card, title)
    return top + 408


def draw_board(view: View, names: Sequence[str]) -> Image.Image:
    """The Universe board for the thread, with the two Constellations and each player's score."""
    view = public_only(view)
    seats = max(1, min(4, seat_of(view.get("seats"), len(names)) or 1))
    image = sky(theme.WIDTH, 1360)
    turn = view.get("turn")
    sub = [(_("Constellations below"), theme.MUTED)]
    if isinstance(turn, int):
        sub = [(_("Now: "), theme.MUTED), (name_of(names, turn), theme.player_colour(turn))]
    header(image, [(round_line(view), theme.INK)], sub, sub_flexible=1 if len(sub) > 1 else None)
    draw_universe(image, 16, 148, 224, items(view.get("universe")), as_map(view.get("centre")))
    draw = ImageDraw.Draw(image)
    x, small, bold = 712, theme.font(theme.SMALL), theme.font(theme.SMALL, bold=True)
    column = theme.WIDTH - 16 - x
    y = 180
    fitted(draw, (x, y), _("Players"), bold, theme.MUTED, column, anchor="ls")
    for seat in range(seats):
        player = player_of(view, seat)
        y += 76
        colour = theme.player_colour(seat)
        fitted(draw, (x, y), name_of(names, seat), bold, colour, 270, anchor="ls")
        line = _tiles_and_points(player, short=False)
        shrunk(draw, (x, y + 30), line, theme.SMALL, theme.INK, column, bold=False)
    y += 90
    stacks = _("Stacks left: {n}", n=num(view.get("stacks_left")))
    shrunk(draw, (x, y), stacks, theme.SMALL, theme.MUTED, column, bold=False)
    bag = _("Tokens in bag: {n}", n=num(view.get("bag_left")))
    shrunk(draw, (x, y + 36), bag, theme.SMALL, theme.MUTED, column, bold=False)
    supply = as_map(view.get("supply"))
    if supply:
        fitted(draw, (x, y + 84), _("Bonus supply"), bold, theme.MUTED, column, anchor="ls")
        for k, t in enumerate(("star", "shuttle", "sun", "moon", "comet", "station")):
            cx, cy = x + 30 + (k % 3) * 88, y + 130 + (k // 3) * 84
            shapes.paste(image, icons.token(t, 62, None, "hex" if k >= 3 else "circle", True), cx, cy)
            text(
                draw,
                (cx + 30, cy + 30),
                f"×{num(supply.get(t), '0')}",
                small,
                theme.INK,
                anchor="mm",
                halo=theme.SHADOW,
            )
    draw_constellations(image, 832 + 96, view)
    fitted(
        draw,
        (theme.WIDTH / 2, 832 + 62),
        _("Constellations (both count for everyone)"),
        bold,
        theme.MUTED,
        theme.WIDTH - 32,
        anchor="ms",
    )
    return image


COMPACT_WIDTH, COMPACT_CELL = 680, 150


def draw_turn_board(view: View, names: Sequence[str]) -> Image.Image:
    """The thread's picture for each turn: the Universe and each player's tiles and points, drawn
    small (680 px wide, so a phone shows it nearer full size than the 1000 px board) and without
    the Constellations, which never change and are shown with the full board at the start. Its
    bytes are a third of the full board's, and every player downloads one each turn."""
    view = public_only(view)
    seats = max(1, min(4, seat_of(view.get("seats"), len(names)) or 1))
    image = sky(COMPACT_WIDTH, 148 + 3 * COMPACT_CELL + 20)
    turn = view.get("turn")
    sub = [(_("Constellations below"), theme.MUTED)]
    if isinstance(turn, int):
        sub = [(_("Now: "), theme.MUTED), (name_of(names, turn), theme.player_colour(turn))]
    header(image, [(round_line(view), theme.INK)], sub, sub_flexible=1 if len(sub) > 1 else None)
    draw_universe(image, 16, 148, COMPACT_CELL, items(view.get("universe")), as_map(view.get("centre")))
    draw = ImageDraw.Draw(image)
    x, bold = 16 + 3 * COMPACT_CELL + 18, theme.font(theme.SMALL, bold=True)
    column = COMPACT_WIDTH - 16 - x
    y = 180
    fitted(draw, (x, y), _("Players"), bold, theme.MUTED, column, anchor="ls")
    for seat in range(seats):
        player = player_of(view, seat)
        y += 76
        fitted(draw, (x, y), name_of(names, seat), bold, theme.player_colour(seat), column, anchor="ls")
        line = _tiles_and_points(player, short=True)
        shrunk(draw, (x, y + 30), line, theme.SMALL, theme.INK, column, bold=False)
    return image


def _tiles_and_points(player: Mapping[str, Any], *, short: bool) -> str:
    """A player's line on a board: tiles placed of 16, then points so far ("1 pt", not "1 pts")."""
    tiles, score = num(player.get("tiles"), "0"), as_map(player.get("score")).get("total")
    if not isinstance(score, int) or isinstance(score, bool):
        if short:
            # i18n: a player's line on the small board: tiles placed of 16, then points so far
            return _("{tiles}/16{sep}{score} pts", tiles=tiles, sep=SEP, score=num(score))
        # i18n: a player's line on the board: tiles placed of 16, then points so far
        return _("{tiles}/16 tiles{sep}{score} pts", tiles=tiles, sep=SEP, score=num(score))
    if short:
        # i18n: a player's line on the small board: tiles placed of 16, then points so far
        return ngettext("{tiles}/16{sep}{n} pt", "{tiles}/16{sep}{n} pts", score, tiles=tiles, sep=SEP)
    # i18n: a player's line on the board: tiles placed of 16, then points so far
    return ngettext(
        "{tiles}/16 tiles{sep}{n} pt", "{tiles}/16 tiles{sep}{n} pts", score, tiles=tiles, sep=SEP
    )
