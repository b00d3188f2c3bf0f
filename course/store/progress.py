"""The learners' attempt history and review cards, behind one interface, through SQLAlchemy 2.

One row per checked answer: whose (the learner's key), when, which exercise and question, the
ask and the skill it trains, the answer given (JSON), right or wrong, whether the learner had
asked to see the answer first, and which try it was (`try_kind`: first, hint, second, shown). Where it lives is `STUD_STUDY_DB`: a `postgresql+psycopg://` URL
selects PostgreSQL (several app processes share it); anything else is a SQLite file, by default
in the user's data directory.

Opening a store checks the file's integrity (SQLite) and brings its schema to the newest version
with Alembic, so an older file is upgraded in place and nothing is lost. Every failure while
opening, reading or writing comes out as a `StoreError` whose message a learner can read; the
app shows it and keeps working. There is no Python lock: each thread checks a connection out of
the pool for one short transaction, and a write blocked by another program's lock gives up after
`BUSY_MS` (so the learner is told within 2 s) instead of stalling everybody.

The history and the tables read out of it come back as pandas DataFrames; the app's pages only
draw them. What the Course map asks on a restarted server's first run (`mastered`,
`answered_exercises`) and opening a store whose schema is already current need neither pandas
nor Alembic, so neither is imported for them: each is imported where it is used (pandas takes
about a second to import, Alembic a third of one).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

if TYPE_CHECKING:
    import pandas as pd

ENV_VAR = "STUD_STUDY_DB"
APP_DIR = "stud-study-room"
DB_NAME = "progress.sqlite3"
MIGRATIONS = Path(__file__).with_name("migrations")
# The newest revision under migrations/versions: a store already at it is opened without
# importing Alembic (`StoreDatabase._migrate`); a test holds it equal to Alembic's own head.
SCHEMA_HEAD = "0003"
BUSY_MS = 1500            # a write blocked this long is reported, not retried forever

COLUMNS = ["id", "learner", "at", "exercise", "question", "ask", "skill", "game", "rules",
           "given", "correct", "revealed", "try_kind"]
TRY_KINDS = ("first", "hint", "second", "shown")   # which try an attempt was (migration 0003)

_meta = sa.MetaData()
ATTEMPTS = sa.Table(
    "attempts", _meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    *(sa.Column(c, sa.Text) for c in ("learner", "at", "exercise")),
    sa.Column("question", sa.Integer),
    *(sa.Column(c, sa.Text) for c in ("ask", "skill", "game", "rules", "given")),
    sa.Column("correct", sa.Integer), sa.Column("revealed", sa.Integer),
    sa.Column("try_kind", sa.Text))
# One statement for every attempt, its values bound at each execution: built and compiled once
# (a statement built per attempt with its values inlined cost a check about 0.5 ms of CPU).
INSERT_ATTEMPT = ATTEMPTS.insert().returning(ATTEMPTS.c.id)
# Whether a question's answer was shown since a time: one statement, its values bound per check.
REVEALED_SINCE = sa.select(ATTEMPTS.c.id).where(
    ATTEMPTS.c.learner == sa.bindparam("learner"), ATTEMPTS.c.exercise == sa.bindparam("exercise"),
    ATTEMPTS.c.question == sa.bindparam("question"), ATTEMPTS.c.revealed == 1,
    ATTEMPTS.c.at >= sa.bindparam("since")).limit(1)
# A checked answer stored as shown when the same question's answer was shown since a time, in
# one statement: the check asks whether it was shown and stores its answer in one round trip and
# one transaction (asked apart, the two took about a sixth of a check's server CPU). The values
# are bound per check, as `INSERT_ATTEMPT`'s; `shown` is worked out once, in a one-row subquery.
_WAS_SHOWN = sa.select(sa.case((sa.exists(REVEALED_SINCE), 1), else_=0).label("shown")).subquery("was")
_CHECK_VALUES = [c for c in COLUMNS if c not in ("id", "revealed", "try_kind")]
INSERT_CHECK = ATTEMPTS.insert().from_select(
    [*_CHECK_VALUES, "revealed", "try_kind"],
    sa.select(*(sa.bindparam(c, type_=ATTEMPTS.c[c].type) for c in _CHECK_VALUES),
              _WAS_SHOWN.c.shown,
              sa.case((_WAS_SHOWN.c.shown == 1, "shown"), else_=sa.bindparam("try_kind", type_=sa.Text)))
    .select_from(_WAS_SHOWN)).returning(ATTEMPTS.c.id, ATTEMPTS.c.revealed)
_UPSERTS: dict[tuple[str, str], sa.Executable] = {}   # (dialect, table) -> its upsert (`_upsert`)
LEARNERS = sa.Table("learners", _meta, *(sa.Column(c, sa.Text) for c in
                                         ("key", "name", "email", "seen")))
REVIEW_CARDS = sa.Table("review_cards", _meta, *(sa.Column(c, sa.Text) for c in
                                                 ("learner", "card", "state", "due", "updated")))


class StoreError(Exception):
    """The store cannot do what was asked; the message says why in a learner's words."""


