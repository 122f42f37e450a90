"""Installed as the package ``bot.migrations`` (see setup.py), so the numbered SQL files here ship
inside the distribution and ``bot.storage`` reads them with importlib.resources. SQLite's files sit
directly in this folder; a subfolder (such as ``postgres/``) holds another database's."""
