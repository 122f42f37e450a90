"""The public Observatory table for the game thread: roll, Night marker, Night Sky, who is done.

It reads only keys of the PUBLIC view (``PUBLIC_KEYS``): ``public_only`` drops everything
else first, so handing it a seat view by mistake can never put a secret in the thread.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.observatory.art.parts import card_row, die_sprite, face_text, named
from bot.i18n import N_, _, language
from render import shapes, theme
from render.common import as_list, as_map, fitted, name_of, num, panel, seat_of, text
from render.compose import canvas, composing, mark
from render.headers import HEADER_H, HEADER_TOP, SEP, header, parts_line

View = Mapping[str, Any]

PUBLIC_KEYS = frozenset(
    {
        "game",
        "phase",
        "decision",
        "seats",
        "options",
        "night",
        "nights",
        "turn",
        "turns_per_night",
        "turn_number",
        "total_turns",
        "bonus_nights",
        "first_player",
        "active",
        "roll",
        "to_act",
        "done",
        "night_sky",
        "decks",
        "refill",
        "map",
        "tracks",
        "sheets",
        "cards",
        "last_turn",
        "scores",
        "outcome",
    }
)
PHASE_WORDS = {
    "keep": N_("Choosing goal cards"),
    "night_bonus": N_("Start-of-night bonus"),
    "roll": N_("Waiting for the roll"),
    "decide": N_("Everyone uses the roll"),
    "refill": N_("Drawing new goals"),
    "over": N_("Game over"),
}
MAX_SEATS = 5


def public_only(view: View) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k in PUBLIC_KEYS}


def seats_in(view: View, names: Sequence[str]) -> int:
    seats = seat_of(view.get("seats"), 0) or len(names)
    return max(1, min(seats, MAX_SEATS))


def ints(values: object) -> list[int]:
    return (
        [v for v in values or [] if isinstance(v, int) and not isinstance(v, bool)]
        if isinstance(values, (list, tuple))
        else []
    )


def solo(view: View) -> bool:
    return seat_of(view.get("seats"), 0) == 1


def when_line(view: View) -> str:
    """ "Night 3 of 7" (or "Turn 5 of 12" solo, where each night is one turn)."""
    if solo(view):
        return _(
            "Turn {turn} of {total}",
            turn=num(view.get("turn_number"), "?"),
            total=num(view.get("total_turns"), "12"),
        )
    return _(
        "Night {night} of {nights}", night=num(view.get("night"), "?"), nights=num(view.get("nights"), "?")
    )


ROLL_H = 236
NIGHT_H = 96
SKY_CARD_H = 250
ROW_H = 54


def draw_table(view: View, names: Sequence[str]) -> Image.Image:
    """The thread's picture of a step: the roll (if any), Night marker, Night Sky, players."""
    view = public_only(view)
    seats = seats_in(view, names)
    roll = as_map(view.get("roll"))
    has_roll = bool(ints(roll.get("standard")))
    sky_h = 60 + 2 * SKY_CARD_H + theme.GAP + 20
    players_h = 60 + seats * ROW_H + 10
    height = (
        16
        + 116
        + theme.GAP
        + (ROLL_H + theme.GAP if has_roll else 0)
        + NIGHT_H
        + theme.GAP
        + sky_h
        + theme.GAP
        + players_h
        + 16
    )
    sky_top = height - 16 - players_h - theme.GAP - sky_h
    sky_box = (theme.GAP, sky_top, theme.WIDTH - theme.GAP, sky_top + sky_h)
    players = (theme.GAP, height - 16 - players_h, theme.WIDTH - theme.GAP, height - 16)
    image = canvas(  # shrunk where drawn (``mark``); the panels' frames kept with the backdrop
        theme.WIDTH,
        height,
        key=("observatory-table", sky_box, players, language()),
        static=functools.partial(_frames, sky_box=sky_box, players=players),
    )
    kept = composing(image)
    draw = ImageDraw.Draw(image)
    active = seat_of(view.get("active"))
    sub: list[tuple[str, theme.RGB]] = []
    if not solo(view) and isinstance(view.get("turn"), int):
        turn = _("turn {turn} of {total}", turn=view["turn"], total=num(view.get("turns_per_night"), "?"))
        sub.append((turn + SEP, theme.MUTED))
    phase = str(view.get("phase"))
    words = (
        _("Use the roll")
        if phase == "decide" and solo(view)
        else _(PHASE_WORDS[phase])
        if phase in PHASE_WORDS
        else ""
    )
    sub.append((words, theme.ACCENT))
    y = header(image, [(when_line(view), theme.INK)], sub)
    mark((theme.GAP, HEADER_TOP, theme.WIDTH - theme.GAP, HEADER_TOP + HEADER_H))  # the band
    if has_roll:
        _roll_panel(image, (theme.GAP, y, theme.WIDTH - theme.GAP, y + ROLL_H), roll, names, active, view)
        mark((theme.GAP, y, theme.WIDTH - theme.GAP, y + ROLL_H))
        y += ROLL_H + theme.GAP
    night = seat_of(view.get("turn_number") if solo(view) else view.get("night"), 1)
    total = seat_of(view.get("total_turns") if solo(view) else view.get("nights"), 1)
    night_track(
        image,
        (theme.GAP, y, theme.WIDTH - theme.GAP, y + NIGHT_H),
        night,
        total,
        ints(view.get("bonus_nights")),
        label=_("Turn") if solo(view) else _("Night"),
    )
    mark((theme.GAP, y, theme.WIDTH - theme.GAP, y + NIGHT_H + 24))  # bonus stars hang below
    _night_sky(image, sky_box, view, kept)
    _players(draw, players, view, names, seats, kept)
    return image


