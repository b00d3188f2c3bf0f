"""Drill speed before and after a change, side by side, in one run.

The commit to compare against (`--before`, default: where this branch left `main`) is checked out in a temporary git
worktree; for each template `benchmarks/drills.py --json --no-feedback` runs in a fresh process
in that tree and in this one, alternately (before, after, before, after ... `--repeat` times), so
both see the same machine. Printed per template: the median items/s by the wall clock and per
CPU second of the process, before and after, and the ratio of the CPU figures.

    python benchmarks/drills_before_after.py [--before REV] [--items 100] [--repeat 1]
                                             [--game horn-a-vika] [--template hav-second-match]

`--every`: every template instead, in one process per tree and run (`benchmarks/drills.py --json
--no-feedback`, the templates one after another), the trees alternating `--repeat` times; printed
are how many templates are under the target in each tree (median of the runs) and the slowest ten
after, with their figures before.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 200.0


def names(tree: Path, games: list[str], templates: list[str]) -> list[str]:
    """The templates to time, as this tree registers them."""
    code = ("import json,sys; from course.study import templates; "
            "print(json.dumps([(n, t.game) for n, t in templates.templates().items()]))")
    found = json.loads(run(tree, ["-c", code]))
    return [n for n, game in found if (not games or game in games) and (not templates or n in templates)]


def run(tree: Path, args: list[str]) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree)}     # this tree's `course`, not the installed one
    done = subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{tree}: {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout


def rate(tree: Path, template: str, items: int) -> tuple[float, float]:
    out = json.loads(run(tree, ["benchmarks/drills.py", "--json", "--no-feedback", "--items", str(items),
                                "--template", template]))
    figures = out["templates"][template]
    return figures["items_per_s"], figures["items_per_cpu_s"]


def every(before: Path, items: int, repeat: int) -> None:
    """Every template, one process per tree and run, the trees alternating."""
    runs: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    for _ in range(repeat):
        for label, tree in (("before", before), ("after", ROOT)):
            out = json.loads(run(tree, ["benchmarks/drills.py", "--json", "--no-feedback", "--items", str(items)]))
            for name, figures in out["templates"].items():
                runs[label].setdefault(name, []).append(figures["items_per_cpu_s"])
    cpu = {label: {name: statistics.median(rates) for name, rates in found.items()} for label, found in runs.items()}
    for label in ("before", "after"):
        under = sum(rate < TARGET for rate in cpu[label].values())
        print(f"  {label}: {under} of {len(cpu[label])} templates under {TARGET:.0f} items per CPU second")
    print(f"  slowest ten after (items per CPU second, median of {repeat}), before / after:")
    for name in sorted(cpu["after"], key=cpu["after"].get)[:10]:
        print(f"    {name:24s} {cpu['before'].get(name, float('nan')):7.1f} / {cpu['after'][name]:7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="the commit to compare against (default: git merge-base HEAD main)")
    parser.add_argument("--items", type=int, default=100, help="items per template per run")
    parser.add_argument("--repeat", type=int, default=1, help="alternating runs per template and tree")
    parser.add_argument("--game", action="append", default=[], help="only this game's templates (repeatable)")
    parser.add_argument("--template", action="append", default=[], help="only this template (repeatable)")
    parser.add_argument("--every", action="store_true",
                        help="every template, one process per tree and run: how many are under the target")
    args = parser.parse_args()
    args.before = args.before or subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=ROOT, capture_output=True,
                                                text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder) / "before"
        subprocess.run(["git", "worktree", "add", "--detach", str(before), args.before], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=before, capture_output=True,
                                    text=True, check=True).stdout.strip()
            if args.every:
                print(f"Every template, items per CPU second, before ({args.before} = {commit}) and after (this "
                      f"tree), {args.items} items each, one process per tree and run, median of {args.repeat} "
                      f"alternating run(s); target >= {TARGET:.0f}")
                every(before, args.items, args.repeat)
                return
            wanted = names(ROOT, args.game, args.template)
            old = set(names(before, [], []))
            print(f"Items generated and validated per second, before ({args.before} = {commit}) and after (this "
                  f"tree), {args.items} items per run, median of {args.repeat} alternating run(s); target >= "
                  f"{TARGET:.0f}/s")
            print(f"  {'template':24s} {'before/s':>9s} {'after/s':>9s}   {'before/cpu-s':>12s} {'after/cpu-s':>11s}"
                  f"  {'x (cpu)':>7s}")
            for name in wanted:
                runs: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
                for _ in range(args.repeat):
                    if name in old:
                        runs["before"].append(rate(before, name, args.items))
                    runs["after"].append(rate(ROOT, name, args.items))
                wall = {k: statistics.median(r[0] for r in v) if v else float("nan") for k, v in runs.items()}
                cpu = {k: statistics.median(r[1] for r in v) if v else float("nan") for k, v in runs.items()}
                flag = "" if cpu["after"] >= TARGET else "  below target"
                print(f"  {name:24s} {wall['before']:9.1f} {wall['after']:9.1f}   {cpu['before']:12.1f} "
                      f"{cpu['after']:11.1f}  {cpu['after'] / cpu['before']:7.2f}{flag}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT, capture_output=True)


if __name__ == "__main__":
    main()
