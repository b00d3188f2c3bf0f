"""Session state, who is studying, the progress store and the cached course, shared by every
page.

State is initialised once per session (`init`). The course is loaded once per server and kept
current by a watcher (`course()`), so a rerun never reads or stats a course file.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

import streamlit as st

from course.app import roles
from course.app.courses import (  # noqa: F401 - re-exported: pages and tests use them through state
    CONTENT_ENV, REPO_ROOT, _LIVE, _LIVE_LOCK, clear_course_cache, content_root, live_course,
)
from course.model import Course
from course.store import (ENV_VAR, Attempt, ProgressStore, StoreChanged, StoreCorrupt,
                          StoreError, configured_location)
from course.store.spool import Spool


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
ROLE_LISTS = roles.ROLE_LISTS    # [roles] keys in secrets.toml


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
    if len(set(secret)) < 8 or _repeats(secret) or _entropy_bits(secret) < MIN_SECRET_BITS:
        return f"[auth] cookie_secret in secrets.toml is not random (too few different " \
               f"characters, or a repeated pattern). {fix}"
    return None


MIN_SECRET_BITS = 128     # a token_urlsafe(48) secret has about 360; "abcdefgh" * 4 has 96


def _repeats(secret: str) -> bool:
    """Is `secret` one shorter text written again and again ("abcdefgh" * 4)?"""
    return secret in (secret + secret)[1:-1]


def _entropy_bits(secret: str) -> float:
    """An upper estimate of the secret's randomness: its length times the Shannon entropy of
    its characters' frequencies."""
    import math
    from collections import Counter

    counts = Counter(secret)
    per_char = -sum(n / len(secret) * math.log2(n / len(secret)) for n in counts.values())
    return per_char * len(secret)


def auth_problem() -> str | None:
    """In shared mode, why the login cannot be trusted (see `cookie_secret_problem`)."""
    if not shared_mode():
        return None
    return cookie_secret_problem(st.secrets.get("auth", {}))


def roles_of(sub: str, email: str, iss: str = "") -> frozenset[str]:
    """Roles from `[roles]` in secrets.toml (`course.app.roles`): an e-mail entry matches only
    the verified address `email`, a subject entry only `sub` (of issuer `iss` when it names
    one); everyone logged in is a learner."""
    return roles.roles_for(st.secrets.get("roles", {}), iss=iss, sub=sub, verified_email=email)


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
                    roles=roles_of(sub, trusted, str(user.get("iss") or "")))


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


def open_store_ahead() -> bool:
    """Open the progress store before any visitor comes (`python -m course.app` calls it as the
    server starts): the first visitor's run then finds it open, not creating or checking the
    file. Only a SQLite file: a database server may be slow to answer or away, and the start
    must not wait for it (the first run opens it, and the health check reports it, as before).
    A store that cannot be opened now is left for that run to open and report as usual (the
    failure is not remembered for RETRY_S). True when it opened."""
    if "://" in configured_location():
        return False
    try:
        _open_store()
        return True
    except (StoreError, OSError):
        with _STORES_LOCK:
            _FAILED.pop(configured_location(), None)
        return False


def _evict(location: str) -> None:
    """Forget the open store of `location` (damaged, replaced or moved aside): the next look
    opens the file again, checking it."""
    with _STORES_LOCK:
        gone = _STORES.pop(location, None)
    if gone is not None:
        gone.close()


_MOVED: dict[str, str] = {}      # location -> where its emptied file was moved (told once per session)


def note_damage(exc: StoreCorrupt) -> bool:
    """The file turned out damaged (at open, or while the app ran): say so, offer the
    move-aside, and stop using the old connections. An emptied file (0 bytes) is moved aside at
    once, with its WAL and SHM (`ProgressStore.move_aside`), before the old connections are
    closed (closing, they would checkpoint and delete the WAL): a fresh store starts beside it
    and the learner is told once where the old one is kept. True when it was moved aside (a
    fresh store may be opened at once)."""
    location = configured_location()
    moved = False
    if ProgressStore.emptied(exc.path):
        with _STORES_LOCK:
            if ProgressStore.emptied(exc.path):      # not already moved by another session
                try:
                    _MOVED[location] = str(ProgressStore.move_aside(exc.path))
                    moved = True
                    logging.getLogger("course").warning(
                        "the emptied progress store %s was moved to %s; a fresh one starts beside it",
                        exc.path, _MOVED[location])
                except OSError as moving:
                    logging.getLogger("course").error("the emptied store %s could not be moved "
                                                      "aside: %s", exc.path, moving)
            _FAILED.pop(location, None)
            moved = moved or not ProgressStore.emptied(exc.path)   # another session moved it
        _evict(location)
        if moved:
            st.session_state["store_problem"] = str(exc)
            return True
    _evict(location)
    st.session_state["store_problem"] = str(exc)
    st.session_state["store_damaged"] = str(exc.path)
    return False


