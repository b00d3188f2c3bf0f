"""Session state, the progress store and the cached course, shared by every page.

State is initialised once per session (`init`). The course is loaded through `st.cache_resource`
keyed by a fingerprint of every YAML file (path, size, mtime), so an edited file is re-read on
the next rerun and a stale copy is never shown.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import streamlit as st

from course.app.progress import ProgressStore, default_db_path

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


# -- engine and content modules ------------------------------------------------------------

def module(name: str) -> ModuleType | None:
    """`course.<name>` if it can be imported, else None (a page then says what is missing)."""
    try:
        return importlib.import_module(f"course.{name}")
    except ImportError:
        return None


def missing_notice(*names: str) -> bool:
    """Show which engine modules are not there yet; True when something is missing."""
    missing = [n for n in names if module(n) is None]
    if missing:
        st.info("This page needs " + ", ".join(f"`course.{n}`" for n in missing)
                + ", which is not available in this build yet. Nothing is shown rather than "
                "answers the engine did not compute.")
    return bool(missing)


# -- the progress store --------------------------------------------------------------------

_STORES: dict[Path, ProgressStore] = {}


def store() -> ProgressStore:
    """The store for the current `STUD_STUDY_DB` (or the default file)."""
    path = default_db_path()
    if path not in _STORES:
        _STORES[path] = ProgressStore(path)
    return _STORES[path]


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
    stamps = []
    for path in yaml_files(root):
        try:
            st_ = path.stat()
        except OSError:
            continue
        stamps.append((str(path), st_.st_size, st_.st_mtime_ns))
    return tuple(stamps)


# cache_resource, not cache_data: the model holds rule profiles that do not pickle. Pages treat
# the course as read-only (a profile switch builds a new Exercise), so sharing it is safe.
@st.cache_resource(show_spinner="Loading the course...", max_entries=4)
def _load_course(root: str, stamp: tuple) -> Any:
    content = module("content")
    return content.load_course(Path(root))


def course() -> Any | None:
    """The validated course (lessons, exercises, problems), or None before `course.content`."""
    if module("content") is None:
        return None
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
