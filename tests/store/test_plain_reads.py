"""What a restarted server's first Course map asks of the progress store needs neither pandas nor
Alembic: a store whose schema is current opens after one plain read of its version table
(`progress.schema_current`), and the map's questions (`mastered`, `answered_exercises`) come as
plain rows. These must answer exactly as the DataFrame path does, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from course.store import progress
from course.store.progress import Attempt, ProgressStore
from tests.support.old_store import store_at

ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)
ALEMBIC = ("alembic", "alembic.command", "alembic.config", "alembic.runtime.migration", "alembic.script")


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request, tmp_path) -> str:
    """Where a store lives: a SQLite file, or a fresh database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "p.db")
    return request.getfixturevalue("pg_url")


def alembic_blocked(monkeypatch) -> None:
    """From here on, importing Alembic fails (as if it were not installed)."""
    for name in ALEMBIC:
        monkeypatch.setitem(sys.modules, name, None)


def test_the_schema_head_the_store_knows_is_alembic_s_newest_revision():
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(progress.MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_current_head() == progress.SCHEMA_HEAD


def test_a_current_store_opens_without_alembic(where, monkeypatch):
    ProgressStore(where).close()                 # a fresh store: Alembic makes every table
    alembic_blocked(monkeypatch)
    store = ProgressStore(where)                 # current: opened with Alembic unimportable
    try:
        store.record(Attempt(learner="Ava", exercise="e1", question=0, ask="bring_in",
                             skill="bring-in", given="Ben", correct=True))
        assert store.mastered("Ava") == {("e1", 0)} and store.answered_exercises("Ava") == {"e1"}
    finally:
        store.close()


def test_an_older_store_is_still_brought_up_by_alembic(where, monkeypatch):
    store_at(where, "0002")
    alembic_blocked(monkeypatch)
    with pytest.raises(ImportError):             # not current: Alembic is asked to migrate it
        ProgressStore(where)
    monkeypatch.undo()
    store = ProgressStore(where)
    try:
        assert store.revision() == progress.SCHEMA_HEAD
    finally:
        store.close()


def random_history(rng: random.Random) -> list[Attempt]:
    """Attempts of three learners on a few questions, right or wrong, some with the answer
    shown, in one time order."""
    found = []
    for n in range(rng.randrange(0, 60)):
        found.append(Attempt(
            learner=rng.choice(["Ava", "Ben", " Cy "]), exercise=rng.choice(["e1", "e2", "e3", "e4"]),
            question=rng.randrange(3), ask="bring_in", skill="bring-in", given="Ben",
            correct=rng.random() < 0.6, revealed=rng.random() < 0.2, at=T0 + timedelta(seconds=n)))
    return found


def test_the_map_s_plain_reads_answer_as_the_dataframes_do_on_many_histories(where):
    """`mastered` (latest try right, answer not shown) and `answered_exercises` against what
    the attempts' DataFrame gives (`last_results`, `attempts`), on 40 random histories."""
    rng = random.Random(20)
    store = ProgressStore(where)
    try:
        for history in range(40):
            with store.engine.begin() as conn:
                conn.execute(progress.ATTEMPTS.delete())
            for one in random_history(rng):
                store.record(one)
            for learner in ("Ava", "Ben", "Cy", "Dee"):
                last = store.last_results(learner)
                expected = {(str(e), int(q)) for e, q, right, shown in
                            zip(last["exercise"], last["question"], last["correct"], last["revealed"])
                            if right and not shown}
                assert store.mastered(learner) == expected, (history, learner)
                assert store.answered_exercises(learner) == set(store.attempts(learner)["exercise"])
    finally:
        store.close()


OPEN_AND_ASK = textwrap.dedent("""
    import sys
    from course.store import ProgressStore
    store = ProgressStore(sys.argv[1])
    store.mastered("Ava"), store.answered_exercises("Ava")
    print(sorted(name for name in ("pandas", "alembic") if name in sys.modules))
""")


def test_opening_a_current_store_and_asking_the_map_s_questions_imports_neither_pandas_nor_alembic(tmp_path):
    db = tmp_path / "p.db"
    ProgressStore(db).close()
    out = subprocess.run([sys.executable, "-c", OPEN_AND_ASK, str(db)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