def _roll_panel(
    image: Image.Image,
    box: tuple[int, int, int, int],
    roll: View,
    names: Sequence[str],
    active: int,
    view: View,
) -> None:
    draw = ImageDraw.Draw(image)
    panel(draw, box)
    x0, y0, x1, _bottom = box
    small = theme.font(theme.SMALL)
    who = name_of(names, active) if active >= 0 else "?"
    flexible: int | None  # the part that may shrink to fit, if any
    rolled, flexible = named(_("{name} rolled"), who, theme.player_colour(active), theme.MUTED)
    parts_line(draw, (x0 + 22, y0 + 42), rolled, theme.SMALL, x1 - x0 - 44, bold=False, flexible=flexible)
    size, cy = 104, y0 + 116
    faces = ints(roll.get("standard"))[:3]
    for i, face in enumerate(faces):
        cx = x0 + 90 + i * (size + 30)
        shapes.paste(image, die_sprite(face, size), cx, cy)
    shooting = roll.get("shooting")
    sx = x1 - 120
    if isinstance(shooting, int):
        shapes.paste(image, die_sprite(shooting, size, True), sx, cy)
        if solo(view):
            owner, flexible = [(_("solo: yours"), theme.MUTED)], None
        else:
            owner, flexible = named(_("{name} only"), who, theme.MUTED, theme.MUTED)
        right = sx - size / 2 - 24
        room = right - (x0 + 90 + 2 * (size + 30) + size / 2 + 16)  # what the three dice leave
        fitted(
            draw,
            (right, cy - 22),
            _("Shooting Star"),
            theme.font(theme.SMALL, True),
            theme.PLAYER_COLOURS[0],
            room,
            anchor="rm",
        )
        wide = min(room, sum(small.getlength(piece) for piece, _c in owner))  # right-aligned as one line
        parts_line(
            draw,
            (right - wide, cy + 22),
            owner,
            theme.SMALL,
            room,
            bold=False,
            flexible=flexible,
            anchor="lm",
        )
    wild = _("? = wild (any value)") if 1 in faces or shooting == 1 else _("two dice: a star · one: research")
    fitted(draw, (x0 + 22, box[3] - 22), wild, small, theme.MUTED, x1 - x0 - 44, anchor="ls")


def _night_sky_frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """The Night Sky's panel and title, the same on every table."""
    panel(draw, box)
    text(
        draw, (box[0] + 22, box[1] + 44), _("Night Sky"), theme.font(theme.BODY, True), theme.INK, anchor="ls"
    )


def _players_frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """The players' panel and its heading, the same on every table."""
    panel(draw, box)
    x0, y0, x1, _bottom = box
    small = theme.font(theme.SMALL)
    title = _("Players")
    text(draw, (x0 + 22, y0 + 40), title, small, theme.MUTED, anchor="ls")
    fitted(
        draw,
        (x1 - 22, y0 + 40),
        _("stars · cards · score"),
        small,
        theme.MUTED,
        x1 - x0 - 66 - small.getlength(title),
        anchor="rs",
    )


def _frames(
    image: Image.Image, *, sky_box: tuple[int, int, int, int], players: tuple[int, int, int, int]
) -> None:
    """What every table of this layout shows whatever the game (``render.compose.canvas``)."""
    draw = ImageDraw.Draw(image)
    _night_sky_frame(draw, sky_box)
    _players_frame(draw, players)


