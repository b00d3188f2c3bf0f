"""One course kept loaded for a whole server: loaded once, watched, revalidated file by file.

`LiveCourse(root).course()` loads the course the first time, under a lock, so visitors who arrive
together wait for that one load instead of each loading their own. It then watches the content
folders (inotify through `watchdog`, which Streamlit itself depends on; a timer that rescans every
`interval` seconds where no watcher can be started). A change is handled in the watcher's thread,
never in a visitor's rerun: the changed files are read, and a file is validated again only when
its content hash differs from the one already loaded for that path. The course-wide checks then run
over the per-file results and the new `Course` replaces the old one in one assignment, so a page
always draws one consistent course.

Across restarts, each file's validation is kept in the validated-course cache
(`course.content.cache`), keyed by the file's content hash and the code's version: a server that
starts on unchanged files validates none of them. The cache is written after a load that
validated anything, and again by the watcher once edits have settled (`SAVE_AFTER` seconds).
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from course.content import cache, map_index
from course.content.load import (
    COURSE_FOLDERS, OUTSIDE, YAML_SUFFIXES, Assembly, Loaded, assemble, course_folders, file_name, gc_paused, is_lesson_file,
    keep_out_of_gc, load_text, outside_link, path_key, walk,
)
from course.content.nodes import read_bytes, read_limited
from course.model import Course, Lesson, Problem

LOG = logging.getLogger(__name__)
DEBOUNCE = 0.05   # seconds: an editor's save is often several events; they are handled together
SAVE_AFTER = 5.0  # seconds without a change before the watcher writes the cache again
VALIDATE_APART_FROM = 2_000   # files: a first start of a course this big validates in a child process


@dataclass
class _Entry:
    stamp: tuple[int, int] | None     # (size, mtime_ns) when last read
    digest: str | None                # sha256 of the bytes validated (None: not read)
    loaded: Loaded
    inside: bool = True               # False for a link leading out of the content folder


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns


class LiveCourse:
    """The course under `root`, loaded once and kept current."""

    def __init__(self, root: Path | str, interval: float = 2.0, watch: bool = True,
                 cache_file: Path | None | bool = True, apart: bool = True):
        self.root = Path(root)
        self.apart = apart        # False: never validate in a child process (the child itself)
        self.interval = interval
        self.watch = watch        # False: changes come in only through refresh() (tests)
        # The validated-course cache's file: True for the usual place (course.content.cache),
        # a path, or None/False for none.
        self.cache_file = cache.cache_file(self.root) if cache_file is True else (cache_file or None)
        self.loads = 0            # full loads (one per server, unless closed and reopened)
        self.validated = 0        # files validated, the full load included
        self.from_cache = 0       # files taken from the validated-course cache, not validated
        self._unsaved = False     # the cache lags behind the files
        self.patched = 0          # edits put in without assembling the course again
        self._stale = False       # the course must be assembled again
        self._assembly = Assembly()
        self._lock = threading.RLock()
        # keyed by each file's path as text (os.fspath of its Path): at 43,000 files, building
        # and hashing Path objects was a third of a restart from the cache
        self._entries: dict[str, _Entry] = {}
        self._order: list[str] = []
        self._course: Course | None = None
        self._index = map_index.KeptIndex(self.root)   # the Course map's, until the course is loaded
        self.map_begun = threading.Event()    # set once a Course map's run asks what to draw
        self.map_drawn = self._index.drawn    # set once a Course map has been drawn from the index
        self._pending: set[str] = set()   # paths the watcher reported, guarded by _events
        self._events = threading.Lock()
        self._rescan = False
        self._wake = threading.Event()
        self._closed = threading.Event()
        self._observer = None
        self._thread: threading.Thread | None = None
        self.watching = ""        # "inotify" or "timer" once started

    # -- reading ---------------------------------------------------------------------------

    def course(self) -> Course:
        """The current course; the first call loads it (concurrent callers wait for that load)."""
        current = self._course
        if current is not None:
            return current
        with self._lock:
            if self._course is None:
                self._load_all()
                self._start_watching()
            return self._course

    @property
    def loaded(self) -> bool:
        return self._course is not None

    def map_index(self) -> Course | None:
        """What the Course map draws from while the course is not loaded yet: the course once it
        is, else the map's index kept beside the cache when it still describes every file
        (`course.content.map_index`; read once), else None (the map waits for the course)."""
        if self._course is not None:
            return self._course
        index = self._index.current(self.cache_file)
        return self._course if self._course is not None else index

    def files(self) -> tuple[str, ...]:
        """The name of every readable content file (links out of the folder left out), in course
        order, without touching the disk (kept from the last assembly)."""
        self.course()
        return self._files

    def read(self, name: str) -> tuple[str | None, list[Problem]]:
        """The current text of one listed file (read now, so an edit shows at once), or why not."""
        path = self.root / name
        self.course()
        if name not in self._file_set or not self._inside(path):
            return None, [Problem(name, 1, 1, f"not a file of this course: {OUTSIDE}")]
        return read_limited(path, name)

    # -- loading ---------------------------------------------------------------------------

    def _scan(self) -> tuple[list[str], list[str]]:
        inside: list[str] = []
        outside: list[str] = []
        for folder in course_folders(self.root):
            found, away = walk(folder, self.root, text=True)
            inside += found
            outside += away
        return inside, outside

    def _load_all(self) -> None:
        started = time.perf_counter()
        inside, outside = self._scan()
        self._entries = {}
        validated = self.validated
        with gc_paused():
            kept = cache.read(self.cache_file)
            if self._validate_apart(inside, kept):
                kept = cache.read(self.cache_file)
            here = self.validated                # files validated in this process
            self._take_kept(inside, kept)
            self._unsaved = self.validated > here or len(kept) != len(inside)
            del kept
            for path in outside:
                self._entries[path] = _Entry(None, None, outside_link(path, self.root), False)
            # _scan gives each folder's files in order, the folders in course order: only links
            # leading out need sorting in.
            self._order = sorted(self._entries, key=self._order_key) if outside else list(inside)
            self.loads += 1
            self._assemble()
            if self._unsaved:
                self.save_cache()
            elif self._index.missing(self.cache_file):
                self._save_index()               # a cache kept before the index was
            self._index.drop()                   # the course itself from now on
            # A load from the cache leaves next to no garbage: a collection would only walk the
            # course for nothing (seconds at 43,000 exercises). Frozen before the collector is
            # back on, so that its first young collection does not walk the course either.
            keep_out_of_gc(collect=self.validated > here)
        course = self._course
        LOG.info("course loaded from %s: %d lessons, %d exercises, %d problem(s) in %.1f s (load %d), "
                 "%d file(s) validated, %d from the cache", self.root, len(course.lessons),
                 len(course.exercises), len(course.problems), time.perf_counter() - started, self.loads,
                 self.validated - validated, len(inside) - (self.validated - validated))

    def _validate_apart(self, inside: list[str], kept: cache.Kept) -> bool:
        """A first start (most of a big course missing from the cache): the files are validated
        in a child process, which writes the validated-course cache, and this server then takes
        the course from the cache as a restart does. Validating here would leave the server
        holding about twice a restart's memory for as long as it runs (what validation built
        is freed, but the allocator keeps the pages it was scattered over). True when the child
        wrote the cache; False (validate here, as before) for a small course, without a cache,
        or when the child failed (its output is logged)."""
        missing = len(inside) - len(kept)
        if not self.apart or self.cache_file is None or len(inside) < VALIDATE_APART_FROM \
                or 2 * missing < len(inside):
            return False
        validated = validate_in_child(self.root, self.cache_file)
        if validated is None:
            return False
        self.validated += validated
        self.from_cache -= validated        # taken from the cache the child wrote, but validated
        return True

    def save_cache(self) -> bool:
        """Write every file's current result to the validated-course cache (removed files are
        no longer in it). True when written."""
        with self._lock:
            entries = {e.loaded.file: (e.digest, e.stamp, e.loaded) for e in self._entries.values()
                       if e.inside and e.digest is not None}
            self._unsaved = False
        if self.cache_file is None:
            return False
        written = cache.write(self.cache_file, entries)
        if written:
            self._save_index()
        return written

    def _save_index(self) -> bool:
        """Write the Course map's index of the current course beside the cache, with each file's
        size and time as read; or remove it when the course cannot be vouched for that way
        (a file unread, a link leading out, or the course not assembled from the files as they
        are)."""
        with self._lock:
            course = self._course
            stamps = None if course is None or self._stale else map_index.stamps_of(self._entries.values(), self.root)
        return self._index.save(self.cache_file, course, stamps)

    def _take_kept(self, inside: list[str], kept: cache.Kept) -> None:
        """A full load's files: each one whose size and time are those the cache kept is taken
        from it without being read (`_read`'s first step, inlined: at 43,000 exercises the calls
        and the pathlib work per file were a third of a restart); the others through `_read`."""
        base = os.fspath(self.root).rstrip(os.sep) + os.sep
        cut, entries, limit = len(base), self._entries, kept.written - cache.RACY * 1e9
        taken = 0
        for text in inside:
            hit = kept.get(text[cut:]) if kept and text.startswith(base) and os.sep == "/" else None
            if hit is not None and hit[1] is not None:
                try:
                    info = os.stat(text)
                except OSError:
                    info = None
                if info is not None and hit[1] == (info.st_size, info.st_mtime_ns) and info.st_mtime_ns <= limit:
                    entries[text] = _Entry(hit[1], hit[0], hit[2])
                    taken += 1
                    continue
            self._read(text, kept)
        self.from_cache += taken

    def _read(self, path: str, kept: cache.Kept | None = None) -> bool:
        """(Re)read one file; validate it only when its bytes changed (or, at a full load, when
        the cache `kept` has no result for these bytes). True when it did."""
        stamp = _stamp(path)
        file = file_name(path, self.root)
        if kept and (hit := kept.unchanged(file, stamp)) is not None:
            self._entries[path] = _Entry(stamp, kept[file][0], hit)   # not even read again
            self.from_cache += 1
            return True
        data, problems = read_bytes(path, file)
        digest = hashlib.sha256(data).hexdigest() if data is not None else None
        entry = self._entries.get(path)
        if entry is not None and digest is not None and entry.digest == digest:
            entry.stamp = stamp
            return False
        if kept and digest is not None and (hit := kept.same_bytes(file, digest)) is not None:
            self._entries[path] = _Entry(stamp, digest, hit)
            self.from_cache += 1
            return True
        self._entries[path] = _Entry(stamp, digest, load_text(data, problems, file, is_lesson_file(path)))
        self.validated += 1
        self._unsaved = True
        if entry is not None and entry.inside and self._patch(entry.loaded, self._entries[path].loaded):
            self.patched += 1
        else:
            self._stale = True
        return True

    def _assemble(self) -> None:
        ordered = [self._entries[p] for p in self._order]   # one lookup per path (hashing a Path is slow)
        self._files = tuple(e.loaded.file for e in ordered if e.inside)
        self._file_set = frozenset(self._files)
        self._assembly = Assembly()
        with gc_paused():
            self._course = assemble((e.loaded for e in ordered), str(self.root), assembly=self._assembly)
        self._stale = False

    def _patch(self, old: Loaded, new: Loaded) -> bool:
        """Put one re-validated file into the course without assembling it again, when the
        course-wide checks cannot change: the same id and kind (a lesson: the same game, order
        and links), valid before and after or invalid before and after, its id given once, and
        no course-wide problem on it. False when the course must be assembled again."""
        course, assembly = self._course, self._assembly
        before, after = old.model, new.model
        if course is None or (before is None) != (after is None) or bool(old.problems) != bool(new.problems):
            return False
        if before is not None and (isinstance(before, Lesson) != isinstance(after, Lesson) or before.id != after.id
                                   or assembly.owners.get(before.id) != old.file
                                   or before.id in assembly.duplicated
                                   or (isinstance(before, Lesson) and (before.game, before.order, before.exercises)
                                       != (after.game, after.order, after.exercises))):
            return False
        if any(p.file == old.file for p in course.problems[assembly.course_wide:]):
            return False
        problems = course.problems
        if old.problems:  # one block in the per-file part: replace it
            start = next(n for n, p in enumerate(problems) if p.file == old.file)
            problems = problems[:start] + new.problems + problems[start + len(old.problems):]
            assembly.course_wide += len(new.problems) - len(old.problems)
        lessons, exercises = course.lessons, course.exercises
        if after is not None and not new.problems:
            if isinstance(after, Lesson):
                lessons = {**lessons, after.id: after}
            else:
                exercises = {**exercises, after.id: after}
        self._course = Course(course.root, lessons, exercises, problems, course.files, course.invalid)
        return True

    # -- changes ---------------------------------------------------------------------------

    def refresh(self, paths: Iterable[Path | str] | None = None) -> bool:
        """Take in changes: of the given files, or of every file (a stat of each) when None.
        Only files whose content hash changed are validated again. True when the course changed."""
        with self._lock:
            if self._course is None:
                self.course()
                return True
            self._stale = False
            if paths is None:
                changed = self._refresh_all()
            else:
                changed = self._refresh_some([os.fspath(Path(p)) for p in paths])
            if self._stale:
                self._assemble()
            self._unsaved = self._unsaved or changed
            return changed

    def _refresh_all(self) -> bool:
        inside, outside = self._scan()
        now = set(inside) | set(outside)
        gone = set(self._entries) - now
        for path in gone:
            del self._entries[path]
        moved = bool(gone)
        for path in outside:
            if path not in self._entries or self._entries[path].inside:
                self._entries[path] = _Entry(None, None, outside_link(path, self.root), False)
                moved = True
        changed = moved
        for path in inside:
            entry = self._entries.get(path)
            if entry is None or not entry.inside or entry.digest is None or entry.stamp != _stamp(path):
                moved = moved or entry is None
                changed = self._read(path) or changed
        self._reorder(moved)
        return changed

    def _refresh_some(self, paths: list[str]) -> bool:
        changed = moved = False
        for path in paths:
            if not os.path.basename(path).endswith(YAML_SUFFIXES):
                continue
            if not os.path.isfile(path):
                if self._entries.pop(path, None) is not None:
                    changed = moved = True
                continue
            if os.path.islink(path) and not self._inside(path):
                self._entries[path] = _Entry(None, None, outside_link(path, self.root), False)
                changed = moved = True
                continue
            moved = moved or path not in self._entries
            changed = self._read(path) or changed
        self._reorder(moved)
        return changed

    def _reorder(self, moved: bool) -> None:
        """After files were added or removed: the course order again, and a full assembly."""
        if moved:
            self._order = sorted(self._entries, key=self._order_key)
            self._stale = True

    def _order_key(self, path: str) -> tuple[int, list[str]]:
        """load_course's order: lessons/ then exercises/, each sorted by path."""
        folder = file_name(path, self.root).split("/", 1)[0]
        return (COURSE_FOLDERS.index(folder) if folder in COURSE_FOLDERS else len(COURSE_FOLDERS), path_key(path))

    def _inside(self, path: Path | str) -> bool:
        real, limit = os.path.realpath(path), os.path.realpath(self.root)
        return real.startswith(limit.rstrip(os.sep) + os.sep)

    # -- watching --------------------------------------------------------------------------

    def _start_watching(self) -> None:
        if self._thread is not None or not self.watch:
            return
        self.watching = "inotify" if self._start_observer() else "timer"
        self._thread = threading.Thread(target=self._run, name=f"course-watch {self.root}", daemon=True)
        self._thread.start()

    def _start_observer(self) -> bool:
        self._observer = _observer_for(self)
        return self._observer is not None

    def _run(self) -> None:
        while not self._closed.is_set():
            wait = None if self._observer is not None else self.interval
            if self._unsaved and self.cache_file is not None:
                wait = SAVE_AFTER if wait is None else min(wait, SAVE_AFTER)
            woken = self._wake.wait(wait)
            if self._closed.is_set():
                return
            if not woken and self._unsaved and self.cache_file is not None:
                self.save_cache()        # edits have settled: the next start need not redo them
                if self._observer is not None:
                    continue
            if woken:
                self._closed.wait(DEBOUNCE)
                self._wake.clear()
            with self._events:
                pending, self._pending = self._pending, set()
                rescan, self._rescan = self._rescan, False
            try:
                self.refresh(None if rescan or self._observer is None else pending)
            except Exception:  # noqa: BLE001 - the watcher must outlive one bad moment
                continue

    def close(self) -> None:
        """Stop watching (tests and benchmarks; a server keeps its course until it exits)."""
        self._closed.set()
        self._wake.set()
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None


