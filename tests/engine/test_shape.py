"""The engine's shape: no import inside a function, and no cycle among its modules."""

from __future__ import annotations

import ast
from pathlib import Path

import canasta.engine

ENGINE = Path(canasta.engine.__file__).parent


def _modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text()) for path in sorted(ENGINE.glob("*.py"))}


def _runtime_imports(tree: ast.Module) -> set[str]:
    """Engine modules imported at module level, outside ``if TYPE_CHECKING:`` blocks."""
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update(alias.name for alias in node.names)
    return found


def test_no_function_level_imports_in_the_engine() -> None:
    nested = []
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        nested.append(f"{name}.{node.name}")
    assert nested == []


def test_the_engine_import_graph_has_no_cycle() -> None:
    graph = {name: _runtime_imports(tree) - {name} for name, tree in _modules().items()}
    assert graph["core"] == {"cards"}  # phases, end reasons, rule constants
    assert graph["cards"] == {"speech"}  # card kinds' names for the catalogue
    assert graph["speech"] == set()  # the leaf: the translation in use
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' -> '.join((*path, name))}"
        if name in done:
            return
        for other in sorted(graph.get(name, ())):
            visit(other, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())
    assert done == set(graph)


def _private_imports(tree: ast.Module) -> list[str]:
    """Underscore-named names imported from another engine module (``_`` and ``N_``, the
    catalogue's marks, aside)."""
    return [
        f"{node.module}.{alias.name}"
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level == 1
        for alias in node.names
        if alias.name.startswith("_") and alias.name != "_"
    ]


def test_engine_modules_share_only_public_names() -> None:
    """A helper two modules use has a public name in the module it belongs to."""
    shared = {name: _private_imports(tree) for name, tree in _modules().items()}
    assert {name: found for name, found in shared.items() if found} == {}


def test_a_private_import_would_be_found() -> None:
    tree = ast.parse("from .legality import _after, refuse_meld\nfrom .speech import _, N_\n")
    assert _private_imports(tree) == ["legality._after"]


def test_a_cycle_would_be_found() -> None:
    tree = ast.parse("from .state import HandState\nfrom . import view\n")
    assert _runtime_imports(tree) == {"state", "view"}
