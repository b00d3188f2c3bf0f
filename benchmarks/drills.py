"""The study loop's speed, in one run:

1. items generated and validated per second for each drill template: the id is turned into an
   exercise (drawn, then validated as the data it is by the course's own checker, with every
   check its YAML file would get, no YAML written or parsed) and checked as `course check`
   would (every question answered by the engine). Target: at least 200 items/s
   for every template, home games included, by the wall clock; the rate per CPU
   second of this process is printed beside it, since the machine may be shared;
2. p95 time from Check to feedback on the Practice page under AppTest, for a generated item
   beside a hand-written one with the same ask and widget (bring-in, a radio). Target: the
   generated item within 1.5 times the hand-written one;
3. (`--review`) what Next waits for on Review, side by side: a session's items made on demand
   (each drawn when Next is pressed, as before) against made ahead by `review.prepare` in the
   background while the learner answers the first item (Next then reads the cache). Sessions
   of ten items of the slowest templates, or of `--template`;
4. (`--marks`) the home-game templates whose cut is marked as the hand is played, each item
   loaded on the hand taken back to its cut, against the same items loaded by replaying their
   events, alternating in one process.

    python benchmarks/drills.py [--items 200] [--repeat 41] [--json]
                                [--game stud-high] [--template completion] [--no-feedback]
    python benchmarks/drills.py --review [--template hav-side-pots]
    python benchmarks/drills.py --marks [--items 60] [--repeat 5] [--template hah-taken-heart]

Items/s: `--items` consecutive seeds per template, after one warm-up item. The two Check
interactions alternate (one of each per round, after a warm-up round) so both see the same
machine; Try again is pressed between runs, untimed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from app import check_times, practice_app  # benchmarks/app.py: the same Check interaction

from course import content
from course.content.load import keep_out_of_gc
from course.study import engine, templates

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # the test harnesses: tests/support
from tests.support.apptest import environment  # noqa: E402

HAND_WRITTEN = "hpd-1-bring-in-suit-tie"
GENERATED = "gen/door-tie-suit/5"
STUD_TARGET = 200.0
RATIO_TARGET = 1.5


def bench_templates(items: int, games: set[str] | None = None, names: set[str] | None = None,
                    freeze: bool = True) -> dict[str, dict[str, float]]:
    """Items/s per template by the wall clock, and per second of this process's CPU time (the
    machine may be shared: the CPU figure is what the code costs, the wall figure what a learner
    waits on this machine now). The process is first set up as the app's server holds it: the
    course loaded and, with every module, put out of the cyclic collector's reach
    (`keep_out_of_gc`, as `course.content.live` does after a load), so that a full collection
    walks what the drills made, as it does in the app, not the imports the app has frozen."""
    if freeze:
        content.load_course(ROOT)
        keep_out_of_gc()
    out = {}
    for name, template in templates.templates().items():
        if (games and template.game not in games) or (names and name not in names):
            continue
        engine.check(templates.generate(templates.item_id(name, 10**6)))   # warm-up
        start, cpu = time.perf_counter(), time.process_time()
        for item in templates.sample(name, items):
            problems = engine.check(templates.generate(item))
            assert not problems, (item, problems)
        elapsed, used = time.perf_counter() - start, time.process_time() - cpu
        out[name] = {"game": template.game, "items_per_s": items / elapsed,
                     "items_per_cpu_s": items / max(used, 1e-9)}
    return out


def bench_marks(names: list[str], items: int, rounds: int) -> dict[str, dict[str, float]]:
    """Items per CPU second of each template with the hand marked at its cut's points as it is
    played (`course.study.home`: the item loads on the hand taken back to its cut) and without
    (no mark taken, the item's events replayed as any exercise's), side by side in this one
    process: the two alternate, `rounds` times, each on fresh seeds and a cleared item cache;
    the median of the rounds."""
    from course.study import home

    content.load_course(ROOT)
    keep_out_of_gc()
    watches = (home._Marks, home._RepeatMatches, home._BeforeBetting)
    marking = {cls: cls.__dict__["__call__"] for cls in watches}
    take_back = home.take_back
    found: dict[str, dict[str, list[float]]] = {name: {"replayed": [], "marked": []} for name in names}
    for name in names:
        engine.check(templates.generate(templates.item_id(name, 10**6)))   # warm-up
    try:
        for turn in range(rounds):
            for mode in ("replayed", "marked"):
                for cls in watches:
                    cls.__call__ = marking[cls] if mode == "marked" else (lambda self, played: None)
                home.take_back = take_back if mode == "marked" else (lambda hand, moves: None)
                templates.generate.cache_clear()
                for name in names:
                    cpu = time.process_time()
                    for item in templates.sample(name, items, start=1000 * (turn + 1)):
                        problems = engine.check(templates.generate(item))
                        assert not problems, (item, problems)
                    found[name][mode].append(items / max(time.process_time() - cpu, 1e-9))
    finally:
        for cls in watches:
            cls.__call__ = marking[cls]
        home.take_back = take_back
    return {name: {mode: statistics.median(rates) for mode, rates in modes.items()} for name, modes in found.items()}


MARKED = ("hah-taken-heart", "hah-take", "hah-folded-player", "hav-second-match", "hah-action-order", "hah-opener",
          "hav-opener", "hav-action-order", "hav-bet-limit")


REVIEW_DEFAULT = ("hav-side-pots", "hah-side-pots", "hah-shared-card", "hav-second-match", "hah-taken-heart")


def bench_review(names: list[str], sessions: int = 5) -> dict[str, dict[str, float]]:
    """What Next waits for, per template: sessions of ten items (ids from fresh seeds), the
    nine after the first timed as `templates.generate` on a cold cache (made on demand) and
    after `review.prepare` made them in its thread (made ahead); and how long that thread took,
    which the learner's answer to the first item covers."""
    from course.app.screens import review

    out = {}
    for name in names:
        cold, warm, ahead = [], [], []
        for n in range(sessions):
            items = [templates.item_id(name, 7_000_000 + 10 * n + k) for k in range(10)]
            templates.generate.cache_clear()
            for item in items[1:]:
                start = time.perf_counter()
                templates.generate(item)
                cold.append(time.perf_counter() - start)
            templates.generate.cache_clear()
            start = time.perf_counter()
            review.prepare(items[1:]).join()
            ahead.append(time.perf_counter() - start)
            for item in items[1:]:
                start = time.perf_counter()
                templates.generate(item)
                warm.append(time.perf_counter() - start)
        out[name] = {"on_demand_median_s": statistics.median(cold), "on_demand_max_s": max(cold),
                     "made_ahead_median_s": statistics.median(warm), "made_ahead_max_s": max(warm),
                     "session_made_in_s": statistics.median(ahead)}
    return out


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def bench_feedback(repeat: int) -> dict[str, float]:
    course = content.load_course(ROOT)
    apps = {"hand_written": practice_app(HAND_WRITTEN, course.exercises[HAND_WRITTEN]),
            "generated": practice_app(GENERATED, templates.generate(GENERATED))}
    times = check_times(apps, repeat)
    return {f"{name}_p95_s": p95(t) for name, t in times.items()} | \
        {f"{name}_median_s": statistics.median(t) for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=200, help="items per template")
    parser.add_argument("--repeat", type=int, default=41, help="timed Check interactions per item kind")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--game", action="append", help="only this game's templates (repeatable)")
    parser.add_argument("--template", action="append", help="only this template (repeatable)")
    parser.add_argument("--no-feedback", action="store_true", help="skip the Check-to-feedback timing")
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave the imports and the course in the collector's reach (not as the app runs)")
    parser.add_argument("--review", action="store_true",
                        help="only what Review's Next waits for: items made on demand against made ahead")
    parser.add_argument("--marks", action="store_true",
                        help="only the templates whose cut is marked as the hand is played: marked against replayed, "
                             "alternating in this process (--template to choose, --items per round, --repeat rounds)")
    args = parser.parse_args()
    if args.marks:
        rates = bench_marks(args.template or list(MARKED), args.items, args.repeat if args.repeat != 41 else 5)
        if args.json:
            print(json.dumps(rates, indent=2))
            return
        print("Items per CPU second, the hand marked at its cut's points as it is played against the item's events "
              "replayed, alternating in one process (median of the rounds)")
        for name, r in rates.items():
            print(f"  {name:22s} replayed {r['replayed']:7.1f}  marked {r['marked']:7.1f}  "
                  f"({r['marked'] / r['replayed']:.2f})")
        return
    if args.review:
        content.load_course(ROOT)
        keep_out_of_gc()
        waits = bench_review(args.template or list(REVIEW_DEFAULT))
        if args.json:
            print(json.dumps(waits, indent=2))
            return
        print("What Review's Next waits for, per item (9 items after the first of 5 sessions of 10): made on "
              "demand (drawn when Next is pressed) against made ahead (review.prepare, in the background "
              "while the first item is answered)")
        print(f"  {'template':22s} {'on demand median/max':>22s} {'made ahead median/max':>24s} {'whole session ahead':>20s}")
        for name, w in waits.items():
            print(f"  {name:22s} {w['on_demand_median_s'] * 1e3:9.2f} / {w['on_demand_max_s'] * 1e3:6.2f} ms "
                  f"{w['made_ahead_median_s'] * 1e6:11.1f} / {w['made_ahead_max_s'] * 1e6:6.1f} us "
                  f"{w['session_made_in_s'] * 1e3:14.1f} ms")
        return

    rates = bench_templates(args.items, set(args.game or ()), set(args.template or ()), freeze=not args.no_freeze)
    if args.no_feedback:
        feedback = {"generated_p95_s": float("nan"), "hand_written_p95_s": float("nan"),
                    "generated_median_s": float("nan"), "hand_written_median_s": float("nan")}
    else:
        with tempfile.TemporaryDirectory() as folder, environment(Path(folder) / "progress.db"):
            feedback = bench_feedback(args.repeat)
    feedback["ratio_p95"] = feedback["generated_p95_s"] / feedback["hand_written_p95_s"]
    slowest_stud = min((r["items_per_s"] for r in rates.values() if r["game"] == "stud-high"), default=float("nan"))
    result = {"templates": rates, "feedback": feedback, "items": args.items, "repeat": args.repeat,
              "targets": {"stud_items_per_s": STUD_TARGET, "slowest_stud_items_per_s": slowest_stud,
                          "stud_met": slowest_stud >= STUD_TARGET, "feedback_ratio": RATIO_TARGET,
                          "feedback_met": feedback["ratio_p95"] <= RATIO_TARGET}}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"Items generated and validated per second ({args.items} per template; target >= "
          f"{STUD_TARGET:.0f}/s), by the wall clock and per CPU second of this process")
    for name, r in rates.items():
        flag = "  ok" if r["items_per_s"] >= STUD_TARGET else "  BELOW TARGET"
        print(f"  {name:24s} {r['game']:13s} {r['items_per_s']:8.1f}/s  {r['items_per_cpu_s']:8.1f}/cpu-s{flag}")
    for label, games in (("stud-high", {"stud-high"}), ("home-game", {r["game"] for r in rates.values()} - {"stud-high"})):
        mine = {n: r["items_per_s"] for n, r in rates.items() if r["game"] in games}
        if mine:
            slow = min(mine, key=mine.get)
            print(f"  slowest {label} template: {slow} {mine[slow]:.1f}/s "
                  f"({rates[slow]['items_per_cpu_s']:.1f}/cpu-s); median "
                  f"{statistics.median(mine.values()):.1f}/s (target >= {STUD_TARGET:.0f}/s)")
    if args.no_feedback:
        return
    print(f"\nCheck to feedback on Practice under AppTest ({args.repeat} runs each, alternating)")
    print(f"  hand-written {HAND_WRITTEN}: p95 {feedback['hand_written_p95_s'] * 1000:.1f} ms, "
          f"median {feedback['hand_written_median_s'] * 1000:.1f} ms")
    print(f"  generated    {GENERATED}:            p95 {feedback['generated_p95_s'] * 1000:.1f} ms, "
          f"median {feedback['generated_median_s'] * 1000:.1f} ms")
    print(f"  ratio (p95): {feedback['ratio_p95']:.2f} (target <= {RATIO_TARGET})")


if __name__ == "__main__":
    main()
