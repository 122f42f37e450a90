"""The reveal of one drawing: the drawing with its word, every guess and the points it earned.

Posted once per drawing when its guessing ends, so the table sees in one picture what was
drawn, who read it (a tick) and who did not (a cross, with the number they picked). Reads only
keys of the PUBLIC view: ``reveals`` only holds guesses once they are out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.sky_of_stars.art.board import public_only
from bot.faces.sky_of_stars.art.drawing import _find_drawing
from bot.faces.sky_of_stars.art.map import items
from bot.faces.sky_of_stars.art.said import coloured
from bot.faces.sky_of_stars.art.thumbnails import thumbnail
from bot.i18n import N_, _
from render import shapes, theme
from render.common import as_map, fitted, name_of, num, panel, seat_of, sky, text, text_width
from render.encode import PNG, Encoding, Format, encode
from render.headers import SEP, header, parts_line

View = Mapping[str, Any]

REVEAL_H = 660
REVEAL = Encoding(64, Format.PNG, 3)  # as ``images.GENERAL``: 22 KB, 1 ms less than 256 colours at zlib 4
_WRONG = (255, 120, 120)  # a missed guess: red enough to read as "no" next to the green tick
_ROW_H = 66


def _seat_key(value: object) -> int:
    """A seat from a JSON key ("2") or a number; -1 for anything else."""
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return seat_of(value)


def find_reveal(view: View, seat: int, round_: int) -> Mapping[str, Any] | None:
    for entry in items(view.get("reveals")):
        if isinstance(entry, Mapping) and entry.get("artist") == seat and entry.get("round") == round_:
            return entry
    return None


def earned(reveal: Mapping[str, Any], seats: int) -> dict[int, int]:
    """Points this drawing gave: one to the artist per right guess (+1 box when everyone read
    it), and one to each guesser who was right."""
    correct = [_seat_key(s) for s in items(reveal.get("correct"))]
    artist = seat_of(reveal.get("artist"))
    points = {artist: len(correct) + (1 if seats > 1 and len(correct) == seats - 1 else 0)}
    points.update({s: 1 for s in correct if s >= 0})
    return points


def draw_reveal(view: View, names: Sequence[str], seat: int, round: int) -> Image.Image:
    """The reveal of ``seat``'s drawing in ``round`` (blank parts if it is not out yet)."""
    view = public_only(view)
    reveal = as_map(find_reveal(view, seat, round))
    seats = max(seat_of(view.get("seats"), 0), len(reveal.get("guesses") or {}) + 1)
    guesses = as_map(reveal.get("guesses"))
    correct = {_seat_key(s) for s in items(reveal.get("correct"))}
    height = max(REVEAL_H, 16 + 116 + 16 + 70 + len(guesses) * _ROW_H + 150)
    image = sky(theme.WIDTH, height)
    colour = theme.player_colour(seat)
    everyone = bool(guesses) and len(correct) == len(guesses)
    top = _reveal_header(image, reveal, name_of(names, seat), colour, round, len(correct), len(guesses))

    draw = ImageDraw.Draw(image)
    split = 500
    art_box = (theme.GAP, top, split, height - theme.GAP)
    panel(draw, art_box, fill=theme.SKY_TOP, outline=theme.FAINT)
    inset = 22  # the tile zooms to the drawing; this keeps the start ring clear of the frame
    thumbnail(
        image,
        (art_box[0] + inset, art_box[1] + inset, art_box[2] - inset, art_box[3] - inset),
        _find_drawing(view, seat, round),
        colour,
    )

    box = (split + theme.GAP, top, theme.WIDTH - theme.GAP, height - theme.GAP)
    panel(draw, box)
    x0, x1 = box[0] + 20, box[2] - 20
    fitted(draw, (x0, top + 44), _("Guesses"), theme.font(theme.SMALL), theme.MUTED, x1 - x0, anchor="ls")
    points = earned(reveal, seats) if reveal else {}
    y = top + 60
    for key, number in sorted(guesses.items(), key=lambda kv: _seat_key(kv[0])):
        guesser = _seat_key(key)
        _guess_row(image, draw, (x0, x1), y + _ROW_H / 2, names, guesser, number, right=guesser in correct)
        y += _ROW_H
    _artist_gain(draw, (x0, box[3], x1), name_of(names, seat), colour, points.get(seat, 0), everyone=everyone)
    return image