class StoreCorrupt(StoreError):
    """The SQLite file is damaged; `path` can be moved aside (`move_aside`)."""

    def __init__(self, message: str, path: Path):
        super().__init__(message)
        self.path = path


class StoreChanged(StoreError):
    """The SQLite file was removed, replaced or cut shorter under the running app: open it
    again (opening checks its integrity)."""


def user_data_dir() -> Path:
    """The per-user data directory of this platform (XDG on Linux). Every rerun asks for it a
    few times, so it is worked out once per value of the variables it reads."""
    return _data_dir(sys.platform, os.environ.get("APPDATA"), os.environ.get("XDG_DATA_HOME"),
                     os.environ.get("HOME"))


@functools.lru_cache(maxsize=8)
def _data_dir(platform: str, appdata: str | None, xdg: str | None, home: str | None) -> Path:
    if platform == "win32":
        base = appdata or str(Path.home() / "AppData" / "Roaming")
    elif platform == "darwin":
        base = str(Path.home() / "Library" / "Application Support")
    else:
        base = xdg or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR


def configured_location() -> str:
    """`$STUD_STUDY_DB` when set (a file or a database URL), else the default file."""
    return os.environ.get(ENV_VAR, "").strip() or str(user_data_dir() / DB_NAME)


def default_db_path() -> Path:
    """The SQLite file the store uses when `STUD_STUDY_DB` names no database URL."""
    return Path(configured_location()).expanduser()


def is_url(location: str) -> bool:
    return "://" in location


def describe(location: str) -> str:
    """A location fit to show: a URL without its password."""
    return sa.make_url(location).render_as_string(hide_password=True) if is_url(location) \
        else location


def utc_text(at: datetime | None = None) -> str:
    """A time as the store keeps it: ISO 8601 in UTC (text sorts in time order)."""
    at = at or datetime.now(timezone.utc)
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return at.astimezone(timezone.utc).isoformat(timespec="microseconds")


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
    try_kind: str = ""        # one of TRY_KINDS; empty: "shown" when revealed, else "first"


def _plain_reason(exc: BaseException) -> str:
    """What went wrong, in words: the driver's message without SQL and parameters."""
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
    lowered = text.lower()
    if "locked" in lowered or "busy" in lowered or "lock timeout" in lowered:
        return "another program is writing to the progress store and holds its lock"
    if "disk is full" in lowered or "no space" in lowered:
        return "the disk holding the progress store is full"
    if any(w in lowered for w in ("could not connect", "connection refused", "server closed",
                                  "connection timeout", "timeout expired")):
        return f"the progress database cannot be reached ({text})"
    return text


def _pandas_database_error(exc: BaseException) -> bool:
    """Is `exc` pandas's wrapper of a driver's error (`pd.read_sql_query`)? Never, while pandas
    is not imported: nothing can have raised one."""
    pandas = sys.modules.get("pandas")
    return pandas is not None and isinstance(exc, pandas.errors.DatabaseError)


def schema_current(conn: Connection) -> bool:
    """Does the store's version table name SCHEMA_HEAD, and only it? One plain read; a store
    without the table (a fresh one) is not current. The read is rolled back either way, so the
    connection is left as it was given (on PostgreSQL a failed read aborts its transaction)."""
    try:
        versions = [row[0] for row in conn.exec_driver_sql("SELECT version_num FROM alembic_version")]
    except SQLAlchemyError:
        versions = None
    conn.rollback()
    return versions == [SCHEMA_HEAD]


