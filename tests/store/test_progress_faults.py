"""Database faults: an older schema, a damaged file, a full disk and a write lock held by another
process. Each is met with a clear message (never a traceback), nothing already recorded is lost,
and an answer that cannot be saved waits in the session until the store is back."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from course.asks import solvers
from course.app import state
from tests.support.apptest import PAGES, environment, open_app, texts
from course.store import ProgressStore, StoreCorrupt, StoreError
from course.store.progress import Attempt
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
DEAL = "hpd-1-bring-in-suit-tie"

# The table as the first release made it (no game, rules or revealed; no version table), and
# as the release before migrations made it.
OLDEST = """
CREATE TABLE attempts (id INTEGER PRIMARY KEY AUTOINCREMENT, learner TEXT NOT NULL,
    at TEXT NOT NULL, exercise TEXT NOT NULL, question INTEGER NOT NULL, ask TEXT NOT NULL,
    skill TEXT NOT NULL, given TEXT NOT NULL, correct INTEGER NOT NULL);
INSERT INTO attempts (learner, at, exercise, question, ask, skill, given, correct) VALUES
    ('local', '2026-11-01T12:00:00.000000+00:00', 'hpd-1-bring-in-suit-tie', 0, 'bring_in',
     'bring-in', '"Ben"', 1),
    ('local', '2026-11-01T12:01:00.000000+00:00', 'other', 1, 'opener', 'opener', '"Cara"', 0);
"""
PREVIOUS = """
CREATE TABLE attempts (id INTEGER PRIMARY KEY AUTOINCREMENT, learner TEXT NOT NULL,
    at TEXT NOT NULL, exercise TEXT NOT NULL, question INTEGER NOT NULL, ask TEXT NOT NULL,
    skill TEXT NOT NULL, game TEXT NOT NULL DEFAULT '', rules TEXT NOT NULL DEFAULT '',
    given TEXT NOT NULL, correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
    revealed INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1)));
CREATE INDEX attempts_by_learner ON attempts (learner, exercise, question, id);
INSERT INTO attempts (learner, at, exercise, question, ask, skill, game, rules, given, correct,
    revealed) VALUES ('local', '2026-11-02T09:00:00.000000+00:00', 'hpd-1-bring-in-suit-tie', 0,
    'bring_in', 'bring-in', 'stud-high', 'pokerstars', '"Ben"', 1, 1);
