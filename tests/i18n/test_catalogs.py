"""Every catalog is complete and in step with the code.

- each text marked in the code is in the Italian catalog of its domain, translated, not fuzzy;
- each translation has exactly the placeholders of its English text (a missing ``{0}`` would
  drop a player's name, an extra one would crash the format);
- one English text means one Italian text across all domains (they are merged at run time);
- plural forms follow Italian's rule.
"""

from __future__ import annotations

import ast
import string
from collections import defaultdict
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.commands.catalogs import template
from bot.i18n import Language, _, ngettext, speaking
from bot.i18n.catalogs import CatalogPlace, places
from bot.i18n.tool import TRANSLATED, _po_path

PLACES = places()


def fields(text: str) -> set[str]:
    found = set()
    for _literal, name, _spec, _conversion in string.Formatter().parse(text):
        if name is not None:
            found.add(name)
    return found


def load(place: CatalogPlace, language: Language) -> Catalog:
    with open(_po_path(place, language), "rb") as source:
        return read_po(source, locale=language.value, domain=place.domain)


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda lang: lang.value)
@pytest.mark.parametrize("place", PLACES, ids=lambda place: place.domain)
def test_every_marked_text_is_translated(place: CatalogPlace, language: Language) -> None:
    pot = template(place, PLACES)
    catalog = load(place, language)
    missing, fuzzy, empty = [], [], []
    for message in pot:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        if found is None:
            missing.append(message.id)
        elif found.fuzzy:
            fuzzy.append(message.id)
        elif not (all(found.string) if isinstance(found.string, tuple) else found.string):
            empty.append(message.id)
    hint = "run `python -m bot i18n update` and translate the new texts"
    where = f"{place.domain} {language.value}"
    assert not missing, f"{len(missing)} texts not in {where} ({hint}): {missing[:10]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy (check them and drop the flag): {fuzzy[:10]}"
    assert not empty, f"{len(empty)} untranslated in {place.domain} {language.value}: {empty[:10]}"


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda lang: lang.value)
@pytest.mark.parametrize("place", PLACES, ids=lambda place: place.domain)
def test_translations_keep_the_placeholders(place: CatalogPlace, language: Language) -> None:
    wrong = []
    for message in load(place, language):
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple):
            wanted = fields(message.id[0]) | fields(message.id[1])
            for form in message.string:
                # a singular may say "un punto" instead of "{n} punto"; nothing else may go
                if form and not (wanted - {"n"} <= fields(form) <= wanted):
                    wrong.append((message.id, form))
        elif fields(message.string) != fields(message.id):
            wrong.append((message.id, message.string))
    assert not wrong, f"placeholders differ: {wrong[:10]}"


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda lang: lang.value)
def test_one_english_text_has_one_translation_across_domains(language: Language) -> None:
    seen: dict[tuple[str | None, str], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for place in PLACES:
        for message in load(place, language):
            if message.id and message.string:
                key = (message.context, str(message.id))
                seen[key][str(message.string)].append(place.domain)
    clashes = {key: dict(found) for key, found in seen.items() if len(found) > 1}
    assert not clashes, f"give these a context (pgettext) or one translation: {list(clashes.items())[:5]}"


def test_italian_plural_rule_and_fallback() -> None:
    for place in PLACES:
        catalog = load(place, Language.ITALIAN)
        assert catalog.num_plurals == get_plural("it").num_plurals, place.domain
    with speaking(Language.ITALIAN):
        assert _("An English text no catalog has") == "An English text no catalog has"
        assert (
            ngettext("{n} thing nobody translated", "{n} things nobody translated", 3)
            == "3 things nobody translated"
        )


MARKERS = {"_": 0, "N_": 0, "M_": 0, "ngettext": 0, "MN_": 0, "pgettext": 1, "NP_": 1}


def marked_literals(source: str) -> list[tuple[str | None, str]]:
    """Every text literal handed to a marker, nested calls included (Babel's extractor can miss a
    marked call inside another one's arguments)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        position = MARKERS.get(node.func.id)
        if position is None or len(node.args) <= position:
            continue
        text = node.args[position]
        if isinstance(text, ast.Constant) and isinstance(text.value, str):
            context = None
            if position == 1 and isinstance(node.args[0], ast.Constant):
                context = node.args[0].value
            found.append((context, text.value))
    return found


@pytest.mark.parametrize("place", PLACES, ids=lambda place: place.domain)
def test_every_literal_in_a_marker_reaches_the_catalog(place: CatalogPlace) -> None:
    catalog = load(place, Language.ITALIAN)
    known = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}
    core = load(PLACES[0], Language.ITALIAN)
    known |= {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in core if m.id}
    root = Path(__file__).resolve().parents[2]
    missing = []
    for package in place.sources:
        folder = root / package.replace(".", "/")
        for path in sorted(folder.rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            if (
                place.domain == "astrolabe"
                and any(
                    relative.startswith(other.replace(".", "/") + "/")
                    for p in PLACES[1:]
                    for other in p.sources
                )
                or "/sandbox/" in relative
                or relative.endswith("i18n/tool.py")
            ):
                continue
            for key in marked_literals(path.read_text(encoding="utf-8")):
                if key not in known:
                    missing.append(f"{relative}: {key[1]!r}")
    assert not missing, "marked but not in the catalog (extraction missed them):\n" + "\n".join(missing[:20])


def test_marked_literals_sees_nested_and_context_markers() -> None:
    source = (
        'x = M_("emptied {pools}", pools=listing([M_("pool {pool}", pool=1)]))\ny = NP_("button", "Pass")\n'
    )
    expected = {(None, "emptied {pools}"), (None, "pool {pool}"), ("button", "Pass")}
    assert set(marked_literals(source)) == expected
