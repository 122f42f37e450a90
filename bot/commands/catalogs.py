"""``python -m bot i18n update|compile``: the catalog tool (``bot.i18n.tool``) with the texts of
the slash commands, which nobody marks (they are the decorators' words): this layer walks the
command tree for them, so the catalogs below it never import the commands."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from bot.commands.translator import command_texts
from bot.commands.tree import COMMANDS
from bot.i18n import tool
from bot.i18n.catalogs import CatalogPlace


def command_catalog_texts() -> list[tool.TextId]:
    """Every name, description and choice of the command tree Discord shows, with its context."""
    return [(text, context) for text, context, _where in command_texts(COMMANDS)]


def template(place: CatalogPlace, all_places: list[CatalogPlace]) -> Catalog:
    """The domain's ``.pot`` as ``update`` writes it (the core one with the commands' texts)."""
    return tool.template(place, all_places, command_catalog_texts())


def main(argv: list[str]) -> int:
    tool.main(argv, command_catalog_texts())
    return 0
