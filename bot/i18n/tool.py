"""Keeping the catalogs in step with the code: ``python -m bot i18n update`` (and ``compile``).

``update`` extracts every marked text with Babel, writes each domain's ``.pot`` template and
merges it into each language's ``.po``: new texts arrive untranslated, texts no longer in the
code are dropped, translations already made are kept (a changed English text keeps its old
translation marked fuzzy, which the catalog tests refuse until someone checks it).
``compile`` writes the ``.mo`` files beside the sources; the wheel build does the same.

Texts nobody marks (the slash commands' words in their decorators) are given by the caller: the
command line is ``bot.commands.catalogs``, the layer that can walk the command tree.
"""

from __future__ import annotations

import argparse
import importlib
import logging
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from bot.i18n.catalogs import CORE_DOMAIN, CatalogPlace, places
from bot.i18n.languages import Language

log = logging.getLogger(__name__)

KEYWORDS = {
    "_": None,
    "N_": None,
    "M_": None,
    "ngettext": (1, 2),
    "MN_": (1, 2),
    "pgettext": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
}
COMMENT_TAGS = ("i18n:",)
_VERSION = "0.1"
_HOLDER = "The Astrolabe developers"
# The template's date would change on every run and churn the diffs; the texts are what matter.
_STABLE_DATE = datetime(2026, 1, 1, tzinfo=UTC)
TRANSLATED = [language for language in Language if language is not Language.ENGLISH]
TextId = tuple[str, str | None]
"""A text of a catalog and its gettext context."""
LIMIT_NOTE = "limit: {limit}"
"""The translator's note beside a text Discord limits (``#. limit: 45`` in the ``.po``): the
most characters its translation may have."""


def _package_dir(package: str) -> Path:
    module = importlib.import_module(package)
    return Path(next(iter(module.__path__)))


def _excluded(place: CatalogPlace, all_places: list[CatalogPlace]) -> list[str]:
    """Core extraction skips the game folders (they have their own domains) and the sandbox."""
    if place.domain != "astrolabe":
        return []
    skipped = ["sandbox/**", "i18n/tool.py"]
    for other in all_places:
        if other is not place:
            for package in other.sources:
                skipped.append(package.removeprefix("bot.").replace(".", "/") + "/**")
    return skipped


