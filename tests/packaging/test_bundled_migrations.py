"""The migrations the code ships are the top-level migrations/ folder, one set per database."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from bot.storage import bundled_migrations, discover_migrations

REPO = Path(__file__).resolve().parents[2]


def test_the_shipped_migrations_are_the_source_folder() -> None:
    shipped = [m.name for m in discover_migrations(bundled_migrations())]
    assert shipped == sorted(path.stem for path in (REPO / "migrations").glob("*.sql"))


def test_a_subfolder_is_another_databases_set(tmp_path: Path) -> None:
    (tmp_path / "0001_initial.sql").write_text("CREATE TABLE a (x INTEGER);")
    (tmp_path / "0002_more.sql").write_text("CREATE TABLE b (x INTEGER);")
    (tmp_path / "postgres").mkdir()
    (tmp_path / "postgres" / "0001_initial.sql").write_text("CREATE TABLE a (x BIGINT);")
    assert [m.name for m in discover_migrations(tmp_path)] == ["0001_initial", "0002_more"]
    postgres = discover_migrations(tmp_path / "postgres")
    assert [(m.version, m.name) for m in postgres] == [(1, "0001_initial")]
    assert "BIGINT" in postgres[0].path.read_text(encoding="utf-8")


def test_every_shipped_subfolder_loads() -> None:
    root = bundled_migrations()
    for folder in (entry for entry in root.iterdir() if entry.is_dir() and entry.name != "__pycache__"):
        names = [m.name for m in discover_migrations(bundled_migrations(folder.name))]
        assert names == sorted(path.stem for path in (REPO / "migrations" / folder.name).glob("*.sql"))


# Run in a child Python: pip's non-editable install, as seen from a source folder, where the
# folder's bot/ shadows the installed package and with it bot.migrations.
SHADOWED = """
import sys
class NotInstalled:
    def find_spec(self, name, path=None, target=None):
        if name == "bot.migrations":
            raise ModuleNotFoundError(name, name=name)
sys.meta_path.insert(0, NotInstalled())
import bot
from bot.storage import MigrationError, bundled_migrations, discover_migrations
try:
    print(bot.__file__, bundled_migrations(), len(discover_migrations(bundled_migrations("postgres"))))
except MigrationError as error:
    print("MigrationError:", error)
"""


def source_copy(target: Path, *, complete: bool) -> Path:
    shutil.copytree(REPO / "bot", target / "bot", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    if complete:
        shutil.copytree(
            REPO / "migrations", target / "migrations", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
        shutil.copy(REPO / "setup.py", target / "setup.py")
    return target


def run_shadowed(folder: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", SHADOWED], cwd=folder, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_code_run_from_a_checkout_reads_the_checkouts_migrations(tmp_path: Path) -> None:
    checkout = source_copy(tmp_path / "clone", complete=True)
    bot_file, folder, postgres = run_shadowed(checkout).split()
    assert Path(bot_file).is_relative_to(checkout), "the source folder's bot/ is the one imported"
    assert Path(folder) == checkout / "migrations"
    assert int(postgres) == len(list((REPO / "migrations" / "postgres").glob("*.sql")))


def test_a_bot_folder_without_its_checkout_says_what_to_do(tmp_path: Path) -> None:
    partial = source_copy(tmp_path / "partial", complete=False)
    said = run_shadowed(partial)
    assert said.startswith("MigrationError:"), said
    assert str(partial / "bot") in said and "complete checkout" in said and "pip install" in said, said