"""


def make_file(path: Path, script: str) -> Path:
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript(script)
    return path


def attempt(learner="local", exercise="e", question=0, correct=True):
    return Attempt(learner=learner, exercise=exercise, question=question, ask="bring_in",
                   skill="bring-in", given="Ben", correct=correct)


def check_right_answer(at):
    """Answer the first question of DEAL right on Practice (the page must already be open)."""
    ex = COURSE.exercises[DEAL]
    right = solvers.to_json(solvers.answer(ex, ex.questions[0]).value)
    at.radio(key=f"practice|{DEAL}|0").set_value(right)
    at.button(key=f"practice|{DEAL}|0:check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(s.value.startswith("Right.") for s in at.success), texts(at)
    return at


# -- an older schema ----------------------------------------------------------------------------

@pytest.mark.parametrize("script", [OLDEST, PREVIOUS], ids=["first-release", "pre-migrations"])
def test_an_older_file_is_upgraded_and_keeps_every_attempt(tmp_path, script):
    path = make_file(tmp_path / "old.db", script)
    before = sqlite3.connect(path).execute("SELECT COUNT(*) FROM attempts").fetchone()[0]
    store = ProgressStore(path)
    assert store.revision() == "0003"
    rows = store.attempts("local")
    assert len(rows) == before
    assert rows["given"].iloc[0] == '"Ben"' and bool(rows["correct"].iloc[0])
    if script is OLDEST:
        assert list(rows["game"]) == ["", ""] and not rows["revealed"].any()
    store.record(attempt())
    assert len(ProgressStore(path).attempts("local")) == before + 1


def test_the_pages_draw_and_check_saves_on_an_older_file(tmp_path):
    path = make_file(tmp_path / "old.db", OLDEST)
    with environment(path):
        at = open_app("map")
        assert not at.exception and not at.error, texts(at)
        at.switch_page(PAGES["progress"]).run()
        assert not at.exception and not at.error, texts(at)
        assert {m.label: m.value for m in at.metric}["Answers checked"] == "2"
        at.query_params["deal"] = DEAL
        at.switch_page(PAGES["practice"]).run()
        check_right_answer(at)
    assert len(ProgressStore(path).attempts("local")) == 3


# -- a damaged file -----------------------------------------------------------------------------

def damage(path: Path) -> None:
    """Overwrite every page but the first (the header) with noise."""
    size = path.stat().st_size
    with open(path, "r+b") as f:
        f.seek(4096)
        f.write(bytes((i * 37) % 251 for i in range(size - 4096)))


def filled_store(path: Path) -> Path:
    store = ProgressStore(path)
    for n in range(300):
        store.record(attempt(exercise=f"e{n}", question=n, correct=bool(n % 2)))
    store.close()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


def test_a_damaged_file_is_reported_as_damaged(tmp_path):
    path = filled_store(tmp_path / "p.db")
    damage(path)
    with pytest.raises(StoreCorrupt) as caught:
        ProgressStore(path)
    assert caught.value.path == path and "is damaged" in str(caught.value)
    other = tmp_path / "other.db"
    other.write_bytes(b"this is a text file, not SQLite at all\n" * 200)
    with pytest.raises(StoreCorrupt, match=r"is damaged \(file is not a database\)"):
        ProgressStore(other)


def test_the_app_offers_to_move_a_damaged_file_aside_and_then_saves(tmp_path):
    path = filled_store(tmp_path / "p.db")
    damage(path)
    with environment(path):
        at = open_app("map")
        assert not at.exception
        assert any("Progress cannot be saved" in e.value and "is damaged" in e.value
                   for e in at.error), texts(at)
        assert at.get("page_link")                       # the course is still there
        at.query_params["deal"] = DEAL
        at.switch_page(PAGES["practice"]).run()
        check_right_answer(at)
        assert any("Not saved yet" in s.value for s in at.success)   # waits in the session
        at.button(key="store_move_aside").click().run()
        assert not at.exception
        assert any("moved to" in s.value for s in at.success), texts(at)
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("p.db.damaged-")
             and p.name.endswith("Z")]
    assert len(moved) == 1 and moved[0].stat().st_size > 4096          # the damaged file is kept aside
    fresh = ProgressStore(path)
    rows = fresh.attempts("local")
    assert list(rows["exercise"]) == [DEAL] and bool(rows["correct"].iloc[0])


def test_in_shared_mode_only_a_teacher_may_move_the_file(tmp_path):
    path = filled_store(tmp_path / "p.db")
    damage(path)
    with environment(path):
        learner = open_app("map", login="Lee")
        assert any("is damaged" in e.value for e in learner.error)
        assert not [b for b in learner.button if b.key == "store_move_aside"]
        teacher = open_app("map", login="Tia", roles={"teachers": ["tia@example.test"]})
        assert [b for b in teacher.button if b.key == "store_move_aside"]


# -- a full disk (a small tmpfs, as root) -------------------------------------------------------

@pytest.fixture
def small_disk(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("a full disk is simulated with a 1 MB tmpfs, which needs root to mount")
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Write zeros until the disk has no room left."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_keeps_the_answer_in_the_session_until_there_is_room(small_disk):
    path = small_disk / "p.db"
    with environment(path):
        at = open_app("practice", query={"deal": DEAL})
        filler = fill(small_disk)
        check_right_answer(at)
        note = next(s.value for s in at.success if "Not saved yet" in s.value)
        assert "disk" in note and "full" in note and "1 answer(s) are kept" in note
        with pytest.raises(StoreError, match="disk .* full"):
            state._open_store().record(attempt())
        filler.unlink()
        at.session_state["store_retry_at"] = 0     # as if RETRY_S had passed
        at.switch_page(PAGES["progress"]).run()
        assert not at.exception and not at.warning, texts(at)
    rows = ProgressStore(path).attempts("local")
    assert list(rows["exercise"]) == [DEAL]


# -- a write lock held by another process -------------------------------------------------------

HOLDER = textwrap.dedent("""
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO attempts (learner, at, exercise, question, ask, skill, given, "
                 "correct) VALUES ('other', '2026-11-01T00:00:00+00:00', 'x', 0, 'a', 's', "
                 "'1', 1)")
    print("locked", flush=True)
    sys.stdin.read()                      # hold the lock until the test closes stdin
    conn.execute("COMMIT")
