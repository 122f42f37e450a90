"""A drawing played back stroke by stroke: an animated GIF, with the still as its last frame.

One frame shows the starting star, then one frame per stroke, and the last frame is held, so
the frame count follows the strokes (``frame_count``). GIF, because every Discord client plays
it inline; the frames share one palette (the finished drawing's), so nothing flickers and the
encoder only stores the few pixels each new stroke adds. Reads only the PUBLIC view.

Every player downloads every drawing, so the animation is sent at ``GIF_WIDTH`` (a phone shows
it about 400 px wide, 800 px on a dense screen) in ``GIF_COLOURS`` colours: flat art whose sky
gradient at 256 colours cost most of the bytes. Measured on a 38-stroke drawing: 1000 px and 256
colours 573 KB; 600 px and 32 colours 190 KB (fewer frames made it bigger, not smaller: each
frame then adds more strokes at once).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.faces.sky_of_stars.art.board import public_only
from bot.faces.sky_of_stars.art.drawing import _find_drawing, draw_drawing
from bot.faces.sky_of_stars.art.map import strokes
from render.common import to_png
from render.encode import old_way, quantised

log = logging.getLogger(__name__)

View = Mapping[str, Any]

MAX_ANIMATION_BYTES = 500_000  # the budget per animation
FIRST_MS = 700  # the starting star alone
HOLD_MS = 2_500  # the finished drawing, before the loop starts again
STROKE_MS = 450  # each stroke, shortened for long drawings so the whole stays a few seconds
DRAWING_MS = 4_000  # at most this long from the first stroke to the finished drawing
GIF_WIDTH = 500
"""Half the drawing's 1000 px, like the guesser's panel (``images.PANEL_SCALE``): a 2 x 2 average
(``Image.reduce``), and each frame is drawn at that size over a kept sky (``drawing_in_parts``).
It was 600 px (``GIF_WIDTH_WAS``), shrunk by a bilinear filter that took 6 ms a frame."""
GIF_WIDTH_WAS = 600  # before issue 31's third pass (``render.encode.the_old_way``)
GIF_COLOURS = 32


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


def draw_frames(
    view: View, names: Sequence[str], seat: int, round_: int, *, half: bool = False
) -> list[Image.Image]:
    """The frames, first to last; the last one is the still ``draw_drawing`` makes (``half``: at
    the size the animation is sent, where it can be)."""
    count = frame_count(view, seat, round_)
    frames = [draw_drawing(view, names, seat, round_, upto=k, half=half) for k in range(count - 1)]
    return frames + [draw_drawing(view, names, seat, round_, half=half)]


@dataclass(frozen=True)
class Animation:
    """An animated GIF and the still PNG of its last frame, for clients that don't animate."""

    gif: bytes
    still: bytes
    frames: int


def encode_gif(frames: list[Image.Image], durations_ms: list[int]) -> bytes:
    """One GIF at ``GIF_WIDTH``, every frame on the last frame's ``GIF_COLOURS``-colour palette
    (no dither), looping forever."""
    frames = [shrunk(frame) for frame in frames]
    if old_way():
        palette = (
            frames[-1]
            .convert("RGB")
            .quantize(GIF_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        )
    else:  # chosen on a sample of the last frame, as every still picture's (``quantised``)
        palette = quantised(frames[-1], GIF_COLOURS)
    shared = [f.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE) for f in frames[:-1]]
    buffer = io.BytesIO()
    first, *rest = shared + [palette]
    first.save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=rest,
        duration=durations_ms,
        loop=0,
        disposal=1,
        optimize=False,
    )
    data = buffer.getvalue()
    if len(data) > MAX_ANIMATION_BYTES:
        log.warning(
            "a %d-frame animation encoded to %d KB, over the %d KB budget",
            len(frames),
            len(data) // 1000,
            MAX_ANIMATION_BYTES // 1000,
        )
    return data


def shrunk(frame: Image.Image) -> Image.Image:
    """``frame`` at ``GIF_WIDTH`` (the art is drawn at the theme's width)."""
    width = GIF_WIDTH_WAS if old_way() else GIF_WIDTH
    if frame.width <= width:
        return frame
    if frame.width == 2 * width:
        return frame.convert("RGB").reduce(2)
    height = round(frame.height * width / frame.width)
    return frame.convert("RGB").resize((width, height), Image.Resampling.BILINEAR, reducing_gap=2.0)


def drawing_animation(view: View, names: Sequence[str], seat: int, round: int) -> Animation:
    """The drawing of ``seat`` in ``round`` played stroke by stroke, with its still."""
    frames = draw_frames(view, names, seat, round)
    return Animation(encode_gif(frames, durations(len(frames))), to_png(frames[-1]), len(frames))


def drawing_gif(view: View, names: Sequence[str], seat: int, round: int) -> bytes:
    """Only the GIF: the card that shows it needs no still beside it (its last frame is one)."""
    frames = draw_frames(view, names, seat, round, half=True)
    return encode_gif(frames, durations(len(frames)))
