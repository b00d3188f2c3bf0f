"""Attempts waiting for the progress store, kept in a file so they outlive the tab and the
server process: the spool.

When an answer cannot be saved (the disk is full, another program holds the lock, the folder is
read-only, the database server is away, the file is damaged), the app appends the attempt here,
one JSON line each, and replays the spool, oldest first, at the next successful open or write.
An attempt leaves the spool only once the store has it, so a tab closed or a server restarted
in between loses nothing.

The spool lives beside the SQLite file (`progress.sqlite3.spool`); for a database URL, in the
user's data directory. When that place cannot be written either (a read-only folder), the
temporary directory is used instead; both are replayed. Processes sharing a spool take an
exclusive `flock` on it while they change it, so two never replay the same line. (A process
killed between storing an attempt and removing its line stores that one attempt twice at the
next replay: a duplicate, never a loss.)
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import tempfile
import threading
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator

from course.store.progress import (Attempt, ProgressStore, StoreError, _jsonable, is_url,
                                   user_data_dir, utc_text)

try:
    import fcntl
except ImportError:                 # Windows: one process per spool is assumed
    fcntl = None

_LOCK = threading.Lock()            # threads of this process; flock for other processes


def spool_paths(location: str) -> list[Path]:
    """Where the spool of the store at `location` may be: the first choice, then the fallback
    in the temporary directory."""
    return list(_spool_paths(location, user_data_dir() if is_url(location) else None, tempfile.gettempdir()))


@functools.lru_cache(maxsize=16)
def _spool_paths(location: str, data_dir: Path | None, tmp: str) -> tuple[Path, ...]:
    digest = hashlib.sha256(location.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    fallback = Path(tmp) / f"stud-study-room-spool-{digest}.jsonl"
    if data_dir is not None:
        return data_dir / f"spool-{digest}.jsonl", fallback
    return Path(f"{Path(location).expanduser()}.spool"), fallback


def _line(attempt: Attempt, ident: str) -> str:
    row = {"id": ident, "learner": attempt.learner, "exercise": attempt.exercise,
           "question": int(attempt.question), "ask": attempt.ask, "skill": attempt.skill,
           "given": _jsonable(attempt.given), "correct": bool(attempt.correct),
           "game": attempt.game, "rules": attempt.rules, "revealed": bool(attempt.revealed),
           "at": utc_text(attempt.at)}
    return json.dumps(row, ensure_ascii=False) + "\n"


def _attempt(row: dict[str, Any]) -> Attempt:
    return Attempt(learner=row["learner"], exercise=row["exercise"], question=row["question"],
                   ask=row["ask"], skill=row["skill"], given=row["given"],
                   correct=row["correct"], game=row.get("game", ""), rules=row.get("rules", ""),
                   revealed=row.get("revealed", False), at=datetime.fromisoformat(row["at"]))


@contextlib.contextmanager
def _locked(path: Path, mode: str) -> Iterator[Any]:
    with _LOCK, open(path, mode, encoding="utf-8") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield handle
        finally:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_UN)


class Spool:
    """The spool of the store at `location` (a file path or a database URL)."""

    def __init__(self, location: str):
        self.location = location
        self.paths = spool_paths(location)

    def add(self, attempt: Attempt) -> str:
        """Keep `attempt` until the store has it; its id. Raises OSError when no spool file
        can be written at all (the caller then keeps it in memory)."""
        ident = uuid.uuid4().hex
        line = _line(attempt, ident)
        failure: OSError | None = None
        for path in self.paths:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                with _locked(path, "a") as handle:
                    handle.write(line)
                    handle.flush()
                    os.fsync(handle.fileno())
                return ident
            except OSError as exc:
                failure = failure or exc
        raise failure  # type: ignore[misc]

    def _rows(self, path: Path) -> list[dict[str, Any]]:
        rows = []
        for text in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(text)
                _attempt(row)
            except (ValueError, KeyError, TypeError):
                continue                      # a line cut short by a crash: nothing to save
            rows.append(row)
        return rows

    def pending(self) -> list[str]:
        """The ids of the attempts waiting, oldest first within each spool file."""
        ids: list[str] = []
        for path in self.paths:
            with contextlib.suppress(OSError):
                ids += [row["id"] for row in self._rows(path)]
        return ids

    def replay(self, store: ProgressStore) -> int:
        """Store the waiting attempts, oldest first, removing each one stored; stop at the
        first failure (raised, as StoreError). How many were stored."""
        stored = 0
        for path in self.paths:
            try:
                if path.stat().st_size == 0:
                    continue                  # nothing waits (the usual case: two stats)
            except OSError:
                continue
            try:
                with _locked(path, "r+") as handle:
                    rows = self._rows(path)
                    done = 0
                    try:
                        for row in rows:
                            store.record(_attempt(row))
                            done += 1
                    finally:
                        if done:
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
