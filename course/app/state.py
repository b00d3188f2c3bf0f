"""Session state, who is studying, the progress store and the cached course, shared by every
page.

State is initialised once per session (`init`). The course is loaded once per server and kept
current by a watcher (`course()`), so a rerun never reads or stats a course file.
"""

from __future__ import annotations

import os
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import streamlit as st

from course.content.live import LiveCourse
from course.model import Course
from course.store import (ENV_VAR, Attempt, ProgressStore, StoreCorrupt, StoreError,
                          configured_location)

CONTENT_ENV = "STUD_STUDY_CONTENT"     # a folder holding lessons/ and exercises/ (tests use it)
REPO_ROOT = Path(__file__).resolve().parents[2]

DEFAULTS: dict[str, Any] = {
    "graded": {},          # "<prefix>|<exercise>|<question>" -> graded result (dict)
    "shown": {},           # same keys -> True once "Show answer" was pressed
}


def init() -> None:
    """Put every shared key in st.session_state once; later runs leave them alone."""
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = value.copy() if isinstance(value, dict) else value


# -- who is studying ------------------------------------------------------------------------

@dataclass(frozen=True)
class Identity:
    """The person using this session: `key` keys their progress, `name` is shown."""
    key: str
    name: str
    email: str = ""
    roles: frozenset[str] = frozenset({"learner"})


# Local mode: one learner on their own computer, who may also author content.
LOCAL = Identity(key="local", name="you", roles=frozenset({"learner", "author"}))
RETRY_S = 5.0             # after a failed save, wait this long before trying again
ROLE_LISTS = {"author": "authors", "teacher": "teachers"}   # [roles] keys in secrets.toml


def shared_mode() -> bool:
    """Shared mode is on when `.streamlit/secrets.toml` has an `[auth]` section (Streamlit's
    native OpenID Connect login); otherwise the app runs for one local learner."""
    mode = st.session_state.get("shared_mode")
    if mode is None:                      # once per session: without a secrets file every
        try:                              # look-up searches the disk again
            mode = "auth" in st.secrets
        except FileNotFoundError:         # no secrets file at all: local mode
            mode = False
        st.session_state["shared_mode"] = mode
    return mode


MIN_SECRET_BYTES = 32
MAKE_SECRET = 'python -c "import secrets; print(secrets.token_urlsafe(48))"'
# Secrets written in documentation, never to be used: anyone who reads them can sign a login
# cookie (README's example, Streamlit's docs).
PLACEHOLDER_SECRETS = frozenset({"a long random string", "xxx", "...", "changeme", "secret",
                                 "paste the output of the command above here"})


def cookie_secret_problem(auth: Any) -> str | None:
    """Why `[auth]`'s `cookie_secret` cannot protect the login, or None when it can. Streamlit
    signs the login cookie with it, so an empty, placeholder or short secret lets anyone forge
    a login as any user, a teacher included: shared mode refuses to start with one."""
    secret = auth.get("cookie_secret") if hasattr(auth, "get") else None
    fix = f"Make one with: {MAKE_SECRET}"
    if secret is None:
        return f"[auth] in secrets.toml has no cookie_secret. {fix}"
    if not isinstance(secret, str) or not secret.strip():
        return f"[auth] cookie_secret in secrets.toml is empty. {fix}"
    if secret.strip().lower() in PLACEHOLDER_SECRETS:
        return (f"[auth] cookie_secret in secrets.toml is the example from the documentation, "
                f"which anyone can read. {fix}")
    if len(secret.encode("utf-8")) < MIN_SECRET_BYTES:
        return (f"[auth] cookie_secret in secrets.toml is {len(secret.encode('utf-8'))} bytes; "
                f"it must be at least {MIN_SECRET_BYTES} random bytes. {fix}")
    if len(set(secret)) < 8:
        return f"[auth] cookie_secret in secrets.toml is not random (too few different " \
               f"characters). {fix}"
    return None


def auth_problem() -> str | None:
    """In shared mode, why the login cannot be trusted (see `cookie_secret_problem`)."""
    if not shared_mode():
        return None
    return cookie_secret_problem(st.secrets.get("auth", {}))


def roles_of(sub: str, email: str) -> frozenset[str]:
    """Roles from `[roles]` in secrets.toml: `authors` and `teachers` list subjects (matched
    exactly) or e-mail addresses (any case); everyone logged in is a learner."""
    config = st.secrets.get("roles", {})
    ids = {sub, email.lower()} - {""}
    roles = {"learner"}
    for role, listed in ROLE_LISTS.items():
        given = config.get(listed, [])
        given = [given] if isinstance(given, str) else given     # one name without brackets
        entries = {x.lower() if "@" in x else x for x in map(str, given)}
        if ids & entries:
            roles.add(role)
    return frozenset(roles)


def identity() -> Identity | None:
    """Who is studying: the local learner, the logged-in user (progress keyed by the identity
    provider's issuer and subject, never by a name they type), or None before login."""
    if not shared_mode():
        return LOCAL
    user = st.user
    if not user.get("is_logged_in"):
        return None
    sub, email = str(user.get("sub") or ""), str(user.get("email") or "")
    if not sub:
        return None
    name = str(user.get("name") or email or sub)
    # only an address the provider says it has verified grants a role: a missing claim is
    # unverified (some providers send the claim as the text "true")
    verified = user.get("email_verified")
    trusted = email if verified is True or str(verified).lower() == "true" else ""
    return Identity(key=f"{user.get('iss') or ''}#{sub}", name=name, email=email,
                    roles=roles_of(sub, trusted))


