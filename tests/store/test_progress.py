"""The progress store, on SQLite and on a real PostgreSQL server alike: per learner, survives
reopening, safe with several writers; review cards; the class's figures."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import closing
from datetime import datetime, timedelta, timezone

import pandas as pd
import pytest

from course.store import progress
from course.store.progress import Attempt, ProgressStore
from course.cards import Card
from tests.support.old_store import store_at

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)


def attempt(learner="Ava", exercise="bring-in-suit-tie", question=0, correct=True, *,
            ask="bring_in", skill="bring-in", given="Ben", at=None, revealed=False):
    return Attempt(learner=learner, exercise=exercise, question=question, ask=ask, skill=skill,
                   given=given, correct=correct, game="stud-high", rules="pokerstars",
                   revealed=revealed, at=at)


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request, tmp_path) -> str:
    """Where a store lives: a SQLite file, or a fresh database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "p.db")
    return request.getfixturevalue("pg_url")


def test_default_path_is_in_the_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv(progress.ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(progress.sys, "platform", "linux")
    assert progress.default_db_path() == tmp_path / "xdg" / "stud-study-room" / "progress.sqlite3"


def test_env_var_overrides_the_path(monkeypatch, tmp_path):
    target = tmp_path / "elsewhere" / "mine.db"
    monkeypatch.setenv(progress.ENV_VAR, str(target))
    store = ProgressStore()
    assert store.path == target
    assert target.exists()


def test_wal_mode(tmp_path):
    ProgressStore(tmp_path / "p.db")
    with closing(sqlite3.connect(tmp_path / "p.db")) as conn:     # WAL is kept in the file
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_attempts_survive_reopening_and_keep_learners_apart(where):
    path = where
    first = ProgressStore(path)
    first.record(attempt("Ava", correct=False, given="Cara", at=T0))
    first.record(attempt("Ava", correct=True, given="Ben", at=T0 + timedelta(minutes=1)))
    first.record(attempt("Ben", correct=True, at=T0))
    again = ProgressStore(path)
    ava = again.attempts("Ava")
    assert list(ava["given"]) == ['"Cara"', '"Ben"']
    assert list(ava["correct"]) == [False, True]
    assert list(ava["at"]) == [pd.Timestamp(T0), pd.Timestamp(T0 + timedelta(minutes=1))]
    assert len(again.attempts("Ben")) == 1
    assert again.attempts("Nobody").empty
    assert again.learners() == ["Ava", "Ben"]


def test_cards_and_maps_are_stored_as_json_text(where):
    store = ProgressStore(where)
    store.record(attempt(ask="best_five", skill="best-five",
                         given=[Card.parse("10h"), Card.parse("As")]))
    store.record(attempt(ask="award", skill="showdown", given={"Ava": 30, "Ben": 0}))
    given = list(store.attempts("Ava")["given"])
    assert given == ['["10♥", "A♠"]', '{"Ava": 30, "Ben": 0}']


def test_empty_learner_name_is_refused(where):
    store = ProgressStore(where)
    with pytest.raises(ValueError, match="'  ' is empty"):
        store.record(attempt("  "))


def test_a_check_is_stored_as_shown_when_the_store_holds_a_reveal_of_its_question_since(where):
    store = ProgressStore(where)
    since = T0 - timedelta(hours=12)
    # a reveal of another learner, another deal, another question, or an older one: not shown
    store.record(attempt("Ben", revealed=True, given=None, correct=False, at=T0))
    store.record(attempt(exercise="other-deal", revealed=True, given=None, correct=False, at=T0))
    store.record(attempt(question=1, revealed=True, given=None, correct=False, at=T0))
    store.record(attempt(revealed=True, given=None, correct=False, at=since - timedelta(seconds=1)))
    checked = Attempt(learner="Ava", exercise="bring-in-suit-tie", question=0, ask="bring_in",
                      skill="bring-in", given="Ben", correct=True, game="stud-high",
                      rules="pokerstars", at=T0, try_kind="second")
    first_id, shown = store.record_check(checked, since)
    assert not shown
    # shown at `since` or later (another session's Show answer): this check is stored as shown
    store.record(attempt(revealed=True, given=None, correct=False, at=since))
    second_id, shown_now = store.record_check(checked, since)
    assert shown_now and second_id > first_id
    rows = store.attempts("Ava").set_index("id")
    assert (bool(rows.loc[first_id, "revealed"]), rows.loc[first_id, "try_kind"]) == (False, "second")
    assert (bool(rows.loc[second_id, "revealed"]), rows.loc[second_id, "try_kind"]) == (True, "shown")
    assert list(rows.loc[[first_id, second_id], "given"]) == ['"Ben"', '"Ben"']
    assert bool(rows.loc[second_id, "correct"]) is True       # the answer given, kept as it was
    # a check the session already knows to be shown is stored as shown without asking
    third_id, shown = ProgressStore(where).record_check(
        Attempt(learner="Cara", exercise="x", question=0, ask="bring_in", skill="bring-in", given="Ben",
                correct=True, revealed=True), since)
    assert shown and store.attempts("Cara").set_index("id").loc[third_id, "try_kind"] == "shown"
    with pytest.raises(ValueError):                            # refused as `record` refuses it
        store.record_check(Attempt(learner=" ", exercise="x", question=0, ask="a", skill="s",
                                   given=1, correct=True), since)


def test_mastered_uses_the_latest_unrevealed_attempt(where):
    store = ProgressStore(where)
    store.record(attempt(question=0, correct=True))
    store.record(attempt(question=1, correct=True))
    store.record(attempt(question=1, correct=False))       # got it, then lost it
    store.record(attempt(question=2, correct=True, revealed=True))  # saw the answer first
    store.record(attempt(exercise="other", question=0, correct=False))
    store.record(attempt(exercise="other", question=0, correct=True))
    assert store.mastered("Ava") == {("bring-in-suit-tie", 0), ("other", 0)}
    last = store.last_results("Ava").set_index(["exercise", "question"])
    assert last.loc[("bring-in-suit-tie", 1), "attempts"] == 2
    assert not last.loc[("bring-in-suit-tie", 1), "correct"]


def test_accuracy_over_time_per_skill(where):
    store = ProgressStore(where)
    day2 = T0 + timedelta(days=1)
    store.record(attempt(skill="bring-in", correct=False, at=T0))
    store.record(attempt(skill="bring-in", correct=True, at=T0 + timedelta(hours=1)))
    store.record(attempt(skill="opener", ask="opener", correct=True, at=T0))
    store.record(attempt(skill="bring-in", correct=True, at=day2))
    table = store.accuracy_over_time("Ava")
    assert list(table.columns) == ["bring-in", "opener"]
    assert table.loc[pd.Timestamp("2026-11-01"), "bring-in"] == 0.5
    assert table.loc[pd.Timestamp("2026-11-01"), "opener"] == 1.0
    assert table.loc[pd.Timestamp("2026-11-02"), "bring-in"] == 1.0
    assert pd.isna(table.loc[pd.Timestamp("2026-11-02"), "opener"])
    by_skill = store.accuracy_by_skill("Ava").set_index("skill")
    assert by_skill.loc["bring-in", "attempts"] == 3
    assert by_skill.loc["bring-in", "right"] == 2
    assert by_skill.loc["bring-in", "accuracy"] == pytest.approx(2 / 3)


def test_most_missed_orders_by_misses(where):
    store = ProgressStore(where)
    for _ in range(3):
        store.record(attempt(exercise="a", correct=False))
    store.record(attempt(exercise="b", correct=False))
    store.record(attempt(exercise="b", correct=True))
    store.record(attempt(exercise="c", correct=True))
    table = store.most_missed("Ava")
    assert list(table["exercise"]) == ["a", "b"]
    assert list(table["missed"]) == [3, 1]
    assert list(table["attempts"]) == [3, 2]


def test_csv_export_has_every_attempt(where):
    store = ProgressStore(where)
    store.record(attempt(correct=False, given="Cara", at=T0))
    store.record(attempt(correct=True, given="Ben", at=T0))
    text = store.csv("Ava")
    lines = text.strip().splitlines()
    assert lines[0].split(",")[:4] == ["id", "learner", "at", "exercise"]
    assert len(lines) == 3
    assert "Cara" in lines[1] and "False" in lines[1]


def test_an_answer_with_cents_reads_back_exactly_from_the_store_and_the_csv(where):
    # A contributions answer in a game with cents (Horn-A-Vika's exact halves): 2.50 must come
    # back as 2.50, not as a float 2.5 or a rounded 2, both from the store and from the CSV.
    import csv
    import io
    import json

    from course import amounts

    given = {"Ava": amounts.parse("2.50"), "Ben": 5, "Cara": amounts.parse("19.05")}
    store = ProgressStore(where)
    store.record(attempt(ask="contributions", skill="amounts", given=given, at=T0))
    stored = json.loads(store.attempts("Ava")["given"].iloc[0])
    assert stored == {"Ava": "2.50", "Ben": 5, "Cara": "19.05"}
    row, = csv.DictReader(io.StringIO(store.csv("Ava")))
    from_csv = json.loads(row["given"])
    assert {p: amounts.parse(v) for p, v in from_csv.items()} == given
    assert all(type(amounts.parse(v)) is type(given[p]) for p, v in from_csv.items())


def test_concurrent_writers_lose_nothing(where):
    path = where
    ProgressStore(path)
    errors: list[BaseException] = []

    def tab(n: int):
        try:
            store = ProgressStore(path)          # each tab opens its own store
            for i in range(40):
                store.record(attempt(f"L{n % 2}", exercise=f"e{n}", question=i,
                                     correct=bool(i % 2)))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=tab, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    store = ProgressStore(path)
    assert len(store.attempts("L0")) + len(store.attempts("L1")) == 240
    assert store.count() == 240
    assert store.all_attempts()["id"].is_unique


def test_one_store_shared_by_many_threads_loses_nothing(where):
    store = ProgressStore(where)          # what the app does: one store per file
    threads = [threading.Thread(target=lambda n=n: [
        store.record(attempt("Ava", exercise=f"e{n}", question=i)) for i in range(30)])
        for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(store.attempts("Ava")) == 180
    store.close()
    assert len(ProgressStore(where).attempts("Ava")) == 180


def test_a_new_store_is_at_the_newest_schema_revision(where):
    store = ProgressStore(where)
    assert store.revision() == "0003"
    assert store.dialect == ("sqlite" if "://" not in where else "postgresql")


def test_a_store_at_0002_is_upgraded_and_each_try_keeps_what_it_was(where):
    """Migration 0003: the rows of an older store keep their answers and get a try kind (a row
    checked with the answer shown is `shown`, any other `first`); new rows say which try."""
    import sqlalchemy as sa

    def rows_of_that_time(conn) -> None:
        for revealed in (0, 1):
            conn.execute(sa.text(
                "INSERT INTO attempts (learner, at, exercise, question, ask, skill, game, rules, given, "
                "correct, revealed) VALUES ('Ava', :at, 'bring-in-suit-tie', 0, 'bring_in', 'bring-in', "
                "'stud-high', 'pokerstars', '\"Ben\"', 1, :revealed)"),
                {"at": progress.utc_text(T0 + timedelta(minutes=revealed)), "revealed": revealed})
    store_at(where, "0002", rows_of_that_time)
    store = ProgressStore(where)
    assert store.revision() == "0003"
    for kind, correct in (("first", False), ("hint", True), ("second", True)):
        store.record(Attempt(learner="Ava", exercise="gen-ace-door-3", question=0, ask="bring_in",
                             skill="bring-in", given="Ben", correct=correct, try_kind=kind))
    rows = store.attempts("Ava")
    assert list(rows["try_kind"]) == ["first", "shown", "first", "hint", "second"]
    assert list(rows["given"][:2]) == ['"Ben"', '"Ben"']
    assert store.csv("Ava").splitlines()[0].split(",")[-1] == "try_kind"
    assert list(store.most_missed("Ava")["exercise"]) == ["gen-ace-door-3"]
    with pytest.raises(ValueError, match="try kind 'third'"):
        store.record(Attempt(learner="Ava", exercise="x", question=0, ask="bring_in", skill="s",
                             given="Ben", correct=True, try_kind="third"))


def test_a_database_url_in_the_env_var_selects_postgresql(monkeypatch, pg_url):
    monkeypatch.setenv(progress.ENV_VAR, pg_url)
    store = ProgressStore()
    assert store.dialect == "postgresql" and store.path is None
    assert "stud@127.0.0.1" in progress.describe(pg_url)


def test_review_cards_are_kept_per_learner_and_replaced_on_save(where):
    store = ProgressStore(where)
    due = T0 + timedelta(days=3)
    store.save_review_card("Ava", "hpd-1|0", '{"stability": 1.5, "reps": 1}', due)
    store.save_review_card("Ava", "hpd-2|1", '{"stability": 4.0}', due)
    store.save_review_card("Ben", "hpd-1|0", '{"stability": 9.0}', due)
    store.save_review_card("Ava", "hpd-1|0", '{"stability": 2.5, "reps": 2}', due)   # replaces
    assert store.review_cards("Ava") == {"hpd-1|0": '{"stability": 2.5, "reps": 2}',
                                         "hpd-2|1": '{"stability": 4.0}'}
    assert store.review_cards("Ben") == {"hpd-1|0": '{"stability": 9.0}'}
    assert store.review_cards("Nobody") == {}
    assert ProgressStore(where).review_cards("Ava")["hpd-1|0"].endswith('"reps": 2}')
    with pytest.raises(ValueError):
        store.save_review_card("Ava", "x", "not json", due)


def test_class_mastery_per_skill_per_learner(where):
    store = ProgressStore(where)
    store.save_learner("iss#ava", "Ava Appleby", "ava@example.test")
    for exercise, question, correct, revealed in [("a", 0, True, False), ("a", 1, False, False),
                                                  ("b", 0, True, True)]:
        store.record(attempt("iss#ava", exercise, question, correct, revealed=revealed))
    store.record(attempt("iss#ben", "a", 0, False))
    store.record(attempt("iss#ben", "a", 0, True))               # the latest try counts
    store.record(attempt("iss#ben", "o", 0, True, ask="opener", skill="opener"))
    table = store.class_mastery({"bring-in": 4, "opener": 2})
    rows = {(r.learner, r.skill): r for r in table.itertuples()}
    ava = rows[("iss#ava", "bring-in")]
    assert (ava.name, ava.mastered, ava.tried, ava.total) == ("Ava Appleby", 1, 3, 4)
    assert ava.mastery == 0.25
    ben = rows[("iss#ben", "bring-in")]
    assert (ben.name, ben.mastered, ben.mastery) == ("iss#ben", 1, 0.25)   # no name saved
    assert rows[("iss#ben", "opener")].mastery == 0.5
    assert ("iss#ava", "opener") not in rows


def test_class_most_missed_counts_learners_who_missed(where):
    store = ProgressStore(where)
    for who in ("A", "B", "C"):
        store.record(attempt(who, "hard", 0, False))
    store.record(attempt("A", "hard", 0, False))
    store.record(attempt("A", "easy", 0, False))
    store.record(attempt("B", "easy", 0, True))
    table = store.class_most_missed()
    assert list(table["exercise"]) == ["hard", "easy"]
    assert list(table["missed"]) == [4, 1]
    assert list(table["learners"]) == [3, 1]
    assert list(table["attempts"]) == [4, 2]


def test_a_learner_name_is_updated_on_each_login(where):
    store = ProgressStore(where)
    store.save_learner("k", "Old Name")
    store.save_learner("k", "New Name", "n@example.test")
    assert store.names() == {"k": "New Name"}
