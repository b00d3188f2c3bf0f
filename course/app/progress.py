"""The learner's attempt history, kept in SQLite.

One row per checked answer: who, when, which exercise and question, the ask and the skill it
trains, the answer given (JSON), right or wrong, and whether the learner had asked to see the
answer first. The database lives in the user's data directory unless `STUD_STUDY_DB` names a
file. WAL mode and one short transaction per attempt let several browser tabs (the threads of one
server share a locked connection; other processes open their own) write to the same file
without losing anything.

Everything read out comes back as a pandas DataFrame; the app's pages only draw them.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pandas as pd

ENV_VAR = "STUD_STUDY_DB"
APP_DIR = "stud-study-room"
DB_NAME = "progress.sqlite3"

COLUMNS = ["id", "learner", "at", "exercise", "question", "ask", "skill", "game", "rules",
           "given", "correct", "revealed"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS attempts (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    learner   TEXT    NOT NULL,
    at        TEXT    NOT NULL,          -- ISO 8601, UTC
    exercise  TEXT    NOT NULL,
    question  INTEGER NOT NULL,          -- 0-based index of the question in its exercise
    ask       TEXT    NOT NULL,
    skill     TEXT    NOT NULL,
    game      TEXT    NOT NULL DEFAULT '',
    rules     TEXT    NOT NULL DEFAULT '',
    given     TEXT    NOT NULL,          -- JSON of the answer given
    correct   INTEGER NOT NULL CHECK (correct IN (0, 1)),
    revealed  INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1))
);
CREATE INDEX IF NOT EXISTS attempts_by_learner ON attempts (learner, exercise, question, id);
"""


def user_data_dir() -> Path:
    """The per-user data directory of this platform (XDG on Linux)."""
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR


def default_db_path() -> Path:
    """`$STUD_STUDY_DB` when set, else `progress.sqlite3` in the user's data directory."""
    override = os.environ.get(ENV_VAR, "").strip()
    return Path(override).expanduser() if override else user_data_dir() / DB_NAME


