"""The app's speed, in one run:

1. loading and validating the whole course (`course.content.load_course`), and answering every
   question with the engine, as `course check` would;
2. one check-answer interaction on the Practice page under AppTest (pick an answer, press
   Check, rerun), beside the same interaction on a trivial one-widget app under AppTest.
   Target: the practice interaction within 2.5 times the trivial one. For scale it also times the
   trivial widget behind st.navigation and a sidebar input, which every page of the app has.

3. the same check interactions for the previous design (the code at PREVIOUS, checked out in a
   temporary git worktree), in fresh processes that alternate with this design's: wall time and
   CPU time per check (the process's CPU, every thread: what a check costs a shared server).

    python benchmarks/app.py [--repeat 101] [--rounds 2] [--no-previous] [--json]

Each interaction is timed twice: as AppTest runs it, compiling the entry script and the page
on every rerun, and with each script compiled once (`compiled_once`), as the server does.

Times are the median of `--repeat` runs after one warm-up run; the practice and the trivial
interactions alternate, so both see the same machine. The progress database is a temporary
file. Each practice interaction starts from an unanswered question (Try again is pressed
between runs, untimed). Target: a check within 2.5 times the trivial rerun.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from streamlit.runtime.scriptrunner.script_cache import ScriptCache

from course import content
from course.asks import solvers

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import previous_tree  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # the test harnesses: tests/support
from tests.support.apptest import ENTRY, AppTest, environment, open_app  # noqa: E402

PREVIOUS = "553b8c8"   # the previous design these figures are compared with
DEAL = "hpd-1-bring-in-suit-tie"
TRIVIAL = """
import streamlit as st
st.radio("Who brings in?", ["Ava", "Ben", "Cara", "Drew"], index=None, key="pick")
if st.button("Check", key="check"):
    st.success(f"You chose {st.session_state.pick}.")
"""


def median_time(fn, repeat: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_course(repeat: int) -> dict[str, float]:
    def load():
        return content.load_course(ROOT)

    def load_and_answer():
        course = content.load_course(ROOT)
        for ex in course.exercises.values():
            for q in ex.questions:
                try:
                    solvers.answer(ex, q)
                except Exception:  # an engine gap is reported by course check, not timed here
                    pass
        return course

    course = load()
    return {"lessons": len(course.lessons), "exercises": len(course.exercises),
            "questions": sum(len(e.questions) for e in course.exercises.values()),
            "load_validate_s": median_time(load, repeat),
            "load_validate_answer_s": median_time(load_and_answer, repeat)}


def practice_app(deal: str = DEAL, ex=None):
    """The Practice page on a deal (the benchmark deal, or `ex` opened by its link `deal`), and
    one timed check interaction on its first question, a radio: pick the right answer, press
    Check, rerun. `reset` (not timed) presses Try again, so every timed interaction starts from
    an unanswered question, as a learner's does."""
    if ex is None:
        ex = content.load_course(ROOT).exercises[deal]
    right = solvers.to_json(solvers.answer(ex, ex.questions[0]).value)
    key = f"practice|{ex.id}|0"
    at = open_app("practice", query={"deal": deal})
    assert not at.exception, at.exception

    def interaction():
        at.radio(key=key).set_value(right)
        at.button(key=f"{key}:check").click().run()
        assert at.success and at.success[0].value.startswith("Right."), at.success

    def reset():
        at.button(key=f"{key}:retry").click().run()

    return interaction, reset


def trivial_app():
    at = AppTest.from_string(TRIVIAL, default_timeout=30).run()

    def interaction():
        at.radio(key="pick").set_value("Ben")
        at.button(key="check").click().run()
        assert at.success[0].value == "You chose Ben."

    return interaction, lambda: None


def bench_checks(apps: dict[str, tuple], repeat: int, cpu: dict | None = None) -> dict[str, float]:
    """Median time of each app's check interaction (`check_times`); the median CPU time of
    each goes into `cpu` when given."""
    cpu_times: dict[str, list[float]] = {}
    medians = {name: statistics.median(t) for name, t in check_times(apps, repeat, cpu_times).items()}
    if cpu is not None:
        cpu.update({name: statistics.median(t) for name, t in cpu_times.items()})
    return medians


def check_times(apps: dict[str, tuple], repeat: int, cpu: dict | None = None) -> dict[str, list[float]]:
    """Each app's check interaction timed `repeat` times, in turn (one of each per round) so
    that drift in the machine's speed hits them all alike; its CPU times (the process's, all
    threads) go into `cpu` when given."""
    times: dict[str, list[float]] = {name: [] for name in apps}
    cpu_times: dict[str, list[float]] = {name: [] for name in apps}
    for round_ in range(repeat + 1):
        for name, (interaction, reset) in apps.items():
            start, begun = time.perf_counter(), time.process_time()
            interaction()
            elapsed, used = time.perf_counter() - start, time.process_time() - begun
            reset()
            if round_:                     # round 0 is the warm-up
                times[name].append(elapsed)
                cpu_times[name].append(used)
    if cpu is not None:
        cpu.update(cpu_times)
    return times


