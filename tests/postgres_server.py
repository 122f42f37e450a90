"""A PostgreSQL server for the tests: the one named by ASTROLABE_TEST_POSTGRES, or a throwaway
cluster (initdb in a temporary folder, a Unix socket only) when the server binaries are here.

Each test gets its own schema (``create_schema``), so tests never see each other's rows. Under
pytest-xdist each worker also gets a database of its own (``astrolabe_test_gw0``, …), created
afresh when the worker first needs it and dropped when its session ends, so workers share nothing
database-wide (the migrations' advisory lock, for one). Without a server the PostgreSQL tests are
skipped with a reason, except under CI (``CI=true``), where they fail: CI must run them.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest

URL_VARIABLE = "ASTROLABE_TEST_POSTGRES"
_cluster: _Cluster | None = None
_failure: str | None = None
_counter = itertools.count()
_worker_url: str | None = None


def _server_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


class _Cluster:
    """initdb + pg_ctl in a temporary folder; as root, run as the ``postgres`` user (initdb
    refuses root). A Unix socket only, or (``tcp``) also TCP on a free port of 127.0.0.1.
    ``halt`` stops the server and ``start`` starts it again on the same data and address (a test
    takes its database away mid-game); ``stop`` stops it for good and removes its folder. The
    tests run without ``fsync``; a bench that times commits asks for it (``fsync=True``)."""

    def __init__(self, *, tcp: bool = False, fsync: bool = False) -> None:
        initdb, pg_ctl = _server_bin("initdb"), _server_bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise RuntimeError(
                "no PostgreSQL server binaries (initdb, pg_ctl): "
                "apt-get install postgresql, or set " + URL_VARIABLE
            )
        self.folder = Path(tempfile.mkdtemp(prefix="astrolabe-pg-"))
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self.pg_ctl, self.data = pg_ctl, self.folder / "data"
        self._run([initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        self.port = _free_port() if tcp else None
        listen = f"-c listen_addresses=127.0.0.1 -p {self.port}" if tcp else "-c listen_addresses=''"
        durable = "on" if fsync else "off"
        self.options = f"-k {self.folder} {listen} -c fsync={durable} -c max_connections=200"
        self.start()
        if tcp:
            self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        else:
            self.url = f"postgresql://postgres@/postgres?host={self.folder}"

    def _run(self, command: list[str]) -> None:
        done = subprocess.run([*self.prefix, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{Path(command[0]).name} failed: {done.stderr.strip()[-500:]}")

    def start(self) -> None:
        log = str(self.folder / "log")
        self._run([self.pg_ctl, "-D", str(self.data), "-o", self.options, "-l", log, "-w", "start"])

    def halt(self) -> None:
        self._run([self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop"])

    def stop(self) -> None:
        try:
            self.halt()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def own_cluster(*, tcp: bool = False) -> _Cluster:
    """A throwaway cluster of the test's own, which it may stop and start (``_Cluster``); the
    test skips (fails under CI) without the server binaries. The caller ``stop``s it."""
    try:
        return _Cluster(tcp=tcp)
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        reason = f"PostgreSQL not available: {error}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason + " (CI must run the PostgreSQL tests)", pytrace=False)
        pytest.skip(reason)


def server_url() -> str:
    """The URL of this process's test database: under xdist the worker's own database on the
    server, else the server's as given."""
    global _worker_url
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker:
        return _server()
    if _worker_url is None:
        base = _server()
        _worker_url = _on_database(base, f"astrolabe_test_{worker}")
        _admin(base, f'DROP DATABASE IF EXISTS "{_database(_worker_url)}" WITH (FORCE)')
        _admin(base, f'CREATE DATABASE "{_database(_worker_url)}"')
    return _worker_url


def drop_worker_database() -> None:
    """Drop this worker's database, if it made one (at the end of its session)."""
    global _worker_url
    if _worker_url is not None:
        url, _worker_url = _worker_url, None
        _admin(_server(), f'DROP DATABASE IF EXISTS "{_database(url)}" WITH (FORCE)')


def _on_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/" + name))


def _database(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


def _admin(url: str, statement: str) -> None:
    """Run one statement outside any transaction (CREATE/DROP DATABASE), from sync code that may
    be inside a running event loop: on a thread of its own, with a loop of its own."""
    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(statement)
        finally:
            await conn.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result(timeout=120)


def _server() -> str:
    """The test server's URL, starting a throwaway cluster the first time; skip (or, under CI,
    fail) when there is none."""
    global _cluster, _failure
    given = os.environ.get(URL_VARIABLE, "").strip()
    if given:
        return given
    if _cluster is None and _failure is None:
        try:
            _cluster = _Cluster()
            atexit.register(_cluster.stop)
        except (RuntimeError, OSError, subprocess.SubprocessError) as error:
            _failure = str(error)
    if _cluster is not None:
        return _cluster.url
    reason = f"PostgreSQL not available: {_failure}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + " (CI must run the PostgreSQL tests)", pytrace=False)
    pytest.skip(reason)


def with_schema(url: str, schema: str) -> str:
    """The same server, with ``search_path`` set to one schema (asyncpg passes unknown query
    parameters on as server settings)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


async def create_schema() -> tuple[str, str]:
    """A new empty schema on the test server; returns (its name, a URL that uses it)."""
    import asyncpg

    url = server_url()
    schema = f"t{os.getpid()}_{next(_counter)}_{uuid.uuid4().hex[:6]}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
    finally:
        await conn.close()
    return schema, with_schema(url, schema)


async def drop_schema(schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(server_url())
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()
