"""The package's layout: layers that import only downwards, no import circle, and
reference rules that cannot reach the code they referee (docs/architecture.md).

Every module's imports are read with ``ast``, those inside functions included; only
imports under ``if TYPE_CHECKING:`` are left out (they never run).
"""
from __future__ import annotations

import ast
import pathlib
import re
from typing import Dict, List, Optional, Set, Tuple

import pytest

import kabalsolve
from kabalsolve import api, games
from kabalsolve.cli import positions
from kabalsolve.formats import text

PACKAGE = pathlib.Path(kabalsolve.__file__).parent
GAME_NAMES = tuple(games.GAMES)

#: the layers, lowest first: a module may import its own layer and those below
LAYERS: List[Tuple[str, List[str]]] = [
    ("base", [r"_version", r"cards", r"digits", r"errors", r"stats", r"seeds", r"locks"]),
    ("rules", [r"games", r"games\.\w+", r"games\.\w+\.rules", r"games\.\w+\.position",
               r"games\.\w+\.view"]),
    ("formats", [r"formats(\.\w+)?", r"games\.\w+\.files", r"dealfile", r"solution",
                 r"terminal", r"replaypage", r"games\.\w+\.board", r"games\.\w+\.page",
                 r"numbering(\.\w+)?"]),
    ("bridge", [r"_core", r"bridge", r"games\.\w+\.bridge", r"games\.\w+\.lines"]),
    ("api", [r"api", r"games\.\w+\.hints", r"games\.\w+\.estimate", r"games\.\w+\.player",
             r"generate"]),
    ("batch", [r"batch", r"results", r"archive", r""]),   # "" is the package itself, the API's face
    ("cli", [r"cli(\.\w+)?", r"games\.\w+\.cli", r"__main__"]),
]


def layer_of(module: str) -> int:
    """The layer of ``kabalsolve.<module>`` ("" for the package), by the table above."""
    for n, (_name, patterns) in enumerate(LAYERS):
        if any(re.fullmatch(p, module) for p in patterns):
            return n
    raise AssertionError("kabalsolve.%s is in no layer: add it to LAYERS" % module)


