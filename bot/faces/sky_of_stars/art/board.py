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
from bot.i18n import N_, _
from render import shapes, theme
from render.common import as_map, clean, fitted, mix, name_of, num, panel, seat_of, sky, text, text_width
from render.headers import SEP, Part, header, parts_line, phase_words

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


_BOX_INK = theme.ACCENT  # the +1 box mark is a ticked box, never the winners' gold


def plus_box(image: Image.Image, cx: float, cy: float, size: int = 26) -> None:
    """The "+1 box" mark: a small ticked box, like the one ticked on the score sheet."""
    draw = ImageDraw.Draw(image)
    half = size / 2
    draw.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), radius=5, outline=_BOX_INK, width=3)
    shapes.paste(image, shapes.check_sprite(size - 8, _BOX_INK), cx, cy)


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


def ints(values: Any) -> list[int]:
    return [v for v in items(values) if isinstance(v, int) and not isinstance(v, bool)]


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
    image = sky(theme.WIDTH, height)
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

    # card (left) and what is happening now (right); with nothing to say now (a roll's picture,
    # whose die and progress are the card's words), the card takes the width: no empty box
    half = (theme.WIDTH - 3 * theme.GAP) // 2
    left = (theme.GAP, y, theme.GAP + half if status else theme.WIDTH - theme.GAP, y + top_rows)
    right = (left[2] + theme.GAP, y, theme.WIDTH - theme.GAP, y + top_rows)
    panel(draw, left)
    if status:
        panel(draw, right)
    _card_words(draw, left, view.get("card"))
    if status:
        _now_column(draw, right, status)

    _scoreboard(image, draw, view, names, seats, y + top_rows + theme.GAP, row_h, board_h, legend)
    return image


def _card_words(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: object) -> None:
    """The Constellation card: its five words numbered on gold discs (the numbers players guess)."""
    small = theme.font(theme.SMALL)
    inner = box[2] - box[0] - 44
    fitted(draw, (box[0] + 22, box[1] + 44), _("Constellation card"), small, theme.MUTED, inner, anchor="ls")
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


def _now_column(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], status: Sequence[Line]) -> None:
    """What is happening now, beside the card: the first line large and bold, the rest small."""
    y = box[1]
    fitted(
        draw,
        (box[0] + 22, y + 44),
        _("Now"),
        theme.font(theme.SMALL),
        theme.MUTED,
        box[2] - box[0] - 44,
        anchor="ls",
    )
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


def _scoreboard(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    names: Sequence[str],
    seats: int,
    top: int,
    row_h: int,
    height: int,
    legend: bool,
) -> None:
    """Names, lock status, points per round (gold star: everyone guessed it) and totals."""
    box = (theme.GAP, top, theme.WIDTH - theme.GAP, top + height)
    panel(draw, box)
    rounds = _rounds(view)
    cols = [box[2] - 110 - (rounds - i) * 92 for i in range(rounds)]  # centres of R1..Rn
    total_x, status_x = box[2] - 40, cols[0] - 84
    body, bold = theme.font(theme.BODY), theme.font(theme.BODY, True)
    _score_heads(draw, box, cols, status_x, total_x)

    scores = [as_map(s) for s in items(view.get("scores"))]
    locked, waiting, skipped = (
        set(ints(view.get("locked"))),
        set(ints(view.get("waiting"))),
        set(ints(view.get("skipped"))),
    )
    stop_by = view.get("stop_by")
    for seat in range(seats):
        cy = top + 64 + seat * row_h + row_h / 2
        if seat % 2:
            draw.rectangle(
                (box[0] + 8, cy - row_h / 2, box[2] - 8, cy + row_h / 2),
                fill=mix(theme.PANEL, theme.INK, 0.04),
            )
        _seat_name(draw, box, seat, cy, name_of(names, seat), status_x, stop=stop_by == seat)
        if seat in locked:
            shapes.paste(image, shapes.check_sprite(30, theme.ACCENT), status_x, cy)
        elif seat in skipped:
            fitted(draw, (status_x, cy), _("skip"), theme.font(theme.SMALL), theme.MUTED, 80, anchor="mm")
        elif seat in waiting:
            for dx in (-12, 0, 12):  # "still deciding"
                draw.ellipse((status_x + dx - 4, cy - 4, status_x + dx + 4, cy + 4), fill=theme.MUTED)
        score = scores[seat] if seat < len(scores) else {}
        for i, entry in enumerate(items(score.get("rounds"))):
            if i < len(cols) and isinstance(entry, Mapping):
                text(draw, (cols[i], cy), num(entry.get("points")), body, theme.INK, anchor="mm")
                if entry.get("plus_one"):
                    plus_box(image, cols[i] + 34, cy - 10, 22)
        text(draw, (total_x, cy), num(score.get("total"), "0"), bold, theme.GOLD, anchor="rm")
    if legend:
        _plus_legend(image, draw, box)


def _score_heads(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    cols: Sequence[float],
    status_x: float,
    total_x: float,
) -> None:
    """The scoreboard's column heads (Player, R1..Rn, Total) over a rule."""
    small, top = theme.font(theme.SMALL), box[1]
    hy = top + 46
    fitted(
        draw, (box[0] + 28, hy), _("Player"), small, theme.MUTED, status_x - 30 - (box[0] + 28), anchor="ls"
    )
    for i, cx in enumerate(cols):
        text(draw, (cx, hy), _("R{number}", number=i + 1), small, theme.MUTED, anchor="ms")
    fitted(draw, (total_x, hy), _("Total"), small, theme.MUTED, total_x - cols[-1] - 40, anchor="rs")
    draw.line((box[0] + 20, top + 60, box[2] - 20, top + 60), fill=theme.FAINT, width=2)


def _seat_name(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    seat: int,
    cy: float,
    name: str,
    status_x: float,
    *,
    stop: bool,
) -> None:
    """A row's colour chip and name, shrunk to leave room for a gold STOP after the seat that called it."""
    small = theme.font(theme.SMALL)
    draw.rounded_rectangle(
        (box[0] + 22, cy - 16, box[0] + 30, cy + 16), radius=4, fill=theme.player_colour(seat)
    )
    name_w = status_x - 30 - (box[0] + 44)
    tag = " " + _("STOP") if stop else ""
    shown_w = fitted(
        draw,
        (box[0] + 44, cy),
        name,
        theme.font(theme.BODY),
        theme.INK,
        name_w - text_width(tag, small),
        anchor="lm",
    )
    if tag:
        text(
            draw,
            (box[0] + 44 + shown_w, cy + 2),
            tag,
            theme.font(theme.SMALL, True),
            theme.GOLD,
            anchor="lm",
        )


def _plus_legend(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """What the +1 box means, at the scoreboard's foot: drawn only once some seat has earned one."""
    ly = box[3] - 30
    plus_box(image, box[0] + 36, ly, 22)
    fitted(
        draw,
        (box[0] + 56, ly),
        _("everyone guessed that drawing: +1 box"),
        theme.font(theme.SMALL),
        theme.MUTED,
        box[2] - 20 - (box[0] + 56),
        anchor="lm",
    )