def learner() -> str:
    """The current learner's progress key ("" before login)."""
    who = identity()
    return who.key if who is not None else ""


def has_role(role: str) -> bool:
    who = identity()
    return who is not None and role in who.roles


# -- the progress store --------------------------------------------------------------------

_STORES: dict[str, ProgressStore] = {}
_FAILED: dict[str, tuple[float, StoreError]] = {}   # location -> (when, why) it failed to open
_STORES_LOCK = threading.Lock()


def _open_store() -> ProgressStore:
    """The one store per location of this server process (its pool serves every session).
    A store that failed to open is tried again after RETRY_S, not on every rerun of every
    session (each try may check a damaged file or wait on a lock)."""
    location = configured_location()
    with _STORES_LOCK:
        if location in _STORES:
            return _STORES[location]
        failed = _FAILED.get(location)
        if failed and time.monotonic() < failed[0] + RETRY_S:
            raise failed[1]
        try:
            _STORES[location] = ProgressStore(location)
        except StoreError as exc:
            _FAILED[location] = (time.monotonic(), exc)
            raise
        _FAILED.pop(location, None)
        return _STORES[location]


def store() -> ProgressStore | None:
    """The store for the current `STUD_STUDY_DB`, with this session's waiting answers saved;
    None when it cannot be opened (`store_panel` says why; the app keeps working)."""
    try:
        opened = _open_store()
    except StoreCorrupt as exc:
        st.session_state["store_problem"] = str(exc)
        st.session_state["store_damaged"] = str(exc.path)
        return None
    except (StoreError, OSError) as exc:
        st.session_state["store_problem"] = f"{exc}. Set {ENV_VAR} to a writable file or a " \
                                            "reachable database"
        return None
    st.session_state.pop("store_damaged", None)
    flush_unsaved(opened)
    return opened


def store_panel() -> None:
    """Once per run, above the page: why progress is not being saved, and for a damaged
    SQLite file a button that moves it aside so a fresh one can start (local mode, or a
    teacher in shared mode)."""
    moved = st.session_state.pop("store_moved", None)
    if moved:
        st.success(f"The damaged file was moved to {moved}; a fresh one was started.")
    opened = store()
    waiting = len(st.session_state.get("unsaved") or [])
    problem = st.session_state.get("store_problem")
    if opened is None:
        st.error(f"Progress cannot be saved: {problem}. " + (
            f"{waiting} answer(s) wait in this session and are saved once it works again."
            if waiting else "Answers you check wait in this session until it works again."))
    elif waiting:
        st.warning(f"{waiting} answer(s) not saved yet: {problem}. They wait in this session "
                   "and are saved as soon as the store is back.")
    damaged = st.session_state.get("store_damaged")
    if damaged and (not shared_mode() or has_role("teacher")):
        if st.button("Move the damaged file aside and start a fresh one",
                     key="store_move_aside", icon=":material/drive_file_move:"):
            st.session_state["store_moved"] = str(ProgressStore.move_aside(Path(damaged)))
            with _STORES_LOCK:
                _FAILED.clear()                  # open the fresh file at once
            st.rerun()
    elif damaged:
        st.caption("Tell your teacher: when a teacher opens the app, it offers to move the file "
                   "aside.")


def remember(who: Identity) -> None:
    """Keep a logged-in learner's display name, once per session (the class page shows
    names; progress itself is keyed by `who.key`)."""
    if st.session_state.get("remembered") == who.key:
        return
    opened = store()
    if opened is not None:
        try:
            opened.save_learner(who.key, who.name, who.email)
        except StoreError:
            return                              # tried again on the next rerun
        st.session_state["remembered"] = who.key


def record(attempt: Attempt) -> bool:
    """Save one attempt; True when it is stored. When the store is busy, full, damaged or
    away, the attempt waits in the session (`unsaved`) with the reason, and is saved on a
    later rerun once the store is back. Nothing is raised."""
    st.session_state.setdefault("unsaved", []).append(attempt)
    st.session_state.pop("store_retry_at", None)   # a new answer tries the store at once
    store()                                 # opens the store and saves what is waiting
    return not st.session_state["unsaved"]


def flush_unsaved(opened: ProgressStore) -> None:
    """Save the attempts waiting in this session, oldest first; stop at the first failure.
    After a failure the next try waits RETRY_S, so one rerun never waits twice on a lock."""
    waiting = st.session_state.get("unsaved") or []
    if not waiting or time.monotonic() < st.session_state.get("store_retry_at", 0):
        return
    while waiting:
        try:
            opened.record(waiting[0])
        except StoreError as exc:
            st.session_state["store_problem"] = str(exc)
            st.session_state["store_retry_at"] = time.monotonic() + RETRY_S
            return
        waiting.pop(0)
    st.session_state.pop("store_problem", None)


def unsaved_note() -> str:
    """What a verdict says when its attempt is not stored yet."""
    if not learner():
        return "*Log in to keep your progress.*"
    waiting = len(st.session_state.get("unsaved") or [])
    if not waiting:
        return "*Saved: the progress store is back.*"
    problem = st.session_state.get("store_problem") or "the progress store is unavailable"
    return (f"*Not saved yet: {problem}. {waiting} answer(s) are kept in this session and "
            "saved as soon as the store is back.*")


def mastered(name: str) -> set[tuple[str, int]]:
    """The learner's mastered (exercise, question) pairs; empty without a key or a store."""
    progress = store() if name else None
    if progress is None:
        return set()
    try:
        return progress.mastered(name)
    except StoreError as exc:
        st.warning(f"Your progress cannot be shown just now: {exc}")
        return set()


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
