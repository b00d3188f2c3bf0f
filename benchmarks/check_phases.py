"""Where `course check` spends its CPU, phase by phase, on a course of copies of this one (as
`scale.py` makes them): loading (the YAML read with positions, every exercise's moves played to
check them, copying the hand at the points questions name as they are played, the questions,
the rest), then answering every question (walking to the points no copy was kept for, who acts
first), in one fresh process per round.

    python benchmarks/check_phases.py [EXERCISES] [--rounds 3]

Each phase is CPU time (`time.process_time`) around the functions named, their own calls
inside them counted once; the figures are medians over the rounds.
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

# The child: one check of the course in the current folder, phases timed.
CHILD = r"""
import json, sys, time
started = time.process_time()
from pathlib import Path
from course import cli, content
from course.content import checker, exercises
from course.engine import replays, turn
from course.content.load import gc_paused, keep_out_of_gc

spent = {}

def timed(module, name, label):
    # every call of module.name timed, wherever it was imported by name
    inner, depth = getattr(module, name), [0]
    def measured(*args, **kwargs):
        if depth[0]:
            return inner(*args, **kwargs)
        depth[0] += 1
        began = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            depth[0] -= 1
            spent[label] = spent.get(label, 0.0) + time.process_time() - began
    for other in list(sys.modules.values()):
        if getattr(other, "__name__", "").startswith("course") and getattr(other, name, None) is inner:
            setattr(other, name, measured)

timed(checker, "parse_yaml", "loading: reading the YAML with positions")
timed(exercises, "_check_moves", "loading: playing each exercise's moves to check them")
timed(exercises, "_questions", "loading: reading the questions")
timed(replays, "walked_to", "answering: walking to the question points")
timed(replays, "forked", "loading: copying the hand at each question point (on the checker's pass; in walks too)")
timed(turn, "first_to_act", "answering: who acts first (turn.first_to_act)")
root = Path.cwd()
began = time.process_time()
spent["start-up (imports)"] = began - started
with gc_paused():  # as `cli.check`: the collector paused from the load to the last answer
    course = content.load_course(root)
    keep_out_of_gc(collect=False)
    loaded = time.process_time()
    cli.course_problems(course, root)
spent["loading, all"] = loaded - began
spent["answering, all"] = time.process_time() - loaded
spent["total"] = time.process_time() - started
print(json.dumps(spent))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("exercises", type=int, nargs="?", default=4300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import scale

    with tempfile.TemporaryDirectory() as tmp:
        course = scale.generate(Path(tmp) / "course", args.exercises)
        runs = []
        for _ in range(args.rounds):
            out = subprocess.run([sys.executable, "-c", CHILD], cwd=course, capture_output=True, text=True,
                                 check=True, env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout
            runs.append(json.loads(out.splitlines()[-1]))
    print(f"course check at {args.exercises:,} exercises, CPU seconds, median of {args.rounds} fresh processes:")
    order = ["start-up (imports)", "loading, all", *sorted(k for k in runs[0] if k.startswith("loading:")),
             "answering, all", *sorted(k for k in runs[0] if k.startswith("answering:")), "total"]
    for label in order:
        values = [run.get(label, 0.0) for run in runs]
        print(f"  {label:55} {statistics.median(values):6.2f}  (min {min(values):.2f}, max {max(values):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
