"""Everything the bot sends fits Discord's documented limits, in every shipped language (issue 33).

Built, not sent: every game's panels, step messages, boards, sheets and results along seeded
random games, every form (modal) and every slash command's name, description and choice, in
English and in Italian, each checked against the limits of Discord's OpenAPI description
(``bot.ui.limits``). And every text the code gives to a limited field carries its limit in the
catalogs, for translators, with every translation within it.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.pofile import read_po
from discord.app_commands import TranslationContextLocation as Where

import bot
from bot.commands.catalogs import text_limits
from bot.commands.translator import command_text, command_texts
from bot.commands.tree import COMMANDS
from bot.faces import PRESENTERS
from bot.games import GAMES
from bot.i18n import Language, speaking
from bot.i18n.catalogs import translations
from bot.i18n.tool import LIMIT_NOTE
from bot.ui.clicks import TypedForm
from bot.ui.controls import Click, Control
from bot.ui.limits import Limit, limited_texts, modal_problems, problems
from bot.ui.outgoing import Outgoing
from tests.ui.seeded_games import seeded_states

NAMES = ["Ada", "Bea", "Cy", "Dee"]
ROOT = Path(next(iter(bot.__path__)))


def in_language(text: str, context: str | None, language: Language) -> str:
    catalog = translations(language)
    return catalog.pgettext(context, text) if context else catalog.gettext(text)


def test_the_scan_finds_the_forms_and_buttons() -> None:
    found = limited_texts(ROOT)
    assert found[("Cell: column letter and row number", None)] == Limit.INPUT_LABEL
    assert found[("Type a cell", None)] == Limit.MODAL_TITLE  # a button and a form's title: the stricter
    assert found[("Open my panel", None)] == Limit.BUTTON_LABEL
    assert found[("Choose a pool and the stars…", None)] == Limit.SELECT_PLACEHOLDER


@pytest.mark.parametrize("language", list(Language))
def test_every_limited_text_fits_in_every_language(language: Language) -> None:
    """The texts of forms, buttons, menus and commands, as written (a ``{field}`` counts as its
    own name: the filled value is checked where panels are built below)."""
    over = []
    for (text, context), limit in text_limits().items():
        said = in_language(text, context, language)
        if len(said) > limit:
            over.append(f"{len(said)} > {limit}: {said!r}")
    assert not over, over


def po_files() -> Iterator[Path]:
    yield from sorted(ROOT.glob("**/locale/*/LC_MESSAGES/*.po"))


def test_translators_see_each_limit_beside_its_text() -> None:
    limits = text_limits()
    missing = []
    noted = 0
    for path in po_files():
        with open(path, "rb") as source:
            catalog = read_po(source)
        for message in catalog:
            limit = limits.get((str(message.id), message.context)) if message.id else None
            if limit is None:
                continue
            noted += 1
            if LIMIT_NOTE.format(limit=limit) not in message.auto_comments:
                missing.append(f"{path.name}: {message.id!r} (limit {limit})")
    assert noted > 50 and not missing, f"run `python -m bot i18n update`: {missing}"


@pytest.mark.parametrize("language", list(Language))
def test_every_command_fits(language: Language) -> None:
    over = []
    for text, _context, where in command_texts(COMMANDS):
        said = command_text(text, where, language) or text
        name = where in (Where.command_name, Where.group_name, Where.parameter_name)
        limit = Limit.COMMAND_NAME if name else Limit.COMMAND_DESCRIPTION
        if not 0 < len(said) <= limit:
            over.append(f"{said!r} ({len(said)} > {limit})")
    assert not over, over


def modal_classes() -> list[type[discord.ui.Modal]]:
    for module in pkgutil.walk_packages(bot.__path__, "bot."):
        if ".sandbox" not in module.name and not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found: list[type[discord.ui.Modal]] = []
    pending = list(discord.ui.Modal.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.startswith("bot."):
            found.append(cls)
    return found


def dummy(parameter: inspect.Parameter) -> Any:
    return "x" if "str" in str(parameter.annotation) else 1


def declared_forms() -> list[Control]:
    """Every face's controls that open a typed form (``Role.FORM``), as the platform builds them."""
    return [c for p in PRESENTERS.values() for c in p.controls if c.form is not None]


@pytest.mark.parametrize("language", list(Language))
def test_every_form_fits(language: Language) -> None:
    classes = [c for c in modal_classes() if c is not TypedForm]
    assert {c.__name__ for c in classes} >= {"CardForm"}
    forms = declared_forms()
    assert {c.template.split(":")[0] for c in forms} >= {"obs", "sky", "sg"}
    over = []
    for cls in classes:
        parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
        with speaking(language):
            modal = cls(*(dummy(p) for p in parameters))
        over += [f"{cls.__name__}: {p}" for p in modal_problems(modal.to_dict())]
    for control in forms:
        fields = {name: "x" for name in control.fields} | {"game": "3", "dec": "1"}
        with speaking(language):
            modal = TypedForm(Click(control, fields))
        over += [f"{control.template}: {p}" for p in modal_problems(modal.to_dict())]
    assert not over, over


def checked(out: Outgoing, what: str) -> list[str]:
    view = out.layout(out._image_names())
    return [f"{what}: {p}" for p in problems(view.to_components())]


SEATS = {"sky-of-stars": 3}


def states(slug: str, seed: int) -> Iterator[dict[str, Any]]:
    """Every state of a seeded random game (its bots' moves, which are legal and varied)."""
    return seeded_states(slug, seed, SEATS.get(slug, 2))


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_panel_and_message_fits(slug: str) -> None:
    game, presenter = GAMES[slug], PRESENTERS[slug]
    over: list[str] = []
    built = 0
    for language in Language:
        with speaking(language):
            for n, state in enumerate(states(slug, seed=7)):
                if n % 3 and not game.is_over(state):
                    continue
                public = game.view(state, None)
                names = NAMES[: SEATS.get(slug, 2)]
                if game.is_over(state):
                    over += checked(presenter.results(public, names), f"{language} results")
                    continue
                over += checked(presenter.step_message(public, names, 1), f"{language} step")
                over += checked(presenter.board(public, names), f"{language} board")
                for seat in game.to_act(state):
                    own = game.view(state, seat)
                    over += checked(presenter.panel(own, names, 1), f"{language} panel")
                    over += checked(presenter.sheet(own, names, seat), f"{language} sheet")
                    built += 2
    assert built > 50
    assert not over, over[:10]


def test_no_text_of_any_catalog_outgrows_a_message() -> None:
    """Every text the bot says, in every language, fits a message's content (2,000)."""
    over = []
    for path in po_files():
        with open(path, "rb") as source:
            catalog = read_po(source)
        for message in catalog:
            said = [message.id, message.string]
            for text in (t for s in said for t in (s if isinstance(s, tuple | list) else [s]) if t):
                if len(text) > Limit.MESSAGE_CONTENT:
                    over.append(f"{path.name}: {text[:60]!r}…")
    assert not over, over
