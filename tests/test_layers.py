"""The modules form layers that go one way: a picture of the project's imports has no loop,
and every import of a project module stands at the top of its file.

    common, cli  →  puzzlink  →  dosun_fuwari, nondango  →  formats  →  ladder, … verify
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = {path.stem: path for path in ROOT.glob("*.py")}


def _imports(tree: ast.AST) -> list[tuple[str, ast.AST]]:
    """(imported project module, the import node) for every import in `tree`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module.split(".")[0]]
        else:
            continue
        found += [(name, node) for name in names if name in MODULES]
    return found


def _graph() -> dict[str, set[str]]:
    return {name: {imported for imported, _ in _imports(ast.parse(path.read_text()))}
            for name, path in MODULES.items()}


def test_the_project_imports_have_no_loop():
    """Sorting the import graph topologically succeeds: no module imports, directly or
    through others, a module that imports it back."""
    try:
        order = list(TopologicalSorter(_graph()).static_order())
    except CycleError as error:
        raise AssertionError(f"an import loop: {' → '.join(error.args[1])}") from None
    assert order.index("common") < order.index("puzzlink") < order.index("dosun_fuwari")
    assert order.index("puzzlink") < order.index("nondango") < order.index("formats")


def test_the_puzzles_and_the_codec_stay_apart():
    """puzzlink imports neither puzzle, and neither puzzle imports the other."""
    graph = _graph()
    assert not graph["puzzlink"] & {"dosun_fuwari", "nondango", "formats"}
    assert "nondango" not in graph["dosun_fuwari"] and "dosun_fuwari" not in graph["nondango"]
    assert graph["common"] == set()


def test_project_modules_are_imported_at_the_top_only():
    """No import of a project module hides inside a function or under `if __name__`: the
    reader sees every layer a module leans on in its first lines."""
    hidden = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text())
        top = {id(node) for node in tree.body}
        hidden += [f"{name}:{node.lineno} imports {imported}"
                   for imported, node in _imports(tree) if id(node) not in top]
    assert hidden == []
