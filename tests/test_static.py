"""The static gates CI runs with the suite: ruff's format and lint, and mypy.

The tools come from the ``test`` extra and run from this interpreter (``python -m``), so a missing
tool fails here instead of passing unchecked. What mypy checks is listed once, in ``files`` under
``[tool.mypy]`` in pyproject.toml; a package joins that list once it is clean.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def report(done: subprocess.CompletedProcess[str]) -> str:
    return f"exit {done.returncode}\n{done.stdout}{done.stderr}"


def test_the_tree_is_formatted() -> None:
    done = run("ruff", "format", "--check", ".")
    assert done.returncode == 0, report(done)


def test_ruff_finds_nothing_to_lint() -> None:
    done = run("ruff", "check", ".")
    assert done.returncode == 0, report(done)


def test_mypy_finds_no_errors_in_the_checked_packages() -> None:
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    assert listed, "[tool.mypy] files lists nothing to check"
    for path in listed:
        assert (ROOT / path).exists(), f"[tool.mypy] files lists {path}, which does not exist"
    done = run("mypy")
    assert done.returncode == 0, report(done)
    checked = re.search(r"Success: no issues found in (\d+) source files", done.stdout)
    assert checked and int(checked.group(1)) > 0, report(done)