def _observer_for(live: LiveCourse):
    """A started watchdog observer of `live`'s content folders that queues each changed path
    (a folder's change asks for a rescan) and wakes `live`'s watcher thread; None where no
    watcher can be started (no watchdog, or no inotify)."""
    try:
        from watchdog.events import FileSystemEventHandler
        from watchdog.observers import Observer
    except ImportError:
        return None

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event) -> None:  # noqa: ANN001 - watchdog's event type
            if event.event_type in ("opened", "closed_no_write"):
                return
            with live._events:
                if event.is_directory:
                    live._rescan = True
                else:
                    live._pending.update(p for p in (event.src_path, getattr(event, "dest_path", ""))
                                         if isinstance(p, str) and p)
            live._wake.set()

    try:
        observer = Observer()
        for folder in course_folders(live.root):
            observer.schedule(Handler(), str(folder), recursive=True)
        observer.daemon = True
        observer.start()
    except (OSError, RuntimeError):
        return None
    return observer


def validate_in_child(root: Path, cache_file: Path) -> int | None:
    """Validate the course at `root` in a child process that writes the cache `cache_file`: the
    number of files it validated, or None (logged) when it failed or wrote no cache."""
    import subprocess
    import sys

    package_parent = str(Path(cache.PACKAGE).parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (package_parent, os.environ.get("PYTHONPATH"))))}
    code = ("import sys; from pathlib import Path; from course.content.live import LiveCourse; "
            "live = LiveCourse(Path(sys.argv[1]), watch=False, cache_file=Path(sys.argv[2]), apart=False); "
            "live.course(); print(live.validated)")
    started = time.time()
    try:
        done = subprocess.run([sys.executable, "-c", code, str(root), str(cache_file)], env=env,
                              capture_output=True, text=True, timeout=3600)
        validated = int(done.stdout.split()[-1]) if done.returncode == 0 and done.stdout.split() else None
        if validated is not None and not (cache_file.is_file() and cache_file.stat().st_mtime >= started - 1):
            LOG.warning("the child process validating the course wrote no cache: validating here")
            return None
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        LOG.warning("validating the course in a child process failed (%s): validating here", exc)
        return None
    if validated is None:
        LOG.warning("validating the course in a child process failed (exit %s): validating here\n%s",
                    done.returncode, done.stderr[-2000:])
    return validated