def _is_damage(exc: BaseException) -> bool:
    """Does this error mean the SQLite file itself is damaged (not busy, full or away)?"""
    text = str(exc).lower()
    return any(w in text for w in ("malformed", "not a database", "corrupt"))


def _is_transient(exc: BaseException) -> bool:
    """A lock or a busy server: the connections are fine, only the moment is wrong."""
    text = str(exc).lower()
    return any(w in text for w in ("locked", "busy", "lock timeout"))


def _empty(cols: list[str]) -> pd.DataFrame:
    import pandas as pd

    return pd.DataFrame({c: pd.Series(dtype="object") for c in cols})


class StoreDatabase:
    """The database a progress store lives in, SQLite or PostgreSQL: opened with its integrity
    checked and its schema brought to the newest revision, its file watched while the app runs
    (`check_file`), and every statement run in one short transaction whose failure comes out as
    a `StoreError` in a learner's words (`_write`, `_read`, `_upsert`)."""

    def __init__(self, location: str | os.PathLike | None = None):
        text = str(location) if location is not None else configured_location()
        self.location = text
        self.path: Path | None = None if is_url(text) else Path(text).expanduser()
        try:
            self.engine = self._engine()
        except (SQLAlchemyError, OSError) as exc:
            raise StoreError(f"the progress store {describe(text)} cannot be opened: "
                             f"{_plain_reason(exc)}") from exc
        if self.path is not None and self.emptied(self.path):
            # SQLite would take an empty file for a new database and start one in its place:
            # an emptied store is moved aside (StoreCorrupt), never replaced in place.
            self.engine.dispose()
            raise StoreCorrupt(f"{self.path} is damaged: it was emptied (0 bytes).", self.path)
        try:
            if self.path is not None:
                self._check_integrity()
            with self.engine.connect() as conn:
                self._migrate(conn)
            self._identity = self._file_identity()
        except BaseException as exc:
            self.engine.dispose()                # no connection left open on a bad store
            if isinstance(exc, (SQLAlchemyError, OSError)):
                raise StoreError(f"the progress store {describe(text)} cannot be opened: "
                                 f"{_plain_reason(exc)}") from exc
            raise

    # -- opening ------------------------------------------------------------------------------

    def _engine(self) -> Engine:
        if self.path is None:
            url = sa.make_url(self.location)
            args = {"connect_timeout": 2,
                    "options": f"-c lock_timeout={BUSY_MS} -c statement_timeout=10000"} \
                if url.get_backend_name() == "postgresql" else {}
            try:
                return sa.create_engine(url, pool_size=5, max_overflow=30, pool_timeout=2,
                                        pool_pre_ping=True, connect_args=args)
            except ImportError as exc:  # the driver is the `shared` extra, not in the default install
                raise OSError(f"its database driver ({exc.name or url.drivername}) is not installed; the "
                              "default install is for local mode (SQLite): install the `shared` extra "
                              "with `make setup-shared` (or pip install -e '.[shared]')") from exc
        self.path.parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(
            f"sqlite+pysqlite:///{self.path}", pool_size=5, max_overflow=30, pool_timeout=2,
            connect_args={"timeout": BUSY_MS / 1000, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_conn, _record):
            dbapi_conn.isolation_level = None     # transactions begin where we say (below)
            cur = dbapi_conn.cursor()
            cur.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            # WAL: readers never wait for the writer. NORMAL never corrupts a WAL file and keeps
            # every committed attempt across an app crash; only a power cut loses the last few.
            mode = cur.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            cur.execute("PRAGMA synchronous = NORMAL")
            cur.close()
            if str(mode).lower() != "wal":
                raise StoreError(f"{self.path} could not switch to WAL mode (got {mode!r})")

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn):
            # A write takes the lock at BEGIN, so it waits (BUSY_MS at most) before doing work.
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(
                "write") else "BEGIN")

        return engine

    def _check_integrity(self) -> None:
        try:
            with self.engine.connect() as conn:
                rows = [r[0] for r in conn.exec_driver_sql("PRAGMA quick_check")]
        except sa.exc.DatabaseError as exc:
            if not _is_damage(exc):
                raise                            # busy, full, unreadable: not damage
            raise StoreCorrupt(f"{self.path} is damaged ({_plain_reason(exc)}).",
                               self.path) from exc
        if rows != ["ok"]:
            raise StoreCorrupt(f"{self.path} is damaged: " + "; ".join(map(str, rows[:3])),
                               self.path)

    def _migrate(self, conn: Connection) -> None:
        """Bring the schema to the newest revision (a fresh store gets every table). A store
        whose version table already names SCHEMA_HEAD is left as it is, found by one plain read
        (`schema_current`), without importing Alembic."""
        if schema_current(conn):
            return
        from alembic import command
        from alembic.config import Config
        from alembic.runtime.migration import MigrationContext
        from alembic.script import ScriptDirectory

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        head = ScriptDirectory.from_config(config).get_current_head()
        current = MigrationContext.configure(conn).get_current_revision()
        conn.rollback()
        if current == head:
            return
        conn = conn.execution_options(write=True)
        with conn.begin():
            config.attributes["connection"] = conn
            command.upgrade(config, "head")

    def _file_identity(self) -> tuple[int, int] | None:
        if self.path is None:
            return None
        info = os.stat(self.path)
        self._largest = info.st_size
        return info.st_dev, info.st_ino

    def check_file(self) -> None:
        """Is the SQLite file still the one opened, whole? A file emptied, cut short or
        replaced while the app runs would otherwise answer from the connections' caches and
        take writes into its WAL that a restart throws away ("saved", then gone). Raises
        StoreCorrupt for an emptied file (it can be moved aside), StoreChanged for one removed,
        replaced or cut short (open the store again). One stat."""
        if self.path is None:
            return
        # Only a stat: opening and closing the file here would drop SQLite's POSIX locks on
        # it (closing any descriptor of a file releases all of the process's locks on it).
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            raise StoreChanged(f"{self.path} was removed while the app was running") from None
        except OSError as exc:
            raise StoreError(f"{self.path} cannot be read: {exc.strerror or exc}") from exc
        if (info.st_dev, info.st_ino) != self._identity:
            raise StoreChanged(f"{self.path} was replaced while the app was running")
        if info.st_size == 0:
            raise StoreCorrupt(f"{self.path} is damaged: it was emptied (0 bytes) while the app "
                               "was running.", self.path)
        # A SQLite file never shrinks here (no VACUUM, no auto-vacuum): one that did was cut
        # short by something else. Whether that damaged it, opening it again finds out.
        if info.st_size < self._largest:
            raise StoreChanged(f"{self.path} was cut short while the app was running "
                               f"({info.st_size:,} bytes, was {self._largest:,})")
        self._largest = info.st_size

    def _failed(self, exc: BaseException) -> StoreError:
        """The StoreError for a failed statement. Damage is StoreCorrupt (move the file aside);
        any fault but a lock drops the pooled connections, so the next statement connects
        afresh: a connection SQLite opened read-only, say, stays read-only for ever."""
        cause = exc.__cause__ if _pandas_database_error(exc) and exc.__cause__ else exc
        if self.path is not None and _is_damage(cause):
            return StoreCorrupt(f"{self.path} is damaged ({_plain_reason(cause)}).", self.path)
        if not _is_transient(cause):
            self.engine.dispose()
        return StoreError(_plain_reason(cause))

    def can_write(self) -> None:
        """Raise StoreError unless a write would succeed now: one row written in a transaction
        that is rolled back (the health check's probe; nothing is kept)."""
        self.check_file()
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(write=True)
                transaction = conn.begin()
                try:
                    conn.execute(LEARNERS.insert().values(key="", name="", email="", seen=""))
                finally:
                    transaction.rollback()
        except SQLAlchemyError as exc:
            raise self._failed(exc) from exc

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def revision(self) -> str | None:
        from alembic.runtime.migration import MigrationContext
        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def close(self) -> None:
        self.engine.dispose()

    @staticmethod
    def move_aside(path: Path) -> Path:
        """Move a damaged or emptied file aside, with its WAL and shared-memory files, to
        `<name>.damaged-<UTC time>` (kept: the WAL may hold the newest attempts), so a fresh
        store can start beside it; return the new name. The WAL and SHM are copied before the
        main file is renamed and only then removed, so connections still open on the old file
        (closing, they would checkpoint and delete the WAL) cannot take the copy with them."""
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
        target = path.with_name(f"{path.name}.damaged-{stamp}")
        for suffix in ("-wal", "-shm"):
            part = Path(f"{path}{suffix}")
            if part.exists():
                shutil.copy2(part, Path(f"{target}{suffix}"))
        if path.exists():
            path.rename(target)
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return target

    @staticmethod
    def emptied(path: Path | None) -> bool:
        """Is the SQLite file at `path` there but empty (0 bytes: emptied under the app)?"""
        try:
            return path is not None and path.stat().st_size == 0
        except OSError:
            return False

    # -- running statements -------------------------------------------------------------------

    def _write(self, statement: sa.Executable, *more: sa.Executable,
               params: dict[str, Any] | None = None) -> list[Any]:
        """Run one write (or several) in its own transaction; the rows the first returns
        (RETURNING), if any; `params`: the first statement's bound values. The file is checked
        before and after (`check_file`): a write into a file emptied under the app is never
        reported as saved."""
        self.check_file()
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(write=True)
                with conn.begin():
                    result = conn.execute(statement, params) if params is not None else conn.execute(statement)
                    rows = list(result) if result.returns_rows else []
                    for other in more:
                        conn.execute(other)
        except SQLAlchemyError as exc:
            raise self._failed(exc) from exc
        self.check_file()
        return rows

    def _read(self, statement: sa.Executable) -> pd.DataFrame:
        import pandas as pd

        self.check_file()
        try:
            with self.engine.connect() as conn:
                return pd.read_sql_query(statement, conn)
        except (SQLAlchemyError, pd.errors.DatabaseError) as exc:
            raise self._failed(exc) from exc

    def _rows(self, statement: sa.Executable) -> list[Any]:
        """The rows of one read, as plain tuples: for the questions every Course map asks,
        which need no DataFrame (nor pandas imported)."""
        self.check_file()
        try:
            with self.engine.connect() as conn:
                return list(conn.execute(statement))
        except SQLAlchemyError as exc:
            raise self._failed(exc) from exc

    def _upsert(self, table: sa.Table, keys: list[str], *rows: dict[str, Any]) -> None:
        """Insert or update each row (every column given), all in one transaction: one
        statement per table and dialect, built once, its values bound at each execution."""
        if not rows:
            return
        statement = _UPSERTS.get((self.dialect, table.name))
        if statement is None:
            from sqlalchemy.dialects import postgresql, sqlite   # the first upsert's, not every start's

            insert = (postgresql if self.dialect == "postgresql" else sqlite).insert(table)
            statement = _UPSERTS[(self.dialect, table.name)] = insert.on_conflict_do_update(
                index_elements=keys, set_={c.name: insert.excluded[c.name] for c in table.columns
                                           if c.name not in keys})
        missing = [c.name for c in table.columns if any(c.name not in row for row in rows)]
        if missing:
            raise ValueError(f"an upsert into {table.name} must give every column; missing {missing}")
        self._write(statement, params=[dict(row) for row in rows])