def _jsonable(value: Any) -> Any:
    """Answers as plain JSON: cards as their text ('10♥'), sets and tuples as lists."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_jsonable(v) for v in value]
        return sorted(items, key=str) if isinstance(value, (set, frozenset)) else items
    return str(value)


@dataclass(frozen=True)
class Attempt:
    learner: str
    exercise: str
    question: int
    ask: str
    skill: str
    given: Any
    correct: bool
    game: str = ""
    rules: str = ""
    revealed: bool = False
    at: datetime | None = None


class ProgressStore:
    """Attempts of every learner in one SQLite file."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        with closing(self._open()) as conn:
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise sqlite3.OperationalError(
                    f"{str(self.path)!r}: could not switch to WAL mode (got {mode!r})")
            conn.executescript(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        """The store's connection, opened on first use and shared by the server's threads
        (Streamlit runs every rerun in a new thread); callers hold `self._lock` while using it.
        Keeping it open makes a check-answer one short transaction, not an open and close."""
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=10, isolation_level=None,
                               check_same_thread=False)
        conn.execute("PRAGMA busy_timeout = 10000")
        # In WAL mode NORMAL never corrupts the file and keeps every committed attempt across
        # an app crash or restart; only a power cut can lose the last commits.
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    @property
    def journal_mode(self) -> str:
        with self._lock:
            return self._connect().execute("PRAGMA journal_mode").fetchone()[0]

    # -- writing ------------------------------------------------------------------------------

    def record(self, attempt: Attempt) -> int:
        """Store one attempt in its own transaction; return its row id."""
        name = attempt.learner.strip()
        if not name:
            raise ValueError(f"learner name {attempt.learner!r} is empty: type a name")
        at = attempt.at or datetime.now(timezone.utc)
        if at.tzinfo is None:
            at = at.replace(tzinfo=timezone.utc)
        row = (name, at.astimezone(timezone.utc).isoformat(timespec="microseconds"),
               attempt.exercise, int(attempt.question), attempt.ask, attempt.skill,
               attempt.game, attempt.rules,
               json.dumps(_jsonable(attempt.given), ensure_ascii=False),
               int(bool(attempt.correct)), int(bool(attempt.revealed)))
        with self._lock:
            conn = self._connect()
            conn.execute("BEGIN IMMEDIATE")
            try:
                cur = conn.execute(
                    "INSERT INTO attempts (learner, at, exercise, question, ask, skill, game, "
                    "rules, given, correct, revealed) VALUES (?,?,?,?,?,?,?,?,?,?,?)", row)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            return int(cur.lastrowid)

    # -- reading ------------------------------------------------------------------------------

    def learners(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._connect().execute(
                "SELECT DISTINCT learner FROM attempts ORDER BY learner")]

    def attempts(self, learner: str) -> pd.DataFrame:
        """Every attempt of one learner, oldest first; `at` as UTC timestamps."""
        with self._lock:
            frame = pd.read_sql_query("SELECT * FROM attempts WHERE learner = ? ORDER BY id",
                                      self._connect(), params=(learner.strip(),))
        if frame.empty:
            frame = pd.DataFrame({c: pd.Series(dtype="object") for c in COLUMNS})
        frame["at"] = pd.to_datetime(frame["at"], utc=True, format="ISO8601")
        frame["correct"] = frame["correct"].astype(bool)
        frame["revealed"] = frame["revealed"].astype(bool)
        return frame[COLUMNS]

    def csv(self, learner: str) -> str:
        """The learner's attempt history as CSV text (for the download button)."""
        return self.attempts(learner).to_csv(index=False)

    def last_results(self, learner: str) -> pd.DataFrame:
        """Latest attempt per (exercise, question): columns exercise, question, correct,
        revealed, attempts (how many times it was checked)."""
        frame = self.attempts(learner)
        cols = ["exercise", "question", "correct", "revealed", "attempts"]
        if frame.empty:
            return pd.DataFrame({c: pd.Series(dtype="object") for c in cols})
        grouped = frame.groupby(["exercise", "question"], sort=True)
        last = grouped.tail(1).set_index(["exercise", "question"])[["correct", "revealed"]]
        last["attempts"] = grouped.size()
        return last.reset_index()[cols]

    def mastered(self, learner: str) -> set[tuple[str, int]]:
        """Questions whose latest attempt was right without the answer having been shown."""
        last = self.last_results(learner)
        if last.empty:
            return set()
        done = last[last["correct"] & ~last["revealed"]]
        return {(str(e), int(q)) for e, q in zip(done["exercise"], done["question"])}

    def accuracy_over_time(self, learner: str, freq: str = "D") -> pd.DataFrame:
        """Share of right answers per skill and period: index = period start (UTC), one column
        per skill, values in 0..1; a period with no attempt at a skill is NaN."""
        frame = self.attempts(learner)
        if frame.empty:
            return pd.DataFrame()
        frame["period"] = frame["at"].dt.tz_localize(None).dt.to_period(freq).dt.start_time
        table = frame.pivot_table(index="period", columns="skill", values="correct",
                                  aggfunc="mean")
        table.columns.name = None
        table.index.name = "period"
        return table.astype(float)

    def running_accuracy(self, learner: str) -> pd.DataFrame:
        """Accuracy so far per skill after each attempt: index = the attempt's number (1, 2, ...
        in time order), one column per skill, values in 0..1; a skill's value holds until its
        next attempt (NaN before its first)."""
        frame = self.attempts(learner)
        if frame.empty:
            return pd.DataFrame()
        grouped = frame.groupby("skill")["correct"]
        frame["so_far"] = grouped.cumsum() / (grouped.cumcount() + 1)
        frame["answer"] = range(1, len(frame) + 1)
        table = frame.pivot_table(index="answer", columns="skill", values="so_far",
                                  aggfunc="last")
        table = table.sort_index().ffill()
        table.columns.name = None
        return table.astype(float)

    def accuracy_by_skill(self, learner: str) -> pd.DataFrame:
        """One row per skill: attempts, right, accuracy (0..1), sorted by skill."""
        frame = self.attempts(learner)
        cols = ["skill", "attempts", "right", "accuracy"]
        if frame.empty:
            return pd.DataFrame({c: pd.Series(dtype="object") for c in cols})
        table = frame.groupby("skill").agg(attempts=("correct", "size"),
                                           right=("correct", "sum")).reset_index()
        table["right"] = table["right"].astype(int)
        table["accuracy"] = table["right"] / table["attempts"]
        return table[cols]

    def most_missed(self, learner: str, limit: int = 10) -> pd.DataFrame:
        """Questions with the most wrong answers: exercise, question, ask, skill, missed,
        attempts; ties broken by the latest miss first."""
        frame = self.attempts(learner)
        cols = ["exercise", "question", "ask", "skill", "missed", "attempts"]
        if frame.empty:
            return pd.DataFrame({c: pd.Series(dtype="object") for c in cols})
        frame["missed"] = ~frame["correct"]
        frame["miss_id"] = frame["id"].where(frame["missed"])
        table = frame.groupby(["exercise", "question"]).agg(
            ask=("ask", "last"), skill=("skill", "last"), missed=("missed", "sum"),
            attempts=("correct", "size"), last_miss=("miss_id", "max")).reset_index()
        table = table[table["missed"] > 0]
        table = table.sort_values(["missed", "last_miss"], ascending=[False, False])
        table["missed"] = table["missed"].astype(int)
        return table[cols].head(limit).reset_index(drop=True)
