"""Scale and speed: the validated-course cache kept across restarts, and the rules'
own YAML read once with libyaml."""

from __future__ import annotations

import dataclasses
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from course.asks import solvers
from course.content import cache, live as live_module, load
from course.content.live import LiveCourse

ROOT = Path(__file__).resolve().parents[2]


def whole_course(tmp_path: Path) -> Path:
    """A copy of the repository's course (every game), to edit freely."""
    root = tmp_path / "course"
    for folder in ("lessons", "exercises"):
        shutil.copytree(ROOT / folder, root / folder)
    return root


def snapshot(course) -> tuple[dict, list, list]:
    """Every model field by field (profiles by name and options), every problem, every file."""
    def fields(model):
        values = {f.name: getattr(model, f.name) for f in dataclasses.fields(model) if f.name != "_replays"}
        if "profile" in values:
            values["profile"] = (values["profile"].name, dict(values["profile"].options))
        return values
    models = {k: fields(m) for k, m in {**course.lessons, **course.exercises}.items()}
    return models, list(course.problems), list(course.files)


def answers(course) -> dict:
    return {(ex.id, n): solvers.to_json(solvers.answer(ex, q).value)
            for ex in course.exercises.values() for n, q in enumerate(ex.questions)}


def no_parsing(monkeypatch) -> None:
    """From here on, validating any file fails the test."""
    def parse(*args, **kwargs):
        raise AssertionError(f"a file was validated: {args[2] if len(args) > 2 else args}")
    monkeypatch.setattr(live_module, "load_text", parse)


def test_a_second_start_validates_no_unchanged_file(tmp_path, monkeypatch):
    root = whole_course(tmp_path)
    # A file with problems is kept too: its problems come back from the cache, lines and all.
    (root / "exercises" / "broken.yaml").write_text("id: broken\ntitle: [unclosed\n", encoding="utf-8")
    kept = tmp_path / "cache" / "course.pickle"
    first = LiveCourse(root, watch=False, cache_file=kept)
    course = first.course()
    assert first.validated == len(course.files) > 50 and first.from_cache == 0 and kept.is_file()
    assert [p.file for p in course.problems] == ["exercises/broken.yaml"]
    expected, expected_answers = snapshot(course), answers(course)

    no_parsing(monkeypatch)
    again = LiveCourse(root, watch=False, cache_file=kept)
    restarted = again.course()
    assert again.validated == 0 and again.from_cache == len(course.files)
    assert snapshot(restarted) == expected == snapshot(load.load_course(root))
    assert answers(restarted) == expected_answers
    # A cached exercise is unpacked on first use, and pickles again (the cache is rewritten
    # from models taken out of it).
    sample = next(iter(restarted.exercises.values()))
    assert isinstance(sample, cache.CachedExercise) and sample.questions
    assert cache.write(tmp_path / "again.pickle", {"x": ("d", None, load.Loaded("x", sample))})
    assert cache.read(tmp_path / "again.pickle")["x"][2].model.questions == sample.questions


def test_edited_new_and_removed_files_are_seen_at_the_next_start(tmp_path):
    root = whole_course(tmp_path)
    kept = tmp_path / "course.pickle"
    course = LiveCourse(root, watch=False, cache_file=kept).course()
    files = len(course.files)
    edited = root / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace('title: "', 'title: "Edited: ', 1),
                      encoding="utf-8")
    added = root / "exercises" / "stud-high" / "added.yaml"
    added.write_text(edited.read_text(encoding="utf-8").replace("id: hpd-1-bring-in-suit-tie",
                                                                "id: added-copy", 1), encoding="utf-8")
    removed = next(p for p in sorted((root / "exercises").rglob("*.yaml"))
                   if p not in (edited, added) and "hpd-1-bring-in-suit-tie" not in p.read_text())
    removed_id = next(ex.id for ex in course.exercises.values() if ex.path.endswith(removed.name))
    removed.unlink()

    again = LiveCourse(root, watch=False, cache_file=kept)
    restarted = again.course()
    assert again.validated == 2 and again.from_cache == files - 2   # the edit and the new file
    assert restarted.exercises["hpd-1-bring-in-suit-tie"].title.startswith("Edited: ")
    assert "added-copy" in restarted.exercises and removed_id not in restarted.exercises
    assert snapshot(restarted) == snapshot(load.load_course(root))
    # The cache was written again without the removed file: a third start validates nothing.
    third = LiveCourse(root, watch=False, cache_file=kept)
    third.course()
    assert third.validated == 0 and len(cache.read(kept)) == files   # one added, one removed


