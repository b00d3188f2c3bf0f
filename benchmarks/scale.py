"""The course at scale, in one run: courses of 43, 430 and 4,300 exercises (and 43,000 with
`--full`), each made of copies of this course with fresh ids and lesson orders.

For each size it prints:

- `course check` in a fresh process: CPU time and peak memory, for this design and for the
  previous one (the code at PREVIOUS, exported with `git archive`), on the same files;
- a real server's start: when it answers, when its course is ready (it loads as it starts), and
  how long a first visitor waits for the course map, arriving at once or after the load, and a
  rerun of every page over the websocket, as a browser tab sends it, for a learner who has
  answered every question of this course's own exercises;
- the app's cold load (`LiveCourse.course()`) and three visitors arriving together at a fresh
  server: how many loads they cause and how long they wait, beside three independent loads (what
  the previous design did: every first session loaded its own copy);
- one check-answer interaction on Practice under AppTest (median of `--repeat`);
- revalidating after a one-file edit: the watcher's path (the changed file only) and the timer's
  path (a stat of every file, then the changed file).

    python benchmarks/scale.py [--full] [--repeat 21] [--no-previous]

Targets (issue 15): check at 4,300 exercises at most 0.35 of the previous CPU time; a practice check
at 4,300 within 1.3 times that at 43; a one-file revalidation at 4,300 under 50 ms; three
concurrent first visitors cost one load.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PREVIOUS = "40f1ed1"   # the last commit before the loader work (issue 15's "today")
SIZES = (43, 430, 4_300)
PAGES = ("", "lesson", "practice", "review", "progress", "rulebook", "glossary", "author")
FULL = 43_000

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from course.content.live import LiveCourse  # noqa: E402
from course.content.load import load_course  # noqa: E402
from measure import run_cli  # noqa: E402
import streamlit.logger  # noqa: E402

# AppTest's and bare mode's warnings are not figures: quiet now, and when AppTest reads the config.
os.environ["STREAMLIT_LOGGER_LEVEL"] = "error"
streamlit.logger.set_log_level("error")


def generate(target: Path, exercises: int) -> Path:
    """A course of `exercises` exercises: copy 0 is this course, copy c renames every id to
    '<id>-c<c>' and moves lesson orders up by 100 * c."""
    base = load_course(ROOT)
    copies = max(1, round(exercises / len(base.exercises)))
    shutil.rmtree(target, ignore_errors=True)
    for folder in ("lessons", "exercises"):
        for source in sorted((ROOT / folder).rglob("*.yaml")):
            text = source.read_text(encoding="utf-8")
            for copy in range(copies):
                relative = source.relative_to(ROOT / folder)
                out = target / folder / (f"c{copy:05d}" if copy else "") / relative
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(renamed(text, copy, folder == "lessons") if copy else text, encoding="utf-8")
    return target


def renamed(text: str, copy: int, lesson: bool) -> str:
    suffix = f"-c{copy}"
    text = re.sub(r"^id: (\S+)$", lambda m: f"id: {m.group(1)}{suffix}", text, count=1, flags=re.M)
    if lesson:
        text = re.sub(r"^order: (\d+)$", lambda m: f"order: {int(m.group(1)) + 100 * copy}", text,
                      count=1, flags=re.M)
        text = re.sub(r"^(exercises:\s*)\[(.*?)\]", lambda m: m.group(1) + "[" + ", ".join(
            f"{ref.strip()}{suffix}" for ref in m.group(2).split(",")) + "]", text, count=1, flags=re.M | re.S)
    return text


# -- course check in a fresh process ---------------------------------------------------------

def previous_code(folder: Path) -> Path | None:
    """The `course` package as it was at PREVIOUS, or None when git cannot give it."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", PREVIOUS, "course"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return folder


def run_check(course: Path, code: Path | None) -> dict:
    """`course check --json` on `course` in a fresh process (this package, or the one under
    `code`): CPU seconds, wall seconds, peak RSS, and whether it found the course valid."""
    run = run_cli(["check", "--json"], cwd=course, code=code)
    report = json.loads(run["out"])
    return {**run, "ok": report["ok"] and run["exit"] == 0, "exercises": report["exercises"]}


# -- the app ---------------------------------------------------------------------------------

