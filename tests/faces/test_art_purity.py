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
    assert disallowed_imports("from bot.ui.components import guarded", own) == {"bot.ui.components"}
    assert disallowed_imports("from bot.faces.star_gazers.art import icons", own) == {
        "bot.faces.star_gazers.art"
    }
    assert disallowed_imports("from bot.faces.observatory.items import ObsDo", own) == {
        "bot.faces.observatory.items"
    }
    allowed = (
        "from PIL import Image\nimport json\nfrom render.common import to_png\n"
        "from bot.faces.observatory.art.map import parse\n"
    )
    assert disallowed_imports(allowed, own) == set()


def art_packages() -> dict[str, Path]:
    packages = {f"bot.faces.{name}.art": ROOT / "bot" / "faces" / name / "art" for name in GAME_PACKAGES}
    packages["render"] = ROOT / "render"
    return packages


def test_every_game_has_an_art_package() -> None:
    for package, folder in art_packages().items():
        assert (folder / "__init__.py").is_file(), f"{package} is missing"


def _also_allowed(package: str) -> set[str]:
    """Besides its own package, a game's art may read the pure rules packages (tested pure
    by tests/games/test_purity.py) and its face's ``words`` module, if that imports nothing impure."""
    if package == "render":
        return set()
    game = package.split(".")[2]
    return {"bot.games", f"bot.faces.{game}.words"}


def _allowed(name: str, extra: set[str]) -> bool:
    return any(name == allowed or name.startswith(allowed + ".") for allowed in extra)


def test_art_modules_are_pure() -> None:
    offenders = {}
    for package, folder in art_packages().items():
        extra = _also_allowed(package)
        for path in sorted(folder.rglob("*.py")):
            found = {
                name
                for name in disallowed_imports(path.read_text(encoding="utf-8"), package)
                if not _allowed(name, extra)
            }
            if found:
                offenders[str(path.relative_to(ROOT))] = sorted(found)
    assert offenders == {}


def test_words_modules_that_art_reads_are_pure() -> None:
    """A face's ``words`` read by its art may use its art, its rules and the catalogs, never Discord."""
    offenders = {}
    for package, folder in art_packages().items():
        if package == "render":
            continue
        game = package.split(".")[2]
        words = folder.parent / "words.py"
        read_by_art = any(
            f"bot.faces.{game}.words" in path.read_text(encoding="utf-8") for path in folder.rglob("*.py")
        )
        if not read_by_art:
            continue
        found = {
            name
            for name in disallowed_imports(words.read_text(encoding="utf-8"), package)
            if not _allowed(name, {"bot.games", package})
        }
        if found:
            offenders[str(words.relative_to(ROOT))] = sorted(found)
    assert offenders == {}
