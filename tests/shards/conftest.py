"""Fixtures of the sharding tests: a PostgreSQL schema of their own per test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.postgres_server import create_schema, drop_schema


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    schema, url = await create_schema()
    try:
        yield url
    finally:
        await drop_schema(schema)
