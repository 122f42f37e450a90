"""The files a sandbox run leaves in a checkout (its SQLite database, in WAL mode, and the
database's side files) are ignored by git, so `git status` stays clean after playing."""

from __future__ import annotations

from fnmatch import fnmatchcase
from pathlib import Path

from bot.sandbox.web import DEFAULT_DB
from tests.sandbox.sandbox_process import REPO


def ignored(name: str, gitignore: Path = REPO / ".gitignore") -> bool:
    """Whether a file of this name at the top of the checkout matches .gitignore (its plain and
    negated name patterns, the last match winning, as git reads them)."""
    verdict = False
    for line in gitignore.read_text(encoding="utf-8").splitlines():
        pattern = line.strip()
        if not pattern or pattern.startswith("#") or pattern.endswith("/"):
            continue
        negated = pattern.startswith("!")
        if fnmatchcase(name, pattern.removeprefix("!").removeprefix("/")):
            verdict = not negated
    return verdict


def test_the_sandbox_database_and_its_side_files_are_ignored() -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        assert ignored(DEFAULT_DB + suffix), f"{DEFAULT_DB}{suffix} would show in git status"


def test_the_source_is_not_ignored() -> None:
    assert not ignored("README.md") and not ignored("setup.py")
