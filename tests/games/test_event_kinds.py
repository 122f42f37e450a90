"""Events are recognised as data: the rules tag them by message id (``Game.event_kinds``), and no
module outside the rules reads a rule sentence to know what happened.

The second test reads every module of ``bot/`` outside ``bot/games``: no text it compares with
(``in``, ``==``, ``startswith``, ``endswith``), directly or through a module constant, may be a
piece of one of the rules' event sentences (words with a space between: one word is a key).
Rewording a sentence then can't change a face.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.games import GAMES
from tests.i18n.test_catalogs import marked_literals

ROOT = Path(__file__).resolve().parents[2]
SHORTEST = 5  # a shorter piece (": ", "#") matches too much to be a sentence's


def said_by(package: Path) -> set[str]:
    """Every text the rules of ``package`` hand to ``M_``/``MN_``/``N_``."""
    return {text for path in package.rglob("*.py") for _context, text in marked_literals(path.read_text())}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_tagged_event_is_a_sentence_the_rules_say(slug: str) -> None:
    game = GAMES[slug]
    package = ROOT / Path(type(game).__module__.replace(".", "/")).parent
    untagged = sorted(set(game.event_kinds) - said_by(package))
    assert not untagged, f"{slug} tags events its rules no longer say: {untagged}"


def rule_sentences() -> set[str]:
    return {text for text in said_by(ROOT / "bot" / "games") if "{" in text or " " in text}


def compared_texts(tree: ast.AST) -> list[tuple[int, str]]:
    """Texts a module compares with: constants in ``in``/``==`` comparisons and in
    ``startswith``/``endswith`` calls, and module constants (a text or a tuple of texts) used there."""
    constants: dict[str, list[str]] = {}
    for node in getattr(tree, "body", []):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            texts = [
                c.value
                for c in ast.walk(node.value)
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            ]
            if isinstance(node.value, (ast.Constant, ast.Tuple)) and texts:
                constants[node.targets[0].id] = texts

    def texts_of(node: ast.AST) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.Name):
            return constants.get(node.id, [])
        if isinstance(node, ast.Tuple):
            return [t for element in node.elts for t in texts_of(element)]
        return []

    found = []
    for node in ast.walk(tree):
        operands: list[ast.AST] = []
        if isinstance(node, ast.Compare) and any(
            isinstance(op, (ast.In, ast.NotIn, ast.Eq)) for op in node.ops
        ):
            operands = [node.left, *node.comparators]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("startswith", "endswith")
        ):
            operands = list(node.args)
        found += [(node.lineno, text) for operand in operands for text in texts_of(operand)]
    return found


def test_no_module_outside_the_rules_reads_a_rule_sentence() -> None:
    sentences = rule_sentences()
    readers = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if (ROOT / "bot" / "games") in path.parents:
            continue
        for line, text in compared_texts(ast.parse(path.read_text())):
            if len(text) >= SHORTEST and " " in text and any(text in sentence for sentence in sentences):
                readers.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not readers, "events recognised by their sentence, not their kind:\n" + "\n".join(readers)
