"""The text drawn into every PNG (or WebP) the bot makes, so a public image can be read for secrets.

While installed, every ``ImageDraw.text`` call is noted on its thread (kept layers are off, so a
picture draws every text it shows), and each image module's ``to_png`` files the notes under the
PNG's hash. Renders run in worker threads, several at a time, so notes are kept per thread. Only
the newest images are kept: a public image is read in the same fuzz step that posted it.
"""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from PIL import ImageDraw

import bot.faces
import render
from render import common

KEEP = 512  # images remembered
ENCODERS = ("to_png", "to_webp", "encode")  # what an image module encodes with (render.encode.encode)


def _image_modules() -> list[str]:
    """The shared ``render`` modules and every game's art modules (bot/faces/<game>/art)."""
    names = [f"render.{info.name}" for info in pkgutil.iter_modules(render.__path__)]
    for face in pkgutil.iter_modules(bot.faces.__path__):
        if face.ispkg:
            art = importlib.import_module(f"bot.faces.{face.name}.art")
            names += [f"{art.__name__}.{info.name}" for info in pkgutil.iter_modules(art.__path__)]
    return names


class ImageText:
    def __init__(self) -> None:
        self._by_hash: OrderedDict[str, list[str]] = OrderedDict()
        self._local = threading.local()
        self._lock = threading.Lock()
        self._undo: list[tuple[Any, str, Any]] = []

    def _pending(self) -> list[str]:
        if not hasattr(self._local, "strings"):
            self._local.strings = []
        return self._local.strings

    def install(self) -> ImageText:
        recorder = self
        original_text = ImageDraw.ImageDraw.text

        def text(draw: Any, xy: Any, s: Any, *args: Any, **kwargs: Any) -> Any:
            recorder._pending().append(str(s))
            return original_text(draw, xy, s, *args, **kwargs)

        self._patch(ImageDraw.ImageDraw, "text", text)
        # Kept layers and tiles (render.layers, render.compose, the faces' panels) would show texts
        # drawn once, earlier, perhaps for another picture: while texts are read, every picture
        # draws all of its own, so a secret in a kept part is seen where it is shown.
        self._patch(common, "TEXTS_WATCHED", True)
        for name in _image_modules():
            module = importlib.import_module(name)
            for encoder in ENCODERS:
                original = getattr(module, encoder, None)
                if callable(original):
                    self._patch(module, encoder, self._wrap(original))
        return self

    def _wrap(self, original: Callable[..., bytes]) -> Callable[..., bytes]:
        def to_png(image: Any, *args: Any, **kwargs: Any) -> bytes:
            data = original(image, *args, **kwargs)
            strings = self._pending()[:]
            self._pending().clear()
            with self._lock:
                self._by_hash[hashlib.sha256(data).hexdigest()] = strings
                while len(self._by_hash) > KEEP:
                    self._by_hash.popitem(last=False)
            return data

        return to_png

    def _patch(self, owner: Any, name: str, value: Any) -> None:
        self._undo.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    def uninstall(self) -> None:
        while self._undo:
            owner, name, value = self._undo.pop()
            setattr(owner, name, value)

    def __enter__(self) -> ImageText:
        return self.install()

    def __exit__(self, *exc_info: object) -> None:
        self.uninstall()

    def strings(self, data: bytes) -> list[str] | None:
        """The strings drawn into this PNG, or ``None`` if it was not drawn while installed."""
        with self._lock:
            return self._by_hash.get(hashlib.sha256(data).hexdigest())
