"""The suite's own style: a test whose asserts all sit in a loop also asserts that the loop
ran (an empty collection would let it pass having checked nothing)."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: What asserts a test's outcome besides its assert statements.
ASSERTING_CALLS = ("pytest.raises", "assert_num_queries", "assert_max_num_queries")
LOOPS = (ast.For, ast.AsyncFor, ast.While, ast.comprehension)


def _asserts(node: ast.AST, in_loop: bool = False) -> list[bool]:
    """For each assert statement of ``node`` (nested functions left out), whether it sits in
    a loop."""
    found = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(child, ast.Assert):
            found.append(in_loop)
        found += _asserts(child, in_loop or isinstance(child, LOOPS))
    return found


def _tests_asserting_only_in_loops() -> list[str]:
    found = []
    for path in sorted(TESTS.rglob("test_*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            text = ast.get_source_segment(source, node) or ""
            asserts = _asserts(node)
            if asserts and all(asserts) and not any(call in text for call in ASSERTING_CALLS):
                found.append(f"{path.relative_to(TESTS)}:{node.lineno} {node.name}")
    return found


def test_no_test_asserts_only_inside_a_loop():
    assert _tests_asserting_only_in_loops() == []


def test_the_check_finds_a_test_asserting_only_in_a_loop():
    tree = ast.parse("def test_x():\n    for item in items():\n        assert item\n")
    assert _asserts(tree.body[0]) == [True]
