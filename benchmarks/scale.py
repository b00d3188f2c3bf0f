"""The course at scale, in one run: courses of 43, 430 and 4,300 exercises (and 43,000 with
`--full`), each made of copies of this course with fresh ids and lesson orders.

For each size it prints:

- `course check` in a fresh process: CPU time and peak memory, for this design and for the
  previous one (the code at PREVIOUS, exported with `git archive`), on the same files;
- a real server's start: when it answers, when its course is ready (it loads as it starts), and
  how long a first visitor waits for the course map, arriving at once or after the load, and a
  rerun of every page over the websocket, as a browser tab sends it, for a learner who has
  answered every question of this course's own exercises;
- a restart on unchanged files: the server started again, its course taken from the
  validated-course cache the first start filled, beside the previous design's server start (it
  had no cache: every start validated everything);
- the app's cold load (`LiveCourse.course()`) and three visitors arriving together at a fresh
  server: how many loads they cause and how long they wait, beside three independent loads (what
  the previous design did: every first session loaded its own copy);
- one check-answer interaction on Practice and one rerun of the Course map under AppTest, each
  size in its own fresh process, the sizes alternating for `--rounds` rounds (median of the
  rounds' medians): one process timing the sizes one after another measured the later sizes on
  a bigger heap, and called 4,300 1.87 times 43 where fresh processes give 1.02-1.17;
- revalidating after a one-file edit: the watcher's path (the changed file only) and the timer's
  path (a stat of every file, then the changed file).

    python benchmarks/scale.py [--full] [--repeat 21] [--rounds 3] [--no-previous]

A restart alone, side by side with the code at another commit (each with a cache of its own,
filled by one first start; then fresh servers alternating, `--rounds` each):

    python benchmarks/scale.py --restarts-only 43000 --restart-against REV [--rounds 5]

The first Course map after a restart (the cache and the progress file kept from the first start;
process start to the map drawn for a visitor who opens the page as soon as the server answers),
beside the code at REV when given, and beside the floor, a trivial Streamlit page's first paint
in the same rounds:

    python benchmarks/scale.py --first-map 43000 [--first-map-against REV] [--rounds 5]

`course check` alone against a plain read of the same files with PyYAML's C loader (and the
code at REV beside it, when given), fresh processes alternating:

    python benchmarks/scale.py --check-only 4300 [--check-against REV] [--rounds 3] [--uncompiled]

Each tree's `course` package is compiled to bytecode first, as a checkout that has run once
holds it (`--uncompiled` leaves it as found).

Targets: the practice check and the Course map rerun at 4,300 within 1.3 times those
at 43, at 43,000 within 1.5; at 43,000 a restart on unchanged files ready in under 3 s. Earlier targets
still hold: a one-file revalidation at 4,300 under 50 ms; three concurrent first visitors cost
one load.
"""

from __future__ import annotations

import argparse
import compileall
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
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PREVIOUS = "553b8c8"   # the previous design these figures are compared with
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
        text = re.sub(r"^(\s+try: )(\S+)$", lambda m: f"{m.group(1)}{m.group(2)}{suffix}", text, flags=re.M)
    return text


# -- course check in a fresh process ---------------------------------------------------------

def previous_code(folder: Path, rev: str = PREVIOUS) -> Path | None:
    """The `course` package as it was at `rev` (default PREVIOUS), or None when git cannot give it."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "course"], check=True,
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


# A plain read of the same files with PyYAML's C loader, in a fresh process: the floor `course
# check` is measured against (it reads, validates and answers; this only reads).
C_LOADER_READ = """
import pathlib, sys, yaml
for folder in ("lessons", "exercises"):
    for path in sorted((pathlib.Path(sys.argv[1]) / folder).rglob("*.yaml")):
        yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CLoader)
