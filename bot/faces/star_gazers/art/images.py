"""Star Gazers images: pure functions from an engine view (a dict) to a picture.

Each image has a ``draw_*`` function returning a PIL image (so drawing and encoding can be
timed apart) and a ``*_png`` wrapper. ``draw_panel`` and ``draw_keep`` read a SEAT view and go
only to that seat (DM or ephemeral). ``draw_board``, ``draw_sheet`` (for another seat) and
``draw_results`` read only the keys in ``PUBLIC_KEYS``, so a seat view handed to them by
mistake still cannot put a Journal card or a turn draft into a channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.star_gazers.art import encodings as sent
from bot.faces.star_gazers.art import icons
from bot.faces.star_gazers.art.board import (
    PUBLIC_KEYS,
    View,
    draw_board,
    draw_constellations,
    draw_turn_board,
    player_of,
    public_only,
    round_line,
)
from bot.faces.star_gazers.art.cards import draw_card
from bot.faces.star_gazers.art.journal import draw_journal_strip
from bot.faces.star_gazers.art.parts import (
    draw_mural,
    draw_universe,
    ints,
    items,
    paste_tile,
    rotated_edges,
    shrunk,
    square_name,
)
from bot.faces.star_gazers.art.results import draw_results
from bot.i18n import _, ngettext
from bot.i18n.msg import N_
from render import shapes, theme
from render.common import as_map, fitted, name_of, num, seat_of, sky, text_width, to_png
from render.encode import encode
from render.headers import SEP, header

__all__ = [
    "PUBLIC_KEYS",
    "draw_board",
    "draw_keep",
    "draw_panel",
    "draw_results",
    "draw_sheet",
    "board_png",
    "keep_png",
    "panel_png",
    "results_png",
    "sheet_png",
    "public_only",
    "board_webp",
    "turn_board_webp",
    "keep_webp",
    "panel_webp",
    "results_webp",
    "sheet_webp",
]

# i18n: the panel image's subtitle: what the player does now
PROMPTS = {
    "pick": N_("Pick a square (ringed)"),
    "bonus": N_("Choose a bonus token from the centre"),
    "tile": N_("Place your tile on a ringed square"),
    "token": N_("Place your token (ringed places)"),
    "gain": N_("Shuttle bonus: take a bonus token"),
    "move_token": N_("Shuttle bonus: move a token"),
    "move_tile": N_("Shuttle bonus: move a tile"),
    "journal": N_("Shuttle bonus: take a Journal card"),
    "confirm": N_("All placed: confirm or undo"),
    "keep": N_("Keep one of your two Journal cards"),
}


# --- the private panel -------------------------------------------------------------------
def draw_panel(
    view: View,
    names: Sequence[str],
    *,
    tile_at: tuple[int, int] | None = None,
    picked_from: int | None = None,
) -> Image.Image:
    """The seat's panel: the Universe board and the seat's Mural with its draft applied.

    ``tile_at=(cell, rotation)`` marks a tile placement being previewed (``view`` is then the
    view after that placement); ``picked_from`` marks the square chosen as the source of a move.
    """
    choice = as_map(view.get("choice"))
    kind = str(choice.get("kind") or "")
    if kind == "keep":
        return draw_keep(view, names)
    you = seat_of(view.get("you"), 0)
    preview = as_map(view.get("preview")) or player_of(view, you)
    confirmed = as_map(player_of(view, you).get("mural"))
    mural = as_map(preview.get("mural"))
    changed = _changed(confirmed, mural)
    if kind in PROMPTS:
        prompt = _(PROMPTS[kind])
    else:
        prompt = _("Waiting for the others") if view.get("phase") != "over" else _("Game over")
    if tile_at is not None:
        prompt = _(
            "Preview: tile on {square}, turned {degrees}°",
            square=square_name(tile_at[0]),
            degrees=90 * tile_at[1],
        )
    universe_focus = kind in {"pick", "bonus"}
    height = 1030 if universe_focus else 1050
    image = sky(theme.WIDTH, height)
    header(image, [(round_line(view), theme.INK)], [(prompt, theme.ACCENT if kind else theme.MUTED)])
    universe = items(preview.get("universe") or view.get("universe"))
    centre = as_map(preview.get("centre") or view.get("centre"))
    draw = ImageDraw.Draw(image)
    small = theme.font(theme.SMALL, bold=True)
    reserve_rings: list[int] = []
    shuttle_rings: list[int] = []
    if universe_focus:
        rings = ints(choice.get("squares")) if kind == "pick" else []
        bonus = [t for t in items(choice.get("types")) if isinstance(t, str)] if kind == "bonus" else []
        draw_universe(image, 16, 148, 232, universe, centre, rings=rings, bonus_rings=bonus)
        fitted(draw, (740, 176), _("Your Mural"), small, theme.MUTED, theme.WIDTH - 16 - 740, anchor="ls")
        draw_mural(image, 744, 190, 58, mural, gold=changed, guide=False)
        _score_note(draw, (740, 468), preview, theme.WIDTH - 16 - 740)
        strip_top = 864
    else:
        rings, token_rings = _mural_marks(choice, picked_from)
        for t in items(choice.get("targets")):
            t = as_map(t)
            if t.get("target") == "reserve":
                reserve_rings = [len(items(preview.get("reserve")))]
            elif t.get("target") == "shuttle" and isinstance(t.get("space"), int):
                shuttle_rings.append(t["space"])
        gold = (
            set(changed)
            | ({tile_at[0]} if tile_at else set())
            | ({picked_from} if picked_from is not None else set())
        )
        draw_mural(image, 56, 184, 172, mural, rings=rings, gold=gold, token_rings=token_rings)
        _in_hand(image, (764, 148, theme.WIDTH - 16, 560), choice, tile_at)
        fitted(draw, (764, 598), _("Universe"), small, theme.MUTED, theme.WIDTH - 16 - 764, anchor="ls")
        draw_universe(image, 768, 610, 70, universe, centre)
        _score_note(draw, (764, 864), preview, theme.WIDTH - 16 - 764)
        strip_top = 888
    draw_journal_strip(
        image,
        (16, strip_top, theme.WIDTH - 16, height - 12),
        preview,
        items(view.get("shuttle_spaces")),
        reserve_rings=reserve_rings,
        shuttle_rings=shuttle_rings,
    )
    return image


def _changed(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[int]:
    a, b = items(before.get("squares")), items(after.get("squares"))
    return [i for i in range(min(len(a), len(b), 16)) if a[i] != b[i]]


def _mural_marks(choice: Mapping[str, Any], picked_from: int | None) -> tuple[list[int], list[int]]:
    """Squares to ring (empty places) and tokens to ring (things to cover or move)."""
    kind = choice.get("kind")
    if kind == "tile":
        return ints(choice.get("cells")), []
    if kind == "token":
        cells: list[int] = []
        covers: list[int] = []
        for t in items(choice.get("targets")):
            t = as_map(t)
            if t.get("target") == "cell" and isinstance(t.get("cell"), int):
                (covers if t.get("covers") else cells).append(t["cell"])
        return cells, covers
    if kind in {"move_token", "move_tile"}:
        moves = [as_map(m) for m in items(choice.get("moves"))]
        if picked_from is None:
            froms = [start for m in moves if isinstance(start := m.get("from"), int)]
            return (froms, []) if kind == "move_tile" else ([], froms)
        dest = next((ints(m.get("to")) for m in moves if m.get("from") == picked_from), [])
        return dest, []
    return [], []


def _in_hand(
    image: Image.Image,
    box: tuple[int, int, int, int],
    choice: Mapping[str, Any],
    tile_at: tuple[int, int] | None,
) -> None:
    """What the seat holds right now: the tile (as it would be turned) or the token."""
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box, radius=14, fill=theme.PANEL, outline=theme.PANEL_EDGE, width=2)
    small = theme.font(theme.SMALL, bold=True)
    cx = (box[0] + box[2]) / 2
    inner = box[2] - box[0] - 28
    kind = choice.get("kind")
    if kind == "tile" and isinstance(choice.get("tile"), Mapping):
        shrunk(draw, (box[0] + 14, box[1] + 36), _("Your tile"), theme.SMALL, theme.MUTED, inner)
        tile, rot = choice["tile"], tile_at[1] if tile_at else 0
        paste_tile(image, cx - 90, box[1] + 52, 180, tile, rotated_edges(tile, rot))
        turned = _("turned {degrees}°", degrees=90 * rot)
        shrunk(draw, (cx, box[1] + 270), turned, theme.SMALL, theme.INK, inner, anchor="ms")
        return
    if kind == "token" and isinstance(choice.get("token"), Mapping):
        label = _("From Reserve") if choice.get("from_reserve") else _("Your token")
        shrunk(draw, (box[0] + 14, box[1] + 36), label, theme.SMALL, theme.MUTED, inner)
        sprite = icons.token_of(choice["token"], 150)
        if sprite is not None:
            shapes.paste(image, sprite, cx, box[1] + 140)
        return
    if kind in {"gain", "bonus"}:
        shrunk(draw, (box[0] + 14, box[1] + 36), _("Choose one"), theme.SMALL, theme.MUTED, inner)
        types = [t for t in items(choice.get("types")) if isinstance(t, str)]
        for k, t in enumerate(types[:6]):
            shape = "hex" if t in {"moon", "comet", "station"} else "circle"
            shapes.paste(
                image,
                icons.token(t, 86, None, shape, True),
                box[0] + 58 + (k % 2) * 104,
                box[1] + 100 + (k // 2) * 104,
            )
        return
    if kind == "confirm":
        words = _("Ready to confirm")
    elif kind == "journal":
        words = _("Pick a card")
    else:
        words = _("Nothing in hand")
    lines = wrapped(words, small, inner)
    for i, line in enumerate(lines):  # the box is narrow: a long prompt takes several lines
        y = box[1] + 140 + (i - (len(lines) - 1) / 2) * 36
        fitted(draw, (cx, y), line, small, theme.MUTED, inner, anchor="mm")


def wrapped(words: str, f: Any, max_width: float) -> list[str]:
    """``words`` broken into lines that fit ``max_width`` (a word longer than that keeps its line)."""
    lines: list[str] = []
    for word in words.split():
        if lines and text_width(f"{lines[-1]} {word}", f) <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [words]


def _score_note(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], player: Mapping[str, Any], max_width: float
) -> None:
    """The running score; shortened to "Score: N" where the column is too narrow for more."""
    total, f = num(as_map(player.get("score")).get("total")), theme.font(theme.SMALL, bold=True)
    words = _("Score so far: {total}", total=total)
    shown = words if text_width(words, f) <= max_width else _("Score: {total}", total=total)
    fitted(draw, xy, shown, f, theme.GOLD, max_width, anchor="ls")


# --- journal choice at setup ---------------------------------------------------------------
def draw_keep(view: View, names: Sequence[str]) -> Image.Image:
    """The two dealt Journal cards (seat view, setup) and the public Constellations."""
    image = sky(theme.WIDTH, 840)
    kept = view.get("kept")
    sub = _("You kept the gold card") if kept else _("Keep one: the other goes back under its deck")
    header(image, [(_("Your Journal: keep one card"), theme.INK)], [(sub, theme.MUTED)])
    for k, card in enumerate(items(view.get("dealt"))[:2]):
        card = as_map(card)
        x = 16 + k * 492
        draw_card(
            image,
            (x, 148, x + 476, 400),
            card,
            highlight=theme.GOLD if card.get("id") == kept else None,
            # i18n: the note on a dealt Journal card, matching the panel's "Keep option 1" button
            note=_("option {k}", k=k + 1),
        )
    draw_constellations(image, 420, view)
    return image


# --- a seat's sheet -------------------------------------------------------------------------
def draw_sheet(view: View, names: Sequence[str], seat: int) -> Image.Image:
    """One seat's Mural and Journal board. From the public view unless ``view`` is that seat's
    own (then the Mural shows its confirmed position and the Journal cards are drawn)."""
    own = view.get("you") == seat
    shown = dict(view) if own else public_only(view)
    player = player_of(shown, seat)
    cards = [as_map(c) for c in items(view.get("journal"))] if own else []
    if not own and view.get("phase") == "over":
        cards = [as_map(c) for c in items(player.get("journal"))]
    rows = (len(cards) + 1) // 2
    height = 148 + 36 + 704 + 20 + 150 + (rows * 236 + 16 if cards else 0) + 12
    image = sky(theme.WIDTH, height)
    colour = theme.player_colour(seat)
    score = as_map(player.get("score")).get("total")
    count = seat_of(player.get("journal_count"), 0)
    points = (
        ngettext("{n} point so far", "{n} points so far", score)
        if isinstance(score, int)
        else _("{score} points so far", score=num(score))
    )
    held = ngettext("{n} Journal card", "{n} Journal cards", count)
    # i18n: a sheet's subtitle: the points so far, then the Journal cards held
    sub = _("{points}{sep}{cards}", points=points, sep=SEP, cards=held)
    header(image, _owned(_("{name}'s Mural"), name_of(names, seat), colour), [(sub, theme.MUTED)], flexible=1)
    draw_mural(image, 148, 184, 176, as_map(player.get("mural")))
    draw_journal_strip(image, (16, 908, theme.WIDTH - 16, 1058), player, items(shown.get("shuttle_spaces")))
    for k, card in enumerate(cards):
        x, y = 16 + (k % 2) * 492, 1074 + (k // 2) * 236
        done = card.get("complete")
        draw_card(
            image,
            (x, y, x + 476, y + 220),
            card,
            highlight=theme.ACCENT if done else None,
            # i18n: the note on a completed Journal card
            note=_("done") if done else None,
        )
    return image


def _owned(template: str, name: str, colour: theme.RGB) -> list[tuple[str, theme.RGB]]:
    """A title such as "{name}'s Mural" as three coloured parts: the name in its seat's colour."""
    before, __, after = template.partition("{name}")
    return [(before, theme.INK), (name, colour), (after, theme.INK)]


