"""The Course map's index: what the map shows of the course, kept beside the validated-course
cache so that a restarted server can draw the first map before the whole course is loaded.

At 43,000 exercises a restart from the cache takes seconds to load the course; the map needs a
small part of it: each lesson's id, title, game, order, summary and exercises, each section's
try-it, rule points and cited keys (what mastery counts and Review unlocks by), and each
exercise's title, game and questions' asks and rule points. `CourseIndex` is a `Course` holding
just that (`IndexLesson`, `IndexExercise`), with the course's problems, so the map's own code
(`course.study.mastery`, the unlock and next-step helpers) reads it as it reads the course.

The index is written whenever the cache is (`LiveCourse.save_cache`), with every file's size and
modification time; it is used only when every content file is still there with the same size
and time, no other file has appeared, no link leads out of the folders, and no file was modified
within `cache.RACY` seconds of its writing: the test the cache makes before it trusts an entry
without reading the file. Anything else (missing, unreadable, another code version, a file
changed, added or removed) and the index is not used: the map waits for the course, as before.
Only the Course map reads it; every other page waits for the full course.

Which files there are is known without listing the folders again (at 43,000 exercises, a third
of the index's check) while no folder has changed: the index also keeps each folder's
modification time (`folder_stamps`), which changes whenever an entry is added to the folder,
removed or renamed. When every folder has its time, none within `cache.RACY` seconds of the
writing, the files are the ones the index lists, and each is stat'ed for its size and time as
before; when a folder has changed (or holds a link), the folders are walked as before
(`unchanged`).
"""

from __future__ import annotations

import logging
import os
import pickle
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from operator import itemgetter
from pathlib import Path
from typing import Any, Iterable

from course.content import cache, stamp_check
from course.content.load import YAML_SUFFIXES, course_folders, map_facts, walk
from course.model import Course

LOG = logging.getLogger(__name__)
FORMAT = 4
CHECK_APART_FROM = 5_000    # files: an index of this many is checked by a child process (`stamp_check`)
CHECK_TIMEOUT = 120.0       # seconds the child is given before the check is made here instead
NO_VERDICT = "no verdict"   # what `child_verdict` says when the child answered nothing usable


# The index is pickled as plain tuples (unpickling 43,000 small objects, each built in Python,
# took over a second; plain tuples a tenth of that), and each lesson or exercise is seen through
# a tuple subclass whose fields are read by name (`IndexLesson`, `IndexExercise`), made when it
# is looked up (`_Seen`), never all at once. Each exercise's tuple is kept pickled on its own
# (`build`) and unpickled only when the map looks it up: the map reads the exercises of the
# thirty lessons it shows, and unpickling all 43,000 tuples was three quarters of the index's read.

class IndexQuestion(tuple):
    """A question as the map reads it: (ask, points)."""
    __slots__ = ()
    ask = property(itemgetter(0))
    points = property(itemgetter(1))


class IndexExercise(tuple):
    """An exercise as the map reads it: (id, title, game, path, questions as (ask, points))."""
    __slots__ = ()
    id = property(itemgetter(0))
    title = property(itemgetter(1))
    game = property(itemgetter(2))
    path = property(itemgetter(3))

    @property
    def questions(self) -> tuple[IndexQuestion, ...]:
        return tuple(map(IndexQuestion, self[4]))


class IndexSection(tuple):
    """A lesson section as the map reads it: (try-it, points, cited keys)."""
    __slots__ = ()
    try_it = property(itemgetter(0))
    points = property(itemgetter(1))
    cite = property(itemgetter(2))


class IndexLesson(tuple):
    """A lesson as the map reads it: (id, title, game, order, summary, exercises, sections, path)."""
    __slots__ = ()
    id = property(itemgetter(0))
    title = property(itemgetter(1))
    game = property(itemgetter(2))
    order = property(itemgetter(3))
    summary = property(itemgetter(4))
    exercises = property(itemgetter(5))
    path = property(itemgetter(7))

    @property
    def sections(self) -> tuple[IndexSection, ...]:
        return tuple(map(IndexSection, self[6]))


def _exercise(packed: bytes) -> IndexExercise:
    return IndexExercise(pickle.loads(packed))


