"""The public Sky of Stars table: round, roll, who is done and the running scores.

Both read only keys of the PUBLIC view (listed in ``PUBLIC_KEYS``), never ``secret``,
``vault``, ``choice`` or other seat-only keys, so they are safe to post in a channel.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.sky_of_stars.art.map import items
from bot.faces.sky_of_stars.art.said import coloured
from bot.faces.sky_of_stars.art.scoreboard import Box, ints, scoreboard, table_frame, top_boxes
from bot.i18n import N_, _, language
from render import theme
from render.common import (
    as_map,
    clean,
    fitted,
    is_recording,
    name_of,
    num,
    seat_of,
    sky,
    text,
)
from render.encode import old_way
from render.headers import HEADER_H, HEADER_TOP, SEP, Part, header, parts_line, phase_words
from render.layers import kept_image

View = Mapping[str, Any]

PUBLIC_KEYS = frozenset(
    {
        "game",
        "phase",
        "round",
        "rounds",
        "seats",
        "decision",
        "card",
        "roll",
        "stop_by",
        "waiting",
        "locked",
        "skipped",
        "guess",
        "drawings",
        "reveals",
        "scores",
        "outcome",
    }
)
COLOUR_ORDER = ("yellow", "red", "blue")


def public_only(view: View) -> dict[str, Any]:
    """Only the public keys: what these boards may draw from, whatever they are handed."""
    return {k: v for k, v in view.items() if k in PUBLIC_KEYS}


MAX_SEATS = 8  # the game seats 3-6; anything beyond this is bad data, not a bigger image


def seats_in(view: View, names: Sequence[str]) -> int:
    seats = seat_of(view.get("seats"), 0)
    if seats <= 0:
        seats = max(len(names), len(list(items(view.get("scores")))))
    return max(1, min(seats, MAX_SEATS))


def _rounds(view: View) -> int:
    return max(1, min(seat_of(view.get("rounds"), 3), 5))


# --- table ---------------------------------------------------------------------------------
Line = tuple[list[Part], int | None]  # coloured pieces, and which piece to cut if too long


def _status_lines(view: View, names: Sequence[str], seats: int) -> list[Line]:
    """The "now" panel as coloured pieces: locks, STOP, who is being guessed, the last reveal."""
    lines: list[Line] = []
    locked, waiting = ints(view.get("locked")), ints(view.get("waiting"))
    if locked or waiting:
        total = len(locked) + len(waiting)
        lines.append(
            coloured(
                N_("{locked} of {total} locked in"),
                theme.INK,
                locked=(str(len(locked)), theme.ACCENT),
                total=(str(total), theme.ACCENT),
            )
        )
    stop_by = seat_of(view.get("stop_by"))
    if stop_by >= 0:
        lines.append(
            coloured(
                N_("{stop} called by {name}"),
                theme.MUTED,
                flexible="name",
                stop=(_("STOP"), theme.GOLD),
                name=(name_of(names, stop_by), theme.INK),
            )
        )
    guess = as_map(view.get("guess"))
    if seat_of(guess.get("artist")) >= 0:
        artist = guess["artist"]
        lines.append(
            coloured(
                N_("Guess {name}'s word"),
                theme.MUTED,
                flexible="name",
                name=(name_of(names, artist), theme.player_colour(artist)),
            )
        )
        detail = []
        order = ints(guess.get("order"))
        if order and seat_of(guess.get("position")) >= 0:
            detail.append(_("drawing {number} of {count}", number=guess["position"] + 1, count=len(order)))
        countdown = guess.get("countdown")
        if isinstance(countdown, (int, float)) and math.isfinite(countdown):
            detail.append(_("{seconds} s to guess", seconds=max(0, math.ceil(countdown))))
        if detail:
            lines.append(([(SEP.join(detail), theme.MUTED)], None))
    # only this round's reveals: round 1's result is no news during round 2
    reveals = [
        r
        for r in items(view.get("reveals"))
        if isinstance(r, Mapping) and r.get("round") == view.get("round")
    ]
    if reveals:
        last = reveals[-1]
        artist = seat_of(last.get("artist"))
        word = last.get("word") if isinstance(last.get("word"), str) else ""
        lines.append(
            coloured(
                N_("{name} drew {drawing}"),
                theme.MUTED,
                flexible="name",
                name=(name_of(names, artist), theme.player_colour(artist)),
                drawing=(f"#{num(last.get('number'), '?')} {clean(word)}", theme.GOLD),
            )
        )
        correct = len(ints(last.get("correct")))
        said = _("guessed by {correct} of {others}", correct=correct, others=max(seats - 1, 0))
        lines.append(([(said, theme.MUTED)], None))
    return lines  # nothing to say now: the header names the phase already


def table_inputs(view: View) -> dict[str, Any]:
    """What a drawing step's status picture shows, and nothing that changes from roll to roll (the
    die, who is done: the card's words say those), so the picture of a round's rolls is one and
    the same, kept on the card instead of drawn and sent again for every roll."""
    shown = public_only(view)
    phase = "start" if shown.get("phase") == "start" else "stroke"
    keep = ("game", "round", "rounds", "seats", "card", "stop_by", "scores")
    return {**{key: shown.get(key) for key in keep}, "phase": phase, "roll": None}


def draw_table(view: View, names: Sequence[str]) -> Image.Image:
    """The public status board: round, card, phase, die and the scores.

    Who is done is left to the card's text: the picture is drawn once per step and kept while
    players act, so a "1 of 3 locked in" in it would soon disagree with the words beside it."""
    view = {**public_only(view), "locked": [], "waiting": [], "skipped": []}
    seats = seats_in(view, names)
    status = _status_lines(view, names, seats)
    row_h = 58
    top_rows = max(5 * 54 + 76, 92 + len(status) * 46)
    scores = [as_map(s) for s in items(view.get("scores"))]
    legend = any(as_map(r).get("plus_one") for s in scores for r in items(s.get("rounds")))
    board_h = 64 + seats * row_h + (64 if legend else 24)
    height = 16 + 116 + 16 + top_rows + 16 + board_h + 16
    rounds, top = _rounds(view), HEADER_TOP + HEADER_H + theme.GAP
    shape = (height, top, top_rows, bool(status), seats, row_h, board_h, legend, rounds)
    if old_way() or is_recording():
        image = sky(theme.WIDTH, height)
        table_frame(image, *shape[1:])
    else:  # what a table of this shape shows whatever the game's state, drawn once per process
        kept = ("sky-of-stars table", language(), shape)
        image = kept_image(kept, lambda: table_frame(sky(theme.WIDTH, height), *shape[1:])).copy()
    draw = ImageDraw.Draw(image)
    round_no = num(view.get("round"), "?")
    title, _none = coloured(
        N_("Round {round} of {rounds}"),
        theme.INK,
        round=(round_no, theme.INK),
        rounds=(str(_rounds(view)), theme.MUTED),
    )
    y = header(
        image,
        title,
        [(_("A Sky of Stars") + SEP, theme.MUTED), (phase_words(view.get("phase")), theme.ACCENT)],
        roll=view.get("roll"),
    )

    left, right = top_boxes(y, top_rows, bool(status))
    _card_words(draw, left, view.get("card"))
    if status:
        _now_column(draw, right, status)
    scoreboard(image, draw, view, names, seats, y + top_rows + theme.GAP, row_h, rounds)
    return image


def _card_words(draw: ImageDraw.ImageDraw, box: Box, card: object) -> None:
    """The Constellation card: its five words numbered on gold discs (the numbers players guess)."""
    inner = box[2] - box[0] - 44
    word_font, number_font = theme.font(theme.BODY + 2, True), theme.font(theme.SMALL, True)
    if isinstance(card, (list, tuple)) and card:
        for i, word in enumerate(list(card)[:5]):
            cy = box[1] + 90 + i * 54
            draw.ellipse((box[0] + 22, cy - 19, box[0] + 60, cy + 19), fill=theme.GOLD)
            text(draw, (box[0] + 41, cy + 1), str(i + 1), number_font, theme.DIE_INK, anchor="mm")
            fitted(
                draw, (box[0] + 76, cy), str(word), word_font, theme.INK, box[2] - box[0] - 96, anchor="lm"
            )
    else:
        fitted(
            draw, (box[0] + 22, box[1] + 100), _("Not drawn yet"), word_font, theme.MUTED, inner, anchor="lm"
        )


def _now_column(draw: ImageDraw.ImageDraw, box: Box, status: Sequence[Line]) -> None:
    """What is happening now, beside the card: the first line large and bold, the rest small."""
    y = box[1]
    for i, (parts, flexible) in enumerate(status):
        parts_line(
            draw,
            (box[0] + 22, y + 92 + i * 46),
            parts,
            theme.BODY if i == 0 else theme.SMALL,
            box[2] - box[0] - 44,
            bold=i == 0,
            flexible=flexible,
        )