"""


def c_loader_read(course: Path) -> float:
    """CPU seconds of a fresh process that reads every lesson and exercise file of `course` with
    `yaml.load(..., Loader=yaml.CLoader)` (interpreter start included, as in `run_check`)."""
    child = subprocess.Popen([sys.executable, "-c", C_LOADER_READ, str(course)])
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"the C loader could not read {course}")
    return usage.ru_utime + usage.ru_stime


def compile_bytecode(code: Path | None) -> None:
    """The `course` package under `code` (this checkout's when None) compiled to bytecode, as a
    checkout that has run once, or an installed package, holds it. Without it, where
    PYTHONDONTWRITEBYTECODE is set every fresh process compiled the package's source again
    (about half a second), while PyYAML, the C loader's only import, is compiled at install."""
    compileall.compile_dir(str((code or ROOT) / "course"), quiet=1)


def check_only(size: int, rev: str | None, rounds: int, compiled: bool = True) -> int:
    """`course check` at one size against a plain C-loader read of the same files, fresh
    processes alternating (C loader, the code at `rev` when given, this checkout) `rounds` times;
    medians, and each one's ratio to the C loader's read of its own round. Each tree's bytecode
    is compiled first unless `compiled` is False."""
    with tempfile.TemporaryDirectory() as tmp:
        before = previous_code(Path(tmp) / "before", rev) if rev else None
        if rev and before is None:
            print(f"git cannot give the code at {rev}")
            return 1
        for code in ((before, None) if compiled else ()):
            compile_bytecode(code)
        course = generate(Path(tmp) / f"course-{size}", size)
        trees = {**({f"course check at {rev}": before} if before else {}), "course check, this checkout": None}
        found: dict[str, list[float]] = {name: [] for name in trees}
        ratios: dict[str, list[float]] = {name: [] for name in trees}
        reads, peaks, outputs = [], {name: [] for name in trees}, {}
        for _ in range(rounds):
            read = c_loader_read(course)
            reads.append(read)
            for name, code in trees.items():
                run = run_check(course, code)
                found[name].append(run["cpu"])
                ratios[name].append(run["cpu"] / read)
                peaks[name].append(run["rss_mb"])
                outputs.setdefault(name, run["out"])
    exercises = run["exercises"]
    print(f"{exercises:,} exercises, {rounds} rounds of fresh processes, the `course` package "
          f"{'compiled to bytecode first' if compiled else 'as found (compiled by each process where PYTHONDONTWRITEBYTECODE is set)'}:")
    print(f"  C loader read (yaml.load, CLoader)   CPU median {statistics.median(reads):.2f} s "
          f"(min {min(reads):.2f}, max {max(reads):.2f})")
    for name in trees:
        print(f"  {name:36} CPU median {statistics.median(found[name]):.2f} s (min {min(found[name]):.2f}, "
              f"max {max(found[name]):.2f}), {statistics.median(ratios[name]):.2f} times the C loader "
              f"(min {min(ratios[name]):.2f}, max {max(ratios[name]):.2f}; target at most 3), "
              f"peak {statistics.median(peaks[name]):.0f} MB")
    if len(outputs) == 2:
        same = len(set(outputs.values())) == 1
        print(f"  the two report the same problems and counts (--json): {'yes' if same else 'NO'}")
    return 0


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


def process_cpu(pid: int) -> float:
    """CPU seconds a running process has used so far (user + system, from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


RESTART_CPU: dict[str, float] = {}    # server name -> its CPU seconds when its course was ready
RESTART_RSS: dict[str, float] = {}    # server name -> its resident memory (MiB) once ready and answering


def process_rss_mib(pid: int) -> float:
    """A running process's resident memory now (VmRSS, from /proc), MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _answers(port: int) -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False



@contextmanager
def _served(course: Path, folder: Path, code: Path | None, cache: Path, name: str, db: Path | None = None):
    """A server (`python -m course.app`, of this checkout or of the package under `code`) on
    `course` with the validated-course cache `cache` and the progress file `db` (a fresh one,
    `folder/<name>.db`, when not given), its output in `folder/<name>.log`: yields the process,
    its port, the log and the time it was started; stops it on leaving."""
    from tests.support.serve import free_port

    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "STUD_STUDY_CONTENT"}
    env.update({"STUD_STUDY_DB": str(db or folder / f"{name}.db"), "STUD_STUDY_CONTENT": str(course),
                "STUD_STUDY_CACHE": str(cache)})
    if code is not None:
        env["PYTHONPATH"] = str(code)
    log = folder / f"{name}.log"
    with open(log, "w") as out:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "course.app", "--server.port", str(port),
                                 "--server.address", "127.0.0.1", "--server.headless", "true",
                                 "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
                                cwd=code or ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            yield proc, port, log, started
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def ready_after(course: Path, folder: Path, code: Path | None, cache: Path, name: str,
                db: Path | None = None) -> float:
    """Seconds from starting a server (`python -m course.app`, of this checkout or of the
    package under `code`) on `course` until it logs its course loaded; the server is stopped.
    Its CPU seconds by then go into RESTART_CPU[name]: on a machine shared with other jobs the
    wall time shows the machine, the CPU time the server. Its resident memory once it also
    answers (what it holds for the course while serving) goes into RESTART_RSS[name]."""
    from tests.support.serve import LOADED

    with _served(course, folder, code, cache, name, db) as (proc, port, log, started):
        while not LOADED.search(log.read_text(encoding="utf-8", errors="replace")):
            if proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {log.read_text()[-2000:]}")
            time.sleep(0.05)
        wall = time.perf_counter() - started
        RESTART_CPU[name] = process_cpu(proc.pid)
        while not _answers(port) and proc.poll() is None:
            time.sleep(0.05)
        time.sleep(0.5)             # the start's last allocations settle
        RESTART_RSS[name] = process_rss_mib(proc.pid)
        return wall