class _Seen(Mapping):
    """Id -> an index's lesson or exercise, made from its plain tuple (or its pickled tuple, by
    `kind`) when looked up."""

    def __init__(self, raw: dict[str, Any], kind: Any):
        self._raw, self._kind = raw, kind

    def __getitem__(self, key: str) -> Any:
        return self._kind(self._raw[key])

    def get(self, key: str, default: Any = None) -> Any:
        raw = self._raw.get(key)
        return default if raw is None else self._kind(raw)

    def __contains__(self, key: object) -> bool:
        return key in self._raw

    def __iter__(self):
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def values(self):
        return list(map(self._kind, self._raw.values()))

    def items(self):
        return list(zip(self._raw, map(self._kind, self._raw.values())))


class CourseIndex(Course):
    """A course as the Course map reads it (`IndexLesson`s and `IndexExercise`s, the course's
    problems): never handed to a page other than the map."""

    @classmethod
    def of(cls, data: tuple) -> "CourseIndex":
        root, lessons, exercises, problems, files, invalid = data
        return cls(root, _Seen(lessons, IndexLesson), _Seen(exercises, _exercise), problems, files, invalid)


def index_file(cache_file: Path | None) -> Path | None:
    """Where the map's index of the course cached in `cache_file` is kept (beside it)."""
    return None if cache_file is None else cache_file.with_name(cache_file.stem + ".map-index.pickle")


def build(course: Course) -> tuple:
    """The map's index of `course` as plain data (see `CourseIndex.of`), from each model's first
    fields and `map_facts` (a model from the cache is not unpacked); each exercise's tuple pickled
    on its own, to be unpickled when it is looked up."""
    lessons = {lid: (lesson.id, lesson.title, lesson.game, lesson.order, lesson.summary,
                     tuple(lesson.exercises), map_facts(lesson), lesson.path)
               for lid, lesson in course.lessons.items()}
    exercises = {eid: pickle.dumps((exercise.id, exercise.title, exercise.game, exercise.path, map_facts(exercise)),
                                   protocol=pickle.HIGHEST_PROTOCOL)
                 for eid, exercise in course.exercises.items()}
    return course.root, lessons, exercises, list(course.problems), list(course.files), dict(course.invalid)


def write(path: Path | None, course: Course, stamps: dict[str, tuple[int, int]], root: Path | None = None) -> bool:
    """Keep the map's index of `course`, whose files (name relative to the content root ->
    (size, mtime_ns) when read) are `stamps`, in `path` (a temporary file renamed over it), with
    the folders' times under `root` when they vouch for the same files (`folder_stamps`).
    False (and a log line) when it cannot be written."""
    if path is None:
        return False
    try:
        folders = folder_stamps(root, stamps) if root is not None else None
        body = pickle.dumps(build(course), protocol=pickle.HIGHEST_PROTOCOL)
        header = {"format": FORMAT, "version": cache.code_version(), "written": time.time_ns(),
                  "folders": folders, "files": len(stamps), "body_bytes": len(body)}
        cache.write_whole(path, pickle.dumps(header, protocol=pickle.HIGHEST_PROTOCOL), body,
                          pickle.dumps(stamps, protocol=pickle.HIGHEST_PROTOCOL))
        return True
    except Exception as exc:  # noqa: BLE001 - the map then waits for the course, as before
        LOG.warning("the Course map's index %s not written (%s: %s)", path, type(exc).__name__, exc)
        return False


def forget(path: Path | None) -> None:
    """Remove an index that no longer describes the files (a later start must not find it)."""
    if path is not None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            LOG.warning("the Course map's index %s could not be removed (%s)", path, exc)