class ProgressStore(StoreDatabase):
    """Attempts and review cards of every learner, in SQLite or PostgreSQL (`StoreDatabase`)."""

    # -- writing ------------------------------------------------------------------------------

    def record(self, attempt: Attempt) -> int:
        """Store one attempt in its own transaction; return its row id."""
        (row_id,), = self._write(INSERT_ATTEMPT, params=self._attempt_values(attempt))
        return int(row_id)

    @staticmethod
    def _attempt_values(attempt: Attempt) -> dict[str, Any]:
        """An attempt's values as the attempts table holds them; a blank learner or an unknown
        try kind is refused."""
        key = attempt.learner.strip()
        if not key:
            raise ValueError(f"learner key {attempt.learner!r} is empty")
        row = dict(learner=key, at=utc_text(attempt.at), exercise=attempt.exercise,
                   question=int(attempt.question), ask=attempt.ask, skill=attempt.skill,
                   game=attempt.game, rules=attempt.rules,
                   given=json.dumps(_jsonable(attempt.given), ensure_ascii=False),
                   correct=int(bool(attempt.correct)), revealed=int(bool(attempt.revealed)),
                   try_kind=attempt.try_kind or ("shown" if attempt.revealed else "first"))
        if row["try_kind"] not in TRY_KINDS:
            raise ValueError(f"try kind {attempt.try_kind!r} is not one of {', '.join(TRY_KINDS)}")
        return row

    def record_check(self, attempt: Attempt, shown_since: datetime) -> tuple[int, bool]:
        """Store one checked answer in its own transaction, as shown (`revealed`, try kind
        "shown") when the store holds a reveal of the same question at or after `shown_since`
        (`revealed_since`), else as `attempt` says; return its row id and whether it was stored
        as shown. The lookup and the write are one statement."""
        if attempt.revealed:
            return self.record(attempt), True
        row = self._attempt_values(attempt)
        row.update(since=utc_text(shown_since))
        (row_id, revealed), = self._write(INSERT_CHECK, params=row)
        return int(row_id), bool(revealed)

    def revealed_since(self, learner: str, exercise: str, question: int, since: datetime) -> bool:
        """Whether the learner was shown this question's answer (a row marked revealed, as
        Show answer writes one) at or after `since`: a later check of it counts as shown."""
        # One row fetched over a plain connection. A check stored directly asks this inside its
        # own write (`record_check`); this is for a check kept aside in the spool.
        self.check_file()
        try:
            with self.engine.connect() as conn:
                return conn.execute(REVEALED_SINCE, dict(
                    learner=learner.strip(), exercise=exercise, question=int(question),
                    since=utc_text(since))).first() is not None
        except SQLAlchemyError as exc:
            raise self._failed(exc) from exc

    def save_learner(self, key: str, name: str, email: str = "") -> None:
        """Remember a learner's display name (the class page shows names, not keys)."""
        self._upsert(LEARNERS, ["key"], dict(key=key, name=name or key, email=email or "",
                                             seen=utc_text()))

    def save_review_card(self, learner_key: str, card_key: str, state_json: str,
                         due: datetime) -> None:
        """Keep one spaced-review card's scheduler state (JSON text) and when it is due."""
        self.save_review_cards(learner_key, [(card_key, state_json, due)])

    def save_review_cards(self, learner_key: str, cards: list[tuple[str, str, datetime]]) -> None:
        """Keep several cards (card key, state JSON, due) in one transaction: a check's review
        and its day's count are one write, not two."""
        for _, state_json, _ in cards:
            json.loads(state_json)                # refuse anything that is not JSON
        if cards:
            self._upsert(REVIEW_CARDS, ["learner", "card"],
                         *(dict(learner=learner_key, card=card, state=state_json, due=utc_text(due),
                                updated=utc_text()) for card, state_json, due in cards))

    # -- reading ------------------------------------------------------------------------------

    def review_cards(self, learner_key: str, keys: Iterable[str] | None = None) -> dict[str, str]:
        """The learner's review cards (only those called `keys`, when given): card key -> its
        state as JSON text. Plain rows, not a DataFrame: a check reads two cards this way."""
        statement = (sa.select(REVIEW_CARDS.c.card, REVIEW_CARDS.c.state)
                     .where(REVIEW_CARDS.c.learner == learner_key).order_by(REVIEW_CARDS.c.card))
        if keys is not None:
            statement = statement.where(REVIEW_CARDS.c.card.in_(list(keys)))
        try:
            with self.engine.connect() as conn:
                return {card: state for card, state in conn.execute(statement)}
        except SQLAlchemyError as exc:
            raise StoreError(_plain_reason(exc)) from exc

    def learners(self) -> list[str]:
        frame = self._read(sa.select(ATTEMPTS.c.learner).distinct().order_by(ATTEMPTS.c.learner))
        return list(frame["learner"])

    def names(self) -> dict[str, str]:
        """Learner key -> display name, for every learner who logged in."""
        frame = self._read(sa.select(LEARNERS.c.key, LEARNERS.c.name))
        return dict(zip(frame["key"], frame["name"]))

    @staticmethod
    def _typed(frame: pd.DataFrame) -> pd.DataFrame:
        import pandas as pd

        if frame.empty:
            frame = _empty(COLUMNS)
        frame["at"] = pd.to_datetime(frame["at"], utc=True, format="ISO8601")
        frame["correct"] = frame["correct"].astype(bool)
        frame["revealed"] = frame["revealed"].astype(bool)
        return frame[COLUMNS]

    def attempts(self, learner: str) -> pd.DataFrame:
        """Every attempt of one learner, oldest first; `at` as UTC timestamps."""
        return self._typed(self._read(sa.select(ATTEMPTS).where(
            ATTEMPTS.c.learner == learner.strip()).order_by(ATTEMPTS.c.id)))

    def all_attempts(self) -> pd.DataFrame:
        """Every attempt of every learner (the class page), oldest first."""
        return self._typed(self._read(sa.select(ATTEMPTS).order_by(ATTEMPTS.c.id)))

    def count(self) -> int:
        self.check_file()
        try:
            with self.engine.connect() as conn:
                return int(conn.execute(sa.select(sa.func.count()).select_from(ATTEMPTS))
                           .scalar_one())
        except SQLAlchemyError as exc:
            raise self._failed(exc) from exc

    def csv(self, learner: str) -> str:
        """The learner's attempt history as CSV text (for the download button)."""
        return csv_text(self.attempts(learner))

    def last_results(self, learner: str) -> pd.DataFrame:
        """Latest attempt per (exercise, question): columns exercise, question, correct,
        revealed, attempts (how many times it was checked)."""
        return last_results(self.attempts(learner))

    def mastered(self, learner: str) -> set[tuple[str, int]]:
        """Questions whose latest attempt was right without the answer having been shown
        (one indexed query: the Course map asks on every rerun)."""
        later = ATTEMPTS.alias("later")
        newest = ~sa.exists().where(later.c.learner == ATTEMPTS.c.learner,
                                    later.c.exercise == ATTEMPTS.c.exercise,
                                    later.c.question == ATTEMPTS.c.question,
                                    later.c.id > ATTEMPTS.c.id)
        rows = self._rows(sa.select(ATTEMPTS.c.exercise, ATTEMPTS.c.question).where(
            ATTEMPTS.c.learner == learner.strip(), ATTEMPTS.c.correct == 1,
            ATTEMPTS.c.revealed == 0, newest))
        return {(str(e), int(q)) for e, q in rows}

    def answered_exercises(self, learner: str) -> set[str]:
        """The exercises the learner has checked an answer to, right or wrong: the exercises of
        `attempts(learner)`, read as one plain query (the Course map asks on every rerun)."""
        rows = self._rows(sa.select(ATTEMPTS.c.exercise).distinct().where(
            ATTEMPTS.c.learner == learner.strip()))
        return {str(e) for e, in rows}

    def accuracy_over_time(self, learner: str, freq: str = "D") -> pd.DataFrame:
        """Share of right answers per skill and period: index = period start (UTC), one column
        per skill, values in 0..1; a period with no attempt at a skill is NaN."""
        import pandas as pd

        frame = self.attempts(learner)
        if frame.empty:
            return pd.DataFrame()
        frame["period"] = frame["at"].dt.tz_localize(None).dt.to_period(freq).dt.start_time
        table = frame.pivot_table(index="period", columns="skill", values="correct",
                                  aggfunc="mean")
        table.columns.name = None
        table.index.name = "period"
        return table.astype(float)

    def accuracy_by_skill(self, learner: str) -> pd.DataFrame:
        """One row per skill: attempts, right, accuracy (0..1), sorted by skill."""
        frame = self.attempts(learner)
        cols = ["skill", "attempts", "right", "accuracy"]
        if frame.empty:
            return _empty(cols)
        table = frame.groupby("skill").agg(attempts=("correct", "size"),
                                           right=("correct", "sum")).reset_index()
        table["right"] = table["right"].astype(int)
        table["accuracy"] = table["right"] / table["attempts"]
        return table[cols]

    def most_missed(self, learner: str, limit: int = 10) -> pd.DataFrame:
        """Questions with the most wrong answers: exercise, question, ask, skill, missed,
        attempts; ties broken by the latest miss first."""
        return most_missed(self.attempts(learner), limit)

    # -- the class ----------------------------------------------------------------------------

    def class_mastery(self, totals: dict[str, int] | None = None) -> pd.DataFrame:
        """One row per learner and skill: learner (key), name, skill, mastered (questions whose
        latest try was right unaided), tried, total (questions of that skill in the course,
        from `totals`, else the tried ones), mastery = mastered / total (0..1)."""
        cols = ["learner", "name", "skill", "mastered", "tried", "total", "mastery"]
        frame = self.all_attempts()
        if frame.empty:
            return _empty(cols)
        last = frame.groupby(["learner", "exercise", "question"]).tail(1).copy()
        last["ok"] = last["correct"] & ~last["revealed"]
        table = last.groupby(["learner", "skill"]).agg(
            mastered=("ok", "sum"), tried=("ok", "size")).reset_index()
        table["mastered"] = table["mastered"].astype(int)
        known = totals or {}
        table["total"] = [max(known.get(s, 0), t) for s, t in zip(table["skill"], table["tried"])]
        table["mastery"] = table["mastered"] / table["total"]
        names = self.names()
        table["name"] = [names.get(k, k) for k in table["learner"]]
        return table.sort_values(["name", "skill"])[cols].reset_index(drop=True)

    def class_most_missed(self, limit: int = 10) -> pd.DataFrame:
        """Questions missed most across the class: exercise, question, ask, skill, missed,
        attempts, learners (how many different learners missed it)."""
        import pandas as pd

        frame = self.all_attempts()
        table = most_missed(frame, limit=None)
        if table.empty:
            return table.assign(learners=pd.Series(dtype="object"))
        missers = frame[~frame["correct"]].groupby(["exercise", "question"])["learner"].nunique()
        table["learners"] = [int(missers[(e, q)]) for e, q in
                             zip(table["exercise"], table["question"])]
        return table.head(limit).reset_index(drop=True)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r",
                  "\uff1d", "\uff0b", "\uff0d", "\uff20")    # and the full-width ＝＋－＠


