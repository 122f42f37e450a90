"""The migrations the code ships are the top-level migrations/ folder, one set per database."""

from __future__ import annotations

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
