"""Session state, the progress store and the cached course, shared by every page.

State is initialised once per session (`init`). The course is loaded once per server and kept
current by a watcher (`course()`), so a rerun never reads or stats a course file.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import weakref
from pathlib import Path
from typing import Any, Callable

import streamlit as st

from course.app.progress import ENV_VAR, ProgressStore, default_db_path
from course.content.live import LiveCourse
from course.model import Course

CONTENT_ENV = "STUD_STUDY_CONTENT"     # a folder holding lessons/ and exercises/ (tests use it)
REPO_ROOT = Path(__file__).resolve().parents[2]

DEFAULTS: dict[str, Any] = {
    "learner": "guest",
    "graded": {},          # "<prefix>|<exercise>|<question>" -> graded result (dict)
    "shown": {},           # same keys -> True once "Show answer" was pressed
}


def init() -> None:
    """Put every shared key in st.session_state once; later runs leave them alone."""
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = value.copy() if isinstance(value, dict) else value


def learner() -> str:
    return str(st.session_state.get("learner") or "").strip()


# -- the progress store --------------------------------------------------------------------

_STORES: dict[Path, ProgressStore] = {}


def store() -> ProgressStore | None:
    """The store for the current `STUD_STUDY_DB` (or the default file); None, with an error
    panel naming the file, when it cannot be opened (the app keeps working without saving)."""
    path = default_db_path()
    if path not in _STORES:
        try:
            _STORES[path] = ProgressStore(path)
        except (OSError, sqlite3.Error) as exc:
            st.error(f"Progress cannot be saved: {str(path)!r} cannot be opened ({exc}). Set "
                     f"{ENV_VAR} to a writable file.")
            return None
    return _STORES[path]


def mastered(name: str) -> set[tuple[str, int]]:
    """The learner's mastered (exercise, question) pairs; empty without a name or a store."""
    progress = store() if name else None
    return progress.mastered(name) if progress is not None else set()


# -- course content ------------------------------------------------------------------------

def content_root() -> Path:
    override = os.environ.get(CONTENT_ENV, "").strip()
    return Path(override).expanduser() if override else REPO_ROOT


# One LiveCourse per content root for the whole server (course.content.live): loaded once under
# its lock, so visitors arriving together wait for one load; kept current by a watcher thread, so
# a rerun costs no stat of any file. Pages treat the course as read-only (a profile switch builds
# a new Exercise), so sessions share it. `clear_course_cache()` stops the watchers and forgets
# them (tests call it between tests).
_LIVE: dict[str, LiveCourse] = {}
_LIVE_LOCK = threading.Lock()


def clear_course_cache() -> None:
    with _LIVE_LOCK:
        for live in _LIVE.values():
            live.close()
        _LIVE.clear()


def live_course(root: Path | None = None) -> LiveCourse:
    """The server's LiveCourse for `root` (default: the content root), not loaded yet."""
    key = str(root or content_root())
    with _LIVE_LOCK:
        if key not in _LIVE:
            _LIVE[key] = LiveCourse(key)
        return _LIVE[key]


def course() -> Course:
    """The validated course (lessons, exercises, problems), the same object for every session
    until a file changes."""
    live = live_course()
    if live.loaded:
        return live.course()
    with st.spinner("Loading the course..."):
        return live.course()


_DERIVED: dict[tuple[int, Callable], tuple[weakref.ref, Any]] = {}
_DERIVED_LOCK = threading.Lock()


def per_course(course: Course, derive: Callable[[Course], Any]) -> Any:
    """`derive(course)`, computed once per course object and shared by every session: a course
    is replaced when a file changes, never changed, so what is derived from it (the exercises in
    course order, say) need not be rebuilt on each rerun. Callers must not change the result."""
    key = (id(course), derive)
    with _DERIVED_LOCK:
        hit = _DERIVED.get(key)
    if hit is not None and hit[0]() is course:
        return hit[1]
    value = derive(course)
    with _DERIVED_LOCK:
        for old in [k for k, (ref, _) in _DERIVED.items() if ref() is None]:
            del _DERIVED[old]
        _DERIVED[key] = (weakref.ref(course), value)
    return value


def relative(path: Any) -> str:
    """A content path as authors know it: relative to the content root when possible."""
    if not Path(str(path)).is_absolute():
        return str(path)
    try:
        return str(Path(path).resolve().relative_to(content_root().resolve()))
    except (ValueError, TypeError, OSError):
        return str(path)
