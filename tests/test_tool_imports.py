"""Every script in ``tools/`` still imports: a dead-code pass over ``bot/`` once removed a helper only
a calibration tool used, and nothing noticed until the tool was run."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

TOOLS_DIR = Path(__file__).resolve().parent.parent / "tools"
TOOLS = sorted(p.stem for p in TOOLS_DIR.glob("*.py"))
OURS = ("bot", "render", "bench", *TOOLS)


@pytest.mark.parametrize("name", TOOLS)
def test_a_tool_imports(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Imported as ``python tools/<name>.py`` finds it (its folder first on the path); a script
    runs its work only under ``__main__``."""
    monkeypatch.syspath_prepend(str(TOOLS_DIR))
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if (missing.name or "").split(".")[0] in OURS:
            raise
        pytest.skip(f"{name} needs {missing.name}, an optional extra")
    finally:
        for tool in TOOLS:  # imported afresh by the next test, as a script would be
            sys.modules.pop(tool, None)