def read(path: Path | None, root: Path | str) -> CourseIndex | None:
    """The index kept in `path` when it still describes every content file under `root` (see
    the module's notes), else None. An index of CHECK_APART_FROM files or more has its files
    stat'ed by a child process (`stamp_check`) while this one unpickles the index."""
    if path is None:
        return None
    root, child = Path(root), None
    try:
        with open(path, "rb") as handle:
            header = pickle.load(handle)
            if header.get("format") != FORMAT or header.get("version") != cache.code_version():
                return None
            written, folders = int(header["written"]), header.get("folders")
            if header["files"] >= CHECK_APART_FROM and same_folders(root, folders):
                child = check_apart(path, root)
            body = pickle.load(handle)
            verdict = child_verdict(child) if child is not None else NO_VERDICT
            child = None
            if verdict is not True:           # the stamps, kept last, are read only to check here
                stamps = pickle.load(handle)
        if verdict == NO_VERDICT:
            same = unchanged(root, stamps, written, folders)
        else:
            same = walked_unchanged(root, stamps, written) if verdict is None else verdict
        if not same:
            return None
        index = CourseIndex.of(body)
    except FileNotFoundError:
        return None
    except Exception as exc:  # noqa: BLE001 - never worth failing a start
        LOG.warning("the Course map's index %s ignored, it cannot be read (%s: %s)", path,
                    type(exc).__name__, exc)
        return None
    finally:
        if child is not None:           # left before its verdict was read
            child.kill()
            child.communicate()
    return index


def kept_header(path: Path) -> dict[str, Any]:
    """The header of the index kept in `path`, with its files' stamps (kept after the index
    itself, where the server reads past them when a child checks them) under "stamps"."""
    with open(path, "rb") as handle:
        header = pickle.load(handle)
        handle.seek(header["body_bytes"], os.SEEK_CUR)
        return {**header, "stamps": pickle.load(handle)}


