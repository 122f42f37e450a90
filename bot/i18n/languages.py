"""The languages Astrolabe speaks, and how Discord's locale codes map onto them."""

from __future__ import annotations

import enum


class Language(enum.Enum):
    """A language with a complete catalog. The value is the catalog's folder name."""

    ENGLISH = "en"
    ITALIAN = "it"

    @property
    def native_name(self) -> str:
        """The name a speaker of the language looks for in a menu: never translated."""
        return _NATIVE_NAMES[self]


_NATIVE_NAMES = {Language.ENGLISH: "English", Language.ITALIAN: "Italiano"}
DEFAULT = Language.ENGLISH


def from_discord(code: str | None) -> Language:
    """The language for one of Discord's locale codes (``it``, ``en-US``, ``en-GB``, ``pt-BR``…).

    The part before the dash decides, so a regional variant reads its language's catalog; a
    language Astrolabe does not speak (or no code at all) falls back to English.
    """
    if not code:
        return DEFAULT
    base = str(code).strip().replace("_", "-").split("-", 1)[0].lower()
    for language in Language:
        if language.value == base:
            return language
    return DEFAULT


def parse(value: str | None) -> Language | None:
    """A stored or chosen language code back to a ``Language``; ``None`` for no choice or an unknown one."""
    if not value:
        return None
    try:
        return Language(value)
    except ValueError:
        return None
