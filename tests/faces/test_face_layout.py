"""Every game's Discord face has the same files for the same roles (docs/adding-a-game.md), so a
reader who knows one game's folder knows them all, and no face module grows past ~400 lines."""

from __future__ import annotations

import importlib
from pathlib import Path

from bot.registry import BUILTIN_GAMES
from bot.ui.presenter import Presenter

SHIPPED = [entry.name for entry in BUILTIN_GAMES]

ROOT = Path(__file__).resolve().parents[2]
FACES = ROOT / "bot" / "faces"
ROLE_FILES = (
    "__init__.py",  # exports PRESENTER
    "presenter.py",  # the Presenter subclass: step message, progress, board, sheet, results
    "items.py",  # the declared controls: custom_id templates, codecs and builders
    "panels.py",  # the private panel of each sub-step
    "words.py",  # player-facing texts and labels
    "art/__init__.py",
    "art/images.py",  # the *_png entry points the presenter calls
    "art/board.py",  # the public board image and public_only
    "art/results.py",  # the final results image
)
MAX_LINES = 400


def test_every_face_has_the_same_role_files() -> None:
    missing = {name: [f for f in ROLE_FILES if not (FACES / name / f).is_file()] for name in SHIPPED}
    assert {name: files for name, files in missing.items() if files} == {}


def test_every_face_exports_its_presenter() -> None:
    for name in SHIPPED:
        face = importlib.import_module(f"bot.faces.{name}")
        assert isinstance(face.PRESENTER, Presenter), name


def test_no_face_or_render_module_is_over_the_size_limit() -> None:
    paths = [*FACES.rglob("*.py"), *(ROOT / "render").rglob("*.py")]
    too_long = {
        str(p.relative_to(ROOT)): n
        for p in paths
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert too_long == {}