def test_a_code_change_invalidates_the_cache(tmp_path, monkeypatch, caplog):
    package = tmp_path / "package"
    shutil.copytree(ROOT / "course", package, ignore=shutil.ignore_patterns("__pycache__"))
    version = cache.code_version(package)
    assert cache.code_version(package) == version
    engine = package / "engine" / "state.py" if (package / "engine" / "state.py").exists() \
        else sorted((package / "engine").glob("*.py"))[0]
    engine.write_text(engine.read_text(encoding="utf-8") + "\n# an engine change\n", encoding="utf-8")
    cache.code_version.cache_clear()
    assert cache.code_version(package) != version
    rules = package / "rules" / "profiles.yaml"
    changed = cache.code_version(package)
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    cache.code_version.cache_clear()
    assert cache.code_version(package) != changed

    root = whole_course(tmp_path)
    kept = tmp_path / "course.pickle"
    course = LiveCourse(root, watch=False, cache_file=kept).course()
    monkeypatch.setattr(cache, "code_version", lambda package=None: "another version of the code")
    with caplog.at_level(logging.INFO, logger="course.content.cache"):
        again = LiveCourse(root, watch=False, cache_file=kept)
        assert snapshot(again.course()) == snapshot(course)
    assert again.validated == len(course.files) and again.from_cache == 0
    assert "another version of the code" in caplog.text


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
def test_a_corrupt_cache_is_ignored_with_a_log_line(tmp_path, caplog, damage):
    root = whole_course(tmp_path)
    kept = tmp_path / "course.pickle"
    course = LiveCourse(root, watch=False, cache_file=kept).course()
    data = kept.read_bytes()
    kept.write_bytes({"garbage": b"\x80\x05not a pickle at all" * 50, "truncated": data[: len(data) // 2],
                      "empty": b""}[damage])
    with caplog.at_level(logging.WARNING, logger="course.content.cache"):
        again = LiveCourse(root, watch=False, cache_file=kept)
        assert snapshot(again.course()) == snapshot(course)
    assert again.validated == len(course.files)
    assert f"course cache {kept} ignored, it cannot be read" in caplog.text
    third = LiveCourse(root, watch=False, cache_file=kept)   # written again, whole
    third.course()
    assert third.validated == 0


def test_the_watcher_writes_the_cache_once_edits_settle(tmp_path, monkeypatch):
    monkeypatch.setattr(live_module, "SAVE_AFTER", 0.2)
    root = tmp_path / "course"
    shutil.copytree(ROOT / "exercises" / "stud-high", root / "exercises")
    kept = tmp_path / "course.pickle"
    live = LiveCourse(root, interval=0.1, cache_file=kept)
    try:
        live.course()
        target = root / "exercises" / "hpd-1-bring-in-suit-tie.yaml"
        target.write_text(target.read_text(encoding="utf-8").replace('title: "', 'title: "Watched: ', 1),
                          encoding="utf-8")
        import time
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            entry = cache.read(kept).get("exercises/hpd-1-bring-in-suit-tie.yaml")
            if entry and entry[2].model.title.startswith("Watched: "):
                break
            time.sleep(0.1)
        else:
            pytest.fail("the edited file never reached the cache")
    finally:
        live.close()
    again = LiveCourse(root, watch=False, cache_file=kept)
    assert again.course().exercises["hpd-1-bring-in-suit-tie"].title.startswith("Watched: ")
    assert again.validated == 0


def test_where_the_cache_lives(monkeypatch, tmp_path):
    monkeypatch.delenv(cache.ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "stud-study-room"
    assert cache.cache_file(tmp_path).parent == tmp_path / "xdg" / "stud-study-room"
    assert cache.cache_file(tmp_path) != cache.cache_file(tmp_path / "other")
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "mine"))
    assert cache.cache_dir() == tmp_path / "mine"
    monkeypatch.setenv(cache.ENV_VAR, "off")
    assert cache.cache_dir() is None and cache.cache_file(tmp_path) is None
    live = LiveCourse(tmp_path, watch=False)
    assert live.cache_file is None and not live.save_cache()


