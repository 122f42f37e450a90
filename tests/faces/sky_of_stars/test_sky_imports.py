"""A Sky of Stars' face has no import cycle, counting late and TYPE_CHECKING imports as well.

The whole-tree check (``tests/test_imports.py::test_no_import_cycles_anywhere``) stays expected to
fail while other faces still cycle; this one holds A Sky of Stars to it now, so its file roles
(docs/adding-a-game.md) can't quietly tangle again.
"""

from __future__ import annotations

from tests.test_imports import find_cycle, import_graph

FACE = "bot.faces.sky_of_stars"


def in_face(module: str) -> bool:
    return module == FACE or module.startswith(FACE + ".")


def face_graph() -> dict[str, set[str]]:
    """The face's modules and the imports among them (every import, wherever it sits)."""
    return {
        name: {m for m in targets if in_face(m)} for name, targets in import_graph().items() if in_face(name)
    }


def test_the_face_modules_import_each_other_without_a_cycle() -> None:
    graph = face_graph()
    assert {f"{FACE}.items", f"{FACE}.panels", f"{FACE}.moments", f"{FACE}.presenter"} <= set(graph)
    assert f"{FACE}.items" in graph[f"{FACE}.panels"], "panels build their components from items"
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_items_import_nothing_that_builds_panels_or_messages() -> None:
    """The custom_id declarations sit under everything that uses them: a callback that needs a
    panel asks the presenter the service holds, never ``panels`` (nor ``moments``/``presenter``,
    which import ``panels``)."""
    assert face_graph()[f"{FACE}.items"] & {f"{FACE}.panels", f"{FACE}.moments", f"{FACE}.presenter"} == set()
