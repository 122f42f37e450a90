"""The load bench's quick form runs end to end and its figures are sane: players clicked, every
click was acknowledged and answered, every table sat down, timers fired on the wall clock (a short
pace makes them come due during the run), and CPU and memory were read.

Nothing here depends on how fast the machine is (the suite runs beside benches on a busy one):
an opening still under way when the window closes is waited for, and how fast the clicks were
answered (Discord's 3 s) is the bench's report, "goals met", not this test's."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from bench import load_bench, postgres
from tests.postgres_server import server_url

SMALL = load_bench.Size(tables=3, paced=150, pace=600, warmup=4, duration=12, think=(1.0, 3.0), ramp=())


def test_quick_load_run_gives_sane_figures(tmp_path: Path) -> None:
    run = load_bench.run_one(tmp_path, "sqlite", SMALL, SMALL.tables, 1)
    assert run["clicks"] >= 10, "the players should have clicked every few seconds"
    assert run["unacknowledged"] == 0
    assert 0 < run["ack_p50"] <= run["ack_p99"]
    assert run["follow_p50"] is not None and 0 < run["follow_p50"] <= run["follow_p99"]
    # the caused follow-up runs from the click to its last request: never shorter than the ack
    assert run["follow_p50"] >= run["ack_p50"] and run["follow_any_p50"] is not None
    assert run["games_opened"] >= SMALL.tables and run["open_failures"] == run["opening"] == 0
    # 150 games of about 3 waiting seats at a 10-minute pace: a few timed jobs due every second
    assert run["late_n"] >= 5 and run["late_p50"] >= 0
    assert run["jobs_armed"][0] >= 150
    assert all(0 < cpu < 2.5 for cpu in run["cpu"]) and all(rss > 50 for rss in run["rss"])
    text = load_bench.report({"runs": [run], "size": vars(SMALL) | {"think": SMALL.think}, "skipped": None})
    assert "| sqlite " in text and "goals met" in text and "caused follow-up" in text


def test_postgres_half_says_why_it_is_skipped(monkeypatch) -> None:
    import tests.postgres_server

    monkeypatch.delenv(load_bench.POSTGRES_VARIABLE, raising=False)
    monkeypatch.setattr(tests.postgres_server, "_server_bin", lambda name: None)
    reason = load_bench.skip_reason(load_bench.postgres_url(None))
    assert reason is not None and load_bench.POSTGRES_VARIABLE in reason and "--postgres" in reason
    assert load_bench.skip_reason(load_bench.postgres_url("postgresql://x@/y")) is None


def test_a_throwaway_cluster_leaves_nothing_behind(monkeypatch) -> None:
    """No server named: the bench starts one as the tests do, and removes its folder after."""
    monkeypatch.delenv(postgres.VARIABLE, raising=False)
    if postgres.available() is not None:
        pytest.skip("no PostgreSQL server binaries here")
    with postgres.server(fsync=True) as url:
        folder = Path(dict(parse_qsl(urlsplit(url).query))["host"])
        assert folder.is_dir()
        target = postgres.migrated_schema(url, "bench_check")
        assert "search_path=bench_check" in target
    assert not folder.exists()


def test_two_postgres_processes_give_sane_figures(tmp_path: Path) -> None:
    """The PostgreSQL half: two bot processes share the server's paced games and split the tables."""
    url = server_url()
    run = load_bench.run_one(tmp_path, "postgres", SMALL, 2, 2, url)
    assert run["processes"] == 2 and len(run["cpu"]) == 2 and len(run["jobs_armed"]) == 2
    assert run["clicks"] >= 6 and run["unacknowledged"] == 0
    assert run["handled_p50"] is not None and run["ack_by_what"]
    assert all(armed >= 150 for armed in run["jobs_armed"]), "each process arms every paced game's jobs"
    assert run["games_opened"] >= 2 and run["open_failures"] == run["opening"] == 0


def test_which_backends_the_command_line_asks_for() -> None:
    from bench.__main__ import backends, parse

    assert backends(parse(["--only", "load"])) == ["sqlite", "postgres"]
    assert backends(parse(["--only", "load", "--postgres"])) == ["postgres"]  # alone: PostgreSQL only
    assert backends(parse(["--only", "load", "--postgres", "postgresql://x@/y"])) == ["sqlite", "postgres"]
    assert backends(parse(["--only", "restart", "--backend", "sqlite"])) == ["sqlite"]
