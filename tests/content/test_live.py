"""`LiveCourse`'s first start of a big course: the files are validated in a child process that
writes the validated-course cache, and the server takes the course from it as a restart does
(so it holds what a restart holds, not what validation left behind)."""

from __future__ import annotations

import shutil
from pathlib import Path

from course.content import live as live_module
from course.content.live import LiveCourse

ROOT = Path(__file__).resolve().parents[2]


def whole_course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    for folder in ("lessons", "exercises"):
        shutil.copytree(ROOT / folder, root / folder)
    return root


def _refuse_validation(monkeypatch) -> None:
    def refused(*args, **kwargs):
        raise AssertionError("a file was validated in the server's own process")

    monkeypatch.setattr(live_module, "load_text", refused)


def test_a_big_first_start_validates_in_a_child_and_takes_the_course_from_its_cache(tmp_path, monkeypatch):
    root = whole_course(tmp_path)
    reference = LiveCourse(root, watch=False, cache_file=None).course()     # validated here, no cache
    monkeypatch.setattr(live_module, "VALIDATE_APART_FROM", 10)             # the course counts as big
    _refuse_validation(monkeypatch)
    kept = tmp_path / "cache" / "course.pickle"
    first = LiveCourse(root, watch=False, cache_file=kept)
    course = first.course()
    assert kept.is_file()
    assert first.validated == len(first.files()) > 50 and first.from_cache == 0     # counted as validated
    assert sorted(course.exercises) == sorted(reference.exercises)
    assert sorted(course.lessons) == sorted(reference.lessons)
    assert [str(p) for p in course.problems] == [str(p) for p in reference.problems]
    some = sorted(course.exercises)[::25]
    assert [course.exercises[i].questions == reference.exercises[i].questions for i in some] == [True] * len(some)

    again = LiveCourse(root, watch=False, cache_file=kept)                     # a restart: nothing validated
    again.course()
    assert again.validated == 0 and again.from_cache == len(again.files())


def test_a_small_course_or_a_child_that_cannot_write_the_cache_is_validated_here(tmp_path, monkeypatch):
    root = whole_course(tmp_path)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache's folder should be")
    monkeypatch.setattr(live_module, "VALIDATE_APART_FROM", 10)
    unwritable = LiveCourse(root, watch=False, cache_file=blocked / "course.pickle")
    assert unwritable.course().exercises and unwritable.validated == len(unwritable.files())

    monkeypatch.setattr(live_module, "VALIDATE_APART_FROM", 100_000)
    def no_child(*args, **kwargs):
        raise AssertionError("a child process was started for a small course")

    monkeypatch.setattr("subprocess.run", no_child)
    small = LiveCourse(root, watch=False, cache_file=tmp_path / "small.pickle")
    assert small.course().exercises and small.validated == len(small.files())


def test_a_course_named_by_a_relative_folder_loads_as_the_same_course_named_absolutely(tmp_path, monkeypatch):
    root = whole_course(tmp_path)
    absolute = LiveCourse(root, watch=False, cache_file=None).course()
    monkeypatch.chdir(root.parent)
    relative = LiveCourse(Path(root.name), watch=False, cache_file=None).course()
    assert sorted(relative.exercises) == sorted(absolute.exercises)
    assert [str(p) for p in relative.problems] == [str(p) for p in absolute.problems]
    monkeypatch.chdir(root)
    here = LiveCourse(".", watch=False, cache_file=None).course()
    assert sorted(here.exercises) == sorted(absolute.exercises)
