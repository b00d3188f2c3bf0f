"""The app's speed, in one run:

1. loading and validating the whole course (`course.content.load_course`), and answering every
   question with the engine, as `course check` would;
2. one check-answer interaction on the Practice page under AppTest (pick an answer, press
   Check, rerun), beside the same interaction on a trivial one-widget app under AppTest.
   Target: the practice interaction within twice the trivial one. For scale it also times the
   trivial widget behind st.navigation and a sidebar input, which every page of the app has.

    python benchmarks/app.py [--repeat 7] [--json]

Times are the median of `--repeat` runs after one warm-up run; the practice and the trivial
interactions alternate, so both see the same machine. The progress database is a temporary
file. Each practice interaction starts from an unanswered question (Try again is pressed
between runs, untimed).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from course import content, questions
from course.app.apptest import environment, open_app

ROOT = Path(__file__).resolve().parents[1]
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
                    questions.answer(ex, q)
                except Exception:  # an engine gap is reported by course check, not timed here
                    pass
        return course

    course = load()
    return {"lessons": len(course.lessons), "exercises": len(course.exercises),
            "questions": sum(len(e.questions) for e in course.exercises.values()),
            "load_validate_s": median_time(load, repeat),
            "load_validate_answer_s": median_time(load_and_answer, repeat)}


def practice_app():
    """The Practice page on the benchmark deal, and one timed check interaction on it: pick
    the right answer, press Check, rerun. `reset` (not timed) presses Try again, so every
    timed interaction starts from an unanswered question, as a learner's does."""
    course = content.load_course(ROOT)
    ex = course.exercises[DEAL]
    right = questions.to_json(questions.answer(ex, ex.questions[0]).value)
    key = f"practice|{DEAL}|0"
    at = open_app("practice", query={"deal": DEAL})
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


def bench_check_pair(repeat: int) -> tuple[float, float]:
    """Median time of the practice and the trivial check interaction, measured alternately
    (practice, trivial, practice, ...) so that drift in the machine's speed hits both alike."""
    with tempfile.TemporaryDirectory() as tmp, environment(Path(tmp) / "bench.db"):
        apps = [practice_app(), trivial_app()]
        times: list[list[float]] = [[], []]
        for round_ in range(repeat + 1):
            for n, (interaction, reset) in enumerate(apps):
                start = time.perf_counter()
                interaction()
                elapsed = time.perf_counter() - start
                reset()
                if round_:                 # round 0 is the warm-up
                    times[n].append(elapsed)
        return statistics.median(times[0]), statistics.median(times[1])


NAV_ENTRY = """
import streamlit as st
with st.sidebar:
    st.text_input("Your name", key="learner")
st.navigation([st.Page("page.py", title="Practice", default=True)]).run()
"""


def bench_navigation_floor(repeat: int) -> float:
    """The trivial widget behind st.navigation and a sidebar input, as the app's pages are:
    the part of every rerun that no page can avoid."""
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "app.py").write_text(NAV_ENTRY, encoding="utf-8")
        Path(tmp, "page.py").write_text(TRIVIAL, encoding="utf-8")
        at = AppTest.from_file(str(Path(tmp, "app.py")), default_timeout=30).run()

        def interaction():
            at.radio(key="pick").set_value("Ben")
            at.button(key="check").click().run()
            assert at.success[0].value == "You chose Ben."

        return median_time(interaction, repeat)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=31)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = bench_course(args.repeat)
    result["practice_check_s"], result["trivial_check_s"] = bench_check_pair(args.repeat)
    result["navigation_floor_s"] = bench_navigation_floor(args.repeat)
    result["ratio"] = result["practice_check_s"] / result["trivial_check_s"]
    result["within_target"] = result["ratio"] <= 2.0
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"course: {result['lessons']} lessons, {result['exercises']} exercises, "
          f"{result['questions']} questions")
    print(f"  load + validate             {result['load_validate_s'] * 1000:8.1f} ms")
    print(f"  load + validate + answer    {result['load_validate_answer_s'] * 1000:8.1f} ms")
    print("check-answer interaction under AppTest (median):")
    print(f"  practice page               {result['practice_check_s'] * 1000:8.1f} ms")
    print(f"  trivial one-widget app      {result['trivial_check_s'] * 1000:8.1f} ms")
    print(f"  same widget behind st.navigation + sidebar "
          f"{result['navigation_floor_s'] * 1000:.1f} ms (the floor of any page of this app)")
    verdict = "within" if result["within_target"] else "OVER"
    print(f"  ratio {result['ratio']:.2f}x ({verdict} the 2x target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
