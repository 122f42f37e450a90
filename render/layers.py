"""Static layers drawn once per process: what a picture shows whatever the game's state (a map's
empty grid and its labels over the night sky), kept as pixels and pasted where it belongs.

A layer is drawn by the same code that drew it into every picture before (on a fresh copy of the
backdrop the picture starts from), then cut out; pasting that cut-out into a fresh copy of the
same backdrop gives the same pixels, provided nothing else was drawn there first. What depends on
the state is drawn over it as before. Inside ``render.encode.the_old_way`` every layer is drawn
afresh, as it was (the render bench's reference), and so it is while texts are being recorded
(``render.common.recording_texts``: tests measure every text a picture draws).

``kept`` is the same idea for pixels that are not a region of a backdrop (a mask of fixed lines,
such as Starry Night Sky's Stellar Path): made once per key, whatever the picture's size, and
made afresh inside ``the_old_way``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from PIL import Image

from render.common import is_recording, sky
from render.encode import old_way

Box = tuple[int, int, int, int]
LAYERS_KEPT = 32  # a few maps per game's layouts; each is a few hundred KB of pixels
PIXELS_KEPT = 16  # ``kept``: a mask of a map's fixed lines is about 1 MB
T = TypeVar("T")

_kept: OrderedDict[tuple[Hashable, Box, tuple[int, int]], Image.Image] = OrderedDict()
_pixels: OrderedDict[Hashable, Any] = OrderedDict()
_lock = threading.Lock()


def paste_layer(image: Image.Image, key: Hashable, box: Box, draw: Callable[[Image.Image], None]) -> None:
    """Paint into ``image`` (a fresh night-sky backdrop of its size, nothing drawn in ``box``
    yet) what ``draw`` paints into ``box`` of such a backdrop: drawn once per ``key``, ``box``
    and image size, pasted after. ``draw`` must paint nothing outside ``box`` and read nothing but
    the backdrop; ``key`` names what it draws."""
    if old_way() or is_recording():
        draw(image)
        return
    name = (key, box, image.size)
    with _lock:
        layer = _kept.get(name)
        if layer is not None:
            _kept.move_to_end(name)
    if layer is None:
        canvas = sky(*image.size)
        draw(canvas)
        layer = canvas.crop(box)
        with _lock:
            _kept[name] = layer
            while len(_kept) > LAYERS_KEPT:
                _kept.popitem(last=False)
    image.paste(layer, box[:2])


def _keep(store: OrderedDict[Hashable, Any], limit: int, key: Hashable, make: Callable[[], T]) -> T:
    """``make()`` kept in ``store`` under ``key``, the least recently used going first past ``limit``."""
    with _lock:
        if key in store:
            store.move_to_end(key)
            return cast(T, store[key])
    made = make()
    with _lock:
        store[key] = made
        while len(store) > limit:
            store.popitem(last=False)
    return made


IMAGES_KEPT = 24  # static parts: a vault's sky and grid (1000 and 500 px), a drawing's, a table per shape
_images: OrderedDict[Hashable, Any] = OrderedDict()


def kept_image(key: Hashable, make: Callable[[], Image.Image]) -> Image.Image:
    """An image ``make`` draws, drawn once per process per ``key`` and shared after (never
    modified: callers copy or crop it). For a picture's static part drawn at the size it is sent
    (issue 31, "draw only what changed"); callers keep their old path inside ``the_old_way`` and
    while texts are recorded, as ``paste_layer`` does."""
    return _keep(_images, IMAGES_KEPT, key, make)


def kept(key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, made once per process for ``key`` (which names everything it depends on) and
    kept, the least recently used of ``PIXELS_KEPT`` going first; made afresh every time inside
    ``render.encode.the_old_way``. What it returns is shared: the caller must not change it."""
    return make() if old_way() else _keep(_pixels, PIXELS_KEPT, key, make)
