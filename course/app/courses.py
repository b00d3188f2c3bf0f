"""The server's one course per content root (`live_course`), apart from the rest of the app's
state so that a server can start loading it before it imports Streamlit, pandas and the
progress store (`python -m course.app`): this module imports only the content loader.
`course.app.state` re-exports everything here; pages use it through `state`.

One LiveCourse per content root for the whole server (course.content.live): loaded once under
its lock, so visitors arriving together wait for one load; kept current by a watcher thread, so
a rerun costs no stat of any file. Pages treat the course as read-only (a profile switch builds
a new Exercise), so sessions share it. `clear_course_cache()` stops the watchers and forgets
them (tests call it between tests)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from course.content.live import LiveCourse

CONTENT_ENV = "STUD_STUDY_CONTENT"     # a folder holding lessons/ and exercises/ (tests use it)
REPO_ROOT = Path(__file__).resolve().parents[2]

_LIVE: dict[str, LiveCourse] = {}
_LIVE_LOCK = threading.Lock()


def content_root() -> Path:
    override = os.environ.get(CONTENT_ENV, "").strip()
    return Path(override).expanduser() if override else REPO_ROOT


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
