"""The Course map's index (`course.content.map_index`): written with the cache, read back as the
map needs it without unpacking any model, and trusted only while every file has the size and
time it was read with, none added, removed, racy or leading out, and the code unchanged; while no
folder has changed, the files it lists are stat'ed without walking the folders, and that check
answers as the walk does."""

from __future__ import annotations

import os
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
    for path in root.rglob("*"):        # files and folders alike, well before the index is written
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
        stamp = header(where)["written"]
        os.utime(first, ns=(stamp, stamp))
    elif change == "link out":
        outside = tmp_path / "elsewhere.yaml"
        outside.write_text("id: elsewhere\n", encoding="utf-8")
        (root / "exercises" / "zz-link.yaml").symlink_to(outside)
    else:
        monkeypatch.setattr(cache, "code_version", lambda: "another version of the code")
    assert map_index.read(where, root) is None


def header(where: Path) -> dict:
    return map_index.kept_header(where)


def both_checks(root: Path, where: Path) -> tuple[bool | None, bool]:
    """The check by the index's own list of files (None: a folder changed, walk them) and the
    check by walking the folders, on the files as they are now."""
    kept = header(where)
    return (map_index.listed_unchanged(root, kept["stamps"], kept["written"], kept["folders"]),
            map_index.walked_unchanged(root, kept["stamps"], kept["written"]))


CHANGES = ["none", "edited in place", "edited, same size", "added", "added beside a text file",
           "added in a new folder", "removed", "renamed", "folder racy", "folder renamed", "link out"]


@pytest.mark.parametrize("change", CHANGES)
def test_the_check_by_the_listed_files_answers_as_walking_the_folders(kept, change, tmp_path):
    root, file, course = kept
    where = map_index.index_file(file)
    notes = root / "exercises" / "notes"          # a folder without any YAML file, kept all the same
    notes.mkdir()
    (notes / "readme.txt").write_text("not a course file\n", encoding="utf-8")
    for path in (notes / "readme.txt", notes, notes.parent):
        os.utime(path, ns=(LONG_AGO, LONG_AGO))
    stamps = header(where)["stamps"]
    assert map_index.write(where, course, stamps, root)
    assert "exercises/notes" in header(where)["folders"]
    first = sorted((root / "exercises").rglob("*.yaml"))[0]
    folder = first.parent
    # Each change is made as an editor or a shell makes it, at the time it is made (now): an edit
    # in place leaves its folder's time alone, so only the file's own stat tells of it.
    if change == "edited in place":
        first.write_text(first.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    elif change == "edited, same size":
        text = first.read_text(encoding="utf-8")
        first.write_text(text.replace("id:", "id:", 1)[:-1] + " ", encoding="utf-8")
    elif change == "added":
        shutil.copy(first, folder / "zz-copy.yaml")
    elif change == "added beside a text file":
        shutil.copy(first, notes / "zz-copy.yaml")
    elif change == "added in a new folder":
        (folder / "deeper").mkdir()
        shutil.copy(first, folder / "deeper" / "zz-copy.yaml")
    elif change == "removed":
        first.unlink()
    elif change == "renamed":
        first.rename(folder / ("zz-" + first.name))
    elif change == "folder racy":              # the same time, but as the index was written
        stamp = header(where)["written"]
        os.utime(folder, ns=(stamp, stamp))
    elif change == "folder renamed":
        folder.rename(folder.with_name(folder.name + "-moved"))
    elif change == "link out":
        (tmp_path / "elsewhere.yaml").write_text("id: elsewhere\n", encoding="utf-8")
        (notes / "zz-link.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    listed, walked = both_checks(root, where)
    same = change in ("none", "folder racy")  # a folder's time alone is no change to the files
    assert listed is None or listed == walked
    if map_index.same_folders(root, header(where)["folders"]):   # the child's check answers as this one
        assert map_index.child_verdict(map_index.check_apart(where, root)) == listed
    assert walked == same
    if change in ("none", "edited in place", "edited, same size"):
        assert listed is not None             # the folders unchanged: answered without a walk
    assert (map_index.read(where, root) is not None) == same


def test_no_folder_times_are_kept_when_a_link_is_among_the_files(kept):
    root, file, course = kept
    first = sorted((root / "exercises").rglob("*.yaml"))[0]
    (root / "exercises" / "zz-link.yaml").symlink_to(first)
    stamps = {**header(map_index.index_file(file))["stamps"], "exercises/zz-link.yaml": (1, 1)}
    assert map_index.folder_stamps(root, stamps) is None


def test_a_big_index_is_checked_by_a_child_process_while_the_server_reads_it(kept, monkeypatch):
    root, file, course = kept
    where = map_index.index_file(file)
    monkeypatch.setattr(map_index, "CHECK_APART_FROM", 1)

    def not_here(*args, **kwargs):
        raise AssertionError("the files were stat'ed in the server's own process")

    monkeypatch.setattr(map_index.stamp_check, "listed_stamps", not_here)
    index = map_index.read(where, root)
    assert index is not None and list(index.exercises) == list(course.exercises)
    first = sorted((root / "exercises").rglob("*.yaml"))[0]
    first.write_text(first.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert map_index.read(where, root) is None          # the child's "changed" is heeded


def test_a_child_that_gives_no_verdict_leaves_the_check_to_the_server(kept, monkeypatch, caplog):
    root, file, course = kept
    where = map_index.index_file(file)
    monkeypatch.setattr(map_index, "CHECK_APART_FROM", 1)
    monkeypatch.setattr(map_index.sys, "executable", shutil.which("false"))
    assert list(map_index.read(where, root).exercises) == list(course.exercises)
    assert "checked here" in caplog.text
    first = sorted((root / "exercises").rglob("*.yaml"))[0]
    first.write_text(first.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert map_index.read(where, root) is None
