"""The load bench's report: one row per run, then acknowledgements by kind of interaction, the
caused follow-up by the older measure, and the garbage collector, as ``docs/benchmarks.md`` shows
them."""

from __future__ import annotations

from typing import Any

from bench.stats import table

ACK_GOAL, FOLLOW_UP_GOAL = 0.100, 1.0  # seconds: the goals on the 2-core machine


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value * 1000:,.0f}" if value >= 0.1 else f"{value * 1000:.1f}"


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.0f} %"


def report_rows(runs: list[dict[str, Any]]) -> str:
    rows = []
    for r in runs:
        groups = r["cpu_groups"]
        rows.append(
            [
                r["backend"],
                str(r["processes"]),
                str(r["tables"]),
                f"{r['clicks'] / r['seconds']:.1f}",
                f"{r['moves'] / r['seconds']:.1f}",
                f"{_ms(r['ack_p50'])} / {_ms(r['ack_p99'])}",
                f"{_ms(r['follow_p50'])} / {_ms(r['follow_p99'])}",
                f"{_ms(r.get('handled_p50'))} / {_ms(r.get('handled_p99'))}",
                str(r["unacknowledged"]),
                f"{_ms(r['late_p50'])} / {_ms(r['late_p99'])} ({r['late_n']})",
                " + ".join(f"{c * 100:.0f}" for c in r["cpu"]),
                " / ".join(
                    f"{groups.get(g, 0.0) * 100:.0f}"
                    for g in ("event loop", "worker threads (pictures)", "database thread")
                ),
                " / ".join(
                    f"{r['cpu_per_click'].get(g, 0.0) * 1000:.0f}"
                    for g in ("event loop", "worker threads (pictures)", "database thread")
                ),
                _rate(r.get("picture_cache_hit_rate")),
                f"{_ms(r['lag_p50'])} / {_ms(r['lag_p99'])}",
                f"{_ms(r['commit_p50'])} / {_ms(r['commit_p99'])}",
                " + ".join(f"{m:.0f}" for m in r["rss"]),
                f"{_ms(r['render_p50'])} / {_ms(r['render_p99'])} ({r['pictures_per_second']:.1f}/s)",
                f"{r['load'][0]:.0f}-{r['load'][1]:.0f}",
                "yes" if r["goals_met"] else "NO",
            ]
        )
    headers = [
        "backend",
        "procs",
        "live tables",
        "clicks/s",
        "moves/s",
        "ack p50 / p99 ms",
        "caused follow-up p50 / p99 ms",
        "bot's handling p50 / p99 ms",
        "no ack in 3 s",
        "timer late p50 / p99 ms (fired)",
        "CPU % per proc",
        "CPU % loop / pictures / db",
        "CPU ms per click loop / pictures / db",
        "pictures from cache",
        "loop lag p50 / p99 ms",
        "commit p50 / p99 ms",
        "RSS MiB",
        "picture p50 / p99 ms (drawn/s)",
        "load avg (1 min)",
        "goals met",
    ]
    return table(headers, rows)


def report(result: dict[str, Any]) -> str:
    size = result["size"]
    title = (
        f"Load: live tables (a click every {size['think'][0]:g}-{size['think'][1]:g} s per player, four "
        f"titles) beside {size['paced']:,} paced games (pace {size['pace'] // 3600} h, timers armed); "
        f"{size['warmup']:g} s warm-up, then {size['duration']:g} s measured. Goals: ack p99 ≤ "
        f"{ACK_GOAL * 1000:.0f} ms, caused follow-up p99 ≤ {FOLLOW_UP_GOAL:g} s."
    )
    text = title + "\n\n" + report_rows(result["runs"])
    for r in result["runs"]:
        if r["tables"] != result["runs"][0]["tables"]:
            continue  # the ramp's runs: their table is enough
        text += (
            f"\n\nAcknowledgement by kind of interaction, {r['backend']} {r['processes']} proc "
            f"{r['tables']} tables (n, p50 / p99 ms): "
            + "; ".join(
                f"{what} {n} {_ms(p50)} / {_ms(p99)}" for what, (n, p50, p99) in r["ack_by_what"].items()
            )
        )
    text += (
        "\n\nCaused follow-up: from the click to the last request the bot made because of it (its "
        "callback, its token's follow-ups, the edits and posts its handler made), not another "
        "player's or a timer's. By the 2026-12-02 measure instead (from the ack to the last request "
        "through the token, or else edit of the clicked message, whoever caused it, before the "
        "player's next click, at most 10 s), p50 / p99 ms: "
        + "; ".join(
            f"{r['backend']} {r['processes']} proc {r['tables']} tables "
            f"{_ms(r.get('follow_any_p50'))} / {_ms(r.get('follow_any_p99'))}"
            for r in result["runs"]
        )
    )
    text += (
        "\n\nGarbage collector over the measured window (CPU ms per click; full collections: "
        "count, CPU s; longest pause): "
        + "; ".join(
            f"{r['backend']} {r['processes']} proc {r['tables']} tables {r['gc']['ms_per_click']:.1f} ms, "
            f"{r['gc']['full_runs']} full in {r['gc']['full_seconds']:.2f} s, "
            f"longest {_ms(r['gc']['longest'])} ms"
            for r in result["runs"]
            if "gc" in r
        )
    )
    if result["skipped"]:
        text += "\n\n" + result["skipped"]
    return text
