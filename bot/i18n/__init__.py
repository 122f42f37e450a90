"""What Astrolabe says, in the reader's language (gettext catalogs, Babel for the tooling).

Code says ``_("Your move")`` or ``ngettext("{n} point", "{n} points", n)``: the text is looked up
in the language of the current context. The context is set where the reader is known: a
player's private answers and panels ``with speaking(their_language)``, the game thread
``with speaking(record.language)``. Module constants are marked with ``N_`` and translated
where they are used. The rules say ``M_``/``MN_`` (``bot.i18n.msg``) and ``translate`` turns
those into the reader's words.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from bot.i18n.catalogs import translations
from bot.i18n.languages import DEFAULT, Language, from_discord, parse
from bot.i18n.msg import M_, MN_, N_, NP_, Msg, fill

_current: ContextVar[Language] = ContextVar("astrolabe_language", default=DEFAULT)


def language() -> Language:
    """The language of the text being built now."""
    return _current.get()


@contextlib.contextmanager
def speaking(chosen: Language | None) -> Iterator[Language]:
    """Build the texts inside in ``chosen`` (``None`` keeps the current language)."""
    token = _current.set(chosen or _current.get())
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def _(message: str, **params: Any) -> str:
    """``message`` in the current language, its named fields filled from ``params``."""
    return fill(translations(language()).gettext(message), _said(params))


def ngettext(singular: str, plural: str, n: int | float, **params: Any) -> str:
    """The counted text in the current language's plural form; ``{n}`` is ``n`` unless given."""
    params.setdefault("n", _shown(n))
    return fill(translations(language()).ngettext(singular, plural, _plural_count(n)), _said(params))


def pgettext(context: str, message: str) -> str:
    """``message`` as translated for ``context`` (short words that mean different things)."""
    return translations(language()).pgettext(context, message)


def translate(text: str) -> str:
    """A ``Msg`` from the rules in the current language; any other text as it is."""
    if not isinstance(text, Msg):
        return text
    catalog = translations(language())
    if text.plural is not None and text.n is not None:
        template = catalog.ngettext(text.id, text.plural, _plural_count(text.n))
    else:
        template = catalog.gettext(text.id)
    return fill(template, _said(text.params))


def _said(params: dict[str, Any]) -> dict[str, Any]:
    return {key: translate(value) if isinstance(value, Msg) else value for key, value in params.items()}


def _plural_count(n: int | float) -> int:
    """gettext's plural rules take whole numbers; 1.5 reads as a plural in both languages."""
    if isinstance(n, float) and not n.is_integer():
        return 2
    return abs(int(n))


def _shown(n: int | float) -> int | float:
    return int(n) if isinstance(n, float) and n.is_integer() else n


__all__ = [
    "DEFAULT",
    "MN_",
    "M_",
    "N_",
    "NP_",
    "Language",
    "Msg",
    "_",
    "from_discord",
    "language",
    "ngettext",
    "parse",
    "pgettext",
    "speaking",
    "translate",
]
