"""Texts that are translated later: the rules' refusals and events, and marked constants.

The rules are pure and know nothing of languages, yet what they say reaches players in theirs.
So a rule says ``M_("{0} takes {count} cards", count=2)``: a ``Msg`` is the English text (a
``str``, so logs, tests and old code read it as before) that also remembers its message id and
parameters, and the Discord layer translates it for whoever reads it. ``{0}``, ``{1}``… are seat
names filled in last, so a ``Msg`` keeps them as they are.

Only the standard library here: the rules packages import this module.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any


def N_(message: str) -> str:
    """Mark a constant for the catalog without translating it now (it is translated where used)."""
    return message


def NP_(context: str, message: str) -> str:
    """Like ``N_`` for a text with a gettext context (slash-command names, short ambiguous words)."""
    return message


class _Partial(string.Formatter):
    """Fill the named parameters it has; leave ``{0}``-style seat names and unknown fields as they are."""

    def get_value(self, key: int | str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key in kwargs:
            return kwargs[key]
        return _Verbatim(key)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, _Verbatim):
            return "{" + str(value.key) + (":" + format_spec if format_spec else "") + "}"
        return super().format_field(value, format_spec)


class _Verbatim:
    def __init__(self, key: int | str) -> None:
        self.key = key


_PARTIAL = _Partial()


# A parsed template: literal text and plain fields, (text, None, "") or (text, name, spec).
_Parts = tuple[tuple[str, str | None, str], ...]


@functools.lru_cache(maxsize=4096)
def _parsed(template: str) -> _Parts | None:
    """``template`` split once into literals and plain fields (``{name}``, ``{name:spec}``,
    ``{0}``), or None when it has anything else (a conversion, an attribute or index, an empty
    or nested field): those go through ``_Partial`` itself. A panel fills dozens of texts per
    click, and ``string.Formatter`` parses each template again every time."""
    parts: list[tuple[str, str | None, str]] = []
    try:
        for literal, name, spec, conversion in _PARTIAL.parse(template):
            if name is None:
                parts.append((literal, None, ""))
                continue
            plain = name.isidentifier() or (name.isdigit() and str(int(name)) == name)
            if conversion is not None or not plain or "{" in (spec or ""):
                return None
            parts.append((literal, name, spec or ""))
    except ValueError:
        return None  # malformed: let the Formatter say so, as before
    return tuple(parts)


def fill(template: str, params: Mapping[str, Any]) -> str:
    """``template`` with its named fields filled from ``params``; other fields stay for later."""
    if not params:
        return template
    parts = _parsed(template)
    if parts is None:
        return _PARTIAL.vformat(template, (), params)
    out = []
    for literal, name, spec in parts:
        out.append(literal)
        if name is None:
            continue
        if name in params and not name.isdigit():  # {0} is a seat name, never a parameter
            out.append(format(params[name], spec))
        else:  # a seat name ({0}) or a field another step fills: kept as it was written
            out.append("{" + name + (":" + spec if spec else "") + "}")
    return "".join(out)


class Msg(str):
    """An English text that can be said again in another language (see the module docstring).

    ``plural`` and ``n`` pick the singular or plural form; ``n`` is also the ``{n}`` parameter.
    Parameters may themselves be ``Msg`` (a colour's name inside a sentence): each is translated too.
    """

    id: str
    plural: str | None
    n: int | None
    params: dict[str, Any]

    def __new__(
        cls,
        message_id: str,
        params: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        n: int | None = None,
    ) -> Msg:
        values = dict(params or {})
        if n is not None:
            values.setdefault("n", n)
        chosen = plural if plural is not None and n is not None and n != 1 else message_id
        self = super().__new__(cls, fill(chosen, values))
        self.id, self.plural, self.n, self.params = message_id, plural, n, values
        return self

    def __reduce__(self) -> Any:
        return (_rebuild, (self.to_json(),))

    def to_json(self) -> dict[str, Any]:
        """A plain dict for storage (the action log keeps events this way)."""
        data: dict[str, Any] = {"msg": self.id}
        if self.plural is not None:
            data["plural"], data["n"] = self.plural, self.n
        params = {
            k: (v.to_json() if isinstance(v, Msg) else v)
            for k, v in self.params.items()
            if not (k == "n" and self.n is not None and v == self.n)
        }
        if params:
            data["params"] = params
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        params = {
            k: (cls.from_json(v) if is_msg_json(v) else v) for k, v in (data.get("params") or {}).items()
        }
        return cls(data["msg"], params, plural=data.get("plural"), n=data.get("n"))


def _rebuild(data: dict[str, Any]) -> Msg:
    return Msg.from_json(data)


def is_msg_json(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("msg"), str)


def M_(message_id: str, **params: Any) -> Msg:
    """A text to be translated where it is read; ``params`` fill its named fields."""
    return Msg(message_id, params)


def MN_(singular: str, plural: str, n: int, **params: Any) -> Msg:
    """A counted text (``"{n} point"`` / ``"{n} points"``) translated, with its plural rule, where read."""
    return Msg(singular, params, plural=plural, n=n)


class Joiner(Enum):
    """How ``joined`` links a list's items: its kinds, each its own translatable text."""

    COMMA = "comma"
    SEMICOLON = "semicolon"
    SENTENCES = "sentences"
    AND = "and"


def joined(items: Sequence[str], joiner: Joiner = Joiner.COMMA) -> str:
    """``items`` joined as ``joiner`` says, each item still translatable: the rules' lists (of
    what a player did, of spaces, of winners) stay ``Msg``."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    first, rest = items[0], joined(items[1:], joiner)
    if joiner is Joiner.SEMICOLON:
        # i18n: two parts of a list of what a player did, joined by a semicolon
        return M_("{first}; {rest}", first=first, rest=rest)
    if joiner is Joiner.SENTENCES:
        # i18n: two sentences, one after the other
        return M_("{first} {rest}", first=first, rest=rest)
    if joiner is Joiner.AND:
        # i18n: two players' names (or a name and more names), joined by "and"
        return M_("{first} and {rest}", first=first, rest=rest)
    # i18n: two items of a list, joined by a comma
    return M_("{first}, {rest}", first=first, rest=rest)


def seat_ref(index: int) -> str:
    """A seat's name placeholder (``{1}``) to pass as a field: filled with the player's name
    after translation, so one message id serves every seat."""
    return f"{{{index}}}"


def to_stored(text: str) -> Any:
    """A text as the action log stores it: a ``Msg`` as its dict, anything else as it is."""
    return text.to_json() if isinstance(text, Msg) else text


def from_stored(value: Any) -> str:
    """The text back from the action log (old logs hold plain English strings)."""
    return Msg.from_json(value) if is_msg_json(value) else value