def template(
    place: CatalogPlace,
    all_places: list[CatalogPlace],
    unmarked: Collection[TextId] = (),
    limits: Mapping[TextId, int] | None = None,
) -> Catalog:
    """The domain's ``.pot``: every marked text in its source packages, with where it is used; the
    core domain's also has the ``unmarked`` texts (see ``_add_unmarked``). A text in ``limits``
    carries its limit for the translator (``LIMIT_NOTE``)."""
    catalog = Catalog(
        domain=place.domain,
        project="Astrolabe",
        version=_VERSION,
        charset="utf-8",
        copyright_holder=_HOLDER,
        header_comment=f"# Astrolabe's texts: {place.domain}.",
        creation_date=_STABLE_DATE,
        msgid_bugs_address="",
    )
    method_map = [(pattern, "ignore") for pattern in _excluded(place, all_places)]
    method_map.append(("**.py", "python"))
    for package in place.sources:
        root = _package_dir(package)
        base = root.parent
        for filename, lineno, message, comments, context in extract_from_dir(
            str(root), method_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            location = str((root / filename).relative_to(base))
            catalog.add(message, None, [(location, lineno)], auto_comments=comments, context=context)
    for message_id, context in _extra_texts(place):
        catalog.add(message_id, None, [("(data)", 0)], context=context)
    if place.domain == CORE_DOMAIN and unmarked:
        _add_unmarked(catalog, place, all_places, unmarked)
    for entry in catalog:
        limit = (limits or {}).get((str(entry.id), entry.context)) if entry.id else None
        if limit is not None:
            entry.auto_comments.append(LIMIT_NOTE.format(limit=limit))
    return catalog


def _add_unmarked(
    catalog: Catalog, core: CatalogPlace, all_places: list[CatalogPlace], unmarked: Iterable[TextId]
) -> None:
    """Texts no marker names (the slash commands' names, descriptions and choices), except those
    a game's own catalog already has (its title) and a language's own name, which stays as it is."""
    elsewhere = {
        (message.id, message.context)
        for other in all_places
        if other is not core
        for message in template(other, all_places)
        if message.id
    }
    native = {language.native_name for language in Language}
    for text, context in unmarked:
        if (text, context) not in elsewhere and text not in native:
            catalog.add(text, None, [("(commands)", 0)], context=context)


def _extra_texts(place: CatalogPlace) -> Iterable[tuple[str, str | None]]:
    """Texts that live in data files, not code: a game's ``words.catalog_texts()`` lists them."""
    if place.domain == CORE_DOMAIN:
        return []
    try:
        words = importlib.import_module(f"{place.package}.words")
    except ModuleNotFoundError:
        return []
    listed = getattr(words, "catalog_texts", None)
    return [(text, None) if isinstance(text, str) else text for text in (listed() if listed else [])]


def _po_path(place: CatalogPlace, language: Language) -> Path:
    return _package_dir(place.package) / "locale" / language.value / "LC_MESSAGES" / f"{place.domain}.po"


def update(
    domains: Iterable[str] = (), unmarked: Collection[TextId] = (), limits: Mapping[TextId, int] | None = None
) -> None:
    """Refresh the templates and catalogs of ``domains`` (all of them when empty); ``unmarked``
    and ``limits`` as for ``template``."""
    all_places = places()
    wanted = set(domains)
    unknown = wanted - {place.domain for place in all_places}
    if unknown:
        raise SystemExit(f"no such domain: {', '.join(sorted(unknown))}")
    for place in all_places:
        if wanted and place.domain not in wanted:
            continue
        pot = template(place, all_places, unmarked, limits)
        folder = _package_dir(place.package) / "locale"
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / f"{place.domain}.pot", "wb") as out:
            write_po(out, pot, width=100, omit_header=False, sort_output=False)
        for language in TRANSLATED:
            path = _po_path(place, language)
            if path.exists():
                with open(path, "rb") as source:
                    catalog = read_po(source, locale=language.value, domain=place.domain)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                catalog = Catalog(
                    locale=language.value,
                    domain=place.domain,
                    project="Astrolabe",
                    version=_VERSION,
                    copyright_holder=_HOLDER,
                    fuzzy=False,
                    header_comment=f"# {language.native_name}: {place.domain}.",
                    last_translator=_HOLDER,
                    language_team=language.native_name,
                    msgid_bugs_address="",
                )
            catalog.update(pot, update_header_comment=False)
            catalog.obsolete.clear()
            with open(path, "wb") as out:
                write_po(out, catalog, width=100, ignore_obsolete=True)
            missing = sum(1 for m in catalog if m.id and not _translated(m.string))
            log.info(
                "%s %s: %d texts, %d untranslated",
                place.domain,
                language.value,
                len([m for m in catalog if m.id]),
                missing,
            )


def _translated(found: str | Sequence[str] | None) -> bool:
    if not found:
        return False
    return isinstance(found, str) or all(found)


def compile_tree(root: Path) -> list[Path]:
    """Compile every ``locale/<lang>/LC_MESSAGES/*.po`` under ``root`` into a ``.mo`` beside it."""
    written = []
    for po in sorted(root.glob("**/locale/*/LC_MESSAGES/*.po")):
        with open(po, "rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name, domain=po.stem)
        mo = po.with_suffix(".mo")
        with open(mo, "wb") as out:
            write_mo(out, catalog)
        written.append(mo)
    return written


def main(
    argv: list[str] | None = None,
    unmarked: Collection[TextId] = (),
    limits: Mapping[TextId, int] | None = None,
) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot i18n", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["update", "compile"])
    parser.add_argument("domains", nargs="*", help="update only these domains (astrolabe, or a game)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.command == "update":
        update(args.domains, unmarked, limits)
    else:
        for path in compile_tree(_package_dir("bot")):
            log.info("wrote %s", path)