def spreadsheet_safe(value: Any) -> Any:
    """A text cell a spreadsheet would run as a formula gets a leading apostrophe, so it shows as
    text (OWASP's CSV injection): one that starts with =, +, -, @, a tab or a carriage return,
    or their full-width forms ＝＋－＠ (some spreadsheets read those as the ASCII ones), after
    any leading whitespace (spreadsheets skip it). Anything else is left alone (numbers stay
    numbers)."""
    if isinstance(value, str) and (value.startswith(("\t", "\r"))
                                   or value.lstrip().startswith(FORMULA_STARTS)):
        return "'" + value
    return value


def csv_text(frame: pd.DataFrame) -> str:
    """`frame` as CSV text safe to open in a spreadsheet: every text cell and column name that
    starts like a formula is neutralised (`spreadsheet_safe`); the rest is written as is."""
    import pandas as pd

    safe = frame.copy()
    for column in safe.columns:
        if pd.api.types.is_object_dtype(safe[column]) or pd.api.types.is_string_dtype(safe[column]):
            safe[column] = safe[column].map(spreadsheet_safe)
    safe.columns = [spreadsheet_safe(str(c)) for c in safe.columns]
    # CRLF rows (RFC 4180): a cell holding a carriage return is quoted, so it stays one cell
    return safe.to_csv(index=False, lineterminator="\r\n")