NAV_ENTRY = """
import streamlit as st
with st.sidebar:
    st.text_input("Your name", key="learner")
st.navigation([st.Page("page.py", title="Practice", default=True)]).run()
"""

# The least a practice page can draw and still be one: the deal as cards, the question, Check,
# the engine's verdict and its steps. Run behind the app's own entry script (page config,
# styles, sidebar, six pages), it is the floor of any practice page of this app.
MINIMAL_PRACTICE = f"""
import streamlit as st
from course import content
from course.asks import solvers
from course.app import cards_view, quiz, state
ex = state.course().exercises[{DEAL!r}]
q = ex.questions[0]
st.title("Practice")
st.markdown(cards_view.exercise_html(ex, show_down=False), unsafe_allow_html=True)
st.radio(quiz.prompt_of(ex, q), list(ex.seats), index=None, key="pick")
if st.button("Check", key="check"):
    right = questions.is_correct(ex, q, st.session_state.pick)
    st.success(("Right." if right else "Not right.") + f" You chose {{st.session_state.pick}}.")
    st.markdown(quiz.explanation_md(questions.answer(ex, q)))
"""

# The app's own entry (course.app.entry.main) with its Practice page replaced by the minimal one,
# for a design whose pages are functions built by `entry.build_pages`.
FLOOR_ENTRY = """
from unittest import mock
import streamlit as st
from course.app import entry

def minimal_practice():
""" + "".join(f"    {line}\n" for line in MINIMAL_PRACTICE.strip().splitlines()) + """

def build_pages(roles, real=entry.build_pages):
    pages, named = real(roles)
    named["practice"] = st.Page(minimal_practice, title="Practice", url_path="practice")
    pages["Learn"] = [named["practice"] if p.url_path == "practice" else p for p in pages["Learn"]]
    return pages, named

with mock.patch.object(entry, "build_pages", build_pages):
    entry.main()
"""


