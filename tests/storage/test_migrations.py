"""Migrations: applied once from empty, atomic per file, and refused when inconsistent."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.storage import MigrationError, SqliteStorage, Storage, bundled_migrations, split_statements


def tables(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
        return {row[0] for row in rows}


def applied(path: Path) -> list[int]:
    with closing(sqlite3.connect(path)) as conn:
        return [row[0] for row in conn.execute("SELECT version FROM schema_version ORDER BY version")]


REAL = sorted(
    (entry for entry in bundled_migrations().iterdir() if entry.name.endswith(".sql")),
    key=lambda entry: entry.name,
)
LATEST = len(REAL)  # the real migrations are numbered 1..LATEST
NEXT = f"{LATEST + 1:04d}"  # the number a test's extra migration takes


def migrations_copy(tmp_path: Path, extra: dict[str, str]) -> Path:
    """The project's migrations plus ``extra`` files (named with ``NEXT`` for the next number)."""
    folder = tmp_path / "migrations"
    folder.mkdir()
    for path in REAL:
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    for name, sql in extra.items():
        (folder / name.replace("NEXT", NEXT)).write_text(sql)
    return folder


async def test_from_empty_creates_schema_and_records_version(db_path: Path) -> None:
    store = await SqliteStorage.open(db_path)
    try:
        assert await store.schema_version() == LATEST
    finally:
        await store.close()
    assert {
        "games",
        "seats",
        "actions",
        "schema_version",
        "actions_no_update",
        "actions_no_delete",
    } <= tables(db_path)
    assert applied(db_path) == list(range(1, LATEST + 1))


@pytest.mark.sqlite_only
async def test_pragmas(storage: Storage) -> None:
    db = storage._db
    assert (await db.execute_fetchall("PRAGMA journal_mode"))[0][0] == "wal"
    assert (await db.execute_fetchall("PRAGMA foreign_keys"))[0][0] == 1
    assert (await db.execute_fetchall("PRAGMA busy_timeout"))[0][0] > 0


async def test_reopen_does_not_rerun(db_path: Path, tmp_path: Path) -> None:
    await (await SqliteStorage.open(db_path)).close()
    # 0001 is not idempotent (plain CREATE TABLE): running it again would fail.
    folder = migrations_copy(tmp_path, {"NEXT_note.sql": "CREATE TABLE note (x INTEGER);"})
    await (await SqliteStorage.open(db_path, migrations_dir=folder)).close()
    await (await SqliteStorage.open(db_path, migrations_dir=folder)).close()
    assert applied(db_path) == list(range(1, LATEST + 2))
    with closing(sqlite3.connect(db_path)) as conn:
        stamps = conn.execute("SELECT applied_at FROM schema_version WHERE version = 1").fetchall()
    assert len(stamps) == 1


async def test_failed_migration_rolls_back_to_previous_version(db_path: Path, tmp_path: Path) -> None:
    broken = (
        "CREATE TABLE half_done (x INTEGER);\n"
        "INSERT INTO half_done VALUES (1);\n"
        "INSERT INTO no_such_table VALUES (1);\n"
    )
    folder = migrations_copy(tmp_path, {"NEXT_broken.sql": broken})
    with pytest.raises(MigrationError, match=f"{NEXT}_broken"):
        await SqliteStorage.open(db_path, migrations_dir=folder)
    assert applied(db_path) == list(range(1, LATEST + 1))
    assert "half_done" not in tables(db_path)
    assert "games" in tables(db_path)

    # Fixing the file lets the next start-up apply it.
    (folder / f"{NEXT}_broken.sql").write_text("CREATE TABLE half_done (x INTEGER);")
    store = await SqliteStorage.open(db_path, migrations_dir=folder)
    assert await store.schema_version() == LATEST + 1
    await store.close()


async def test_failure_in_first_migration_leaves_empty_database(db_path: Path, tmp_path: Path) -> None:
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "0001_bad.sql").write_text("CREATE TABLE t (x);\nCREATE TABLE t (x);\n")
    with pytest.raises(MigrationError):
        await SqliteStorage.open(db_path, migrations_dir=folder)
    assert applied(db_path) == []
    assert "t" not in tables(db_path)


async def test_database_newer_than_code_is_refused(db_path: Path, tmp_path: Path) -> None:
    folder = migrations_copy(tmp_path, {"NEXT_more.sql": "CREATE TABLE more (x);"})
    await (await SqliteStorage.open(db_path, migrations_dir=folder)).close()
    with pytest.raises(MigrationError, match="does not know"):
        await SqliteStorage.open(db_path)  # the real folder stops one migration earlier


@pytest.mark.parametrize(
    "files",
    [
        {f"{LATEST + 2:04d}_gap.sql": "SELECT 1;"},
        {"0001_again.sql": "SELECT 1;"},
        {"2-bad-name.sql": "SELECT 1;"},
    ],
)
async def test_inconsistent_folder_is_refused(db_path: Path, tmp_path: Path, files: dict[str, str]) -> None:
    folder = migrations_copy(tmp_path, files)
    with pytest.raises(MigrationError):
        await SqliteStorage.open(db_path, migrations_dir=folder)


async def test_migration_may_not_commit_on_its_own(db_path: Path, tmp_path: Path) -> None:
    await (await SqliteStorage.open(db_path)).close()
    script = "CREATE TABLE a (x);\nCOMMIT;\nCREATE TABLE b (x);"
    folder = migrations_copy(tmp_path, {"NEXT_commit.sql": script})
    with pytest.raises(MigrationError, match="transactions"):
        await SqliteStorage.open(db_path, migrations_dir=folder)
    assert applied(db_path) == list(range(1, LATEST + 1))
    assert "a" not in tables(db_path)


async def test_malformed_later_file_stops_start_up_before_anything_runs(
    db_path: Path, tmp_path: Path
) -> None:
    folder = migrations_copy(tmp_path, {"NEXT_unfinished.sql": "CREATE TABLE a (x)"})
    with pytest.raises(MigrationError, match="incomplete"):
        await SqliteStorage.open(db_path, migrations_dir=folder)
    assert applied(db_path) == []


def test_split_statements_keeps_trigger_bodies_and_strings_whole() -> None:
    script = """
    -- a comment; with a semicolon
    CREATE TABLE t (x TEXT DEFAULT 'a;b');
    /* block; comment */
    CREATE TRIGGER tr BEFORE DELETE ON t BEGIN SELECT RAISE(ABORT, 'no; way'); END;
    INSERT INTO t VALUES ('c;d'); INSERT INTO t VALUES ('e');
    -- trailing comment
    """
    statements = split_statements(script)
    assert len(statements) == 4
    assert statements[1].startswith("/* block; comment */")
    assert statements[1].endswith("END;")
    with pytest.raises(MigrationError, match="incomplete"):
        split_statements("CREATE TABLE t (x);\nCREATE TABLE u (y)")
