"""The package's import graph: no cycles inside `course/`, and no test code imported by it.

Imports are read with `ast` from every module under `course/` (nothing is imported to find
them). An edge goes to the most specific module named: `from course.app import quiz` is an edge
to `course.app.quiz`, `from course.app import ENTRY` one to `course.app`. Imports inside
functions count as edges too: a cycle closed by a deferred import still ties the two modules
together (neither can be understood, tested or moved without the other); it only hides the
cycle from the interpreter. So does `importlib.import_module("course.x")` with a literal name.
A module named by data (a game spec's `engine` module, loaded by `GameSpec.module()`) is a
plugin the registry finds at run time, not an import, and is not an edge.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules(package: Path) -> dict[str, Path]:
    """Dotted name -> file, for every module under `package` (a folder with __init__.py)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> dict[str, int]:
    """The modules of `known` that module `name` imports -> the line of the first import."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    edges: dict[str, int] = {}

    def add(target: str, line: int) -> None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            edges.setdefault(target, line)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = here[:len(here) - (node.level - 1)]
                base = ".".join(parent + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in known else base, node.lineno)
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"):
            add(node.args[0].value, node.lineno)
    return edges


def graph(package: Path) -> dict[str, dict[str, int]]:
    known = modules(package)
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def describe(edges: dict[str, dict[str, int]], component: list[str]) -> str:
    return "cycle: " + ", ".join(
        f"{a} -> {b} (line {line})" for a in component for b, line in edges[a].items() if b in component)


def test_the_package_has_no_import_cycle():
    edges = graph(ROOT / "course")
    assert len(edges) > 50 and any(edges.values())   # the graph was really read
    found = cycles(edges)
    assert not found, "\n".join(describe(edges, c) for c in found)


def test_the_package_imports_no_test_code():
    offenders = []
    for path in sorted((ROOT / "course").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            offenders += [f"{path.relative_to(ROOT)}:{node.lineno}: {n}" for n in names
                          if n.split(".")[0] in ("tests", "pytest", "hypothesis")]
    assert not offenders
    # the harnesses live only under tests/support
    for name in ("app/apptest.py", "app/wsclient.py", "app/serve.py", "hostile.py", "store/pg_local.py"):
        assert not (ROOT / "course" / name).exists()


def test_the_finder_sees_a_cycle_closed_inside_a_function(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.sub import b\n")
    (package / "sub" / "b.py").write_text("def late():\n    from .. import c\n")
    (package / "c.py").write_text("import importlib\n\ndef f():\n    importlib.import_module('pkg.a')\n")
    (package / "d.py").write_text("from pkg import a\n")           # into the cycle, not part of it
    edges = graph(package)
    assert edges["pkg.a"] == {"pkg.sub.b": 1} and edges["pkg.sub.b"] == {"pkg.c": 2}
    assert cycles(edges) == [["pkg.a", "pkg.c", "pkg.sub.b"]]


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_the_ask_registry_says_so_when_the_stud_asks_are_not_loaded():
    """The registry no longer imports course.asks.solvers (the cycle): a lookup before the stud
    asks are registered is an error naming the module, never a silently shorter list."""
    early = _run("import course.asks as a; a.asks_for('stud-high')")
    assert early.returncode == 1 and "LookupError: the stud asks are registered by course.asks.solvers" in early.stderr
    done = _run("import course.content, course.asks as a; print(sorted(a.asks_for('stud-high')))")
    assert done.returncode == 0 and "'bring_in'" in done.stdout, done.stderr


def parts(edges: dict[str, dict[str, int]]) -> dict[str, dict[str, str]]:
    """The graph between the package's parts (a top-level module, or a sub-folder taken whole):
    part -> {part it imports: the first module-level edge that does it}."""
    def part(name: str) -> str:
        pieces = name.split(".")
        return ".".join(pieces[:2]) if len(pieces) > 1 else name

    out: dict[str, dict[str, str]] = {}
    for a, targets in edges.items():
        for b, line in targets.items():
            if part(a) != part(b) and part(b) != "course":
                out.setdefault(part(a), {}).setdefault(part(b), f"{a} -> {b} (line {line})")
        out.setdefault(part(a), {})
    return out


def levels(between: dict[str, dict[str, str]]) -> dict[str, int]:
    """Each part's level: 1 for a part that imports no other, else one above the highest it imports."""
    found: dict[str, int] = {}

    def level(p: str) -> int:
        if p not in found:
            found[p] = 0                                  # a cycle would read as level 1, and is caught below
            found[p] = 1 + max((level(q) for q in between.get(p, {})), default=0)
        return found[p]

    for p in between:
        level(p)
    return found


def test_the_package_s_parts_import_only_downward_on_at_most_eight_levels():
    """The folders show the flow: the ground (cards, rules, games, errors), the move grammar and
    hands, the model and the engine, the asks, content and the home games' hooks, study, then the
    store and the command line, then the app. No part imports one that imports it back (an import
    that would point up a level), and the package stands on at most eight levels (benchmarks
    above them make nine: docs/measurements.md, "Layout")."""
    between = parts(graph(ROOT / "course"))
    assert {"course.engine", "course.asks", "course.content", "course.app"} <= set(between)
    loops = cycles({p: dict.fromkeys(q, 0) for p, q in between.items()})
    assert not loops, "\n".join(between[a][b] for c in loops for a in c for b in between[a] if b in c)
    found = levels(between)
    assert max(found.values()) <= 8, sorted(found.items(), key=lambda kv: kv[1])
    assert found["course.engine"] < found["course.asks"] < found["course.content"] < found["course.study"] \
        < found["course.app"]


def test_the_parts_finder_sees_a_folder_that_imports_back(tmp_path):
    package = tmp_path / "pkg"
    for folder in ("low", "high"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "high" / "a.py").write_text("from pkg.low import b\n")
    (package / "low" / "b.py").write_text("def late():\n    from pkg.high import c\n")
    (package / "high" / "c.py").write_text("")
    between = parts(graph(package))
    assert between["pkg.high"] == {"pkg.low": "pkg.high.a -> pkg.low.b (line 1)"}
    assert cycles({p: dict.fromkeys(q, 0) for p, q in between.items()}) == [["pkg.high", "pkg.low"]]
