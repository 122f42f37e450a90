"""The benches' PostgreSQL server: the one named (a URL, or ``ASTROLABE_BENCH_POSTGRES``), else a
throwaway cluster started as the tests start theirs (``tests.postgres_server._Cluster``: Debian's
``initdb`` and ``pg_ctl``, a Unix socket in a temporary folder) and removed when the bench is done,
so anyone on a machine with the server binaries can run the PostgreSQL halves."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

VARIABLE = "ASTROLABE_BENCH_POSTGRES"


def given_url(given: str | None = None) -> str | None:
    """The server named on the command line or in the environment, or None (start one)."""
    return (given or os.environ.get(VARIABLE, "")).strip() or None


def available(given: str | None = None) -> str | None:
    """Why no PostgreSQL can be had here, or None when one can (named, or binaries to start one)."""
    if given_url(given):
        return None
    from tests.postgres_server import _server_bin

    if _server_bin("initdb") is None or _server_bin("pg_ctl") is None:
        return (
            f"no PostgreSQL: name a server ({VARIABLE} or --postgres URL) or install the server "
            "binaries (apt-get install postgresql) so the bench can start a throwaway cluster"
        )
    return None


@contextmanager
def server(given: str | None = None, *, fsync: bool = False) -> Iterator[str]:
    """The named server's URL, or a throwaway cluster's for the ``with`` block (stopped and its
    folder removed after, even on error). ``fsync`` as a production server has it, for benches
    that time commits; the tests' clusters run without."""
    url = given_url(given)
    if url:
        yield url
        return
    from tests.postgres_server import _Cluster

    cluster = _Cluster(fsync=fsync)
    try:
        yield cluster.url
    finally:
        cluster.stop()


async def fresh_schema(url: str, name: str) -> str:
    """A new empty schema on the server, so every run starts from nothing; its URL."""
    import asyncpg

    from tests.postgres_server import with_schema

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
        await conn.execute(f'CREATE SCHEMA "{name}"')
    finally:
        await conn.close()
    return with_schema(url, name)


def migrated_schema(url: str, name: str) -> str:
    """``fresh_schema``, migrated once (so processes sharing it do not race to migrate it)."""
    from bot.storage.open import open_storage

    async def make() -> str:
        target = await fresh_schema(url, name)
        storage = await open_storage(target)
        await storage.close()
        return target

    return asyncio.run(make())


def server_cpu(url: str) -> float | None:
    """CPU seconds the server's processes have used so far, when the server is a local cluster
    whose folder the URL names (``?host=FOLDER``, as the throwaway cluster's): the postmaster,
    its live backends, and the backends it has reaped. None for any other server."""
    from urllib.parse import parse_qsl, urlsplit

    folder = dict(parse_qsl(urlsplit(url).query)).get("host", "")
    try:
        postmaster = int(Path(folder, "data", "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, parent = int(entry.name), int(fields[1])
        if pid == postmaster:
            total += sum(int(x) for x in fields[11:15]) / tick  # its own and its reaped children's
        elif parent == postmaster:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total