def last_results(frame: pd.DataFrame) -> pd.DataFrame:
    """Latest attempt per (exercise, question) of one learner's attempts."""
    cols = ["exercise", "question", "correct", "revealed", "attempts"]
    if frame.empty:
        return _empty(cols)
    grouped = frame.groupby(["exercise", "question"], sort=True)
    last = grouped.tail(1).set_index(["exercise", "question"])[["correct", "revealed"]]
    last["attempts"] = grouped.size()
    return last.reset_index()[cols]


def most_missed(frame: pd.DataFrame, limit: int | None = 10) -> pd.DataFrame:
    """Questions with the most wrong answers in `frame`: exercise, question, ask, skill,
    missed, attempts; ties broken by the latest miss first."""
    cols = ["exercise", "question", "ask", "skill", "missed", "attempts"]
    if frame.empty:
        return _empty(cols)
    frame = frame.assign(missed=~frame["correct"])
    frame["miss_id"] = frame["id"].where(frame["missed"])
    table = frame.groupby(["exercise", "question"]).agg(
        ask=("ask", "last"), skill=("skill", "last"), missed=("missed", "sum"),
        attempts=("correct", "size"), last_miss=("miss_id", "max")).reset_index()
    table = table[table["missed"] > 0]
    table = table.sort_values(["missed", "last_miss"], ascending=[False, False])
    table["missed"] = table["missed"].astype(int)
    return table[cols].head(limit if limit is not None else len(table)).reset_index(drop=True)

