"""The project's shape: the top level holds what the design card names, and the modules form
layers that go one way (a picture of the imports has no loop):

    common  →  plumbing.*  →  dosun_fuwari, nondango  →  twins.*
                                                 →  tools.formats  →  ladder
                                                 →  tools.bank, tools.play, checks.*  →  verify

Every folder sits wholly on one side of the puzzle modules: plumbing/ below them (the puzzles
use it), tools/, twins/ and checks/ above them (they use the puzzles).  twins.* only lean on
their puzzle and common; checks and tests may import them.
"""

from __future__ import annotations

import ast
import importlib
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = {path.stem: path for path in ROOT.glob("*.py")}
MODULES |= {f"{folder}.{path.stem}": path for folder in ("plumbing", "tools", "twins", "checks")
            for path in (ROOT / folder).glob("*.py") if path.stem != "__init__"}


def _imports(tree: ast.AST) -> list[tuple[str, ast.AST]]:
    """(imported project module, the import node) for every import in `tree`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        found += [(name, node) for name in names if name in MODULES]
    return found


def _graph() -> dict[str, set[str]]:
    return {name: {imported for imported, _ in _imports(ast.parse(path.read_text()))} - {name}
            for name, path in MODULES.items()}


def test_the_top_level_is_the_design_cards():
    """The top level holds the card's four modules and one small shared module; the rest
    lives in plumbing/, tools/, twins/, checks/ and bench/."""
    assert sorted(MODULES[name].name for name in MODULES if "." not in name) == [
        "common.py", "dosun_fuwari.py", "ladder.py", "nondango.py", "verify.py"]
    assert len((ROOT / "common.py").read_text().splitlines()) < 220


def test_the_project_imports_have_no_loop():
    """Sorting the import graph topologically succeeds: no module imports, directly or
    through others, a module that imports it back."""
    try:
        order = list(TopologicalSorter(_graph()).static_order())
    except CycleError as error:
        raise AssertionError(f"an import loop: {' → '.join(error.args[1])}") from None
    assert order.index("common") < order.index("plumbing.puzzlink") < order.index("dosun_fuwari")
    assert order.index("nondango") < order.index("tools.formats") < order.index("ladder")


def test_the_puzzles_lean_only_on_common_and_the_plumbing():
    """Neither puzzle imports the other, the ladder or the checks: only `common` and, for
    their last section (files, links, the command line), plumbing/ (each its own formats
    module, plumbing.dosun_fuwari_files or plumbing.nondango_files, and the shared ones).
    `common` imports nothing of the project."""
    graph = _graph()
    for puzzle in ("dosun_fuwari", "nondango"):
        assert graph[puzzle] <= {"common"} | {name for name in MODULES
                                              if name.startswith("plumbing.")}, puzzle
    assert graph["common"] == set()
    assert not graph["plumbing.puzzlink"] & {"dosun_fuwari", "nondango", "tools.formats"}


def test_a_twin_shares_nothing_but_its_puzzle():
    """Each brute-force twin module imports from the project only its own puzzle module
    (the board type, constructors, rules checker) and common, so it cannot reuse the clever
    code it checks."""
    graph = _graph()
    twins = [name for name in MODULES if name.startswith("twins.")]
    assert twins
    for name in twins:
        assert graph[name] <= {name.split(".")[1], "common"}, name


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


def test_the_checks_import_one_way():
    """verify.py imports the checks and none of them imports verify.py back; the judging
    rules (checks.stats) import no project module at all."""
    graph = _graph()
    assert all("verify" not in graph[name] for name in MODULES if name.startswith("checks."))
    assert graph["checks.stats"] == set()


PUZZLES = {"dosun_fuwari", "nondango"}
BELOW = ("plumbing",)
ABOVE = ("tools", "twins", "checks")


def _reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every project module `start` imports, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        for imported in graph[todo.pop()]:
            if imported not in seen:
                seen.add(imported)
                todo.append(imported)
    return seen


def test_each_folder_sits_wholly_below_or_wholly_above_the_puzzles():
    """No module of a folder below the puzzles (plumbing/) reaches a puzzle module or a folder
    above them, and no puzzle module reaches a folder above them: imports run one way across
    the puzzle modules."""
    graph = _graph()
    above = {name for name in MODULES if name.split(".")[0] in ABOVE}
    for name in MODULES:
        reached = _reaches(graph, name)
        if name.split(".")[0] in BELOW:
            assert not reached & (PUZZLES | above), name
        if name in PUZZLES:
            assert not reached & above, name
    assert {name.split(".")[0] for name in MODULES if "." in name} == set(BELOW + ABOVE)


def test_the_card_modules_name_what_they_export():
    """Each card module and common.py lists its public names in `__all__`, and every name
    listed is one the module defines or imports."""
    for name in ("common", "dosun_fuwari", "nondango", "ladder"):
        module = importlib.import_module(name)
        missing = [public for public in module.__all__ if not hasattr(module, public)]
        assert missing == [], name