def first_map_after(course: Path, folder: Path, code: Path | None, cache: Path, name: str, db: Path) -> dict:
    """A server (`python -m course.app`, of this checkout or of the package under `code`) started
    on `course` with the validated-course cache `cache` and the progress file `db`, and a visitor who opens it as soon as it
    answers: seconds from the process start until it answers its health check, until it has
    served the page's HTML, and until the Course map's run has finished over the websocket (what
    the visitor sees) with the server's CPU seconds by then (on a shared machine the wall time
    shows the machine, the CPU time the server), with the server's "course loaded" time from its
    log. The server is stopped."""
    import urllib.request

    from tests.support.serve import LOADED
    from tests.support.wsclient import Tab

    with _served(course, folder, code, cache, name, db) as (proc, port, log, started):
        while not _answers(port):
            if proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {log.read_text()[-2000:]}")
            time.sleep(0.02)
        answering = time.perf_counter() - started
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as page:
            page.read()
        html = time.perf_counter() - started
        tab = Tab(f"http://127.0.0.1:{port}", timeout=600)
        drawn = tab.run()
        course_map = time.perf_counter() - started
        map_cpu = process_cpu(proc.pid)
        tab.close()
        failed = [getattr(p, "message", "") for n, p in drawn.elements if n == "exception"]
        if failed or len(drawn.elements) < 10:
            raise RuntimeError(f"the Course map was not drawn: {failed or [n for n, _ in drawn.elements]}")
        while not (loaded := LOADED.search(log.read_text(encoding="utf-8", errors="replace"))):
            time.sleep(0.05)
        return {"answering": answering, "html": html, "map": course_map, "map_cpu": map_cpu,
                "loaded_in": float(loaded.group("seconds")), "cpu": process_cpu(proc.pid)}


# The floor: a page that draws a title and a dozen lines, nothing else, served by `streamlit run`
# with the same options. Its first paint is as soon as any Streamlit page can be seen here.
TRIVIAL_PAGE = """
import streamlit as st
st.title("A trivial page")
for n in range(12):
    st.write(f"line {n}")
"""