def test_an_unwritable_cache_folder_does_not_stop_a_load(tmp_path, caplog):
    root = tmp_path / "course"
    shutil.copytree(ROOT / "exercises" / "stud-high", root / "exercises")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="course.content.cache"):
        course = LiveCourse(root, watch=False, cache_file=blocker / "course.pickle").course()
    assert course.exercises and "not written" in caplog.text


def test_the_rules_yaml_is_read_once_with_libyaml():
    """In a fresh process: citations.yaml and profiles.yaml each parsed once, by CSafeLoader,
    and never by the pure-Python loader."""
    import yaml
    if not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML was built without libyaml here")
    probe = """
import yaml
calls = []
real = yaml.load
def load(stream, Loader):
    calls.append(Loader.__name__)
    return real(stream, Loader=Loader)
yaml.load = load
def pure(*a, **k):
    raise AssertionError("the pure-Python loader was used")
yaml.safe_load = pure
import course.rules as rules
rules.citations(); rules.profile_names(); rules.rules(); rules.default_profile("stud-high")
rules.load_profile(rules.profile_names()[0], {}); rules.option_schema()
print(sorted(calls))
"""
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["['CSafeLoader',", "'CSafeLoader']"]


def test_a_check_writes_its_attempt_and_its_review_in_two_transactions(tmp_path):
    """A Check on Practice: the attempt in one write transaction, the review card and the day's
    count in one more (they were two), and the review reads only the cards it updates."""
    import json as json_module

    import sqlalchemy as sa

    from course.app import state
    from tests.support.apptest import environment, open_app
    from course.study import schedule, templates

    deal = "hpd-1-bring-in-suit-tie"
    course = load.load_course(ROOT)
    ex = course.exercises[deal]
    right = solvers.to_json(solvers.answer(ex, ex.questions[0]).value)
    key = f"practice|{deal}|0"
    db = tmp_path / "progress.sqlite3"
    with environment(db):
        at = open_app("practice", query={"deal": deal})
        assert not at.exception, at.exception
        store = state._open_store()
        store.save_review_card(state.LOCAL.key, "skill/other/card", '{"x": 1}', schedule.now_utc())
        writes, card_reads = [], []

        def began(conn):
            if conn.get_execution_options().get("write"):
                writes.append(conn)

        def executed(conn, cursor, statement, parameters, context, many):
            if "FROM review_cards" in statement:
                card_reads.append(statement)

        sa.event.listen(store.engine, "begin", began)
        sa.event.listen(store.engine, "before_cursor_execute", executed)
        try:
            at.radio(key=key).set_value(right)
            at.button(key=f"{key}:check").click().run()
        finally:
            sa.event.remove(store.engine, "begin", began)
            sa.event.remove(store.engine, "before_cursor_execute", executed)
        assert at.success and at.success[0].value.startswith("Right."), at.success
    assert len(writes) == 2
    assert card_reads and all(" IN " in s.upper() for s in card_reads)   # not every card of the learner
    saved = store.review_cards(state.LOCAL.key)
    today = schedule.DAY + schedule.now_utc().date().isoformat()
    assert templates.card_for(ex) in saved and json_module.loads(saved[today]) == {"answered": 1}
    assert "skill/other/card" in saved
    assert store.review_cards(state.LOCAL.key, [today]) == {today: saved[today]}


def many_lessons(tmp_path: Path, copies: int) -> Path:
    """The repository's course with each lesson copied `copies` times more (new id, title and
    order), so the course has more lessons than a picker lists."""
    import json
    import re

    root = whole_course(tmp_path)
    for source in sorted((ROOT / "lessons").glob("*.yaml")):
        text = source.read_text(encoding="utf-8")
        for copy in range(1, copies + 1):
            out = re.sub(r"^id: (\S+)$", lambda m: f"id: {m.group(1)}-c{copy}", text, count=1, flags=re.M)
            out = re.sub(r"^title: (.+)$", lambda m: "title: " + json.dumps(
                f"Copy {copy} of {m.group(1).strip().strip(chr(34))}"), out, count=1, flags=re.M)
            out = re.sub(r"^order: (\d+)$", lambda m: f"order: {int(m.group(1)) + 100 * copy}", out,
                         count=1, flags=re.M)
            (root / "lessons" / f"c{copy:03d}-{source.name}").write_text(out, encoding="utf-8")
    return root


