"""The first Course map of a restarted server is drawn from the map's index kept beside the
validated-course cache (`course.content.map_index`, `state.map_course`), without waiting for
the whole course: the same map, progress, unlocks and next step included, as the course draws;
and an index the files no longer match is not used."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from course import content
from course.app import state
from course.content import live as live_module
from course.content.live import LiveCourse
from course.content.map_index import CourseIndex
from course.store import Attempt, ProgressStore
from course.study import mastery
from tests.support.apptest import environment, open_app, texts
from tests.support.tried import answer_try_its

ROOT = Path(__file__).resolve().parents[2]
LONG_AGO = 1_600_000_000 * 10**9     # files older than the cache (not within cache.RACY of it)


@pytest.fixture
def restarted(tmp_path):
    """A copy of the course, its cache and map index filled by a first load, and a learner who
    has answered the try-its of the first three Seven-Card Stud High lessons and mastered every
    question of the first: (content root, progress file)."""
    root = tmp_path / "course"
    for folder in ("lessons", "exercises"):
        shutil.copytree(ROOT / folder, root / folder)
    for path in root.rglob("*.yaml"):
        os.utime(path, ns=(LONG_AGO, LONG_AGO))
    course = LiveCourse(root, watch=False).course()     # the first start: fills the cache
    db = tmp_path / "progress.db"
    lessons = course.lessons_in_order("stud-high")[:3]
    answer_try_its(db, state.LOCAL.key, lessons, course)
    store = ProgressStore(db)
    try:
        for eid, n in mastery.lesson_questions(course, lessons[0]):
            exercise, question = course.exercises[eid], course.exercises[eid].questions[n]
            store.record(Attempt(learner=state.LOCAL.key, exercise=eid, question=n, ask=question.ask,
                                 skill=question.ask, given="{}", correct=True, game=exercise.game,
                                 rules=exercise.rules, try_kind="first"))
    finally:
        store.close()
    return root, db


def drawn(at) -> tuple[str, list[tuple[str, str]]]:
    """What a learner sees of the map: its texts, and each link's label and target."""
    return texts(at), [(l.proto.label, l.proto.query_string) for l in at.get("page_link")]


def full_load_blocked(monkeypatch) -> list[str]:
    """From here on, loading the whole course fails the test (the calls are listed)."""
    calls: list[str] = []

    def blocked(self):
        calls.append(str(self.root))
        raise AssertionError("the Course map waited for the whole course")
    monkeypatch.setattr(live_module.LiveCourse, "_load_all", blocked)
    return calls


def test_the_first_map_after_a_restart_is_drawn_from_the_index_as_the_course_draws_it(restarted, monkeypatch):
    root, db = restarted
    with environment(db, content=root):
        full = open_app("map")
        assert not full.exception, full.exception
        expected = drawn(full)
    assert "Review: unlocked" in expected[0] and "Next step" in expected[0]
    assert any("check_circle" in l.proto.icon for l in full.get("page_link"))   # a lesson done

    with environment(db, content=root):          # a restarted server: nothing loaded yet
        calls = full_load_blocked(monkeypatch)
        at = open_app("map")
        assert not at.exception, at.exception
        assert calls == [] and not state.live_course().loaded
        assert isinstance(state.map_course(), CourseIndex)
        assert drawn(at) == expected
        assert state.live_course().map_drawn.is_set()       # the preload may load the course now


def test_an_index_the_files_no_longer_match_is_not_used(restarted, monkeypatch):
    root, db = restarted
    lesson = sorted((root / "lessons").glob("*.yaml"))[0]
    text = lesson.read_text(encoding="utf-8")
    title = content.load_course(root).lessons_in_order("stud-high")[0].title
    lesson.write_text(text.replace(title, "A title changed since the index", 1), encoding="utf-8")
    os.utime(lesson, ns=(LONG_AGO + 10**9, LONG_AGO + 10**9))   # a later time, as an edit leaves
    with environment(db, content=root):
        assert state.live_course().map_index() is None
        calls = full_load_blocked(monkeypatch)
        at = open_app("map")
        assert calls == [str(root)]                          # the map waited for the course
    monkeypatch.undo()
    with environment(db, content=root):
        at = open_app("map")
        assert not at.exception, at.exception
        assert "A title changed since the index" in str(drawn(at)[1])


def test_a_restarted_server_loads_the_whole_course_only_after_its_first_map(restarted, monkeypatch):
    """`python -m course.app`'s preload: with a usable index, the whole course is loaded once the
    first page's modules are imported and a first map is drawn, not alongside them."""
    import threading

    from course.app import __main__ as server_main

    root, db = restarted
    seen: list[tuple[bool, bool]] = []
    monkeypatch.setattr(server_main, "MAP_FIRST", 600)
    monkeypatch.setattr(server_main, "WARMED", threading.Event())
    with environment(db, content=root):
        live = state.live_course()
        monkeypatch.setattr(live_module.LiveCourse, "course",
                            lambda self: seen.append((server_main.WARMED.is_set(), self.map_drawn.is_set())))
        loader = threading.Thread(target=server_main.preload)
        loader.start()
        loader.join(0.5)
        assert seen == [] and loader.is_alive()          # the modules are not imported yet
        server_main.WARMED.set()
        loader.join(0.5)
        assert seen == [] and loader.is_alive()          # no map drawn yet
        live.map_drawn.set()
        loader.join(30)
        assert seen == [(True, True)] and isinstance(live.map_index(), CourseIndex)
