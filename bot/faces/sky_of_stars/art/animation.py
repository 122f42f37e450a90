"""A drawing played back stroke by stroke: an animated GIF, with the still as its last frame.

One frame shows the starting star, then one frame per stroke, and the last frame is held, so
the frame count follows the strokes (``frame_count``). GIF, because every Discord client plays
it inline; the frames share one palette (the finished drawing's), so nothing flickers and the
encoder only stores the few pixels each new stroke adds. Reads only the PUBLIC view.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.faces.sky_of_stars.art.board import public_only
from bot.faces.sky_of_stars.art.images import _find_drawing, draw_drawing
from bot.faces.sky_of_stars.art.map import strokes
from render.common import quantised, to_png

log = logging.getLogger(__name__)

View = Mapping[str, Any]

MAX_ANIMATION_BYTES = 500_000  # the budget per animation
FIRST_MS = 700  # the starting star alone
HOLD_MS = 2_500  # the finished drawing, before the loop starts again
STROKE_MS = 450  # each stroke, shortened for long drawings so the whole stays a few seconds
DRAWING_MS = 4_000  # at most this long from the first stroke to the finished drawing


def frame_count(view: View, seat: int, round_: int) -> int:
    """Frames of that drawing's animation: its starting star, then one per stroke."""
    entry = _find_drawing(public_only(view), seat, round_)
    return 1 + len(strokes(entry.get("strokes"))) if entry else 1


def durations(frames: int) -> list[int]:
    """Milliseconds per frame: a beat on the start, even strokes, a long hold on the end."""
    if frames <= 1:
        return [HOLD_MS]
    stroke = min(STROKE_MS, DRAWING_MS // (frames - 1))
    return [FIRST_MS] + [stroke] * (frames - 2) + [HOLD_MS]


def draw_frames(view: View, names: Sequence[str], seat: int, round_: int) -> list[Image.Image]:
    """The frames, first to last; the last one is the still ``draw_drawing`` makes."""
    count = frame_count(view, seat, round_)
    frames = [draw_drawing(view, names, seat, round_, upto=k) for k in range(count - 1)]
    return frames + [draw_drawing(view, names, seat, round_)]


@dataclass(frozen=True)
class Animation:
    """An animated GIF and the still PNG of its last frame, for clients that don't animate."""

    gif: bytes
    still: bytes
    frames: int


def encode_gif(frames: list[Image.Image], durations_ms: list[int]) -> bytes:
    """One GIF, every frame on the last frame's palette (no dither), looping forever."""
    palette = quantised(frames[-1])
    shared = [f.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE) for f in frames[:-1]]
    buffer = io.BytesIO()
    first, *rest = shared + [palette]
    first.save(buffer, format="GIF", save_all=True, append_images=rest, duration=durations_ms,
               loop=0, disposal=1, optimize=False)
    data = buffer.getvalue()
    if len(data) > MAX_ANIMATION_BYTES:
        log.warning("a %d-frame animation encoded to %d KB, over the %d KB budget", len(frames),
                    len(data) // 1000, MAX_ANIMATION_BYTES // 1000)
    return data


def drawing_animation(view: View, names: Sequence[str], seat: int, round: int) -> Animation:
    """The drawing of ``seat`` in ``round`` played stroke by stroke, with its still."""
    frames = draw_frames(view, names, seat, round)
    return Animation(encode_gif(frames, durations(len(frames))), to_png(frames[-1]), len(frames))


def drawing_gif(view: View, names: Sequence[str], seat: int, round: int) -> bytes:
    return drawing_animation(view, names, seat, round).gif