def test_big_lesson_pickers_search_and_send_a_cut_list(tmp_path):
    from course.app import pickers
    from tests.support.apptest import environment, open_app

    root = many_lessons(tmp_path, 15)
    course = load.load_course(root)
    assert len(course.lessons) > pickers.SHOWN_LESSONS and not course.problems
    with environment(tmp_path / "progress.sqlite3", content=root):
        at = open_app("lesson", timeout=120)
        assert not at.exception, at.exception
        picker = at.selectbox(key="lesson_pick")
        assert len(picker.options) == pickers.SHOWN_LESSONS        # not every lesson's name
        assert any("Showing the first" in c.value for c in at.caption)
        at.text_input(key="lesson_pick_find").set_value("bring-in-c15 who brings").run()
        picker = at.selectbox(key="lesson_pick")
        first = picker.options[0]                                  # the lesson open now stays listed
        found = list(picker.options[1:])
        assert len(found) == 1 and found[0].endswith(". Copy 15 of Who brings in, and why"), found
        picker.set_value("bring-in-c15").run()
        assert not at.exception and at.query_params["id"] == "bring-in-c15", first
        assert any("Copy 15 of Who brings in" in t.value for t in at.title)
        at.text_input(key="lesson_pick_find").set_value("no such words anywhere").run()
        assert at.selectbox(key="lesson_pick").options[:1] == found          # the open lesson stays

        # A link to a lesson far past the cut opens it, listed.
        at = open_app("lesson", timeout=120, query={"id": "have-a-heart-c14"})
        assert not at.exception and at.selectbox(key="lesson_pick").value == "have-a-heart-c14"

        at = open_app("practice", timeout=120)
        at.selectbox(key="practice_scope").set_value("Lesson").run()
        assert len(at.selectbox(key="practice_lesson").options) == pickers.SHOWN_LESSONS
        at.text_input(key="practice_lesson_find").set_value("copy 7 who brings").run()
        at.selectbox(key="practice_lesson").set_value("bring-in-c7").run()
        assert not at.exception, at.exception
        assert at.selectbox(key="practice_lesson").value == "bring-in-c7"


def test_a_small_course_keeps_its_plain_lesson_picker(tmp_path):
    from course.app import pickers
    from tests.support.apptest import environment, open_app

    with environment(tmp_path / "progress.sqlite3"):
        at = open_app("lesson")
        assert not at.exception, at.exception
        assert len(at.selectbox(key="lesson_pick").options) == len(load.load_course(ROOT).lessons)
        assert not [t for t in at.text_input if t.key == "lesson_pick_find"]
        assert pickers.SHOWN_LESSONS >= 100


def test_a_restart_reads_only_files_whose_size_or_time_changed_or_that_were_racy(tmp_path, monkeypatch):
    """The stat fast path: a file whose size and modification time are those the cache kept is
    taken without being read; one changed in size or time is read (and validated when its bytes
    differ); one modified within cache.RACY seconds of the cache's writing is read and hashed
    even with the same size and time (an edit in the same clock tick could keep both)."""
    root = whole_course(tmp_path)
    files = sorted((root / "exercises").rglob("*.yaml"))
    old = (1_600_000_000 * 10**9, 1_600_000_000 * 10**9)          # long before the cache
    for path in files:
        os.utime(path, ns=old)
    racy, timed = files[0], files[1]
    # Modified as the cache is written: racy means within RACY seconds before its writing or any
    # time after, so a minute ahead stays racy however long the load below takes on a slow run.
    now = os.stat(racy).st_ctime_ns + 60 * 10**9
    os.utime(racy, ns=(now, now))
    kept = tmp_path / "course.pickle"
    LiveCourse(root, watch=False, cache_file=kept).course()

    def same_size_edit(path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace('title: "', 'title:"X', 1) if 'title: "' in text
                        else text.replace("title: ", "title:X", 1), encoding="utf-8")

    stamp = os.stat(racy).st_mtime_ns
    same_size_edit(racy)
    os.utime(racy, ns=(stamp, stamp))                              # the same size and time again
    same_size_edit(timed)
    os.utime(timed, ns=(old[0] + 10**9, old[1] + 10**9))            # the same size, a later time
    read: list[str] = []
    real = live_module.read_bytes
    monkeypatch.setattr(live_module, "read_bytes", lambda path, file: (read.append(file), real(path, file))[1])
    again = LiveCourse(root, watch=False, cache_file=kept)
    restarted = again.course()
    assert sorted(read) == sorted(load.file_name(p, root) for p in (racy, timed))
    assert again.validated == 2 and again.from_cache == len(restarted.files) - 2
    assert snapshot(restarted) == snapshot(load.load_course(root))


