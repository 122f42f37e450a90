"""A Sky of Stars images: pure functions from an engine view (a dict) to a picture.

Each image has a ``draw_*`` function returning a PIL image (so drawing and encoding can be
timed apart) and a ``*_png`` wrapper returning PNG bytes. The vault images read the SEAT view
and go only to that seat's DMs; the drawing, table and results images read only keys of the
PUBLIC view, so passing a seat view by mistake can never leak a secret into a channel.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from bot.faces.sky_of_stars.art import panels
from bot.faces.sky_of_stars.art.board import draw_table
from bot.faces.sky_of_stars.art.drawing import draw_drawing, drawing_inputs
from bot.faces.sky_of_stars.art.map import Layout, MapPainter, items, known, strokes
from bot.faces.sky_of_stars.art.results import draw_results
from bot.faces.sky_of_stars.art.said import coloured
from bot.i18n import N_, _
from render import theme
from render.common import as_map, name_of, num, seat_of, sky
from render.encode import Encoding, Format, encode, old_way
from render.headers import SEP, Part, header

__all__ = [
    "draw_cancel_target",
    "draw_drawing",
    "draw_results",
    "draw_table",
    "draw_vault",
    "drawing_inputs",
    "vault_inputs",
    "cancel_target_png",
    "drawing_png",
    "panel_drawing_png",
    "results_png",
    "table_png",
    "vault_png",
]

log = logging.getLogger(__name__)

View = Mapping[str, Any]

VAULT_H = 900  # height of the vault images (header + lettered map)
_MAP_BOX = (58, 176, theme.WIDTH - 20, VAULT_H - 18)  # leaves room for the A-H / 1-6 guide


def _map_layout() -> Layout:
    return Layout.fit(_MAP_BOX)


def _round_line(view: View) -> str:
    return _(
        "Round {round} of {rounds}", round=num(view.get("round"), "?"), rounds=num(view.get("rounds"), "3")
    )


def _prompt(view: View, names: Sequence[str]) -> tuple[list[Part], int | None]:
    """What the seat is being asked to do, in words, from its ``choice``, as muted pieces of a
    line; and which piece is a name (the one to cut if the line is too long), if any."""
    choice = as_map(view.get("choice"))
    kind = choice.get("kind")
    said: str | None = None
    if kind == "start":
        said = _("Circle a starting star (ringed)")
    elif kind == "stroke":
        optional = bool(choice.get("optional"))
        said = _("Optional last stroke to a ringed star") if optional else _("Draw a line to a ringed star")
    elif kind == "cancel":
        target = name_of(names, seat_of(choice.get("target")))
        return coloured(
            N_("Swirl: cancel a star of {name}"), theme.MUTED, flexible="name", name=(target, theme.MUTED)
        )
    elif kind == "guess":
        artist = name_of(names, seat_of(choice.get("artist")))
        return coloured(N_("Guess {name}'s word"), theme.MUTED, flexible="name", name=(artist, theme.MUTED))
    elif view.get("phase") == "over":
        said = _("Game over")
    return [(said or _("Waiting for the others"), theme.MUTED)], None


def _targets(choice: Any, origin: str | None = None) -> list[str]:
    """Stars to ring for a start or stroke choice; only ``origin``'s targets once it is picked."""
    if not isinstance(choice, Mapping):
        return []
    if choice.get("kind") == "start":
        return known(choice.get("stars"))
    moves = choice.get("moves")
    if choice.get("kind") == "stroke" and isinstance(moves, Mapping):
        if origin in moves:
            return known(items(moves[origin]))
        return list(dict.fromkeys(known(to for tos in moves.values() for to in items(tos))))
    return []


VAULT_KEYS = frozenset({"phase", "round", "rounds", "roll", "secret", "choice", "vault", "my_cancel"})
"""The keys of a seat view the vault images draw from; nothing else of the view reaches them."""


def vault_inputs(view: View) -> dict[str, Any]:
    """Only ``VAULT_KEYS``: what a vault image may draw, so it is also an exact key of the picture
    (the others' progress changes the view, not this seat's vault)."""
    return {k: view[k] for k in sorted(VAULT_KEYS) if k in view}


def _picked_line(preview: tuple[str, str]) -> str:
    """The header's words for a picked move, true before and after it is confirmed (the panel
    keeps this picture once the move is made)."""
    start, end = preview
    if start == end:
        return _("Your starting star: {star}", star=start)
    return _("Your line: {start} → {end}", start=start, end=end)


def draw_vault(view: View, names: Sequence[str], *, preview: tuple[str, str] | None = None) -> Image.Image:
    """A seat's own Celestial Vault for their DM panel: secret word, drawings, legal moves.

    ``preview=(a, b)`` draws the picked stroke a-b in, in gold with b ringed, as it will stand
    once drawn (no other target rings: the picture is the result, kept after **Draw**);
    ``(a, a)`` marks a picked starting star the same way.
    """
    view = vault_inputs(view)
    image = sky(theme.WIDTH, VAULT_H)
    _vault_header(image, view, names, preview)
    painter = MapPainter(image, _map_layout())
    painter.guide()
    _vault_map(painter, view, preview)
    return image