def check_apart(path: Path, root: Path) -> subprocess.Popen | None:
    """A child process running `stamp_check` on the index in `path` for the content under
    `root`, or None when none can be started (the check is then made here)."""
    if not sys.executable:
        return None
    try:
        return subprocess.Popen([sys.executable, "-I", "-S", stamp_check.__file__, os.fspath(path),
                                 os.fspath(root), repr(cache.RACY)],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as exc:
        LOG.warning("the Course map's index is checked in the server: no child process (%s)", exc)
        return None


def child_verdict(child: subprocess.Popen) -> bool | None | str:
    """What the child running `stamp_check` found: True (unchanged), False (changed) or None
    (walk the folders); NO_VERDICT when it gave no verdict (logged; the check is then made here)."""
    try:
        out, err = child.communicate(timeout=CHECK_TIMEOUT)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        LOG.warning("the Course map's index check took over %.0f s in a child process: checked here", CHECK_TIMEOUT)
        return NO_VERDICT
    said = out.decode("ascii", "replace").strip()
    found = {word: verdict for verdict, word in stamp_check.VERDICTS.items()}
    if child.returncode != 0 or said not in found:
        LOG.warning("the Course map's index check failed in a child process (exit %s: %s): checked here",
                    child.returncode, err.decode("utf-8", "replace")[-500:].strip() or said)
        return NO_VERDICT
    return found[said]


def unchanged(root: Path, stamps: dict[str, tuple[int, int]], written: int,
              folders: dict[str, int] | None = None) -> bool:
    """Is every content file under `root` one of `stamps`, with the same size and time, none
    modified within `cache.RACY` seconds of `written`, none missing, and no link leading out?
    While the `folders` kept with the index are unchanged, the files are the ones in `stamps`
    (`listed_unchanged`); otherwise the folders are walked (`walked_unchanged`)."""
    listed = listed_unchanged(root, stamps, written, folders)
    return walked_unchanged(root, stamps, written) if listed is None else listed


def walked_unchanged(root: Path, stamps: dict[str, tuple[int, int]], written: int) -> bool:
    """`unchanged`, the files found by walking the content folders."""
    base = os.fspath(root).rstrip(os.sep) + os.sep
    limit = written - cache.RACY * 1e9
    seen = 0
    for folder in course_folders(root):
        inside, outside = walk(folder, root, text=True)
        if outside:
            return False
        for text in inside:
            stamp = stamps.get(text[len(base):]) if text.startswith(base) else None
            if stamp is None:
                return False
            try:
                info = os.stat(text)
            except OSError:
                return False
            if (info.st_size, info.st_mtime_ns) != stamp or info.st_mtime_ns > limit:
                return False
            seen += 1
    return seen == len(stamps)


def listed_unchanged(root: Path, stamps: dict[str, tuple[int, int]], written: int,
                     folders: dict[str, int] | None) -> bool | None:
    """`unchanged`, the files being those in `stamps`, when every folder in `folders` (name
    relative to `root` -> mtime_ns, see `folder_stamps`) still has its time and none was
    modified within `cache.RACY` seconds of `written`; None (walk the folders) otherwise. An
    unchanged folder holds the entries it held: a file edited in place changes only its own
    time, which each file's stat still compares."""
    if not same_folders(root, folders):
        return None
    return stamp_check.listed_stamps(os.fspath(root), stamps, written, folders, cache.RACY)


def same_folders(root: Path, folders: dict[str, int] | None) -> bool:
    """Whether folder times were kept (`folder_stamps`) for the content folders `root` has now."""
    return bool(folders) and sorted(os.path.relpath(folder, root) for folder in course_folders(root)) == \
        sorted(name for name in folders if os.sep not in name)


def folder_stamps(root: Path, stamps: dict[str, tuple[int, int]]) -> dict[str, int] | None:
    """Every folder under the content folders of `root` (name relative to it -> mtime_ns), when
    they hold exactly the YAML files in `stamps` and no link; else None (a restart then walks
    the folders, `unchanged`). Each folder's time is taken before its entries are listed: an
    entry added or removed after the listing changes a time kept here."""
    base = os.fspath(root).rstrip(os.sep) + os.sep
    folders: dict[str, int] = {}
    files: set[str] = set()
    pending = [os.fspath(folder) for folder in course_folders(root)]
    while pending:
        folder = pending.pop()
        try:
            info = os.lstat(folder)
            if not folder.startswith(base) or stat.S_ISLNK(info.st_mode):
                return None
            folders[folder[len(base):]] = info.st_mtime_ns
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.is_symlink():
                        return None
                    if entry.is_dir():
                        pending.append(entry.path)
                    elif entry.name.endswith(YAML_SUFFIXES) and entry.is_file():
                        files.add(entry.path[len(base):])
        except OSError:
            return None
    return folders if files == set(stamps) else None


def stamps_of(entries: Iterable[Any], root: Path) -> dict[str, tuple[int, int]] | None:
    """Each file's stamp as the live course read it, or None when one cannot be vouched for (a
    file not read, a link leading out)."""
    out: dict[str, tuple[int, int]] = {}
    for entry in entries:
        if not entry.inside or entry.stamp is None or entry.digest is None:
            return None
        out[entry.loaded.file] = entry.stamp
    return out


class KeptIndex:
    """The index one live course keeps beside its cache: read at most once, for the maps drawn
    before the course is loaded (`current`), dropped once it is (`drop`), written again whenever
    the cache is (`save`). `drawn` is set once a Course map has been drawn from it."""

    def __init__(self, root: Path):
        self.root = root
        self.drawn = threading.Event()
        self._index: CourseIndex | None = None
        self._read = False
        self._lock = threading.Lock()

    def current(self, cache_file: Path | None) -> CourseIndex | None:
        """The index, read on the first call when it still describes every file, else None."""
        with self._lock:
            if not self._read:
                self._read = True
                started = time.perf_counter()
                self._index = read(index_file(cache_file), self.root)
                if self._index is not None:
                    LOG.info("the Course map's index read from the cache in %.2f s: %d lessons, %d exercises",
                             time.perf_counter() - started, len(self._index.lessons), len(self._index.exercises))
            return self._index

    def drop(self) -> None:
        self._index = None

    @staticmethod
    def missing(cache_file: Path | None) -> bool:
        """Whether a cache is kept without its index beside it (a cache written before there was one)."""
        path = index_file(cache_file)
        return path is not None and not path.is_file()

    def save(self, cache_file: Path | None, course: Course | None, stamps: dict[str, tuple[int, int]] | None) -> bool:
        """Write the index of `course` with each file's size and time as read (`stamps`); or
        remove it when there is no course or no stamps to vouch for it."""
        path = index_file(cache_file)
        if course is None or stamps is None:
            forget(path)
            return False
        return write(path, course, stamps, self.root)