def test_a_folder_is_walked_in_the_order_of_its_paths_part_by_part(tmp_path):
    # The walk visits each folder's entries in name order, depth first, instead of sorting the
    # whole list at the end: the order must stay that of the paths compared part by part (as
    # `Path` compares them), where the folder `a` (part "a") comes before the file `a-b.yaml`
    # although the text "a-b.yaml" sorts before "a/x.yaml". As text or as Paths alike.
    for name in ("c.yaml", "a-b.yaml", "a/x.yaml", "a/b/y.yaml", "a/a.yaml", "b.yml", "b.txt", "B/z.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("id: x\n", encoding="utf-8")
    paths, outside = load.walk(tmp_path)
    names = [p.relative_to(tmp_path).as_posix() for p in paths]
    assert names == ["B/z.yaml", "a/a.yaml", "a/b/y.yaml", "a/x.yaml", "a-b.yaml", "b.yml", "c.yaml"]
    assert names == [p.relative_to(tmp_path).as_posix() for p in sorted(paths)]
    assert load.walk(tmp_path, text=True) == ([str(p) for p in paths], []) and outside == []


def test_a_restart_checks_try_its_without_unpacking_their_exercises(tmp_path, monkeypatch):
    """The course-wide try-it checks (a try-it that repeats a diagram's deal, a point its try-it
    does not ask) read a cached exercise's kept facts: a restart reports the same problems as a
    fresh validation and leaves every exercise packed."""
    root = whole_course(tmp_path)
    lesson = next(p for p in sorted((root / "lessons").rglob("*.yaml"))
                  if "try: bring-in-ace-is-high" in p.read_text(encoding="utf-8"))
    text = lesson.read_text(encoding="utf-8")
    # a section teaching a point its try-it does not ask, and a diagram whose deal a try-it repeats
    extra = """  - heading: Shown, then tried
    text: Cara's three eights open.
    deal:
      seats: [Ava, Ben, Cara]
      hands:
        Ava: {up: K♥ K♦ 2♣}
        Ben: {up: A♣ Q♠ A♥}
        Cara: {up: 8♥ 8♣ 8♦}
    cite: ['HPD exercise 3']
    points: [door-tie-by-suit]
    try: hpd-3-fifth-street-opener-and-amounts
"""
    head, tail = text.split("\nexercises:", 1)
    lesson.write_text(head.rstrip("\n") + "\n" + extra + "exercises:" + tail.replace(
        "[", "[hpd-3-fifth-street-opener-and-amounts, ", 1), encoding="utf-8")
    kept = tmp_path / "cache" / "course.pickle"
    fresh = LiveCourse(root, watch=False, cache_file=kept).course()
    name = lesson.relative_to(root).as_posix()
    expected = [p for p in fresh.problems if p.file == name]
    assert len(expected) == 2, expected
    assert {"a try-it is a new deal" in p.message for p in expected} == {True, False}
    assert any("'door-tie-by-suit' but its try-it 'hpd-3-fifth-street-opener-and-amounts' does not ask it"
               in p.message for p in expected)

    restarted = LiveCourse(root, watch=False, cache_file=kept).course()
    assert list(restarted.problems) == list(fresh.problems)
    packed = [ex for ex in restarted.exercises.values() if "_packed" in ex.__dict__]
    assert len(packed) == len(restarted.exercises)
    # unpacked, a cached exercise still has what the checks read, and pickles without it
    sample = restarted.exercises["hpd-3-fifth-street-opener-and-amounts"]
    assert load.try_facts(sample)[1] == {pid for q in sample.questions for pid in q.points}
    assert cache.write(tmp_path / "again.pickle", {"x": ("d", None, load.Loaded("x", sample))})
    back = cache.read(tmp_path / "again.pickle")["x"][2].model
    assert load.try_facts(back) == load.try_facts(sample) and back.questions == sample.questions