def trivial_first_paint(folder: Path, name: str) -> dict:
    """A `streamlit run` of `TRIVIAL_PAGE` in a fresh process, opened as soon as it answers:
    seconds from the process start until it answers its health check and until the page's run
    has finished over the websocket, and its CPU seconds by then. The server is stopped."""
    from tests.support.serve import free_port
    from tests.support.wsclient import Tab

    script = folder / "trivial_page.py"
    script.write_text(TRIVIAL_PAGE, encoding="utf-8")
    port = free_port()
    with open(folder / f"{name}.log", "w") as out:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
                                 "--server.address", "127.0.0.1", "--server.headless", "true",
                                 "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
                                cwd=folder, stdout=out, stderr=subprocess.STDOUT)
        try:
            while not _answers(port):
                if proc.poll() is not None:
                    raise RuntimeError(f"the trivial page's server stopped: {(folder / f'{name}.log').read_text()[-2000:]}")
                time.sleep(0.02)
            answering = time.perf_counter() - started
            tab = Tab(f"http://127.0.0.1:{port}", timeout=120)
            drawn = tab.run()
            painted = time.perf_counter() - started
            tab.close()
            if len(drawn.elements) < 13:
                raise RuntimeError(f"the trivial page was not drawn: {[n for n, _ in drawn.elements]}")
            return {"answering": answering, "map": painted, "cpu": process_cpu(proc.pid)}
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def first_maps(size: int, rev: str | None, rounds: int) -> int:
    """The first Course map after a restart on unchanged files: one first start fills each
    tree's cache (this checkout's, and the code at `rev`'s when given), then fresh servers
    alternate, each opened by a visitor as soon as it answers, `rounds` times each, and beside
    them the floor: a trivial Streamlit page (`trivial_first_paint`) in the same rounds. Each
    tree keeps its cache and its progress file from one start to the next, as a restarted server
    does (a fresh progress file has its tables made first, a new class's first start)."""
    with tempfile.TemporaryDirectory() as tmp:
        before = previous_code(Path(tmp) / "before", rev) if rev else None
        if rev and before is None:
            print(f"git cannot give the code at {rev}")
            return 1
        course = generate(Path(tmp) / f"course-{size}", size)
        folder = Path(tmp) / "first-maps"
        folder.mkdir()
        trees = {**({f"code at {rev}": before} if before else {}), "this checkout": None}
        caches = {name: Path(tmp) / f"cache-{n}" for n, name in enumerate(trees)}
        dbs = {name: folder / f"progress-{n}.db" for n, name in enumerate(trees)}
        for name, code in trees.items():
            first = ready_after(course, folder, code, caches[name], f"fill-{len(RESTART_CPU)}", dbs[name])
            print(f"{name}: first start (validates every file, fills its cache) ready after {first:.1f} s", flush=True)
        found: dict[str, list[dict]] = {name: [] for name in trees}
        floor: list[dict] = []
        for turn in range(rounds):
            floor.append(trivial_first_paint(folder, f"trivial-{turn}"))
            for name, code in trees.items():
                found[name].append(first_map_after(course, folder, code, caches[name], f"map-{name[:4]}-{turn}",
                                                   dbs[name]))
    print(f"\nthe first Course map after a restart on unchanged files, {size:,} exercises, {rounds} fresh "
          "servers each, alternating (seconds from the process start; median, min to max):")
    for name, rows in found.items():
        def spread(key: str) -> str:
            values = [row[key] for row in rows]
            return f"{statistics.median(values):.2f} ({min(values):.2f} to {max(values):.2f})"
        print(f"  {name:16} answering {spread('answering')}, page HTML {spread('html')}, Course map drawn "
              f"{spread('map')} (target within 2 s), server CPU by the map {spread('map_cpu')}; course "
              f"loaded in {spread('loaded_in')}; server CPU by then {spread('cpu')}")
    paint = [row["map"] for row in floor]
    print(f"  {'the floor':16} a trivial Streamlit page (a title and 12 lines): answering "
          f"{statistics.median(row['answering'] for row in floor):.2f}, drawn {statistics.median(paint):.2f} "
          f"({min(paint):.2f} to {max(paint):.2f}); server CPU by then "
          f"{statistics.median(row['cpu'] for row in floor):.2f}")
    if len(found) == 2:
        before_cpu, mine_cpu = (statistics.median(row["map_cpu"] for row in rows) for rows in found.values())
        print(f"  server CPU by the map, this checkout / code at {rev}: {mine_cpu / before_cpu:.2f} (medians)")
    mine = statistics.median(row["map"] for row in found["this checkout"])
    print(f"  this checkout's Course map is drawn {mine - statistics.median(paint):.2f} s after the trivial "
          f"page's (medians); the floor alone is {statistics.median(paint) - 2:+.2f} s from the 2 s target")
    return 0