# --- PNG wrappers ---------------------------------------------------------------------------
def panel_png(
    view: View,
    names: Sequence[str],
    *,
    tile_at: tuple[int, int] | None = None,
    picked_from: int | None = None,
) -> bytes:
    return to_png(draw_panel(view, names, tile_at=tile_at, picked_from=picked_from))


def keep_png(view: View, names: Sequence[str]) -> bytes:
    return to_png(draw_keep(view, names))


def board_png(view: View, names: Sequence[str]) -> bytes:
    return to_png(draw_board(view, names))


def sheet_png(view: View, names: Sequence[str], seat: int) -> bytes:
    return to_png(draw_sheet(view, names, seat))


def results_png(view: View, names: Sequence[str]) -> bytes:
    return to_png(draw_results(view, names))


# --- what the face sends: each kind in its measured encoding (``encodings``; ``WAS`` before issue 31).
# The ``_webp`` names are the kinds' names from when all were WebP (the picture digests key on them).
def panel_webp(
    view: View,
    names: Sequence[str],
    *,
    tile_at: tuple[int, int] | None = None,
    picked_from: int | None = None,
) -> bytes:
    drawn = draw_panel(view, names, tile_at=tile_at, picked_from=picked_from)
    return encode(drawn, sent.PANEL, was=sent.WAS)


def keep_webp(view: View, names: Sequence[str]) -> bytes:
    return encode(draw_keep(view, names), sent.KEEP, was=sent.WAS)


def board_webp(view: View, names: Sequence[str]) -> bytes:
    return encode(draw_board(view, names), sent.BOARD, was=sent.WAS)


def turn_board_webp(view: View, names: Sequence[str]) -> bytes:
    return encode(draw_turn_board(view, names), sent.TURN_BOARD, was=sent.WAS)


def sheet_webp(view: View, names: Sequence[str], seat: int) -> bytes:
    return encode(draw_sheet(view, names, seat), sent.SHEET, was=sent.WAS)


def results_webp(view: View, names: Sequence[str]) -> bytes:
    return encode(draw_results(view, names), sent.RESULTS, was=sent.WAS)
