"""The engine core's speed, this tree beside the design before the one hand state, in one run:

1. exercises replayed per second: every course exercise's moves played through the engine,
   from the table the exercise starts at (this tree: `HandState.replay`, the one replay; the
   previous design: `course.engine.betting.replay_street` for a stud street, a home game's events
   through its engine module's `replay`), each exercise's replay cache emptied first;
2. the whole-course check: load and validate every lesson and exercise, then answer and
   grade every question, as `course check` does;
3. drill items per second for the home-game templates whose draws play whole hands (random
   legal play, then the item loaded and answered): the cheap-trials target of 200 items/s.

    python benchmarks/core.py [--base 553b8c8] [--repeat 7] [--json]

The previous design is checked out with `git worktree add` into a temporary folder and measured
there by the same code in a subprocess (each tree on its own course); the
two runs alternate, so both see the same machine. Each run keeps the best of three measurements
(a shared machine only ever adds time); the script prints the median and the best over
`--repeat` runs, after one warm-up run.
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
DRILLS = ("hav-third-match", "hav-bet-limit", "hah-take", "hah-pot")   # home templates that play whole hands
BASE = "553b8c8"   # the commit before the one hand state replayed every exercise

# Run inside a tree (cwd and sys.path[0] = the tree): prints {"replays": n, "replay_s": t, "check_s": t}.
MEASURE = r"""
DRILLS = %r
import importlib, json, sys, time
sys.path.insert(0, ".")
from pathlib import Path
from course import content
from course.engine import betting
from course.asks import solvers
ONE = hasattr(betting, "replay_street") is False     # this design: the one hand state replays

def replay(exercise):
    exercise._replays.clear()                         # replay for real: no cached hand
    if ONE:
        from course.engine.state import HandState
        HandState.replay(exercise)
    elif exercise.events:
        importlib.import_module("course.variants." + exercise.game.replace("-", "_")).replay(exercise)
    elif exercise.actions:
        betting.replay_street(exercise.street, exercise.seats, exercise.hands, exercise.actions,
                              exercise.profile, exercise.stakes, folded=tuple(exercise.folded),
                              pot=exercise.pot or 0)

def check():
    course = content.load_course(Path("."))
    assert not course.problems, course.problems[:3]
    for exercise in course.exercises.values():
        assert not questions.check_exercise(exercise)
    return course

def drills(names, items):
    from course.study import templates
    rates = {}
    for name in names:
        best = float("inf")
        for _ in range(3):
            templates.generate.cache_clear()
            start = time.perf_counter()
            for seed in range(items):
                exercise = templates.generate(templates.item_id(name, seed))
                for question in exercise.questions:
                    questions.answer(exercise, question)
            best = min(best, time.perf_counter() - start)
        rates[name] = items / best
    return rates

rounds, items, base = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
course = check()
# the same exercises in both trees: those whose file the previous design's course has too
exercises = [e for e in course.exercises.values() if (base / Path(e.path).resolve().relative_to(Path.cwd().resolve())).is_file()]
# exercises with stacks (all-ins, side pots): replayed too, and answered, since their pots are the work
stacked = [e for e in course.exercises.values() if getattr(e, "stacks", None)]
replay_s = check_s = stack_s = float("inf")
for _ in range(3):    # the best of three inside the process: a shared machine only ever adds time
    start = time.perf_counter()
    for _ in range(rounds):
        for exercise in exercises:
            replay(exercise)
    replay_s = min(replay_s, time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(rounds):
        for exercise in stacked:
            replay(exercise)
            for question in exercise.questions:
                questions.answer(exercise, question)
    stack_s = min(stack_s, time.perf_counter() - start)
    start = time.perf_counter()
    check()
    check_s = min(check_s, time.perf_counter() - start)
print(json.dumps({"replays": rounds * len(exercises), "replay_s": replay_s, "check_s": check_s,
                  "exercises": len(exercises), "drills": drills(DRILLS, items),
                  "stack_exercises": len(stacked), "stack_replays": rounds * len(stacked), "stack_s": stack_s}))
"""


def measure(tree: Path, rounds: int, items: int, base: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", MEASURE % (DRILLS,), str(rounds), str(items), str(base)], cwd=tree,
                         env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=BASE, help="the commit of the previous design")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=20, help="replays of the whole course per run")
    parser.add_argument("--items", type=int, default=20, help="drill items per template per measurement")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="core-bench-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.base],
                       check=True, capture_output=True)
        try:
            runs: dict[str, list[dict]] = {"new": [], "previous": []}
            for n in range(args.repeat + 1):      # the first round warms up and is dropped
                for name, tree in (("new", ROOT), ("previous", base)):
                    result = measure(tree, args.rounds, args.items, base)
                    if n:
                        runs[name].append(result)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=False, capture_output=True)

    summary = {}
    for name, results in runs.items():
        summary[name] = {
            "exercises": results[0]["exercises"],
            "replays_per_s": statistics.median(r["replays"] / r["replay_s"] for r in results),
            "check_s": statistics.median(r["check_s"] for r in results),
            "best_replays_per_s": max(r["replays"] / r["replay_s"] for r in results),
            "best_check_s": min(r["check_s"] for r in results),
            "drill_items_per_s": {name: statistics.median(r["drills"][name] for r in results) for name in DRILLS},
            "stack_exercises": results[0]["stack_exercises"],
            "stack_replays_per_s": statistics.median(r["stack_replays"] / r["stack_s"] for r in results)
            if results[0]["stack_exercises"] else None,
        }
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    new, old = summary["new"], summary["previous"]
    print(f"{'':40}{'this tree':>14}{'previous (' + args.base + ')':>22}{'ratio':>8}")
    for label, key, form in (("exercises replayed per second", "replays_per_s", "14.0f"),
                             ("whole-course check (s)", "check_s", "14.3f")):
        for how in ("median", "best"):
            name = key if how == "median" else "best_" + key
            print(f"{label + ', ' + how:40}{format(new[name], form)}{format(old[name], form.replace('14', '22'))}"
                  f"{new[name] / old[name]:8.2f}")
    for name in DRILLS:
        a, b = new["drill_items_per_s"][name], old["drill_items_per_s"][name]
        print(f"{'drill items/s, ' + name + ', median':40}{a:14.1f}{b:22.1f}{a / b:8.2f}")
    a, b = new["stack_replays_per_s"], old["stack_replays_per_s"]
    print(f"{'stack exercises replayed+answered/s':40}{format(a, '14.0f') if a else '-':>14}"
          f"{format(b, '22.0f') if b else 'none (no stacks)':>22}{a / b if a and b else float('nan'):8.2f}")
    print(f"({args.repeat} runs, each the best of three; {new['exercises']} and {old['exercises']} exercises replayed, "
          "those in both courses; the check covers each tree's whole course; "
          f"{args.rounds} replays of the course per measurement)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