def write_files(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        Path(folder, name).parent.mkdir(parents=True, exist_ok=True)
        Path(folder, name).write_text(text, encoding="utf-8")


def radio_check_app(at: AppTest, answer: str, verdict: str):
    """The check interaction of an app whose page has a `pick` radio and a `check` button."""
    assert not at.exception, at.exception

    def interaction():
        at.radio(key="pick").set_value(answer)
        at.button(key="check").click().run()
        assert verdict in at.success[0].value, at.success

    return interaction, lambda: None


def bench_interactions(repeat: int, cpu: dict | None = None) -> dict[str, float]:
    """The practice check beside the trivial app's, the trivial widget behind a bare
    st.navigation + sidebar, and the minimal practice page behind this app's entry script."""
    course = content.load_course(ROOT)
    ex = course.exercises[DEAL]
    right = solvers.to_json(solvers.answer(ex, ex.questions[0]).value)
    entry = ENTRY     # the entry script of the design being measured (this tree's, or the previous one's)
    with tempfile.TemporaryDirectory() as tmp, environment(Path(tmp) / "bench.db"):
        nav, floor = Path(tmp, "nav"), Path(tmp, "floor")
        write_files(nav, {"app.py": NAV_ENTRY, "page.py": TRIVIAL})
        if entry.with_name("views").is_dir():      # a design whose pages are scripts in views/
            pages = {f"views/{p.name}": p.read_text(encoding="utf-8")
                     for p in entry.with_name("views").glob("*.py")}
            write_files(floor, {"streamlit_app.py": entry.read_text(encoding="utf-8"), **pages,
                                "views/practice.py": MINIMAL_PRACTICE})
        else:                                      # pages are functions: entry.build_pages
            write_files(floor, {"streamlit_app.py": FLOOR_ENTRY})
        minimal = AppTest.from_file(str(floor / "streamlit_app.py"), default_timeout=30)
        minimal.session_state["learner"] = "Tess"
        minimal.run()
        minimal.switch_page("views/practice.py").run()    # the page at /practice, either design
        apps = {
            "practice": practice_app(),
            "trivial": trivial_app(),
            "navigation": radio_check_app(
                AppTest.from_file(str(nav / "app.py"), default_timeout=30).run(), "Ben",
                "You chose Ben."),
            "minimal": radio_check_app(minimal, right, "Right."),
        }
        return bench_checks(apps, repeat, cpu)


@contextmanager
def compiled_once():
    """Scripts compiled once and their bytecode kept, as the server does (its Runtime holds one
    `ScriptCache` for every session and rerun); AppTest builds a new cache on every run, so
    under it each rerun compiles the entry script and the page again, which no learner waits on."""
    from streamlit.testing.v1 import app_test, local_script_runner

    shared = ScriptCache()
    saved = app_test.ScriptCache, local_script_runner.ScriptCache
    app_test.ScriptCache = local_script_runner.ScriptCache = lambda: shared
    try:
        yield
    finally:
        app_test.ScriptCache, local_script_runner.ScriptCache = saved


def checks_in_fresh_process(code: Path | None, repeat: int) -> dict:
    """The check interactions in a fresh process running the `course` package under `code`
    (None: this checkout): {app: (median wall s, median CPU s)}."""
    env = {**os.environ, "STREAMLIT_LOGGER_LEVEL": "error"}
    if code is not None:
        env["PYTHONPATH"] = str(code)
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", "--repeat", str(repeat)],
                          cwd=code or ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def child(repeat: int) -> int:
    import course
    cpu: dict = {}
    wall = bench_interactions(repeat, cpu)
    print(json.dumps({"code": str(Path(course.__file__).parents[1]),
                      **{name: (wall[name], cpu[name]) for name in wall}}))
    return 0


def side_by_side(rounds: int, repeat: int) -> dict:
    """This design's checks and the previous design's, in fresh processes, alternating."""
    runs: dict[str, list[dict]] = {"previous": [], "this": []}
    with previous_tree(PREVIOUS) as tree:
        for _ in range(rounds):
            if tree is not None:
                runs["previous"].append(checks_in_fresh_process(tree, repeat))
            runs["this"].append(checks_in_fresh_process(None, repeat))
    out = {}
    for design, results in runs.items():
        if results:
            out[design] = {name: (statistics.median(r[name][0] for r in results),
                                  statistics.median(r[name][1] for r in results))
                           for name in results[0] if name != "code"}
    return out


def print_side_by_side(found: dict) -> None:
    print(f"check-answer interaction in fresh processes, alternating (median wall / median CPU per check):")
    print(f"  {'':<12}{'practice':>20}{'trivial':>20}{'practice / trivial':>22}{'practice CPU':>16}")
    for design, results in found.items():
        label = f"previous {PREVIOUS}" if design == "previous" else "this design"
        (pw, pc), (tw, tc) = results["practice"], results["trivial"]
        print(f"  {label:<16}{pw * 1000:9.1f} / {pc * 1000:5.1f} ms{tw * 1000:10.1f} / {tc * 1000:4.1f} ms"
              f"{pw / tw:14.2f}x{pc * 1000:13.1f} ms")
    if len(found) == 2:
        ratio = found["this"]["practice"][1] / found["previous"]["practice"][1]
        print(f"  per-check CPU, this / previous: {ratio:.2f}; target: practice within 2.5 times the trivial rerun")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=101)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rounds", type=int, default=2, help="fresh processes per design")
    parser.add_argument("--no-previous", action="store_true", help=f"skip the previous design ({PREVIOUS})")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.repeat)
    result = bench_course(args.repeat)
    checks = bench_interactions(args.repeat)
    result.update({f"{name}_check_s": value for name, value in checks.items()})
    result["ratio"] = result["practice_check_s"] / result["trivial_check_s"]
    result["minimal_ratio"] = result["minimal_check_s"] / result["trivial_check_s"]
    result["within_target"] = result["ratio"] <= 2.5
    with compiled_once():
        served = bench_interactions(args.repeat)
    result.update({f"{name}_check_compiled_once_s": value for name, value in served.items()})
    result["ratio_compiled_once"] = served["practice"] / served["trivial"]
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    ms = lambda key: f"{result[key] * 1000:8.1f} ms"  # noqa: E731
    print(f"course: {result['lessons']} lessons, {result['exercises']} exercises, "
          f"{result['questions']} questions")
    print(f"  load + validate                                  {ms('load_validate_s')}")
    print(f"  load + validate + answer                         {ms('load_validate_answer_s')}")
    print("check-answer interaction under AppTest (median, measured in turn):")
    print(f"  practice page                                    {ms('practice_check_s')}")
    print(f"  trivial one-widget app                           {ms('trivial_check_s')}")
    print(f"  trivial widget behind st.navigation + sidebar    {ms('navigation_check_s')}")
    print(f"  minimal practice page behind this app's entry    {ms('minimal_check_s')}"
          f"  ({result['minimal_ratio']:.2f}x: cards, radio, Check, verdict, steps)")
    verdict = "within" if result["within_target"] else "OVER"
    print(f"  practice ratio {result['ratio']:.2f}x ({verdict} the 2.5x target)")
    print("the same, each script compiled once as the server does (AppTest compiles both scripts on every rerun):")
    print(f"  practice page                                    {ms('practice_check_compiled_once_s')}")
    print(f"  trivial one-widget app                           {ms('trivial_check_compiled_once_s')}")
    verdict = "within" if result["ratio_compiled_once"] <= 2.5 else "OVER"
    print(f"  practice ratio {result['ratio_compiled_once']:.2f}x ({verdict} the 2.5x target)")
    if not args.no_previous:
        print_side_by_side(side_by_side(args.rounds, max(11, args.repeat // 2)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
