"""Art stays pure: a game's drawing code (bot/faces/<game>/art/) and the shared ``render`` package
import only Pillow, ``render``, the standard library and their own art package. So an image can
be drawn in a worker thread, timed by the bench and tested without Discord, storage or a loop."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from bot.registry import GAME_PACKAGES

ROOT = Path(__file__).resolve().parents[2]
BANNED_STDLIB = {"asyncio"}  # drawing never waits on the event loop


def disallowed_imports(source: str, own_package: str) -> set[str]:
    """The imports of ``source`` that art may not use; ``own_package`` is e.g.
    ``bot.faces.observatory.art`` (or ``render``), whose own modules it may import."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue  # relative imports stay inside the package
        for name in names:
            top = name.split(".")[0]
            if name == own_package or name.startswith(own_package + "."):
                continue
            if name == "bot.i18n" or name.startswith("bot.i18n."):  # words drawn in the reader's language
                continue
            if top in {"PIL", "render"} or (top in sys.stdlib_module_names and top not in BANNED_STDLIB):
                continue
            found.add(name)
    return found


def test_checker_catches_what_art_must_not_import() -> None:
    own = "bot.faces.observatory.art"
    assert disallowed_imports("import discord", own) == {"discord"}
    assert disallowed_imports("def f():\n    import asyncio\n", own) == {"asyncio"}
    assert disallowed_imports("from aiosqlite import connect", own) == {"aiosqlite"}
    assert disallowed_imports("from bot.components import guarded", own) == {"bot.components"}
    assert disallowed_imports("from bot.faces.star_gazers.art import icons", own) == {
        "bot.faces.star_gazers.art"}
    assert disallowed_imports("from bot.faces.observatory.items import ObsDo", own) == {
        "bot.faces.observatory.items"}
    allowed = ("from PIL import Image\nimport json\nfrom render.common import to_png\n"
               "from bot.faces.observatory.art.map import parse\n")
    assert disallowed_imports(allowed, own) == set()


def art_packages() -> dict[str, Path]:
    packages = {f"bot.faces.{name}.art": ROOT / "bot" / "faces" / name / "art" for name in GAME_PACKAGES}
    packages["render"] = ROOT / "render"
    return packages


def test_every_game_has_an_art_package() -> None:
    for package, folder in art_packages().items():
        assert (folder / "__init__.py").is_file(), f"{package} is missing"


def test_art_modules_are_pure() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(found)
        for package, folder in art_packages().items()
        for path in sorted(folder.rglob("*.py"))
        if (found := disallowed_imports(path.read_text(encoding="utf-8"), package))
    }
    assert offenders == {}
