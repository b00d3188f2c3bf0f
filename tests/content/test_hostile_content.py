"""Hostile content: what a careless author or an attacker can put in a course file, an upload, a
pasted text or a URL is bounded, reported with file:line:column, and never shown as markup or as
a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from course.app import labels, quiz
from tests.support.apptest import environment, open_app

ROOT = Path(__file__).resolve().parents[2]
MARKUP = "\\`*_[]<>!|#~$:@"


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_md_escape_shows_text_as_written_and_leaves_no_markup(text):
    escaped = quiz.md_escape(text)
    assert unescape(escaped) == text
    # every markup character is escaped (an odd run of backslashes before it)
    for match in re.finditer(r"(\\*)([" + re.escape(MARKUP) + "])", escaped):
        if match.group(2) != "\\":
            assert len(match.group(1)) % 2 == 1, (text, escaped)
    assert not re.search(r"(?i)www\.", escaped)


def test_a_hostile_article_in_the_url_is_shown_as_plain_text(tmp_path):
    hostile = "![x](https://evil.example/p.png) [win](https://evil.example) <b>x</b> :red[y]"
    with environment(tmp_path / "progress.db"):
        at = open_app("rulebook", query={"article": hostile})
    assert not at.exception
    warning = at.warning[0].value
    # Shown once, as typed, inside a code span (where markdown parses nothing), and no markup
    # from the address anywhere else in the box.
    span = labels.quoted(hostile)
    assert warning.count(span) == 1 and span.startswith("`")
    for link in ("![x](", "[win](", "<b>", ":red[", "https://"):
        assert link not in warning.replace(span, ""), warning


def test_streamlit_reads_the_settings_that_keep_tracebacks_and_big_uploads_out():
    probe = ("from streamlit import config; config.get_config_options(force_reparse=True); "
             "print(config.get_option('client.showErrorDetails'), config.get_option('client.toolbarMode'), "
             "config.get_option('server.maxUploadSize'))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["none", "viewer", "1"]


# -- the loader's limits ---------------------------------------------------------------------

import dataclasses  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import threading  # noqa: E402

import pytest  # noqa: E402

from course import content  # noqa: E402
from tests.support.shipped import shipped_course  # noqa: E402
from tests.support import hostile  # noqa: E402
from course.app import state  # noqa: E402
from tests.support.apptest import PAGES, texts  # noqa: E402
from course.cli import main as cli_main  # noqa: E402
from course.content import load, nodes  # noqa: E402
from course.content import preview  # noqa: E402
from course.content.live import LiveCourse  # noqa: E402

EXERCISE = ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"


def as_bytes(data: str | bytes) -> bytes:
    return data if isinstance(data, bytes) else data.encode("utf-8")


def check_bytes(data: bytes, file: str = "exercises/x.yaml") -> load.Loaded:
    return load.load_text(data, [], file, lesson=False)


@pytest.mark.parametrize("name", list(hostile.INPUTS))
def test_every_hostile_input_is_answered_with_positioned_problems(name):
    loaded = check_bytes(as_bytes(hostile.INPUTS[name]()))
    assert loaded.model is None or loaded.problems
    assert 1 <= len(loaded.problems) <= nodes.MAX_PROBLEMS + 1
    for problem in loaded.problems:
        assert problem.file == "exercises/x.yaml" and problem.line >= 1 and problem.column >= 1


@pytest.mark.parametrize("make, where, words", [
    (hostile.billion_laughs, (9, 5), "anchors and aliases ('&a0') are not supported"),
    (hostile.deep_flow, (9, 27), "nested more than 16 deep"),
    (hostile.long_digits, (9, 6), "a number of 9,000 characters cannot be read"),
    (hostile.long_text, (2, 8), "one value may have at most 10,000"),
    (hostile.many_questions, (9 + 1 + nodes.MAX_QUESTIONS, 5), f"question {nodes.MAX_QUESTIONS + 1}: an exercise asks at most"),
    (hostile.many_values, (9, 9952), "more than 5,000 values in one file"),
    (hostile.large_file, (65507, 2), "the file is larger than 256 KiB"),
])
def test_a_limit_is_reported_where_the_file_crosses_it(make, where, words):
    problems = check_bytes(as_bytes(make())).problems
    hit = [p for p in problems if words in p.message]
    assert hit and (hit[0].line, hit[0].column) == where, problems[:3]
    assert "lessons/README.md, 'Limits'" in hit[0].message


def test_an_alias_is_refused_where_it_is_written():
    text = EXERCISE.read_text(encoding="utf-8").replace("seats: [Ava, Ben, Cara, Drew]", "seats: *players")
    problems = check_bytes(text.encode()).problems
    assert [(p.line, p.column) for p in problems] == [(6, 8)]
    assert "'*players'" in problems[0].message


def test_a_file_lists_at_most_max_problems_and_counts_the_rest():
    problems = check_bytes(hostile.many_problems().encode()).problems
    assert len(problems) == nodes.MAX_PROBLEMS + 1
    assert problems[-1].message.startswith(f"... and {2_000 + 1 - nodes.MAX_PROBLEMS} more problem(s)")


def course_snapshot(course) -> tuple[dict, list]:
    """Every model (as text, rule profiles left out: they are shared objects) and every problem."""
    models = {k: repr(dataclasses.replace(e, profile=None)) for k, e in course.exercises.items()}
    models.update({k: repr(l) for k, l in course.lessons.items()})
    return models, list(course.problems)


def test_both_parsers_give_the_same_course_and_problems():
    if "c" not in nodes.PARSERS:
        pytest.skip("PyYAML was built without libyaml here: only the Python parser exists")

    def snapshot(parser):
        with nodes.using_parser(parser):
            course = content.load_course(ROOT)
            broken = load.load_files([Path(__file__).parent.parent / "fixtures"])
        models, problems = course_snapshot(course)
        return models, problems + broken.problems

    c_models, c_problems = snapshot("c")
    shipped = shipped_course()
    assert len(c_models) == len(shipped.exercises) + len(shipped.lessons)
    assert c_problems  # the fixtures hold broken files: the problems are compared too
    assert snapshot("python") == (c_models, c_problems)


def test_without_libyaml_the_python_parser_loads_the_course_alone():
    """Where PyYAML was built without libyaml (its `_yaml` extension missing), the loader falls
    back to the pure-Python parser and the course checks as valid as ever."""
    probe = ("import sys; sys.modules['yaml._yaml'] = None\n"   # importing it now fails
             "import yaml; assert not yaml.__with_libyaml__\n"
             "from course.content import nodes; assert list(nodes.PARSERS) == ['python'], nodes.PARSERS\n"
             "import course.cli; sys.exit(course.cli.main(['check', '--json']))")
    run = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout)
    assert report["ok"] and report["exercises"] == len(shipped_course().exercises)


def hostile_course(tmp_path: Path) -> Path:
    """A copy of the course plus one file of each hostile kind (and a link out of it)."""
    root = tmp_path / "course"
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "exercises", root / "exercises")
    for n, make in enumerate((hostile.billion_laughs, hostile.deep_flow, hostile.long_digits,
                              hostile.raw_bytes, hostile.many_questions)):
        (root / "exercises" / f"zz-hostile-{n}.yaml").write_bytes(as_bytes(make()))
    secret = tmp_path / "secret.yaml"
    secret.write_text("id: secret\ntitle: not part of the course\n", encoding="utf-8")
    (root / "exercises" / "zz-link.yaml").symlink_to(secret)
    return root


def test_check_json_prints_json_and_every_other_file_still_loads(tmp_path, capsys):
    root = hostile_course(tmp_path)
    code = cli_main(["check", "--json", str(root / "exercises")])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["exercises"] == len(shipped_course().exercises)
    bad = {Path(p["file"]).name for p in report["problems"]}
    assert bad == {f"zz-hostile-{n}.yaml" for n in range(5)} | {"zz-link.yaml"}
    link = next(p for p in report["problems"] if p["file"].endswith("zz-link.yaml"))
    assert link["message"] == load.OUTSIDE and "secret" not in json.dumps(report)


@pytest.mark.parametrize("page", list(PAGES))
def test_every_page_draws_when_course_files_are_hostile(page, tmp_path):
    root = hostile_course(tmp_path)
    # The class page is a teacher's: open it logged in as one (shared mode).
    who = {"login": "Tia", "roles": {"teachers": ["Tia"]}} if page == "class" else {}
    with environment(tmp_path / "progress.db", content=root):
        at = open_app(page, **who)
        assert not at.exception, [e.value for e in at.exception]
        assert at.title
        if page == "map":
            shown = texts(at)       # counted quietly for a learner; named on Author preview
            assert "zz-hostile-0.yaml" not in shown and "being fixed" in shown
            assert len([l for l in at.markdown if "Lessons run in order" in l.value]) == 1
        if page == "author":
            assert "exercises/zz-link.yaml" not in at.selectbox(key="author_file").options
            assert "not part of the course" not in texts(at)


def test_a_link_out_of_the_course_cannot_be_opened_by_the_author_url(tmp_path):
    root = hostile_course(tmp_path)
    with environment(tmp_path / "progress.db", content=root):
        at = open_app("author", query={"file": "exercises/zz-link.yaml"})
        assert not at.exception
        assert at.selectbox(key="author_file").value != "exercises/zz-link.yaml"
        assert "not part of the course" not in texts(at)


# -- fuzzing: noise with anchors, aliases, deep nesting, long digits, raw bytes, large files ---

NOISE = st.one_of(
    st.sampled_from(["&a ", "*a", "&b [x]", "*b", "<<: *a\n", "!!python/object:os.system ", "? [k]\n: v\n"]),
    st.integers(1, 3_000).map(lambda n: "[" * n),
    st.integers(1, 600).map(lambda n: "".join("  " * i + "k:\n" for i in range(n))),
    st.integers(1, 20_000).map(lambda n: "9" * n),
    st.integers(1, 400).map(lambda n: ":".join(["59"] * n)),
    st.binary(min_size=1, max_size=64).map(lambda b: b.decode("latin-1")),
    st.integers(1, 400_000).map(lambda n: "x" * n),
    st.text(max_size=40),
)
BASE = EXERCISE.read_text(encoding="utf-8")


@st.composite
def noisy_files(draw) -> bytes:
    text = BASE
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(NOISE) + text[at:]
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.booleans()):  # raw bytes, possibly not UTF-8 at all
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(max_size=32)) + data[at:]
    return data


# `make test` tries 25 noisy files; `make test-full` also tries 60.
@settings(max_examples=25, deadline=None)
@given(noisy_files())
def test_fuzz_the_cli_always_answers_with_json_problems(tmp_path_factory, data):
    cli_answers_with_json_problems(tmp_path_factory, data)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(noisy_files())
def test_fuzz_the_cli_always_answers_with_json_problems_at_full_size(tmp_path_factory, data):
    cli_answers_with_json_problems(tmp_path_factory, data)


def cli_answers_with_json_problems(tmp_path_factory, data: bytes) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "x.yaml").write_bytes(data)
    import io
    from contextlib import redirect_stdout

    out = io.StringIO()
    with redirect_stdout(out):
        code = cli_main(["check", "--json", str(folder / "x.yaml")])
    report = json.loads(out.getvalue())
    assert code in (0, 1) and report["files"] == 1
    assert all(p["line"] >= 1 and p["column"] >= 1 for p in report["problems"])


@settings(max_examples=5, deadline=None)
@given(noisy_files())
def test_fuzz_the_author_preview_never_shows_a_traceback(tmp_path_factory, data):
    text = data.decode("utf-8", "replace")
    with environment(tmp_path_factory.mktemp("db") / "p.db"):
        at = open_app("author")
        at.segmented_control(key="author_source").set_value("Paste YAML").run()
        at.text_area(key="author_paste").input(text[:nodes.MAX_FILE_BYTES]).run()
        assert not at.exception, [e.value for e in at.exception]
        assert at.error or at.success


# -- the Author preview's budget and cache ---------------------------------------------------

def test_the_preview_caches_by_content_hash():
    preview.clear_cache()
    text = EXERCISE.read_text(encoding="utf-8")
    first = preview.check(text, "one.yaml", False)
    again = preview.check(text, "one.yaml", False)
    assert first.item is not None and not first.problems and first.seconds > 0
    assert again.item is first.item and again.seconds == 0
    edited = preview.check(text.replace("Ava", "Ada"), "one.yaml", False)
    assert edited.item is not first.item and edited.seconds > 0


def test_the_preview_worker_is_stopped_past_its_time_and_memory_budget(monkeypatch):
    text = hostile.many_questions(nodes.MAX_QUESTIONS)  # real work: forty engine answers
    monkeypatch.setattr(preview, "TIME_BUDGET", 0.001)
    assert preview.run_in_worker(text, "x.yaml", False).outcome == "time"
    monkeypatch.setattr(preview, "TIME_BUDGET", 60.0)
    verdict = preview.run_in_worker(text, "x.yaml", False)
    assert verdict.outcome == "ok" and verdict.rss > 0
    big = hostile.large_file()  # 58 MB: the worker cannot even read it within 1 MB
    monkeypatch.setattr(preview, "MEMORY_BUDGET", 2**20)
    assert preview.run_in_worker(big, "x.yaml", False).outcome == "memory"
    monkeypatch.setattr(preview, "MEMORY_BUDGET", 256 * 2**20)
    assert preview.run_in_worker(big, "x.yaml", False).outcome == "ok"


# -- one load per server, revalidation by content hash ---------------------------------------

def small_course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    shutil.copytree(ROOT / "exercises" / "stud-high", root / "exercises")
    return root


def test_concurrent_first_visitors_wait_for_one_load(tmp_path):
    live = LiveCourse(small_course(tmp_path))
    try:
        seen = []
        threads = [threading.Thread(target=lambda: seen.append(live.course())) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert live.loads == 1 and len({id(c) for c in seen}) == 1 and len(seen) == 3
    finally:
        live.close()


def test_only_a_file_whose_content_changed_is_validated_again(tmp_path):
    root = small_course(tmp_path)
    shutil.copytree(ROOT / "lessons", root / "lessons")
    live = LiveCourse(root, watch=False)  # no watcher thread racing the refreshes below

    def edit(path: Path, old: str, new: str) -> None:
        path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")

    def same_as_a_full_load() -> None:
        assert course_snapshot(live.course()) == course_snapshot(content.load_course(root))
        assert live.course().files == content.load_course(root).files

    try:
        before = live.course()
        validated = live.validated
        assert validated == len(before.files)
        target = root / "exercises" / "hpd-1-bring-in-suit-tie.yaml"
        os.utime(target, ns=(1, 1))            # touched, same bytes: read, not validated
        assert not live.refresh() and live.validated == validated and live.course() is before
        edit(target, 'title: "', 'title: "Edited: ')
        assert live.refresh([target]) and live.validated == validated + 1 and live.patched == 1
        after = live.course()
        assert after is not before and after.exercises["hpd-1-bring-in-suit-tie"].title.startswith("Edited: ")
        same_as_a_full_load()
        edit(target, "Ben:", "Bea:")            # now invalid: the course is assembled again
        assert live.refresh([target]) and live.patched == 1
        assert "hpd-1-bring-in-suit-tie" not in live.course().exercises
        same_as_a_full_load()
        edit(target, "Bea:", "Bab:")            # invalid before and after: patched
        assert live.refresh([target]) and live.patched == 2
        same_as_a_full_load()
        lesson = root / "lessons" / "03-bring-in.yaml"
        edit(lesson, "title: ", "title: Edited ")   # a lesson linking to the broken exercise
        assert live.refresh([lesson])
        same_as_a_full_load()
        (root / "exercises" / "new.yaml").write_text("id: [\n", encoding="utf-8")
        assert live.refresh()
        assert "exercises/new.yaml" in [p.file for p in live.course().problems]
        same_as_a_full_load()
    finally:
        live.close()


def test_the_watcher_takes_in_an_edit_without_any_rerun(tmp_path):
    root = small_course(tmp_path)
    live = LiveCourse(root, interval=0.2)
    try:
        live.course()
        target = root / "exercises" / "hpd-1-bring-in-suit-tie.yaml"
        target.write_text(target.read_text(encoding="utf-8").replace("title: \"", "title: \"Watched: ", 1),
                          encoding="utf-8")
        for _ in range(200):  # waits for the watcher thread (up to 20 s on a busy machine)
            if live.course().exercises["hpd-1-bring-in-suit-tie"].title.startswith("Watched: "):
                break
            threading.Event().wait(0.1)
        assert live.course().exercises["hpd-1-bring-in-suit-tie"].title.startswith("Watched: ")
        assert live.loads == 1 and live.watching in ("inotify", "timer")
    finally:
        live.close()


def test_the_app_shares_one_course_between_sessions(tmp_path):
    with environment(tmp_path / "progress.db", content=small_course(tmp_path)):
        open_app("map")
        open_app("practice")
        assert state.live_course().loads == 1


# -- another visitor meanwhile (benchmarks/hostile.py at its smallest size) ----------------------

def test_another_visitor_draws_every_page_while_a_lone_surrogate_is_checked():
    """The benchmark's run for one hostile input: `course check` and a real server's Author
    preview (shared mode, real logins) check it while another visitor draws every page; none
    fails, the preview names the problem (no error element); then four authors paste at once,
    each also from a second tab, which is told to wait."""
    import subprocess
    import sys

    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "hostile.py"), "--json",
                          "--only", "lone surrogate in a title"], capture_output=True, text=True,
                         timeout=600, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout)
    assert report["failed"] == []
    assert set(report["meanwhile"]) == set(report["idle"]) and len(report["idle"]) == 8
    served = report["inputs"]["lone surrogate in a title"]["server"]
    assert served["drew"] and "problem" in served["verdict"], served
    assert report["inputs"]["lone surrogate in a title"]["other_visitor"]
    pastes = report["together"]["pastes"]
    assert len(pastes) == 8 and all(p["drew"] for p in pastes), pastes
    assert any(p["wait"] for p in pastes) and not all(p["wait"] for p in pastes), pastes