def store_failed(exc: StoreError) -> None:
    """A statement failed: remember why; a damaged file is offered for the move-aside, and a
    file replaced or cut short is opened again on the next look."""
    if isinstance(exc, StoreCorrupt):
        note_damage(exc)
        return
    if isinstance(exc, StoreChanged):
        _evict(configured_location())
    st.session_state["store_problem"] = str(exc)


def store() -> ProgressStore | None:
    """The store for the current `STUD_STUDY_DB`, its waiting answers saved (the spool);
    None when it cannot be opened or is damaged (`store_panel` says why; the app keeps
    working). The file is checked on every look, so one emptied or replaced under the running
    app is noticed at once (`ProgressStore.check_file`)."""
    location = configured_location()
    for last in (False, True):
        try:
            opened = _open_store()
            opened.check_file()
            break
        except StoreCorrupt as exc:
            if note_damage(exc) and not last:
                continue                         # emptied and moved aside: a fresh store
            return None
        except (StoreError, OSError) as exc:
            _evict(location)                     # replaced or removed: open it again, once
            if last:
                st.session_state["store_problem"] = f"{exc}. Set {ENV_VAR} to a writable " \
                                                    "file or a reachable database"
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
    emptied = _MOVED.get(configured_location())
    if emptied and st.session_state.get("store_emptied_told") != emptied:
        st.session_state["store_emptied_told"] = emptied          # told once per session
        st.warning(f"The progress file was found emptied while the app ran. It was kept, with "
                   f"its journal, as {emptied} (the newest answers may be recovered from it), and "
                   "a fresh file was started; answers from now on are saved in it.")
    opened = store()
    waiting = waiting_count()
    problem = st.session_state.get("store_problem")
    if opened is None:
        st.error(f"Progress cannot be saved: {problem}. " + (
            f"{waiting} answer(s) wait and are saved once it works again."
            if waiting else "Answers you check wait until it works again."))
    elif waiting:
        st.warning(f"{waiting} answer(s) not saved yet: {problem}. " + where_kept())
    damaged = st.session_state.get("store_damaged")
    if damaged and (not shared_mode() or has_role("teacher")):
        if st.button("Move the damaged file aside and start a fresh one",
                     key="store_move_aside", icon=":material/drive_file_move:"):
            _evict(configured_location())
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
        except StoreCorrupt as exc:
            note_damage(exc)
            return
        except StoreError:
            return                              # tried again on the next rerun
        st.session_state["remembered"] = who.key


def _spool() -> Spool:
    return Spool(configured_location())


def record(attempt: Attempt) -> bool:
    """Save one attempt; True when it is stored. When the store is busy, full, read-only,
    damaged or away, the attempt goes to the spool (a file beside the store, so it outlives
    the tab and the server: `course.store.spool`) with the reason, and is saved, oldest first,
    once the store is back; only if no spool file can be written either does it wait in the
    session. Nothing is raised."""
    _, stored = _write_now(lambda progress: progress.record(attempt))
    return stored is not NOT_STORED or _kept_aside(attempt)


NOT_STORED = object()        # `_write_now`: the store did not take the write


def _write_now(write: Callable[[ProgressStore], Any]) -> tuple[ProgressStore | None, Any]:
    """An answer's write tried on the store at once: the store (None when it cannot be opened)
    and what `write` returned, or NOT_STORED when the store failed (its reason noted, and the
    store tried again after RETRY_S) or answers wait in the spool before this one (they are
    saved first, oldest first)."""
    st.session_state.pop("store_retry_at", None)   # a new answer tries the store at once
    opened = store()                        # opens the store and saves what is waiting
    if opened is not None and not waiting_count():
        try:
            return opened, write(opened)
        except StoreError as exc:
            store_failed(exc)
        st.session_state["store_retry_at"] = time.monotonic() + RETRY_S
    return opened, NOT_STORED


def record_check(attempt: Attempt, shown_since: datetime) -> tuple[bool, bool]:
    """Save one checked answer as `record` does, as shown when the store holds a reveal of its
    question at or after `shown_since` (Show answer pressed in another session, before a
    reload, in another tab): (stored, shown). Stored directly, the lookup and the write are one
    statement (`ProgressStore.record_check`); an answer kept aside in the spool asks the store
    apart, and counts as not shown where the store does not answer."""
    opened, stored = _write_now(lambda progress: progress.record_check(attempt, shown_since))
    if stored is not NOT_STORED:
        return True, stored[1]
    if opened is not None and not attempt.revealed:      # a store that reads but cannot write
        try:
            if opened.revealed_since(attempt.learner, attempt.exercise, attempt.question, shown_since):
                attempt = replace(attempt, revealed=True, try_kind="shown")
        except StoreError:
            pass
    return _kept_aside(attempt), attempt.revealed


