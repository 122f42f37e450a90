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
# it), so a wheel carries its SQL and an editable install reads the source folder itself.
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
    ``subfolder`` (such as ``postgres``). Read through importlib.resources, so they are found in
    a wheel as well as in the source tree."""
    try:
        root = importlib.resources.files(MIGRATIONS_PACKAGE)
    except ModuleNotFoundError as error:
        raise MigrationError(f"the package {MIGRATIONS_PACKAGE} is missing: install the project with "
                             "pip (pip install . or pip install -e .) so its migrations ship with it"
                             ) from error
    return root.joinpath(subfolder) if subfolder else root


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
            sql = "" if newline < 0 else sql[newline + 1:]
        elif sql.startswith("/*"):
            end = sql.find("*/")
            sql = "" if end < 0 else sql[end + 2:]
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
        if char == ";" and sqlite3.complete_statement(script[start:index + 1]):
            statement = script[start:index + 1]
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
