"""Session state, the progress store and the cached course, shared by every page.

State is initialised once per session (`init`). The course is cached keyed by a fingerprint of every YAML file (path, size, mtime), so an edited file is re-read on
the next rerun and a stale copy is never shown.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import streamlit as st

from course import content
from course.app.progress import ENV_VAR, ProgressStore, default_db_path
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


def yaml_files(root: Path | None = None) -> list[Path]:
    root = root or content_root()
    found: list[Path] = []
    for folder in ("lessons", "exercises"):
        base = root / folder
        if base.is_dir():
            found += sorted(p for p in base.rglob("*") if p.suffix in (".yaml", ".yml"))
    return found


def fingerprint(root: Path) -> tuple:
    """(path, size, mtime) of every YAML file: any edit, addition or removal changes it."""
    stamps = []
    for folder in ("lessons", "exercises"):
        stack = [os.path.join(root, folder)]
        while stack:
            try:
                entries = list(os.scandir(stack.pop()))
            except OSError:
                continue
            for entry in entries:
                if entry.is_dir():
                    stack.append(entry.path)
                elif entry.name.endswith((".yaml", ".yml")):
                    try:
                        info = entry.stat()
                    except OSError:
                        continue
                    stamps.append((entry.path, info.st_size, info.st_mtime_ns))
    return tuple(sorted(stamps))


# The validated course per (root, fingerprint). A plain dict rather than st.cache_data: the
# model holds rule profiles that do not pickle, and hashing the fingerprint through Streamlit's
# cache costs more than a check-answer rerun should. Pages treat the course as read-only (a
# profile switch builds a new Exercise), so sessions can share it. `clear_course_cache()`
# empties it (tests call it between tests, with st.cache_data.clear()).
_COURSES: dict[tuple[str, tuple], Any] = {}
_COURSES_LOCK = threading.Lock()


def clear_course_cache() -> None:
    with _COURSES_LOCK:
        _COURSES.clear()


def _load_course(root: str, stamp: tuple) -> Any:
    key = (root, stamp)
    with _COURSES_LOCK:
        if key in _COURSES:
            return _COURSES[key]
    with st.spinner("Loading the course..."):
        loaded = content.load_course(Path(root))
    with _COURSES_LOCK:
        for old in [k for k in _COURSES if k[0] == root]:
            del _COURSES[old]          # an edited course replaces the stale copy
        _COURSES[key] = loaded
    return loaded


def course() -> Course:
    """The validated course (lessons, exercises, problems)."""
    root = content_root()
    return _load_course(str(root), fingerprint(root))


def relative(path: Any) -> str:
    """A content path as authors know it: relative to the content root when possible."""
    if not Path(str(path)).is_absolute():
        return str(path)
    try:
        return str(Path(path).resolve().relative_to(content_root().resolve()))
    except (ValueError, TypeError, OSError):
        return str(path)