def cold_loads(course: Path) -> dict:
    live = LiveCourse(course)
    started, cpu = time.perf_counter(), time.process_time()
    live.course()
    one, one_cpu = time.perf_counter() - started, time.process_time() - cpu
    live.close()

    live = LiveCourse(course)
    barrier = threading.Barrier(3)
    waits: list[float] = []

    def visitor():
        barrier.wait()
        begun = time.perf_counter()
        live.course()
        waits.append(time.perf_counter() - begun)

    threads = [threading.Thread(target=visitor) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    loads = live.loads

    def independent():
        load_course(course)

    started = time.perf_counter()
    threads = [threading.Thread(target=independent) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    separate = time.perf_counter() - started
    return {"live": live, "cold_load": one, "cold_load_cpu": one_cpu, "three_visitors": max(waits),
            "three_loads": loads,
            "three_separate": separate}


def server_start(course: Path, folder: Path) -> dict:
    """A real server (`python -m course.app`) pointed at `course`: how long after its start the
    course is ready (it loads as the server starts), what a visitor who arrives as soon as the
    server answers waits for the course map, and what one arriving after the load waits."""
    from tests.support.serve import AppServer
    from course.app.state import CONTENT_ENV
    from tests.support.wsclient import Tab
    from course.store import ENV_VAR

    folder = folder / f"server-{course.name}"
    folder.mkdir()
    seed_progress(folder / "progress.db")
    started = time.perf_counter()
    env = {ENV_VAR: str(folder / "progress.db"), CONTENT_ENV: str(course)}
    with AppServer(env, log=folder / "server.log") as server:
        answering = time.perf_counter() - started
        early = Tab(server.url, timeout=600)
        early_map = early.run().seconds
        server.wait_course_loaded()
        ready = time.perf_counter() - started
        later = Tab(server.url, timeout=600)
        later_map = later.run().seconds
        early.close()
        later.close()
        pages = {}
        for page in PAGES:       # each page drawn twice by one tab: the second is a plain rerun
            tab = Tab(server.url, timeout=600)
            tab.run(page)
            pages[page or "map"] = tab.run(page).seconds
            tab.close()
        loads = len(server.course_loads())
    return {"server_answering": answering, "server_ready": ready, "early_map": early_map,
            "later_map": later_map, "server_loads": loads, "pages": pages}


def seed_progress(db: Path) -> None:
    """A local learner who has answered every question of copy 0 (this course's own ids), right
    and wrong in turn, so Progress, Review and "not yet mastered" have a history to work on."""
    from course.app.quiz import skill_of
    from course.app.state import LOCAL
    from course.store import Attempt, ProgressStore

    store = ProgressStore(db)
    for n, ex in enumerate(load_course(ROOT).exercises.values()):
        for q, question in enumerate(ex.questions):
            store.record(Attempt(learner=LOCAL.key, exercise=ex.id, question=q, ask=question.ask,
                                 skill=skill_of(ex, question), given="x", correct=(n + q) % 2 == 0,
                                 game=ex.game, rules=ex.rules))
    store.close()


def edit_revalidation(live: LiveCourse, course: Path, repeat: int) -> dict:
    target = course / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"
    original = target.read_text(encoding="utf-8")
    watcher, watcher_cpu, timer = [], [], []
    live.close()  # no background watcher: the two paths are timed directly
    for n in range(repeat):
        target.write_text(original.replace('title: "', f'title: "Edit {n} ', 1), encoding="utf-8")
        started, cpu = time.perf_counter(), time.thread_time()
        assert live.refresh([target])
        watcher.append(time.perf_counter() - started)
        watcher_cpu.append(time.thread_time() - cpu)
        target.write_text(original.replace('title: "', f'title: "Stat {n} ', 1), encoding="utf-8")
        started = time.perf_counter()
        assert live.refresh()
        timer.append(time.perf_counter() - started)
    target.write_text(original, encoding="utf-8")
    return {"edit_watcher": statistics.median(watcher), "edit_watcher_cpu": statistics.median(watcher_cpu),
            "edit_timer": statistics.median(timer)}


def practice_check(course: Path, repeat: int) -> float:
    """Median of one check-answer interaction on Practice, the app pointed at `course`."""
    spec = importlib.util.spec_from_file_location("app_benchmark", ROOT / "benchmarks" / "app.py")
    app_benchmark = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(app_benchmark)
    from course.app import state
    from tests.support.apptest import environment

    with tempfile.TemporaryDirectory() as tmp, environment(Path(tmp) / "bench.db", content=course):
        state.live_course().course()  # loaded before AppTest's 30 s script timeout starts (timed above)
        times = app_benchmark.bench_checks({"practice": app_benchmark.practice_app()}, repeat)
    return times["practice"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--full", action="store_true", help=f"also {FULL:,} exercises")
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--no-previous", action="store_true", help="skip the previous design's check")
    args = parser.parse_args(argv)
    sizes = SIZES + ((FULL,) if args.full else ())
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        previous = None if args.no_previous else previous_code(Path(tmp) / "previous")
        for size in sizes:
            course = generate(Path(tmp) / f"course-{size}", size)
            row = {"now": run_check(course, None)}
            if previous is not None:
                row["previous"] = run_check(course, previous)
            app = cold_loads(course)
            row.update({k: v for k, v in app.items() if k != "live"})
            row.update(edit_revalidation(app["live"], course, args.repeat))
            row.update(server_start(course, Path(tmp)))
            row["practice"] = practice_check(course, args.repeat)
            rows[size] = row
            report(size, row)
            shutil.rmtree(course)
    summary(rows)
    return 0


def report(size: int, row: dict) -> None:
    now = row["now"]
    print(f"\n{now['exercises']:,} exercises (asked for {size:,})")
    print(f"  course check, this design      CPU {now['cpu']:7.2f} s  wall {now['wall']:7.2f} s  "
          f"peak {now['rss_mb']:6.0f} MB  {'valid' if now['ok'] else 'PROBLEMS'}")
    if "previous" in row:
        old = row["previous"]
        print(f"  course check, previous design  CPU {old['cpu']:7.2f} s  wall {old['wall']:7.2f} s  "
              f"peak {old['rss_mb']:6.0f} MB  {'valid' if old['ok'] else 'PROBLEMS'}  "
              f"(this design: {now['cpu'] / old['cpu']:.2f} of its CPU)")
        if old["exercises"] < now["exercises"]:
            print(f"    the previous design refuses files written to later features: it checked "
                  f"{old['exercises']:,} exercises to this design's {now['exercises']:,}, so it did less work")
    print(f"  app cold load                  {row['cold_load'] * 1000:9.0f} ms  (CPU {row['cold_load_cpu'] * 1000:.0f} ms)")
    print(f"  three visitors at once         {row['three_visitors'] * 1000:9.0f} ms, {row['three_loads']} load(s)"
          f"   (three separate loads, the previous design: {row['three_separate'] * 1000:.0f} ms)")
    print(f"  server start                   answering after {row['server_answering']:.1f} s, course ready "
          f"after {row['server_ready']:.1f} s, {row['server_loads']} load(s)")
    print(f"  course map for a first visitor {row['early_map'] * 1000:9.0f} ms arriving as the server answers, "
          f"{row['later_map'] * 1000:.0f} ms arriving once the course is ready")
    print("  a rerun of each page (ms)      " + "  ".join(f"{page} {seconds * 1000:.0f}"
                                                            for page, seconds in row["pages"].items()))
    print(f"  practice check under AppTest   {row['practice'] * 1000:9.1f} ms (median)")
    print(f"  one-file edit revalidated      {row['edit_watcher'] * 1000:9.1f} ms (CPU "
          f"{row['edit_watcher_cpu'] * 1000:.1f} ms; watcher: that file)   "
          f"{row['edit_timer'] * 1000:.1f} ms (timer: stat every file, then that file)")


def summary(rows: dict) -> None:
    print("\nTargets")
    small, big = rows.get(43), rows.get(4_300)
    if big and "previous" in big:
        ratio = big["now"]["cpu"] / big["previous"]["cpu"]
        print(f"  check CPU at 4,300, this / previous: {ratio:.3f} (target at most 0.35)")
    if small and big:
        print(f"  practice check 4,300 / 43: {big['practice'] / small['practice']:.2f} (target at most 1.3)")
    if big:
        print(f"  one-file revalidation at 4,300: {big['edit_watcher'] * 1000:.1f} ms (target under 50 ms)")
    loads = {size: row["three_loads"] for size, row in rows.items()}
    print(f"  loads caused by three concurrent first visitors: {loads} (target 1)")


if __name__ == "__main__":
    raise SystemExit(main())
