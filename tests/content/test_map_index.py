"""The Course map's index (`course.content.map_index`): written with the cache, read back as the
map needs it without unpacking any model, and trusted only while every file has the size and
time it was read with, none added, removed, racy or leading out, and the code unchanged."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest

from course.content import cache, map_index
from course.content.live import LiveCourse
from course.study import mastery

ROOT = Path(__file__).resolve().parents[2]
LONG_AGO = 1_600_000_000 * 10**9


@pytest.fixture
def kept(tmp_path):
    """A copy of the course, loaded once with its cache: (root, cache file, the course)."""
    root = tmp_path / "course"
    for folder in ("lessons", "exercises"):
        shutil.copytree(ROOT / folder, root / folder)
    for path in root.rglob("*.yaml"):
        os.utime(path, ns=(LONG_AGO, LONG_AGO))
    file = tmp_path / "cache" / "course.pickle"
    course = LiveCourse(root, watch=False, cache_file=file).course()
    return root, file, course


def test_the_index_holds_what_the_map_reads_and_a_restart_writes_it_from_packed_models(kept):
    root, file, course = kept
    index = map_index.read(map_index.index_file(file), root)
    assert isinstance(index, map_index.CourseIndex)
    assert list(index.lessons) == list(course.lessons) and list(index.exercises) == list(course.exercises)
    assert index.problems == course.problems
    learned = {(eid, 0) for eid in list(course.exercises)[::3]}
    for lid, lesson in course.lessons.items():
        small = index.lessons[lid]
        assert (small.title, small.game, small.order, small.summary, list(small.exercises)) == \
            (lesson.title, lesson.game, lesson.order, lesson.summary, list(lesson.exercises))
        assert mastery.try_its(small) == mastery.try_its(lesson)
        assert mastery.states(index, small, learned) == mastery.states(course, lesson, learned)
        assert mastery.next_step(index, small, learned) == mastery.next_step(course, lesson, learned)
    # written again by a server that took every model from the cache: none of them unpacked
    map_index.forget(map_index.index_file(file))
    again = LiveCourse(root, watch=False, cache_file=file)
    restarted = again.course()
    assert map_index.index_file(file).is_file()
    assert all("_packed" in m.__dict__ for m in (*restarted.exercises.values(), *restarted.lessons.values()))
    assert map_index.read(map_index.index_file(file), root).exercises == index.exercises


@pytest.mark.parametrize("change", ["edited", "added", "removed", "racy", "link out", "code"])
def test_an_index_the_files_or_the_code_no_longer_match_is_not_used(kept, change, tmp_path, monkeypatch):
    root, file, _ = kept
    where = map_index.index_file(file)
    assert map_index.read(where, root) is not None
    first = sorted((root / "exercises").rglob("*.yaml"))[0]
    if change == "edited":             # one byte more, a later time
        first.write_text(first.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        os.utime(first, ns=(LONG_AGO + 10**9, LONG_AGO + 10**9))
    elif change == "added":
        shutil.copy(first, root / "exercises" / "zz-copy.yaml")
        os.utime(root / "exercises" / "zz-copy.yaml", ns=(LONG_AGO, LONG_AGO))
    elif change == "removed":
        first.unlink()
    elif change == "racy":             # the same size and time, but as the index was written
        stamp = pickle.load(open(where, "rb"))["written"]
        os.utime(first, ns=(stamp, stamp))
    elif change == "link out":
        outside = tmp_path / "elsewhere.yaml"
        outside.write_text("id: elsewhere\n", encoding="utf-8")
        (root / "exercises" / "zz-link.yaml").symlink_to(outside)
    else:
        monkeypatch.setattr(cache, "code_version", lambda: "another version of the code")
    assert map_index.read(where, root) is None
