"""Loading the gettext catalogs: the core one (``bot/locale``) and one per game (``bot/faces/<game>/locale``).

A wheel carries compiled ``.mo`` files (``setup.py`` compiles them at build time). A source
checkout has only the ``.po`` sources, so a missing ``.mo`` is compiled in memory with Babel
on first use; either way the catalog is read once per process.
"""

from __future__ import annotations

import functools
import gettext
import io
import logging
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

from bot.i18n.languages import Language
from bot.registry import GAME_PACKAGES

log = logging.getLogger(__name__)

CORE_DOMAIN = "astrolabe"


@dataclass(frozen=True)
class CatalogPlace:
    """Where one domain's catalogs live: ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``."""

    domain: str
    package: str
    sources: tuple[str, ...]
    """Packages whose source files the domain's texts are extracted from."""

    def folder(self) -> Traversable:
        return resources.files(self.package) / "locale"


def places() -> list[CatalogPlace]:
    """The core catalog, then one per registered game (its rules and its Discord face share it)."""
    core = CatalogPlace(CORE_DOMAIN, "bot", ("bot", "render"))
    games = [
        CatalogPlace(name, f"bot.faces.{name}", (f"bot.games.{name}", f"bot.faces.{name}"))
        for name in GAME_PACKAGES
    ]
    return [core, *games]


def _compiled(place: CatalogPlace, language: Language) -> bytes | None:
    messages = place.folder() / language.value / "LC_MESSAGES"
    mo, po = messages / f"{place.domain}.mo", messages / f"{place.domain}.po"
    if mo.is_file():
        return mo.read_bytes()
    if not po.is_file():
        return None
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, locale=language.value, domain=place.domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


@functools.cache
def translations(language: Language) -> gettext.NullTranslations:
    """Every domain's catalog for ``language`` merged into one (English is the source: no catalog)."""
    merged: gettext.NullTranslations | None = None
    for place in places():
        data = _compiled(place, language)
        if data is None:
            continue
        found = gettext.GNUTranslations(io.BytesIO(data))
        if merged is None:
            merged = found
        else:
            merged._catalog.update(found._catalog)  # type: ignore[attr-defined]
    if merged is None:
        if language is not Language.ENGLISH:
            log.warning("no catalog for %s; speaking English", language.value)
        return gettext.NullTranslations()
    return merged
