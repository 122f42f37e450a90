"""Discord's limits on what the bot sends, and the texts of the code that must fit them.

The numbers are Discord's own, as its published OpenAPI description states them
(github.com/discord/discord-api-spec, ``specs/openapi.json``: the ``maxLength``/``maxItems`` of
``ButtonComponentForMessageRequest``, ``StringSelectOptionForRequest``,
``TextInputComponentForModalRequest``, ``ModalInteractionCallbackRequestData``...), and its
documented 2,000 characters of a message's ``content``. A text over its limit is refused with a
400 (50035 "Invalid Form Body"): a form that never opens, a panel that never shows.

``problems`` and ``modal_problems`` check a payload as discord.py sends it (tests build every
panel, form and command in every language and check them). ``limited_texts`` finds, in the
source, the marked texts given straight to a limited field, so the catalog tool can tell
translators each one's limit (a ``limit: N`` comment beside the text in the ``.po``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from enum import IntEnum, StrEnum
from pathlib import Path
from typing import Any

TextId = tuple[str, str | None]
"""A text of a catalog and its gettext context."""


class Limit(IntEnum):
    """Characters (or items) Discord allows, by field."""

    CUSTOM_ID = 100
    BUTTON_LABEL = 80
    SELECT_PLACEHOLDER = 150
    SELECT_OPTIONS = 25
    OPTION_TEXT = 100  # an option's label, value and description
    MODAL_TITLE = 45
    INPUT_LABEL = 45
    INPUT_PLACEHOLDER = 100
    TEXT_DISPLAY = 4000  # one TextDisplay, and all of a message's together
    MEDIA_DESCRIPTION = 1024
    MEDIA_ITEMS = 10
    ROW_ITEMS = 5
    COMPONENTS = 40  # every component of a message or a modal, nested ones included
    MESSAGE_CONTENT = 2000
    EMBED_TITLE = 256
    EMBED_DESCRIPTION = 4096
    COMMAND_NAME = 32
    COMMAND_DESCRIPTION = 100  # a command's or an option's description, and a choice's name


class Kind(IntEnum):
    """Discord's component types (the ones the bot sends)."""

    ACTION_ROW = 1
    BUTTON = 2
    STRING_SELECT = 3
    TEXT_INPUT = 4
    SECTION = 9
    TEXT_DISPLAY = 10
    THUMBNAIL = 11
    MEDIA_GALLERY = 12
    SEPARATOR = 14
    CONTAINER = 17
    LABEL = 18


class Field(StrEnum):
    """The limited fields a marked text goes to, as a translator reads them."""

    BUTTON = "button label"
    PLACEHOLDER = "menu placeholder"
    OPTION = "menu option"
    FORM_TITLE = "form title"
    INPUT_LABEL = "form field label"
    INPUT_PLACEHOLDER = "form field placeholder"
    EMBED_TITLE = "embed title"


FIELD_LIMITS: Mapping[Field, int] = {
    Field.BUTTON: Limit.BUTTON_LABEL,
    Field.PLACEHOLDER: Limit.SELECT_PLACEHOLDER,
    Field.OPTION: Limit.OPTION_TEXT,
    Field.FORM_TITLE: Limit.MODAL_TITLE,
    Field.INPUT_LABEL: Limit.INPUT_LABEL,
    Field.INPUT_PLACEHOLDER: Limit.INPUT_PLACEHOLDER,
    Field.EMBED_TITLE: Limit.EMBED_TITLE,
}


def _over(found: list[str], where: str, text: Any, limit: int) -> None:
    if isinstance(text, str) and len(text) > limit:
        found.append(f"{where}: {len(text)} > {limit}: {text!r}")