def _vault_header(
    image: Image.Image, view: View, names: Sequence[str], preview: tuple[str, str] | None
) -> None:
    secret = view.get("secret")
    subtitle, name_at = _prompt(view, names)
    if preview:
        subtitle, name_at = [(_picked_line(preview), theme.GOLD)], None
    if isinstance(secret, Mapping):
        word = f"#{secret.get('number', '?')} {secret.get('word', '')}"
        title, _none = coloured(N_("Your word: {word}"), theme.INK, word=(word, theme.GOLD))
        subtitle.insert(0, (_round_line(view) + SEP, theme.MUTED))
        name_at = None if name_at is None else name_at + 1
    else:
        title = [(_round_line(view), theme.INK)]
    header(image, title, subtitle, roll=view.get("roll"), sub_flexible=name_at)


def _vault_map(painter: MapPainter, view: View, preview: tuple[str, str] | None) -> None:
    """Everything of the vault's map but its guide, in order (``panels`` paints parts of it)."""
    vault = as_map(view.get("vault"))
    current = as_map(vault.get("current"))
    past = [p for p in items(vault.get("past")) if isinstance(p, Mapping)]
    cancelled = known(vault.get("cancelled"))

    painter.strokes([s for p in past for s in strokes(p.get("strokes"))], theme.PAST_LINE, theme.PAST_W)
    painter.strokes(strokes(current.get("strokes")), theme.LINE, theme.LINE_W, glow=True)
    pending = strokes([preview]) if preview else []
    if pending and pending[0][0] != pending[0][1]:
        painter.strokes(pending, theme.GOLD, theme.LINE_W, glow=True)
    painter.stars(dim=cancelled, glow=False)
    painter.crosses(cancelled)
    painter.rings(known(p.get("start") for p in past), theme.PAST_LINE, width=3)
    painter.rings(known([current.get("start")]), theme.INK, width=6)
    if pending:
        painter.rings([pending[0][1]], theme.GOLD, width=6, grow=13)
    else:
        painter.rings(_targets(view.get("choice")), theme.ACCENT)
    painter.labels()


def draw_cancel_target(view: View, names: Sequence[str], *, preview: str | None = None) -> Image.Image:
    """The left neighbour's vault during a swirl: which of their stars this seat may cancel.

    ``preview`` is a star picked but not yet confirmed; it is marked like a chosen one.
    """
    view = vault_inputs(view)
    image = sky(theme.WIDTH, VAULT_H)
    _cancel_header(image, view, names, preview)
    painter = MapPainter(image, _map_layout())
    painter.guide()
    _cancel_map(painter, view, preview)
    return image


def _cancel_header(image: Image.Image, view: View, names: Sequence[str], preview: str | None) -> None:
    choice = as_map(view.get("choice"))
    target = seat_of(choice.get("target"))
    title, name_at = coloured(
        N_("Cancel a star of {name}"),
        theme.INK,
        flexible="name",
        name=(name_of(names, target), theme.player_colour(target)),
    )
    mine = known([preview]) or known([view.get("my_cancel")])
    if mine:  # picked or confirmed: the same words, as the panel keeps this picture after Cross out
        note = _("You picked {star} (gold X)", star=mine[0])
    else:
        note = _("Pick a ringed star") + SEP + _("grey stars are used")
    subtitle = [(_("Swirl!") + SEP, theme.ACCENT), (note, theme.MUTED)]
    header(image, title, subtitle, roll=view.get("roll"), flexible=name_at)


def _cancel_map(painter: MapPainter, view: View, preview: str | None) -> None:
    """Everything of the swirl target's map but its guide, in order (``panels`` paints parts of it)."""
    choice = as_map(view.get("choice"))
    mine = known([preview]) or known([view.get("my_cancel")])
    used = known(choice.get("target_used"))
    cancelled = known(choice.get("target_cancelled"))
    painter.stars(grey=used, dim=cancelled, glow=False)
    painter.crosses(cancelled)
    painter.rings(known(choice.get("stars")), theme.ACCENT)
    if mine:
        painter.crosses(mine, theme.GOLD)
        painter.rings(mine, theme.GOLD, width=6, grow=13)
    painter.labels()


# --- PNG wrappers --------------------------------------------------------------------------
PANEL_SCALE = 2
"""Panel pictures (a seat's vault, the swirl target, the drawing to guess) are drawn at the
theme's 1000 px and sent at half that, 500 px: a phone shows them about 400 px wide (800 device
pixels on a dense screen), so the full width was never seen, and they are most of what a player
downloads (two a roll). An exact 2:1 box filter keeps strokes and star points crisp; star shapes
and labels stay apart at 400 px (see ``tests/faces/sky_of_stars/test_sky_art_real_views.py``)."""