def restarts(course: Path, folder: Path, previous: Path | None) -> dict:
    """This design's server started twice on the same files (the first fills the cache, the
    second is the restart), and the previous design's start, which had no cache."""
    folder = folder / f"restarts-{course.name}"
    folder.mkdir()
    cache = folder / "cache"
    out = {"first_start": ready_after(course, folder, None, cache, "first"),
           "restart": ready_after(course, folder, None, cache, "restart")}
    out["restart_cpu"] = RESTART_CPU["restart"]
    out["first_rss_mib"], out["restart_rss_mib"] = RESTART_RSS["first"], RESTART_RSS["restart"]
    if previous is not None:
        out["previous_start"] = ready_after(course, folder, previous, folder / "unused-cache", "previous")
    return out


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
    env = {ENV_VAR: str(folder / "progress.db"), CONTENT_ENV: str(course),
           "STUD_STUDY_CACHE": str(folder / "cache")}     # a cold start: nothing kept
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


def practice_check(course: Path, repeat: int) -> dict:
    """Medians of one check-answer interaction on Practice and of one Course map rerun, the app
    pointed at `course` (run in a fresh process: `--child`)."""
    spec = importlib.util.spec_from_file_location("app_benchmark", ROOT / "benchmarks" / "app.py")
    app_benchmark = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(app_benchmark)
    from course.app import state
    from tests.support.apptest import environment, open_app

    with tempfile.TemporaryDirectory() as tmp, environment(Path(tmp) / "bench.db", content=course):
        state.live_course().course()  # loaded before AppTest's 30 s script timeout starts (timed above)
        course_map = open_app("map", timeout=120)
        times = app_benchmark.bench_checks({"practice": app_benchmark.practice_app(),
                                            "map": (lambda: course_map.run(), lambda: None)}, repeat)
    return times


def alternating(courses: dict[int, Path], repeat: int, rounds: int) -> dict[int, dict]:
    """`practice_check` for every size in fresh processes, the sizes taken in turn, `rounds`
    times; the median of each size's medians."""
    found: dict[int, list[dict]] = {size: [] for size in courses}
    for _ in range(rounds):
        for size, course in courses.items():
            # Each size's children share one validated-course cache: only the first validates.
            env = {**os.environ, "STUD_STUDY_CACHE": str(course.parent / f"child-cache-{size}")}
            done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(course),
                                   "--repeat", str(repeat)], capture_output=True, text=True, check=True, env=env)
            found[size].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return {size: {k: statistics.median(r[k] for r in runs) for k in runs[0]} for size, runs in found.items()}


def restarts_only(size: int, with_previous: bool) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        previous = previous_code(Path(tmp) / "previous") if with_previous else None
        course = generate(Path(tmp) / f"course-{size}", size)
        found = restarts(course, Path(tmp), previous)
    print(f"{size:,} exercises: first start (filling the cache) ready after {found['first_start']:.1f} s, "
          f"restart on unchanged files {found['restart']:.1f} s (CPU {found['restart_cpu']:.1f} s)"
          + (f", the previous design's start {found['previous_start']:.1f} s" if "previous_start" in found else ""))
    print(f"  server RSS once ready: after the first start {found['first_rss_mib']:.0f} MiB, after the restart "
          f"{found['restart_rss_mib']:.0f} MiB ({found['first_rss_mib'] / found['restart_rss_mib']:.2f} times; "
          f"target at most 1.2)")
    return 0