def _reveal_header(
    image: Image.Image,
    reveal: View,
    name: str,
    colour: tuple[int, int, int],
    round: int,
    right: int,
    guessers: int,
) -> int:
    """The title (who drew what) over how many read it, and the +1 box when everyone did; returns its foot."""
    word = str(reveal.get("word") or "?")
    title, name_at = coloured(
        N_("{name} drew {drawing}"),
        theme.INK,
        flexible="name",
        name=(name, colour),
        drawing=(f"#{num(reveal.get('number'), '?')} {word}", theme.GOLD),
    )
    if guessers:
        read = _("read by {correct} of {guessers}", correct=right, guessers=guessers)
    else:
        read = _("nobody guessed")
    sub = [(_("Round {round}", round=round) + SEP + read, theme.MUTED)]
    if guessers and right == guessers:
        sub.append((SEP + _("everyone got it: +1 box"), theme.GOLD))
    return header(image, title, sub, flexible=name_at)


def _guess_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    column: tuple[int, int],
    cy: float,
    names: Sequence[str],
    guesser: int,
    number: object,
    *,
    right: bool,
) -> None:
    """One guesser: a tick or a cross, their name, the number they picked and the +1 a right guess earns.

    The name gives way (shrinks) so the number and the +1 always show whole at the right.
    """
    x0, x1 = column
    small, body, bold = theme.font(theme.SMALL), theme.font(theme.BODY), theme.font(theme.BODY, True)
    mark = shapes.check_sprite(30, theme.ACCENT) if right else shapes.cross_sprite(12, 5, _WRONG)
    shapes.paste(image, mark, x0 + 16, cy)
    said = f"#{number}" if isinstance(number, int) else _("no guess")
    said_font = bold if isinstance(number, int) else small
    plus = "+1" if right else ""
    plus_w = text_width("+1", bold) + 12 if right else 0
    name_w = x1 - (x0 + 44) - text_width(said, said_font) - plus_w - 16
    fitted(
        draw,
        (x0 + 44, cy),
        name_of(names, guesser),
        body,
        theme.player_colour(guesser),
        name_w,
        anchor="lm",
    )
    shade = theme.ACCENT if right else _WRONG if isinstance(number, int) else theme.MUTED
    text(draw, (x1 - plus_w, cy), said, said_font, shade, anchor="rm")
    if plus:
        text(draw, (x1, cy), plus, bold, theme.GOLD, anchor="rm")


def _artist_gain(
    draw: ImageDraw.ImageDraw,
    foot: tuple[int, int, int],
    name: str,
    colour: tuple[int, int, int],
    gained: int,
    *,
    everyone: bool,
) -> None:
    """What the drawing earned its artist, under a rule at the foot of the guesses column."""
    x0, bottom, x1 = foot
    draw.line((x0, bottom - 96, x1, bottom - 96), fill=theme.FAINT, width=2)
    parts_line(
        draw,
        (x0, bottom - 52),
        [(name, colour), (f" +{gained}", theme.GOLD)],
        theme.HEADING,
        x1 - x0,
        flexible=0,
        min_size=theme.BODY,
    )
    note = _("incl. the +1 box") if everyone else _("one per right guess")
    fitted(draw, (x0, bottom - 18), note, theme.font(theme.SMALL), theme.MUTED, x1 - x0, anchor="ls")


def reveal_png(view: View, names: Sequence[str], seat: int, round: int) -> bytes:
    return encode(draw_reveal(view, names, seat, round), REVEAL, was=PNG)