def _kept_aside(attempt: Attempt) -> bool:
    """An attempt the store could not take now, kept in the spool or, where no spool file can
    be written, in the session; False: not stored yet."""
    try:
        st.session_state.setdefault("spooled", []).append(_spool().add(attempt))
    except OSError:
        st.session_state.setdefault("unsaved", []).append(attempt)
    return False


def keep_review(card: str, right: bool, *, hint: bool = False, second_try: bool = False,
                at: Any = None) -> bool:
    """A review the store could not take (its answer was not saved, or the card's write failed):
    spooled with everything FSRS needs (`Spool.add_review`), applied to the card at its own
    time once the store is back; in the session only when no spool file can be written. True
    when it is in the spool. Nothing is raised."""
    from course.store.spool import review_line
    from course.study.schedule import now_utc

    at = at or now_utc()
    try:
        st.session_state.setdefault("spooled_reviews", []).append(_spool().add_review(
            learner(), card, right, hint=hint, second_try=second_try, at=at))
        return True
    except OSError:
        st.session_state.setdefault("unsaved_reviews", []).append(
            review_line(learner(), card, right, hint, second_try, at, "", ""))
        return False


def waiting_count() -> int:
    """How many of this session's answers are not stored yet (spooled or in the session)."""
    mine = st.session_state.get("spooled") or []
    if mine:
        pending = set(_spool().pending())
        mine[:] = [ident for ident in mine if ident in pending]
    return len(mine) + len(st.session_state.get("unsaved") or [])


def flush_unsaved(opened: ProgressStore) -> None:
    """Save what waits, oldest first: the spool (every session's, and what a closed tab or an
    earlier run of the server left), then this session's answers no spool could take; stop at
    the first failure. After a failure the next try waits RETRY_S, so one rerun never waits
    twice on a lock."""
    if time.monotonic() < st.session_state.get("store_retry_at", 0):
        return
    try:
        _spool().replay(opened)
        waiting = st.session_state.get("unsaved") or []
        while waiting:
            opened.record(waiting[0])
            waiting.pop(0)
        reviews = st.session_state.get("unsaved_reviews") or []
        while reviews:
            from course.store.spool import apply_review
            apply_review(opened, reviews[0])
            reviews.pop(0)
    except StoreError as exc:
        store_failed(exc)
        st.session_state["store_retry_at"] = time.monotonic() + RETRY_S
        return
    st.session_state.pop("store_problem", None)


def unsaved_note() -> str:
    """What a verdict says when its attempt is not stored yet."""
    if not learner():
        return "*Log in to keep your progress.*"
    waiting = waiting_count()
    if not waiting:
        return "*Saved: the progress store is back.*"
    problem = st.session_state.get("store_problem") or "the progress store is unavailable"
    return f"*Not saved yet: {problem}. {where_kept()}*"


def where_kept() -> str:
    """Where this session's unsaved answers wait, said as it is: a spool file outlives the tab;
    the session does not."""
    in_tab = len(st.session_state.get("unsaved") or [])
    if in_tab:
        return (f"Not saved: kept in this tab only; keep it open ({in_tab} answer(s): nothing "
                "could be written anywhere, not even the spool). They are saved as soon as the "
                "store is back, if this tab is still open.")
    spooled = len(st.session_state.get("spooled") or [])
    return (f"{spooled} answer(s) are kept in a spool file (closing the tab loses nothing) and "
            "saved as soon as the store is back.")


def mastered(name: str) -> set[tuple[str, int]]:
    """The learner's mastered (exercise, question) pairs; empty without a key or a store."""
    progress = store() if name else None
    if progress is None:
        return set()
    try:
        return progress.mastered(name)
    except StoreError as exc:
        store_failed(exc)
        st.warning(f"Your progress cannot be shown just now: {exc}")
        return set()


# -- course content ------------------------------------------------------------------------

# The server's LiveCourse per content root lives in course.app.courses (re-exported above).


def course() -> Course:
    """The validated course (lessons, exercises, problems), the same object for every session
    until a file changes."""
    live = live_course()
    if live.loaded:
        return live.course()
    with st.spinner("Loading the course..."):
        return live.course()


def map_course() -> Course:
    """What the Course map draws: the course once it is loaded; before that, the map's index
    kept beside the validated-course cache when it still describes every file
    (`course.content.map_index`: lessons, sections' try-its and points, questions' points), so
    a restarted server draws the first map without waiting for the whole course; else the
    course itself (`course()`, waiting for it). Only the map reads the index."""
    live = live_course()
    live.map_begun.set()        # the server's full load waits for this map (`course.app.__main__`)
    if not live.loaded:
        index = live.map_index()
        if index is not None:
            return index
    return course()


def map_drawn() -> None:
    """Tell the server's loader that a Course map has been drawn (the preload of a restarted
    server waits for the first one before it loads the whole course: `course.app.__main__`)."""
    live_course().map_drawn.set()


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
