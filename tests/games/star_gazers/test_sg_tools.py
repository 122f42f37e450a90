"""The calibration script and the engine benchmark run and report what the issue asks for."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_calibration_prints_spread_and_completion(capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool("calibrate_star_gazers")
    assert [tool.suggested(r) for r in (0.9, 0.5, 0.3, 0.12, 0.05, 0.0)] == [1, 1, 2, 3, 4, 4]
    rates = tool.run(1)
    out = capsys.readouterr().out
    assert "bot among random" in out and "4 players" in out and "J-III-16" in out
    assert len(rates) == 48 and all(0 <= r <= 1 for r in rates.values())


def test_engine_bench_quick_section() -> None:
    from bench.star_gazers_engine_bench import run

    text = run(True)
    assert text.startswith("## Star Gazers engine")
    for row in ("2 players, random", "3 players, random", "4 players, random", "score one seat"):
        assert row in text