def _walk(components: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from _walk(component.get("components") or ())
        if isinstance(component.get("accessory"), dict):
            yield component["accessory"]
        if isinstance(component.get("component"), dict):  # a modal's Label holds one component
            yield component["component"]


def problems(components: list[dict[str, Any]], content: str | None = None) -> list[str]:
    """What in a message's ``components`` (``view.to_components()``) and ``content`` Discord
    would refuse; empty when it fits."""
    found: list[str] = []
    _over(found, "content", content, Limit.MESSAGE_CONTENT)
    every = list(_walk(components))
    if len(every) > Limit.COMPONENTS:
        found.append(f"{len(every)} components > {Limit.COMPONENTS}")
    text = 0
    for c in every:
        kind = c.get("type")
        _over(found, "custom_id", c.get("custom_id"), Limit.CUSTOM_ID)
        if kind == Kind.ACTION_ROW and len(c.get("components") or ()) > Limit.ROW_ITEMS:
            found.append(f"a row of {len(c['components'])} items > {Limit.ROW_ITEMS}")
        elif kind == Kind.BUTTON:
            _over(found, "button label", c.get("label"), Limit.BUTTON_LABEL)
        elif kind == Kind.STRING_SELECT:
            _over(found, "select placeholder", c.get("placeholder"), Limit.SELECT_PLACEHOLDER)
            options = c.get("options") or []
            if not 0 < len(options) <= Limit.SELECT_OPTIONS:
                found.append(f"a select of {len(options)} options")
            for option in options:
                for key in ("label", "value", "description"):
                    _over(found, f"option {key}", option.get(key), Limit.OPTION_TEXT)
        elif kind == Kind.TEXT_DISPLAY:
            _over(found, "text display", c.get("content"), Limit.TEXT_DISPLAY)
            text += len(c.get("content") or "")
        elif kind == Kind.MEDIA_GALLERY:
            items = c.get("items") or []
            if len(items) > Limit.MEDIA_ITEMS:
                found.append(f"a gallery of {len(items)} items > {Limit.MEDIA_ITEMS}")
            for item in items:
                _over(found, "media description", item.get("description"), Limit.MEDIA_DESCRIPTION)
    if text > Limit.TEXT_DISPLAY:
        found.append(f"the message's text: {text} > {Limit.TEXT_DISPLAY}")
    return found


def modal_problems(modal: dict[str, Any]) -> list[str]:
    """What in a modal (``modal.to_dict()``) Discord would refuse."""
    found: list[str] = []
    _over(found, "modal title", modal.get("title"), Limit.MODAL_TITLE)
    _over(found, "custom_id", modal.get("custom_id"), Limit.CUSTOM_ID)
    for c in _walk(modal.get("components") or ()):
        if c.get("type") == Kind.TEXT_INPUT:
            _over(found, "input label", c.get("label"), Limit.INPUT_LABEL)
            _over(found, "input placeholder", c.get("placeholder"), Limit.INPUT_PLACEHOLDER)
            _over(found, "custom_id", c.get("custom_id"), Limit.CUSTOM_ID)
        elif c.get("type") == Kind.LABEL:
            _over(found, "label", c.get("label"), Limit.INPUT_LABEL)
    return found


# Where a keyword of a call sends its text: (callee's name, keyword) -> field. Our own items
# (``SkyDo``, ``SnsPick``...) pass ``label``/``placeholder`` on to a button or a select.
_BY_CALL: Mapping[tuple[str, str], Field] = {
    ("Button", "label"): Field.BUTTON,
    ("Select", "placeholder"): Field.PLACEHOLDER,
    ("SelectOption", "label"): Field.OPTION,
    ("SelectOption", "description"): Field.OPTION,
    ("TextInput", "label"): Field.INPUT_LABEL,
    ("TextInput", "placeholder"): Field.INPUT_PLACEHOLDER,
    ("Embed", "title"): Field.EMBED_TITLE,
    ("Form", "title"): Field.FORM_TITLE,
    ("Form", "label"): Field.INPUT_LABEL,
    ("Form", "placeholder"): Field.INPUT_PLACEHOLDER,
    ("button", "label"): Field.BUTTON,
    ("select", "placeholder"): Field.PLACEHOLDER,
}
# A declared control's form (``bot.ui.controls.Form``) given by position: title, label, placeholder.
_FORM_POSITIONS = (Field.FORM_TITLE, Field.INPUT_LABEL, Field.INPUT_PLACEHOLDER)
_MARKERS = {"_": 0, "N_": 0, "M_": 0, "pgettext": 1, "NP_": 1}


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _field(callee: str, keyword: str, in_modal: bool) -> Field | None:
    if (callee, keyword) in _BY_CALL:
        return _BY_CALL[(callee, keyword)]
    if keyword == "title" and (callee == "Modal" or (callee == "__init__" and in_modal)):
        return Field.FORM_TITLE
    if keyword == "label" and (callee.endswith("Do") or callee.endswith("_button")):
        return Field.BUTTON
    if keyword == "placeholder" and (callee.endswith("Pick") or callee.endswith("_select")):
        return Field.PLACEHOLDER
    return None


def _marked(node: ast.expr) -> TextId | None:
    """The text of ``_("…")``, ``N_("…")``, ``pgettext("context", "…")``."""
    if not (isinstance(node, ast.Call) and _callee(node) in _MARKERS):
        return None
    index = _MARKERS[_callee(node)]
    args = node.args
    if len(args) <= index or not all(isinstance(a, ast.Constant) for a in args[: index + 1]):
        return None
    text = args[index]
    assert isinstance(text, ast.Constant)
    context = args[0].value if index else None  # type: ignore[attr-defined]
    return (text.value, context) if isinstance(text.value, str) else None


def _texts(node: ast.expr, constants: Mapping[str, set[TextId]]) -> Iterator[TextId]:
    """The marked texts ``node`` may give: a marked literal, a constant marked elsewhere, either
    side of ``or`` and ``if``, a slice of one, and what ``_(CONSTANT)`` translates."""
    text = _marked(node)
    if text is not None:
        yield text
    elif isinstance(node, ast.Name):
        yield from constants.get(node.id, ())
    elif isinstance(node, ast.Attribute):
        yield from constants.get(node.attr, ())
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _texts(value, constants)
    elif isinstance(node, ast.IfExp):
        yield from _texts(node.body, constants)
        yield from _texts(node.orelse, constants)
    elif isinstance(node, ast.Subscript):
        yield from _texts(node.value, constants)
    elif isinstance(node, ast.Call) and _callee(node) in ("_", "pgettext") and node.args:
        yield from _texts(node.args[-1], constants)


def _assigned(nodes: Iterable[ast.stmt]) -> dict[str, set[TextId]]:
    """``NAME = N_("…")`` among ``nodes`` (a module's, a class's or a function's own statements)."""
    found: dict[str, set[TextId]] = {}
    for node in nodes:
        if isinstance(node, ast.Assign) and (text := _marked(node.value)) is not None:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, set()).add(text)
    return found


