"""Game rules must stay pure: no Discord, storage, imaging, event loop or global randomness."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parents[2] / "bot" / "games"
FORBIDDEN = {"discord", "aiosqlite", "PIL", "asyncio", "random"}


def forbidden_imports(source: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found |= {name.split(".")[0] for name in names} & FORBIDDEN
    return found


def test_checker_catches_every_import_form() -> None:
    assert forbidden_imports("import random") == {"random"}
    assert forbidden_imports("from random import choice") == {"random"}
    assert forbidden_imports("import discord.ext.commands as c") == {"discord"}
    assert forbidden_imports("def f():\n    from PIL import Image\n") == {"PIL"}
    assert forbidden_imports("import randomness, asyncio") == {"asyncio"}
    assert forbidden_imports("from bot.games.rng import Rng") == set()


def test_game_modules_are_pure() -> None:
    modules = sorted(GAMES_DIR.rglob("*.py"))
    assert modules, "no game modules found"
    offenders = {
        str(path.relative_to(GAMES_DIR)): sorted(found)
        for path in modules
        if (found := forbidden_imports(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}
