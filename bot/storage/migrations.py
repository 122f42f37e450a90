"""The bundled migrations (SQLite's, and each other database's in its subfolder): finding them
in the installed package, checking their numbering, and splitting a file into statements."""

from __future__ import annotations

import importlib.resources
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from bot.storage.records import MigrationError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

# The top-level migrations/ folder ships inside the distribution as this package (setup.py maps
# it), so a wheel carries its SQL and an editable install reads the source folder itself; code
# run from a checkout reads the checkout's folder directly (see bundled_migrations).
MIGRATIONS_PACKAGE: Final = "bot.migrations"


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Traversable | Path


_MIGRATION_NAME = re.compile(r"^(\d+)_([A-Za-z0-9_]+)\.sql$")
_TRANSACTION_KEYWORDS = frozenset({"BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"})


def bundled_migrations(subfolder: str = "") -> Traversable:
    """The migrations shipped with the code: SQLite's at the top, another database's in its
    ``subfolder`` (such as ``postgres``).

    Code run from a checkout reads the checkout's own ``migrations/`` folder: there ``bot`` is the
    source folder (the current directory comes first on ``sys.path``), which shadows an installed
    copy and its ``bot.migrations`` alike, and the SQL beside the code is the SQL that fits it.
    Installed code reads its ``bot.migrations`` package through importlib.resources (a wheel, or
    an editable install's mapping)."""
    root: Traversable | None = checkout_migrations()
    if root is None:
        try:
            root = importlib.resources.files(MIGRATIONS_PACKAGE)
        except ModuleNotFoundError as error:
            raise MigrationError(_missing_message()) from error
    return root.joinpath(subfolder) if subfolder else root


def _code_folder() -> Path:
    """The folder holding the ``bot`` package this process imported."""
    return Path(__file__).parent.parent.parent


def checkout_migrations() -> Path | None:
    """The ``migrations/`` folder of the source checkout the running ``bot`` package sits in
    (beside ``setup.py``), or None when the code is installed."""
    top = _code_folder()
    folder = top / "migrations"
    if (top / "setup.py").is_file() and (folder / "0001_initial.sql").is_file():
        return folder
    return None


def _missing_message() -> str:
    top = _code_folder()
    return (
        f"the package {MIGRATIONS_PACKAGE} is missing: Python imported the bot from {top / 'bot'}, "
        f"which is neither installed with pip nor a complete source checkout (no setup.py and "
        f"migrations/ beside it). Run it from a complete checkout of the project, or install the "
        f"project (pip install . or pip install -e .) and run it from a folder that has no bot/ "
        f"folder in it, so the installed copy is the one imported"
    )


def discover_migrations(directory: Traversable | Path) -> list[Migration]:
    """The ``NNNN_name.sql`` files, numbered 1, 2, 3… without gaps (a gap means a lost file).
    Subfolders hold other databases' migrations and are not read."""
    if not directory.is_dir():
        raise MigrationError(f"migrations folder not found: {directory}")
    migrations: list[Migration] = []
    files = [entry for entry in directory.iterdir() if entry.name.endswith(".sql") and entry.is_file()]
    for path in sorted(files, key=lambda entry: entry.name):
        match = _MIGRATION_NAME.match(path.name)
        if match is None:
            raise MigrationError(f"migration file not named NNNN_name.sql: {path.name}")
        migrations.append(Migration(int(match.group(1)), path.name.removesuffix(".sql"), path))
    migrations.sort(key=lambda m: m.version)
    expected = list(range(1, len(migrations) + 1))
    if [m.version for m in migrations] != expected:
        found = ", ".join(m.path.name for m in migrations)
        raise MigrationError(f"migrations must be numbered 1..n without gaps or repeats: {found}")
    return migrations


def _strip_leading_comments(sql: str) -> str:
    while True:
        sql = sql.lstrip()
        if sql.startswith("--"):
            newline = sql.find("\n")
            sql = "" if newline < 0 else sql[newline + 1 :]
        elif sql.startswith("/*"):
            end = sql.find("*/")
            sql = "" if end < 0 else sql[end + 2 :]
        else:
            return sql


def split_statements(script: str) -> list[str]:
    """Split a script into single statements, so they can run inside our own transaction.

    ``executescript`` would commit any open transaction first, losing atomicity. SQLite's own
    ``complete_statement`` decides where a statement ends, so semicolons inside strings,
    comments and ``CREATE TRIGGER … BEGIN … END`` bodies are handled.
    """
    statements: list[str] = []
    start = 0
    for index, char in enumerate(script):
        if char == ";" and sqlite3.complete_statement(script[start : index + 1]):
            statement = script[start : index + 1]
            if _strip_leading_comments(statement).rstrip(";").strip():
                statements.append(statement.strip())
            start = index + 1
    if _strip_leading_comments(script[start:]):
        raise MigrationError(f"incomplete SQL statement at the end: {script[start:].strip()[:80]!r}")
    for statement in statements:
        keyword = _strip_leading_comments(statement).split(None, 1)[0].rstrip(";").upper()
        if keyword in _TRANSACTION_KEYWORDS:
            raise MigrationError(f"migrations must not control transactions ({keyword})")
    return statements