def restarts_against(size: int, rev: str, rounds: int) -> int:
    """Restarts on unchanged files with a filled cache, this checkout against the code at `rev`
    (each with a cache of its own, filled by one first start), alternating fresh servers:
    before, after, before, after ... `rounds` times each."""
    with tempfile.TemporaryDirectory() as tmp:
        before = previous_code(Path(tmp) / "before", rev)
        if before is None:
            print(f"git cannot give the code at {rev}")
            return 1
        course = generate(Path(tmp) / f"course-{size}", size)
        folder = Path(tmp) / "restarts"
        folder.mkdir()
        trees = {f"before ({rev})": before, "this checkout": None}
        caches = {name: Path(tmp) / f"cache-{n}" for n, name in enumerate(trees)}
        for name, code in trees.items():
            first = ready_after(course, folder, code, caches[name], f"fill-{len(RESTART_CPU)}")
            print(f"{name}: first start (validates every file, fills its cache) ready after {first:.1f} s", flush=True)
        found: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        for turn in range(rounds):
            for name, code in trees.items():
                label = f"{name}-{turn}"
                found[name].append((ready_after(course, folder, code, caches[name], label), RESTART_CPU[label]))
    print(f"\nrestart on unchanged files, {size:,} exercises, {rounds} fresh servers each, alternating:")
    for name, rows in found.items():
        walls, cpus = [w for w, _ in rows], [c for _, c in rows]
        print(f"  {name:24} ready after median {statistics.median(walls):.2f} s (min {min(walls):.2f}, "
              f"max {max(walls):.2f}), CPU median {statistics.median(cpus):.2f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--full", action="store_true", help=f"also {FULL:,} exercises")
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--no-previous", action="store_true", help="skip the previous design's check")
    parser.add_argument("--rounds", type=int, default=3, help="alternating fresh processes per size")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--first-map", type=int, metavar="EXERCISES",
                        help="only the first Course map after a restart from the cache, at this size")
    parser.add_argument("--first-map-against", metavar="REV",
                        help="with --first-map: also the code at REV, alternating (--rounds each)")
    parser.add_argument("--check-only", type=int, metavar="EXERCISES",
                        help="only `course check` against a C-loader read of the same files, at this size")
    parser.add_argument("--check-against", metavar="REV",
                        help="with --check-only: also the code at REV, alternating (--rounds each)")
    parser.add_argument("--uncompiled", action="store_true",
                        help="with --check-only: do not compile the trees' bytecode first")
    parser.add_argument("--restarts-only", type=int, metavar="EXERCISES",
                        help="only the server starts and restart, at this size (a quick look at 43,000)")
    parser.add_argument("--restart-against", metavar="REV",
                        help="with --restarts-only: restarts from a filled cache, this checkout against the "
                             "code at REV, alternating fresh servers (--rounds each)")
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(practice_check(args.child, args.repeat)))
        return 0
    sizes = SIZES + ((FULL,) if args.full else ())
    # The in-process loads (cold load, three visitors, edits) keep nothing across loads, as
    # before the cache: every server started below is given a cache folder of its own.
    os.environ["STUD_STUDY_CACHE"] = "off"
    if args.first_map:
        return first_maps(args.first_map, args.first_map_against, args.rounds)
    if args.check_only:
        return check_only(args.check_only, args.check_against, args.rounds, compiled=not args.uncompiled)
    if args.restarts_only and args.restart_against:
        return restarts_against(args.restarts_only, args.restart_against, args.rounds)
    if args.restarts_only:
        return restarts_only(args.restarts_only, not args.no_previous)
    rows = {}
    courses = {}
    with tempfile.TemporaryDirectory() as tmp:
        previous = None if args.no_previous else previous_code(Path(tmp) / "previous")
        for size in sizes:
            course = courses[size] = generate(Path(tmp) / f"course-{size}", size)
            row = {"now": run_check(course, None), "c_loader": c_loader_read(course)}
            if previous is not None:
                row["previous"] = run_check(course, previous)
            app = cold_loads(course)
            row.update({k: v for k, v in app.items() if k != "live"})
            row.update(edit_revalidation(app["live"], course, args.repeat))
            row.update(server_start(course, Path(tmp)))
            row.update(restarts(course, Path(tmp), previous))
            rows[size] = row
            report(size, row)
        print(f"\npractice check and Course map rerun, fresh processes, sizes alternating ({args.rounds} rounds):")
        for size, times in alternating(courses, args.repeat, args.rounds).items():
            rows[size].update(times)
            print(f"  {size:>7,} exercises   practice check {times['practice'] * 1000:7.1f} ms   "
                  f"Course map rerun {times['map'] * 1000:7.1f} ms")
    summary(rows)
    return 0