WEBP_EFFORT = 2  # what the panels were sent in before issue 31 (``PANEL_WAS``)

VAULT_COLOURS = 24
"""The panel pictures' palette. They are flat art: stars without a halo (a halo's soft gradient
needs many colours and blots into rings at fewer), lines, rings and labels. 24 colours keep every
star colour and shape apart at phone width; at 500 px they encode smallest (measured: 16 and 32
colours are larger, 48 a third larger still)."""


def _panel_sized(image: Image.Image) -> Image.Image:
    size = (image.width // PANEL_SCALE, image.height // PANEL_SCALE)
    rgb = image if image.mode == "RGB" else image.convert("RGB")  # no copy of an RGB drawing
    if old_way():
        return rgb.resize(size, Image.Resampling.BOX)
    # The same 2 x 2 average in Pillow's integer-factor path: 0.7 ms where the resampling filter
    # took 3.7 (a vault; the two differ by a rounding step in a few pixels).
    return rgb.reduce(PANEL_SCALE)


# A palette PNG at zlib level 5: measured on a vault, 2.0 ms and 20 KB where level 6 took 3.5 ms
# for 19 KB and the lossless WebP 19 ms for 13 KB (``python -m bench --only render``). Not level
# 4 (1.5 ms, 22 KB): the vaults are three quarters of a player's bytes, and at level 4 the
# longest game came to 3.00 MB a player with the thread (``--only image-bytes``).
PANEL = Encoding(VAULT_COLOURS, Format.PNG, 5)
PANEL_WAS = Encoding(VAULT_COLOURS, Format.WEBP, WEBP_EFFORT)  # before issue 31
PANEL_SUFFIX = PANEL.suffix
"""The file type of every panel picture (``_vault_encoded``)."""
# The thread's 1000 px pictures: 64 colours at zlib 3, 1.0-1.5 ms faster than 256 at zlib 4 for
# about the same bytes (issue 31, third pass; 32 colours flattened the dim stars' cores).
GENERAL = Encoding(64, Format.PNG, 3)
GENERAL_WAS = Encoding()
TALL = Encoding(
    64, Format.PNG, 4
)  # the results (2,200 px tall): 76 KB of the 100 KB budget, 4 ms less than 256 at zlib 6


def _vault_encoded(image: Image.Image) -> bytes:
    return encode(_panel_sized(image), PANEL, was=PANEL_WAS)


def _vault_panel(header: Any, map_: Any, encoding: Encoding = PANEL) -> bytes:
    """A panel drawn in parts at the size it is sent (``panels.map_panel``)."""
    image = panels.map_panel((theme.WIDTH, VAULT_H), _map_layout(), header, map_)
    return encode(image, encoding, was=PANEL_WAS)


# The swirl target at zlib 4: 0.6 ms less for 2 KB more (its stars are ringed all over the map, so
# most of it is drawn again); a dozen a game per player, so the game stays within 3 MB.
CANCEL = Encoding(VAULT_COLOURS, Format.PNG, 4)


def vault_png(view: View, names: Sequence[str], *, preview: tuple[str, str] | None = None) -> bytes:
    if panels.whole_needed():
        return _vault_encoded(draw_vault(view, names, preview=preview))
    view = vault_inputs(view)
    return _vault_panel(
        lambda b: _vault_header(b, view, names, preview), lambda p: _vault_map(p, view, preview)
    )


def cancel_target_png(view: View, names: Sequence[str], *, preview: str | None = None) -> bytes:
    if panels.whole_needed():
        return _vault_encoded(draw_cancel_target(view, names, preview=preview))
    view = vault_inputs(view)
    return _vault_panel(
        lambda b: _cancel_header(b, view, names, preview), lambda p: _cancel_map(p, view, preview), CANCEL
    )


def drawing_png(view: View, names: Sequence[str], seat: int, round: int) -> bytes:
    return encode(draw_drawing(view, names, seat, round), GENERAL, was=GENERAL_WAS)


def panel_drawing_png(view: View, names: Sequence[str], seat: int, round: int) -> bytes:
    """The drawing being guessed, in a guesser's panel: panel-sized (``PANEL_SCALE``), encoded
    like the vault (``PANEL_SUFFIX``)."""
    if panels.whole_needed():
        return _vault_encoded(draw_drawing(view, names, seat, round))
    return encode(draw_drawing(view, names, seat, round, half=True), PANEL, was=PANEL_WAS)


def table_png(view: View, names: Sequence[str]) -> bytes:
    return encode(draw_table(view, names), GENERAL, was=GENERAL_WAS)


def results_png(view: View, names: Sequence[str]) -> bytes:
    return encode(draw_results(view, names), TALL, was=GENERAL_WAS)