def _night_sky(image: Image.Image, box: tuple[int, int, int, int], view: View, kept: bool) -> None:
    """``kept``: the panel and its title are on the canvas already (``_frames``)."""
    draw = ImageDraw.Draw(image)
    x0, y0, x1, _bottom = box
    title_font = theme.font(theme.BODY, True)
    title = _("Night Sky")
    if not kept:
        _night_sky_frame(draw, box)
    mark((x0 + 22 + title_font.getlength(title), y0 + 8, x1 - 12, y0 + 58))  # the decks' line
    sky_cards = as_map(view.get("night_sky"))
    decks = as_map(view.get("decks"))
    deck_line = _(
        "decks: {large} large · {small} small",
        large=num(decks.get("large"), "0"),
        small=num(decks.get("small"), "0"),
    )
    fitted(
        draw,
        (x1 - 22, y0 + 44),
        deck_line,
        theme.font(theme.SMALL),
        theme.MUTED,
        x1 - x0 - 66 - title_font.getlength(title),
        anchor="rs",
    )
    cards = as_map(view.get("cards"))
    y = y0 + 68
    for kind in ("large", "small"):
        ids = [c for c in sky_cards.get(kind) or [] if isinstance(c, str)][:3]
        slots = ids + [""] * (3 - len(ids))
        none_left = _("no large card") if kind == "large" else _("no small card")
        captions = dict.fromkeys(range(len(ids), 3), none_left)
        card_row(
            image,
            y,
            slots,
            cards,
            per_row=3,
            height=SKY_CARD_H,
            captions=captions,
            left=x0 + 14,
            right=x1 - 14,
            ground=theme.PANEL,
        )
        y += SKY_CARD_H + theme.GAP


def _players(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    view: View,
    names: Sequence[str],
    seats: int,
    kept: bool,
) -> None:
    """``kept``: the panel and its heading are on the canvas already (``_frames``)."""
    if not kept:
        _players_frame(draw, box)
    x0, y0, x1, y1 = box
    mark((x0 + 8, y0 + 60, x1 - 8, y1 - 6))  # the rows
    small, bold = theme.font(theme.SMALL), theme.font(theme.SMALL, True)
    # who is done is the card's words: the picture is drawn once a step and kept while players
    # act, so a ✓ in it would soon disagree with the text beside it
    sheets = as_list(view.get("sheets"))
    scores = as_list(view.get("scores"))
    for seat in range(seats):
        cy = y0 + 60 + seat * ROW_H + ROW_H // 2
        sheet = as_map(sheets[seat]) if seat < len(sheets) else {}
        score = as_map(scores[seat]) if seat < len(scores) else {}
        stars = len(sheet.get("stars") or [])
        cards = len(sheet.get("completed") or [])
        tail = f"{stars} · {cards} · "
        total = num(score.get("total"), "0")
        tw = bold.getlength(total)
        text(draw, (x1 - 22, cy), total, bold, theme.GOLD, anchor="rm")
        text(draw, (x1 - 22 - tw, cy), tail, small, theme.MUTED, anchor="rm")
        name = name_of(names, seat)
        if seat == seat_of(view.get("first_player")) and seats > 1:
            line, flexible = named(_("{name} (first player)"), name, theme.player_colour(seat), theme.MUTED)
        else:
            line, flexible = [(name, theme.player_colour(seat))], 0
        parts_line(
            draw,
            (x0 + 22, cy),
            line,
            theme.SMALL,
            x1 - x0 - 78 - small.getlength(tail) - tw,
            flexible=flexible,
            anchor="lm",
        )


def night_track(
    image: Image.Image,
    box: tuple[int, int, int, int],
    night: int,
    nights: int,
    bonus: Sequence[int],
    *,
    label: str | None = None,
) -> None:
    """The Night board: one disc per night (solo: per turn), the current one gold, bonus
    nights marked with a small star."""
    draw = ImageDraw.Draw(image)
    panel(draw, box)
    x0, y0, x1, y1 = box
    f = theme.font(theme.SMALL, True)
    label = _("Night") if label is None else label
    text(draw, (x0 + 22, (y0 + y1) / 2), label, f, theme.MUTED, anchor="lm")
    start = x0 + 40 + f.getlength(label)
    nights = max(1, min(nights, 16))
    step = (x1 - 24 - start) / nights
    r = min(24, step * 0.4)
    cy = (y0 + y1) / 2 - 6
    for n in range(1, nights + 1):
        cx = start + (n - 0.5) * step
        if n == night:
            fill, ink = theme.GOLD, theme.DIE_INK
        elif n < night:
            fill, ink = theme.FAINT, theme.MUTED
        else:
            fill, ink = theme.PANEL_EDGE, theme.INK
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        text(draw, (cx, cy + 1), str(n), theme.font(max(18, round(r * 1.05)), True), ink, anchor="mm")
        if n in bonus:
            shapes.paste(image, shapes.star_sprite("four", theme.ACCENT, 9, glow=False), cx, cy + r + 12)


__all__ = ["PUBLIC_KEYS", "draw_table", "face_text", "public_only"]