def report(size: int, row: dict) -> None:
    now = row["now"]
    print(f"\n{now['exercises']:,} exercises (asked for {size:,})")
    print(f"  course check, this design      CPU {now['cpu']:7.2f} s  wall {now['wall']:7.2f} s  "
          f"peak {now['rss_mb']:6.0f} MB  {'valid' if now['ok'] else 'PROBLEMS'}")
    print(f"  C loader read of the same files CPU {row['c_loader']:7.2f} s  (course check: "
          f"{now['cpu'] / row['c_loader']:.2f} times; target at most 3)")
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
    if "restart" in row:
        previous = (f"; the previous design's start: {row['previous_start']:.1f} s"
                    if "previous_start" in row else "")
        print(f"  restart on unchanged files     course ready after {row['restart']:.1f} s, CPU {row['restart_cpu']:.1f} s "
              f"(first start, filling the cache: {row['first_start']:.1f} s{previous})")
        print(f"  server RSS once ready          {row['first_rss_mib']:.0f} MiB after the first start, "
              f"{row['restart_rss_mib']:.0f} MiB after the restart ({row['first_rss_mib'] / row['restart_rss_mib']:.2f} "
              f"times; target at most 1.2)")
    print(f"  one-file edit revalidated      {row['edit_watcher'] * 1000:9.1f} ms (CPU "
          f"{row['edit_watcher_cpu'] * 1000:.1f} ms; watcher: that file)   "
          f"{row['edit_timer'] * 1000:.1f} ms (timer: stat every file, then that file)")


def summary(rows: dict) -> None:
    print("\nTargets")
    small, big = rows.get(43), rows.get(4_300)
    if big and "previous" in big:
        ratio = big["now"]["cpu"] / big["previous"]["cpu"]
        print(f"  check CPU at 4,300, this / previous ({PREVIOUS}): {ratio:.3f}")
    if big:
        print(f"  check CPU at 4,300 / a C-loader read of the same files: "
              f"{big['now']['cpu'] / big['c_loader']:.2f} (target at most 3)")
    for size, target in ((4_300, 1.3), (FULL, 1.5)):
        if small and size in rows and "practice" in rows[size]:
            row = rows[size]
            print(f"  practice check {size:,} / 43: {row['practice'] / small['practice']:.2f}, Course map rerun "
                  f"{row['map'] / small['map']:.2f} (target at most {target})")
    if FULL in rows:
        print(f"  restart at {FULL:,} on unchanged files: {rows[FULL]['restart']:.1f} s, CPU "
              f"{rows[FULL]['restart_cpu']:.1f} s (target under 3 s)")
    if big:
        print(f"  one-file revalidation at 4,300: {big['edit_watcher'] * 1000:.1f} ms (target under 50 ms)")
    loads = {size: row["three_loads"] for size, row in rows.items()}
    print(f"  loads caused by three concurrent first visitors: {loads} (target 1)")


if __name__ == "__main__":
    raise SystemExit(main())
