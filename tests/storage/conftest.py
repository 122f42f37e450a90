"""Shared fixtures: a fresh database per test, and a storage opened on it.

``storage`` runs every test that uses it on both backends: a SQLite file, and a schema of its
own on the PostgreSQL test server (see tests/postgres_server.py). A test that also asks for
``db_path`` reads the SQLite file directly, so it runs on SQLite only.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.storage import SqliteStorage, Storage  # noqa: E402
from bot.storage.postgres import PostgresStorage  # noqa: E402
from tests.postgres_server import create_schema, drop_schema  # noqa: E402

BACKENDS = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: the test looks inside SQLite's connection")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        sqlite_only = (
            "db_path" in metafunc.fixturenames
            or metafunc.definition.get_closest_marker("sqlite_only") is not None
        )
        metafunc.parametrize("backend", ["sqlite"] if sqlite_only else list(BACKENDS))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "astrolabe.sqlite3"


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """A URL whose connections see only a new, empty schema of the test server."""
    schema, url = await create_schema()
    try:
        yield url
    finally:
        await drop_schema(schema)


@pytest.fixture
async def storage(backend: str, tmp_path: Path) -> AsyncIterator[Storage | PostgresStorage]:
    schema = None
    if backend == "postgres":
        schema, url = await create_schema()
        store: Storage | PostgresStorage = await PostgresStorage.open(url)
    else:
        store = await SqliteStorage.open(tmp_path / "astrolabe.sqlite3")
    try:
        yield store
    finally:
        await store.close()
        if schema is not None:
            await drop_schema(schema)
