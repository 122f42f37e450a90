"""The SQLite and PostgreSQL migration sets build the same schema: the storage statements are
written once for both, so a table, column or index that one set has and the other lacks is a
bug waiting for the backend that is not tested that day."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg

from bot.storage import SqliteStorage
from bot.storage.postgres import PostgresStorage

# Types compared by family: SQLite's INTEGER holds what PostgreSQL splits into INTEGER and BIGINT.
FAMILIES = {
    "integer": "integer",
    "bigint": "integer",
    "smallint": "integer",
    "real": "real",
    "double precision": "real",
    "text": "text",
}

Schema = tuple[
    set[tuple[str, str, str, bool]],
    set[tuple[str, tuple[str, ...]]],
    set[tuple[str, str, tuple[str, ...], bool]],
]


def _family(declared: str) -> str:
    return FAMILIES[declared.lower()]


def sqlite_schema(path: Path) -> Schema:
    """(table, column, type family, not null); (table, primary key); (table, index, columns, unique).
    Indexes SQLite makes for a UNIQUE constraint are named by the constraint's columns."""
    columns, keys, indexes = set(), set(), set()
    with sqlite3.connect(path) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            info = db.execute(f"PRAGMA table_info({table})").fetchall()
            for _, name, declared, notnull, _, pk in info:
                columns.add((table, name, _family(declared), bool(notnull or pk)))
            primary = tuple(row[1] for row in sorted(info, key=lambda row: row[5]) if row[5])
            if primary:
                keys.add((table, primary))
            for _, index, unique, origin, _ in db.execute(f"PRAGMA index_list({table})").fetchall():
                if origin == "pk":
                    continue
                names = tuple(row[2] for row in db.execute(f"PRAGMA index_info({index})").fetchall())
                indexes.add(
                    (table, index if origin == "c" else "unique " + ",".join(names), names, bool(unique))
                )
    return columns, keys, indexes


async def postgres_schema(url: str) -> Schema:
    columns, keys, indexes = set(), set(), set()
    db = await asyncpg.connect(url)
    try:
        for row in await db.fetch(
            "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns"
            " WHERE table_schema = current_schema()"
        ):
            columns.add((row[0], row[1], _family(row[2]), row[3] == "NO"))
        for row in await db.fetch(
            """
            SELECT t.relname, i.relname, x.indisunique, x.indisprimary, c.conname IS NOT NULL,
                   ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
                         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                         ORDER BY k.n)
            FROM pg_index x
            JOIN pg_class t ON t.oid = x.indrelid
            JOIN pg_class i ON i.oid = x.indexrelid
            LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.contype = 'u'
            WHERE t.relnamespace = current_schema()::regnamespace
            """
        ):
            table, index, unique, primary, constraint, names = row
            if primary:
                keys.add((table, tuple(names)))
            else:
                name = "unique " + ",".join(names) if constraint else index
                indexes.add((table, name, tuple(names), unique))
    finally:
        await db.close()
    return columns, keys, indexes


async def test_both_migration_sets_build_the_same_schema(db_path: Path, postgres_url: str) -> None:
    await (await SqliteStorage.open(db_path)).close()
    await (await PostgresStorage.open(postgres_url)).close()
    lite_columns, lite_keys, lite_indexes = sqlite_schema(db_path)
    pg_columns, pg_keys, pg_indexes = await postgres_schema(postgres_url)

    assert {c[0] for c in lite_columns} == {c[0] for c in pg_columns}  # the tables
    assert lite_columns == pg_columns
    assert lite_keys == pg_keys
    # games_deadline_at came with 0005 on PostgreSQL and 0014 on SQLite: the same index now.
    assert lite_indexes == pg_indexes