def modules() -> Dict[str, pathlib.Path]:
    """Every Python module of the package, by its name below ``kabalsolve`` ("" for the
    package's own __init__)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = modules()
KNOWN = set(MODULES) | {"_core"}


def _skip_type_checking(tree: ast.AST) -> List[ast.AST]:
    """Every import node of ``tree`` outside ``if TYPE_CHECKING:`` blocks."""
    found: List[ast.AST] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.dump(child.test):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child)

    walk(tree)
    return found


def _resolve(module: str, is_package: bool, node: ast.AST) -> List[str]:
    """The kabalsolve modules (names below ``kabalsolve``) an import node names."""
    out: List[str] = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name == "kabalsolve" or alias.name.startswith("kabalsolve."):
                out.append(alias.name[len("kabalsolve."):] if "." in alias.name else "")
        return out
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        base = module.split(".") if module else []
        if not is_package:
            base = base[:-1]
        if node.level > 1:
            base = base[:len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    elif node.module and (node.module == "kabalsolve" or node.module.startswith("kabalsolve.")):
        target = node.module[len("kabalsolve."):] if "." in node.module else ""
    else:
        return out
    target = target.strip(".")
    for alias in node.names:
        sub = (target + "." if target else "") + alias.name
        out.append(sub if sub in KNOWN else target)
    return out


def import_graph() -> Dict[str, Set[str]]:
    graph: Dict[str, Set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        edges: Set[str] = set()
        for node in _skip_type_checking(tree):
            edges.update(t for t in _resolve(name, is_package, node) if t != name)
        graph[name] = edges
    return graph


GRAPH = import_graph()


def _reach(start: str) -> Set[str]:
    seen: Set[str] = set()
    todo = [start]
    while todo:
        m = todo.pop()
        for t in GRAPH.get(m, ()):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def _find_cycle() -> Optional[List[str]]:
    colour: Dict[str, int] = {}
    stack: List[str] = []

    def visit(m: str) -> Optional[List[str]]:
        colour[m] = 1
        stack.append(m)
        for t in sorted(GRAPH.get(m, ())):
            if colour.get(t) == 1:
                return stack[stack.index(t):] + [t]
            if t not in colour:
                found = visit(t)
                if found:
                    return found
        stack.pop()
        colour[m] = 2
        return None

    for m in sorted(GRAPH):
        if m not in colour:
            found = visit(m)
            if found:
                return found
    return None


def test_every_import_resolves_to_a_module():
    for m, targets in GRAPH.items():
        for t in targets:
            assert t in KNOWN, "kabalsolve.%s imports kabalsolve.%s, which is no module" % (m, t)


def test_no_import_circle():
    cycle = _find_cycle()
    assert cycle is None, "import circle: " + " -> ".join("kabalsolve." + m for m in cycle)


def test_each_module_imports_only_its_layer_and_below():
    wrong = []
    for m, targets in GRAPH.items():
        for t in targets:
            if layer_of(t) > layer_of(m):
                wrong.append("kabalsolve.%s (%s) imports kabalsolve.%s (%s)" % (
                    m, LAYERS[layer_of(m)][0], t, LAYERS[layer_of(t)][0]))
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_reference_rules_reach_nothing_they_check(game):
    """The referee of every line must not reach the core, the solver, hints, formats,
    batch or the command line, not even through another module."""
    reached = _reach("games.%s.rules" % game)
    allowed = {"cards", "errors", "seeds", "games.%s.position" % game}
    assert reached <= allowed, sorted(reached - allowed)


def test_no_import_inside_a_function_of_kabalsolve():
    """Imports of kabalsolve's own modules stand at the top of a module: an import in a
    function body is how a circle hides."""
    hidden = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and _resolve(
                        name, path.name == "__init__.py", node):
                    hidden.append("%s:%d" % (path.relative_to(PACKAGE), node.lineno))
                if isinstance(node, ast.ImportFrom) and node.level:
                    hidden.append("%s:%d" % (path.relative_to(PACKAGE), node.lineno))
    assert not hidden, hidden


def test_no_module_in_the_package_root_is_named_after_a_game():
    root = [p.stem for p in PACKAGE.glob("*.py")] + [p.name for p in PACKAGE.iterdir()
                                                     if p.is_dir()]
    for game in GAME_NAMES:
        assert not [r for r in root if game in r and r != "games"], (game, root)


def test_every_game_has_its_folder_and_core_include():
    for game in GAME_NAMES:
        folder = PACKAGE / "games" / game
        assert (folder / "rules.py").is_file(), folder
        assert (PACKAGE / ("_%s.pxi" % game)).is_file(), game


def test_every_per_game_table_names_every_game():
    """The layers above the rules keep their per-game part in one table each, keyed by
    the registry's names: a new game missing from one is caught here."""
    assert set(text.READERS) == set(games.GAMES)
    assert set(api.SOLVERS) == set(games.GAMES)
    assert set(api.HINTS) == set(games.GAMES)
    with_positions = {n for n, g in games.GAMES.items() if g.Position is not None}
    assert set(positions.POSITION_SIDES) == with_positions


def test_the_checks_see_a_circle_and_a_layer_break(monkeypatch):
    """The checks above are not vacuous: a made-up edge from the rules to the solver
    bridge is a layer break and, with the bridge's own imports, a circle."""
    monkeypatch.setitem(GRAPH, "games.klondike.rules",
                        GRAPH["games.klondike.rules"] | {"games.klondike.bridge"})
    assert _find_cycle() is not None
    assert "games.klondike.bridge" in _reach("games.klondike.rules")
    assert layer_of("games.klondike.bridge") > layer_of("games.klondike.rules")
