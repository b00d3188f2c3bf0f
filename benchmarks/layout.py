"""The package's shape, as docs/measurements.md ("Layout") reports it: the parts of `course/`
(a top-level module, or a sub-folder taken whole) on their levels, the imports between parts,
the largest classes, and the functions above a cyclomatic complexity of 25 when radon is
installed (`.venv/bin/python -m pip install radon`; it is not a dependency of the project).

Run from the repository root: `.venv/bin/python benchmarks/layout.py [--json]`.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_imports import cycles, graph, levels, parts  # noqa: E402


def largest_classes(package: Path, top: int = 5) -> list[tuple[str, int]]:
    sizes = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                sizes.append((f"{path.relative_to(ROOT)}:{node.name}", node.end_lineno - node.lineno + 1))
    return sorted(sizes, key=lambda kv: -kv[1])[:top]


def complex_functions(folders: list[str], over: int = 25) -> list[str] | None:
    try:
        out = subprocess.run([sys.executable, "-m", "radon", "cc", "-s", "-j", *folders], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None
    found = []
    for path, blocks in json.loads(out).items():
        for block in blocks if isinstance(blocks, list) else []:
            if block.get("complexity", 0) > over:
                name = f"{block['classname']}.{block['name']}" if block.get("classname") else block["name"]
                found.append(f"{path}:{name} {block['complexity']}")
    return sorted(found)


def main() -> None:
    edges = graph(ROOT / "course")
    between = parts(edges)
    level = levels(between)
    report = {
        "parts": len(between),
        "levels of the package": max(level.values()),
        "levels with benchmarks/ above": max(level.values()) + 1,
        "imports between parts": sum(len(v) for v in between.values()),
        "parts importing each other (imports that point up a level)": len(cycles({p: dict.fromkeys(q, 0) for p, q in between.items()})),
        "modules": len(edges),
        "module imports": sum(len(v) for v in edges.values()),
        "largest classes (lines)": largest_classes(ROOT / "course"),
        "functions above complexity 25 in engine/, asks/, content/": complex_functions(
            ["course/engine", "course/asks", "course/content"]),
        "functions above complexity 25 anywhere": complex_functions(["course"]),
    }
    if "--json" in sys.argv:
        print(json.dumps(report, indent=2))
        return
    for key, value in report.items():
        if isinstance(value, list):
            print(f"{key}:")
            for item in value:
                print(f"  {item[0]} {item[1]}" if isinstance(item, tuple) else f"  {item}")
        else:
            print(f"{key}: {'radon is not installed' if value is None else value}")
    by_level: dict[int, list[str]] = {}
    for p, n in level.items():
        by_level.setdefault(n, []).append(p.removeprefix("course.") if p != "course" else "course/__init__")
    for n in sorted(by_level, reverse=True):
        print(f"level {n}: {', '.join(sorted(by_level[n]))}")


if __name__ == "__main__":
    main()
