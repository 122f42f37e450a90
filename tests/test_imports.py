"""The Discord layer and the art have no import cycles.

Every import counts: at module level, inside ``if TYPE_CHECKING:`` and inside functions, because
a cycle hidden behind a type-only or late import still ties the modules into one knot that can't
be read, tested or split one part at a time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "render")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    paths = (path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py")))
    return {module_name(path): path for path in paths}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The known modules ``name`` imports anywhere in its file (``from a import b`` counts as
    ``a.b`` when that is a module). A parent package is not counted: importing ``a.b`` runs
    ``a/__init__`` first, but that is Python's order, not a dependency of ours."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {module for module in found if module in known and module != name}


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def is_face(module: str) -> bool:
    """A game's own Discord face (``bot.faces.<game>.…``), not the platform around it."""
    return module.startswith("bot.faces.")


def test_no_import_cycles_in_the_platform() -> None:
    graph = {
        name: {m for m in targets if not is_face(m)}
        for name, targets in import_graph().items()
        if not is_face(name)
    }
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_cycles_anywhere() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


FACES = sorted(path.parent.name for path in (ROOT / "bot" / "faces").glob("*/items.py"))
LOWER_ROLES = ("items", "words", "art")
"""The face modules the rest is built on (docs/adding-a-game.md): the custom_id declarations,
the words and the art."""


def reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    """Whether ``start`` imports ``goal``, directly or through other modules of ``graph``."""
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return False


@pytest.mark.parametrize("game", FACES)
def test_items_words_and_art_import_nothing_built_on_items(game: str) -> None:
    """``panels``, the presenter and whatever imports them build messages from ``items``; a
    callback in ``items`` that needs a panel asks the presenter the service holds. So no module
    of the lower roles imports one of those (that is how each face's cycle started)."""
    face = f"bot.faces.{game}"
    graph = {
        name: {m for m in targets if m.startswith(face + ".")}
        for name, targets in import_graph().items()
        if name.startswith(face + ".")
    }
    items = f"{face}.items"
    built_on_items = {name for name in graph if name != items and reaches(graph, name, items)}
    assert f"{face}.panels" in built_on_items, "panels build their components from items"
    lower = [name for name in graph if name.removeprefix(face + ".").split(".")[0] in LOWER_ROLES]
    upward = {name: sorted(graph[name] & built_on_items) for name in lower}
    assert {name: found for name, found in upward.items() if found} == {}


def test_the_cycle_finder_sees_type_checking_and_late_imports(tmp_path: Path) -> None:
    """Self-test: a cycle made only of a TYPE_CHECKING import and a function-level import is found."""
    (tmp_path / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from a import thing\n")
    known = {"a", "b"}
    graph = {name: imports_of(name, tmp_path / f"{name}.py", known) for name in known}
    assert find_cycle(graph) in (["a", "b", "a"], ["b", "a", "b"])
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_is_parsed(package: str) -> None:
    assert any(name.startswith(package) for name in all_modules())


LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ops", ("bot.ops",)),
    ("words", ("bot.i18n", "bot.registry")),
    ("rules", ("bot.games",)),
    ("tournaments", ("bot.tournaments",)),
    ("render", ("render",)),
    ("storage", ("bot.storage",)),
    ("core", ("bot.core",)),
    ("ui", ("bot.ui",)),
    ("faces", ("bot.faces",)),
    ("tell", ("bot.tell",)),
    ("commands", ("bot.commands",)),
    ("top", ("bot", "bot.app", "bot.__main__", "bot.sandbox")),
)
"""The platform's layers, lowest first: a module imports only from its own layer or below. The
folders are the layers, with no exception."""
WITHOUT_DISCORD = ("words", "rules", "tournaments", "render", "storage", "core")
"""Layers that never import ``discord``, not even through another module: the rules, storage
and the move core run without it."""


def layer_of(module: str) -> int:
    best = max(
        (
            (index, prefix)
            for index, (_, prefixes) in enumerate(LAYERS)
            for prefix in prefixes
            if module == prefix or module.startswith(prefix + ".")
        ),
        key=lambda found: len(found[1]),
    )
    return best[0]


def test_every_import_goes_down_the_layers() -> None:
    upward = [
        f"{name} ({LAYERS[layer_of(name)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
        for name, targets in sorted(import_graph().items())
        for target in sorted(targets)
        if layer_of(target) > layer_of(name)
    ]
    assert upward == []


def imports_discord(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        else:
            continue
        if any(name.split(".")[0] == "discord" for name in names):
            return True
    return False


def test_the_lower_layers_never_import_discord() -> None:
    modules, graph = all_modules(), import_graph()
    on_discord = {name for name, path in modules.items() if imports_discord(path)}
    lower = sorted(name for name in modules if LAYERS[layer_of(name)][0] in WITHOUT_DISCORD)
    assert [name for name in lower if any(reaches(graph, name, target) for target in on_discord)] == []


def test_the_layer_check_sees_an_upward_import() -> None:
    """Self-test: a storage module importing the commands layer is caught."""
    assert layer_of("bot.storage.records") < layer_of("bot.commands.lobby")
    assert layer_of("bot.i18n.tool") < layer_of("bot.commands.catalogs")  # the tool is i18n's own