""")


@contextmanager
def lock_held(path: Path):
    """Another process holds the SQLite file's write lock until `release()` (or the block ends)."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "locked"

    def release():
        if holder.poll() is None:
            holder.stdin.close()
            holder.wait(timeout=10)
    try:
        yield release
    finally:
        release()


@pytest.fixture
def held_lock(tmp_path):
    """A SQLite file whose write lock another process holds until `release()`."""
    path = tmp_path / "p.db"
    ProgressStore(path).close()
    with lock_held(path) as release:
        yield path, release


def test_a_held_lock_is_reported_and_readers_are_not_blocked(held_lock):
    path, release = held_lock
    store = ProgressStore(path)
    with pytest.raises(StoreError, match="another program .* holds its lock"):
        store.record(attempt("Ava"))
    assert store.attempts("Ava").empty             # reading goes on beside the writer (WAL)
    release()
    store.record(attempt("Ava"))
    assert len(store.attempts("Ava")) == 1
    assert len(store.attempts("other")) == 1       # the other program's write is kept too


def test_a_blocked_writer_holds_no_lock_that_stops_another_thread_reading(held_lock):
    """The old store held one process-wide lock across SQLite's busy wait, so every other
    learner waited behind a blocked writer. Now a reader on another thread finishes while
    the writer is still waiting on the other program's lock."""
    import threading
    path, _ = held_lock
    store = ProgressStore(path)
    done: list[str] = []
    writing = threading.Event()

    def writer():
        writing.set()
        with pytest.raises(StoreError):
            store.record(attempt("Ava"))
        done.append("writer gave up")

    thread = threading.Thread(target=writer)
    thread.start()
    writing.wait()
    time.sleep(0.3)                  # let the writer get into its wait (BUSY_MS is 1.5 s)
    store.attempts("Ben")
    store.count()
    done.append("reader finished")
    thread.join()
    assert done == ["reader finished", "writer gave up"]


def test_the_app_tells_a_blocked_learner_and_saves_once_the_lock_is_gone(held_lock):
    path, release = held_lock
    with environment(path):
        at = open_app("practice", query={"deal": DEAL})
        check_right_answer(at)
        note = next(s.value for s in at.success if "Not saved yet" in s.value)
        assert "another program" in note and "in a spool file" in note
        reader = open_app("progress")              # another learner's page still draws
        assert not reader.exception and not reader.error, texts(reader)
        release()
        at.session_state["store_retry_at"] = 0
        at.switch_page(PAGES["progress"]).run()
        assert not at.exception and not at.warning, texts(at)
    assert list(ProgressStore(path).attempts("local")["exercise"]) == [DEAL]


# -- a PostgreSQL server that goes away and comes back ------------------------------------------

def test_a_postgresql_outage_is_reported_and_the_answer_saved_when_it_is_back(tmp_path):
    from tests.support import pg_local
    try:
        server = pg_local.LocalPostgres().start()
    except pg_local.Unavailable as exc:
        pytest.skip(f"no PostgreSQL server for this test: {exc}")
    try:
        with environment(server.url):
            at = open_app("practice", query={"deal": DEAL})
            server.pause()
            check_right_answer(at)
            note = next(s.value for s in at.success if "Not saved yet" in s.value)
            assert "cannot be reached" in note and "in a spool file" in note
            server.resume()
            at.session_state["store_retry_at"] = 0
            at.switch_page(PAGES["progress"]).run()
            assert not at.exception and not at.warning, texts(at)
            assert {m.label: m.value for m in at.metric}["Answers checked"] == "1"
    finally:
        server.stop()
