"""Answers and reviews waiting for the progress store, kept in a file so they outlive the tab and
the server process: the spool.

When an answer cannot be saved (the disk is full, another program holds the lock, the folder is
read-only, the database server is away, the file is damaged), the app appends it here, one JSON
line each, with everything the store would have kept: the attempt's try kind (first, hint,
second, shown) and, for a first try that the schedule hears, the review (the memory card, the
rating's inputs and the time: FSRS's review log). The spool is replayed, oldest first, at the
next successful open or write: an attempt is stored as it was, and a review is applied to the
learner's card at the time it was made, so the card comes out as it would have. A line leaves
the spool only once the store has it, so a tab closed or a server restarted in between loses
nothing.

The spool is private: its files are created 0600, in folders of the user running the server
(beside the SQLite file; then the user's data directory, `~/.local/share/stud-study-room/spool`;
then `$XDG_RUNTIME_DIR`, a per-user folder often on another disk), never in a shared temporary
folder. A file is replayed only when it exists, is a regular file and belongs to that user; a
line that does not parse, or names another store, is refused: logged, copied to
`<spool>.refused` for a person to read, and never stored.

Processes sharing a spool take an exclusive `flock` on it while they change it, so two never
replay the same line. (A process killed between storing a line and removing it stores that one
line twice at the next replay: a duplicate, never a loss.)
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import stat
import threading
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator

from course.store.progress import (TRY_KINDS, Attempt, ProgressStore, StoreError, _jsonable,
                                   is_url, user_data_dir, utc_text)

try:
    import fcntl
except ImportError:                 # Windows: one process per spool is assumed
    fcntl = None

_LOCK = threading.Lock()            # threads of this process; flock for other processes
LOG = logging.getLogger("course.spool")
KINDS = ("attempt", "review")


def store_tag(location: str) -> str:
    """The store a spool line belongs to: a digest of its location (no path or password)."""
    return hashlib.sha256(location.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def spool_paths(location: str) -> list[Path]:
    """Where the spool of the store at `location` may be, first choice first."""
    return list(_spool_paths(location, user_data_dir(), os.environ.get("XDG_RUNTIME_DIR") or None))


@functools.lru_cache(maxsize=16)
def _spool_paths(location: str, data_dir: Path, runtime: str | None) -> tuple[Path, ...]:
    name = f"spool-{store_tag(location)}.jsonl"
    paths = [] if is_url(location) else [Path(f"{Path(location).expanduser()}.spool")]
    paths.append(data_dir / "spool" / name)
    if runtime:
        paths.append(Path(runtime) / "stud-study-room" / name)
    return tuple(dict.fromkeys(paths))


def _own(path: Path) -> bool:
    """Is `path` a regular file of the user running this process (not a link, not someone
    else's)? Only such a spool is read."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and (not hasattr(os, "getuid") or info.st_uid == os.getuid())


def attempt_line(attempt: Attempt, ident: str, tag: str) -> dict[str, Any]:
    return {"kind": "attempt", "id": ident, "store": tag, "learner": attempt.learner,
            "exercise": attempt.exercise, "question": int(attempt.question), "ask": attempt.ask,
            "skill": attempt.skill, "given": _jsonable(attempt.given),
            "correct": bool(attempt.correct), "game": attempt.game, "rules": attempt.rules,
            "revealed": bool(attempt.revealed),
            "try_kind": attempt.try_kind or ("shown" if attempt.revealed else "first"),
            "at": utc_text(attempt.at)}


def review_line(learner: str, card: str, right: bool, hint: bool, second_try: bool,
                at: datetime, ident: str, tag: str) -> dict[str, Any]:
    return {"kind": "review", "id": ident, "store": tag, "learner": learner, "card": card,
            "right": bool(right), "hint": bool(hint), "second_try": bool(second_try),
            "at": utc_text(at)}


def _attempt(row: dict[str, Any]) -> Attempt:
    if row.get("try_kind", "first") not in TRY_KINDS:
        raise ValueError(f"try kind {row.get('try_kind')!r}")
    return Attempt(learner=str(row["learner"]), exercise=str(row["exercise"]),
                   question=int(row["question"]), ask=str(row["ask"]), skill=str(row["skill"]),
                   given=row["given"], correct=bool(row["correct"]), game=str(row.get("game", "")),
                   rules=str(row.get("rules", "")), revealed=bool(row.get("revealed", False)),
                   at=datetime.fromisoformat(row["at"]), try_kind=str(row.get("try_kind", "")))


def _check_review(row: dict[str, Any]) -> None:
    for name in ("learner", "card"):
        if not isinstance(row[name], str) or not row[name]:
            raise ValueError(f"{name} {row[name]!r}")
    for name in ("right", "hint", "second_try"):
        if not isinstance(row[name], bool):
            raise ValueError(f"{name} {row[name]!r}")
    datetime.fromisoformat(row["at"])


class OneReviewCards:
    """The store as one review sees it (a review made now, or one replayed from the spool): only
    the reviewed card and that day's count are read, not every card of the learner, and what the
    review writes is saved in one transaction (`save`)."""

    def __init__(self, store: ProgressStore, keys: list[str]):
        self.store, self.keys, self.pending = store, keys, []

    def review_cards(self, learner_key: str) -> dict[str, str]:
        return self.store.review_cards(learner_key, self.keys)

    def save_review_card(self, learner_key: str, card_key: str, state_json: str, due: Any) -> None:
        self.pending.append((card_key, state_json, due))

    def save(self, learner_key: str) -> None:
        self.store.save_review_cards(learner_key, self.pending)


def apply_review(store: ProgressStore, row: dict[str, Any]) -> None:
    """One spooled review applied to the learner's card, at the time it was made."""
    from course.study import schedule

    at = datetime.fromisoformat(row["at"])
    cards = OneReviewCards(store, [row["card"], schedule.DAY + at.date().isoformat(), schedule.GOAL])
    schedule.Schedule(cards, row["learner"]).review(row["card"], row["right"],
                                                    second_try=row["second_try"],
                                                    hint=row["hint"], now=at)
    cards.save(row["learner"])


@contextlib.contextmanager
def _locked(path: Path, mode: str) -> Iterator[Any]:
    flags = {"a": os.O_WRONLY | os.O_APPEND | os.O_CREAT, "r+": os.O_RDWR}[mode]
    flags |= getattr(os, "O_NOFOLLOW", 0)
    with _LOCK:
        fd = os.open(path, flags, 0o600)
        with open(fd, mode, encoding="utf-8") as handle:
            if hasattr(os, "getuid") and os.fstat(fd).st_uid != os.getuid():
                raise PermissionError(f"{path} belongs to another user: not used")
            if hasattr(os, "fchmod"):
                os.fchmod(fd, 0o600)          # whatever the umask or an older file said
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield handle
            finally:
                if fcntl is not None:
                    fcntl.flock(handle, fcntl.LOCK_UN)


def _private_dir(folder: Path) -> None:
    """Create `folder` (and its parents) for this user only."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)


class Spool:
    """The spool of the store at `location` (a file path or a database URL)."""

    def __init__(self, location: str):
        self.location = location
        self.tag = store_tag(location)
        self.paths = spool_paths(location)

    def _append(self, row: dict[str, Any]) -> str:
        line = json.dumps(row, ensure_ascii=False) + "\n"
        failure: OSError | None = None
        beside = None if is_url(self.location) else self.paths[0]
        for path in self.paths:
            try:
                if path != beside:          # a folder of our own; beside the store: the store's
                    _private_dir(path.parent)
                with _locked(path, "a") as handle:
                    handle.write(line)
                    handle.flush()
                    os.fsync(handle.fileno())
                return row["id"]
            except OSError as exc:
                failure = failure or exc
        raise failure  # type: ignore[misc]

    def add(self, attempt: Attempt) -> str:
        """Keep `attempt` until the store has it; its id. Raises OSError when no spool file
        can be written at all (the caller then keeps it in the session and says so)."""
        return self._append(attempt_line(attempt, uuid.uuid4().hex, self.tag))

    def add_review(self, learner: str, card: str, right: bool, *, hint: bool = False,
                   second_try: bool = False, at: datetime) -> str:
        """Keep one review (the card, what the rating is made of, when) until the store has it;
        its id. Raises OSError when no spool file can be written."""
        return self._append(review_line(learner, card, right, hint, second_try, at,
                                        uuid.uuid4().hex, self.tag))

    def _rows(self, path: Path) -> tuple[list[dict[str, Any]], list[str]]:
        """The lines of `path` that can be stored, and those refused (logged). A line written
        before lines named their store is taken as the store's only in the file beside it."""
        beside = None if is_url(self.location) else self.paths[0]
        rows, refused = [], []
        for number, text in enumerate(path.read_text(encoding="utf-8", errors="replace")
                                      .splitlines(), 1):
            if not text.strip():
                continue
            try:
                row = json.loads(text)
                if not isinstance(row, dict):
                    raise ValueError("not a JSON object")
                if row.get("store", self.tag if path == beside else None) != self.tag:
                    raise ValueError(f"it names another store ({row.get('store')!r})")
                kind = row.get("kind", "attempt")
                if kind == "attempt":
                    _attempt(row)
                elif kind == "review":
                    _check_review(row)
                else:
                    raise ValueError(f"unknown kind {kind!r}")
                if not isinstance(row.get("id"), str):
                    raise ValueError("no id")
            except (ValueError, KeyError, TypeError) as exc:
                LOG.warning("%s:%d: a spool line refused, not stored: %s", path, number, exc)
                refused.append(text)
                continue
            rows.append(row)
        return rows, refused

    def pending(self, kind: str | None = None) -> list[str]:
        """The ids of the lines waiting (of `kind`, "attempt" or "review", when given), oldest
        first within each spool file."""
        ids: list[str] = []
        for path in self.paths:
            if _own(path):
                with contextlib.suppress(OSError):
                    ids += [row["id"] for row in self._rows(path)[0]
                            if kind is None or row.get("kind", "attempt") == kind]
        return ids

    def replay(self, store: ProgressStore) -> int:
        """Store the waiting lines, oldest first, removing each one stored; stop at the first
        failure (raised, as StoreError). How many were stored."""
        stored = 0
        for path in self.paths:
            try:
                if path.stat().st_size == 0:
                    continue                  # nothing waits (the usual case: one stat)
            except OSError:
                continue                      # no spool here: nothing to read
            if not _own(path):
                LOG.warning("%s: not a file of this user: not read", path)
                continue
            try:
                with _locked(path, "r+") as handle:
                    rows, refused = self._rows(path)
                    if refused:
                        self._keep_refused(path, refused)
                    done = 0
                    try:
                        for row in rows:
                            if row.get("kind", "attempt") == "review":
                                apply_review(store, row)
                            else:
                                store.record(_attempt(row))
                            done += 1
                    finally:
                        if done or refused:
                            handle.seek(0)
                            handle.writelines(json.dumps(r, ensure_ascii=False) + "\n"
                                              for r in rows[done:])
                            handle.truncate()
                            handle.flush()
                            os.fsync(handle.fileno())
                        stored += done
            except OSError as exc:            # cannot rewrite the spool: keep it for later
                raise StoreError(f"the spool {path} cannot be updated: "
                                 f"{exc.strerror or exc}") from exc
        return stored               # an emptied spool file stays (unlinking it could race an append)

    @staticmethod
    def _keep_refused(path: Path, lines: list[str]) -> None:
        """Refused lines go to `<spool>.refused` (0600) for a person to read; never stored."""
        target = Path(f"{path}.refused")
        with contextlib.suppress(OSError):
            fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0),
                         0o600)
            with open(fd, "a", encoding="utf-8") as handle:
                handle.writelines(line + "\n" for line in lines)