def _own(body: Iterable[ast.AST]) -> Iterator[ast.stmt]:
    """A body's statements, nested blocks (``if``, ``for``, ``with``, ``try``) included, but not
    those of the functions and classes it defines."""
    for node in body:
        if isinstance(node, ast.ExceptHandler):
            yield from _own(node.body)
            continue
        if not isinstance(node, ast.stmt):
            continue
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for name in ("body", "orelse", "finalbody", "handlers"):
                yield from _own(getattr(node, name, None) or ())


def _is_modal(node: ast.ClassDef) -> bool:
    return any(
        (b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "")) == "Modal" for b in node.bases
    )


def _scopes(
    body: list[ast.stmt], names: dict[str, set[TextId]], in_modal: bool
) -> Iterator[tuple[ast.AST, dict[str, set[TextId]], bool]]:
    """Each node with the marked constants its names may mean there (the module's, imported ones,
    its class's and function's own) and whether it sits in a modal."""
    names = {**names, **_assigned(_own(body))}
    for node in _own(body):
        if isinstance(node, ast.ClassDef):
            modal = _is_modal(node)
            yield node, names, modal
            yield from _scopes(node.body, names, modal)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _scopes(node.body, names, in_modal)
        else:
            for child in ast.walk(node):
                yield child, names, in_modal


def _uses(
    tree: ast.Module, imported: dict[str, set[TextId]]
) -> Iterator[tuple[ast.expr, Field, dict[str, set[TextId]]]]:
    """Each expression given to a limited field in ``tree``, with the names it may use."""
    for node, names, in_modal in _scopes(tree.body, imported, False):
        if isinstance(node, ast.ClassDef) and in_modal:
            for keyword in node.keywords:
                if keyword.arg == "title":
                    yield keyword.value, Field.FORM_TITLE, names
        elif isinstance(node, ast.Call):
            if _callee(node) == "Form":
                for value, position in zip(node.args, _FORM_POSITIONS, strict=False):
                    yield value, position, names
            for keyword in node.keywords:
                field = _field(_callee(node), keyword.arg or "", in_modal)
                if field is not None:
                    yield keyword.value, field, names


def limited_texts(root: Path) -> dict[TextId, int]:
    """Every marked text the code of the package at ``root`` gives straight to a limited field,
    with the strictest limit among its uses."""
    modules = {
        ".".join((root.name, *path.relative_to(root).with_suffix("").parts)).removesuffix(
            ".__init__"
        ): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(root.rglob("*.py"))
    }
    constants = {name: _assigned(tree.body) for name, tree in modules.items()}
    found: dict[TextId, int] = {}
    for tree in modules.values():
        imported: dict[str, set[TextId]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in constants:
                for alias in node.names:
                    texts = constants[node.module].get(alias.name)
                    if texts:
                        imported[alias.asname or alias.name] = texts
        for value, field, names in _uses(tree, imported):
            for text in _texts(value, names):
                found[text] = min(found.get(text, FIELD_LIMITS[field]), FIELD_LIMITS[field])
    return found


def limit_comment(limit: int) -> str:
    """The translator's note beside a limited text in a ``.po`` (``#. limit: 45``)."""
    return f"limit: {limit}"
