"""Pictures already drawn, kept by what they were drawn from, so the same picture is drawn once.

A picture is a pure function of its pickled drawing (a face's module-level function over plain
view data, and the language), and many clicks ask for one whose inputs did not change: a panel
refreshed for a player whose view is the same, the same public picture for several recipients, a
panel sent again. ``bot.ui.pictures`` already spares an edit the upload of the picture its own
message shows; this cache spares the drawing everywhere else. The key is a strong hash of the
pickled drawing (equal inputs that pickle differently only miss); the cache holds the bytes,
least recently used first out, within ``ASTROLABE_PICTURE_CACHE_MB`` megabytes (``0``: off).
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections import OrderedDict

log = logging.getLogger(__name__)

CACHE_VARIABLE = "ASTROLABE_PICTURE_CACHE_MB"
DEFAULT_MEGABYTES = 64
MEGABYTE = 1_000_000


def cache_bytes_from(environ: dict[str, str] | None = None) -> int:
    """The cache's bound in bytes from ``ASTROLABE_PICTURE_CACHE_MB`` (unset or malformed: 64 MB)."""
    raw = (environ if environ is not None else os.environ).get(CACHE_VARIABLE, "").strip()
    try:
        megabytes = float(raw) if raw else float(DEFAULT_MEGABYTES)
    except ValueError:
        log.warning("%s=%r is not a number of megabytes: using %d", CACHE_VARIABLE, raw, DEFAULT_MEGABYTES)
        megabytes = DEFAULT_MEGABYTES
    if megabytes < 0 or megabytes != megabytes:  # negative or NaN
        log.warning("%s=%r is not a size: using %d", CACHE_VARIABLE, raw, DEFAULT_MEGABYTES)
        megabytes = DEFAULT_MEGABYTES
    return int(megabytes * MEGABYTE)


def key_of(payload: bytes) -> bytes:
    """The cache key of a pickled drawing: 128 bits of BLAKE2b, no collision to fear."""
    return hashlib.blake2b(payload, digest_size=16).digest()


class PictureCache:
    """Bytes by key, least recently used evicted first, within ``limit`` bytes in all."""

    def __init__(self, limit: int) -> None:
        self.limit = max(0, limit)
        self.size = 0  # bytes of the pictures held
        self.evictions = 0
        self._items: OrderedDict[bytes, bytes] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: bytes) -> bool:
        return key in self._items

    def get(self, key: bytes) -> bytes | None:
        data = self._items.get(key)
        if data is not None:
            self._items.move_to_end(key)
        return data

    def put(self, key: bytes, data: bytes) -> None:
        """Keep ``data``; a picture larger than the whole bound is not kept."""
        if len(data) > self.limit:
            return
        old = self._items.pop(key, None)
        if old is not None:
            self.size -= len(old)
        self._items[key] = data
        self.size += len(data)
        while self.size > self.limit:
            _key, evicted = self._items.popitem(last=False)
            self.size -= len(evicted)
            self.evictions += 1

    def clear(self) -> None:
        self._items.clear()
        self.size = 0
