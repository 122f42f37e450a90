"""``python -m bot i18n update|compile``: the catalog tool (``bot.i18n.tool``) with the texts of
the slash commands, which nobody marks (they are the decorators' words): this layer walks the
command tree for them, so the catalogs below it never import the commands. It also says which
texts Discord limits (``bot.ui.limits``), so each one's limit is written beside it for translators."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from discord.app_commands import TranslationContextLocation as Where

from bot.commands.translator import command_texts
from bot.commands.tree import COMMANDS
from bot.i18n import tool
from bot.i18n.catalogs import CatalogPlace
from bot.ui.limits import Limit, limited_texts

_NAMES = (Where.command_name, Where.group_name, Where.parameter_name)


def command_catalog_texts() -> list[tool.TextId]:
    """Every name, description and choice of the command tree Discord shows, with its context."""
    return [(text, context) for text, context, _where in command_texts(COMMANDS)]


def text_limits() -> dict[tool.TextId, int]:
    """The limit of every text Discord limits: the commands' (a name 32, a description or a
    choice 100) and those the code gives straight to a button, a menu or a form."""
    limits: dict[tool.TextId, int] = {
        (text, context): Limit.COMMAND_NAME if where in _NAMES else Limit.COMMAND_DESCRIPTION
        for text, context, where in command_texts(COMMANDS)
    }
    for text, limit in limited_texts(Path(__file__).resolve().parents[1]).items():
        limits[text] = min(limit, limits.get(text, limit))
    return {text: int(limit) for text, limit in limits.items()}


def template(place: CatalogPlace, all_places: list[CatalogPlace]) -> Catalog:
    """The domain's ``.pot`` as ``update`` writes it (the core one with the commands' texts)."""
    return tool.template(place, all_places, command_catalog_texts(), text_limits())


def main(argv: list[str]) -> int:
    tool.main(argv, command_catalog_texts(), text_limits())
    return 0
