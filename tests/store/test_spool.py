"""The spool (course/store/spool.py): no answer and no review is lost to a store fault, and the
spool is private.

The fault matrix: every store fault the app handles (a write lock held by another program, the
folder read-only, the disk full, the file damaged, the file emptied, the PostgreSQL server away)
strikes during a Practice answer and during a Review answer; the tab is closed, the fault cleared,
and a new session finds every attempt stored exactly once with its try kind, and every review
applied exactly once to its FSRS card, as it would have been without the fault. Where nothing can
be written anywhere, the verdict says so plainly instead of promising."""

from __future__ import annotations

import json
import os
import subprocess
from contextlib import ExitStack, contextmanager
from datetime import datetime
from pathlib import Path

import pytest
from fsrs import Card, Rating, Scheduler

from course.asks import solvers
from course.app import state
from course.store import ProgressStore
from course.store.progress import Attempt
from course.store.spool import Spool, spool_paths
from course.study import schedule, templates
from tests.support.apptest import PAGES, environment, open_app, texts
from tests.support.tried import answer_try_its
from tests.store.test_progress_faults import (COURSE, DEAL, damage, fill, filled_store, lock_held,  # noqa: F401
                                  small_disk)

FAULTS = ["lock", "read-only", "disk-full", "damaged", "emptied", "database-away"]


def no_error_shown(at) -> None:
    assert not at.exception, [e.value for e in at.exception]


def remount(mount: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(mount)], check=True)


@contextmanager
def fault_at(kind: str, location: str, disk: Path | None):
    """Inject the fault `kind` into the open store at `location`; yields `clear()`, which the
    test calls once the tab is closed (the block's end clears what is left, if the test
    failed first). The store must have been opened by the app in this process."""
    path = Path(location) if "://" not in location else None
    with ExitStack() as stack:
        if kind == "lock":
            clear = stack.enter_context(lock_held(path))
        elif kind == "read-only":
            state._STORES[location].engine.dispose()   # Linux refuses ro with files open to write
            remount(disk, "ro")
            stack.callback(lambda: subprocess.run(["mount", "-o", "remount,rw", str(disk)]))

            def clear():
                remount(disk, "rw")
        elif kind == "disk-full":
            filler = fill(disk)

            def clear():
                filler.unlink(missing_ok=True)
            stack.callback(clear)
        elif kind == "damaged":                 # a damaged file put in its place
            copy = path.with_name("damaged-copy")
            copy.write_bytes(path.read_bytes())
            damage(copy)
            os.replace(copy, path)

            def clear():                        # what the teacher's button does
                ProgressStore.move_aside(path)
        elif kind == "emptied":
            os.truncate(path, 0)

            def clear():                        # the app moves it aside by itself
                pass
        elif kind == "database-away":
            server = PG[0]
            server.pause()

            def clear():
                if not server.running:
                    server.resume()
            stack.callback(clear)
        else:
            raise ValueError(kind)
        yield clear


PG: list = []


@pytest.fixture
def store_location(request, tmp_path):
    """Where the store is for a fault: a SQLite file (on a small disk for the disk faults), or
    a PostgreSQL database; the disk (or None)."""
    kind = request.param
    if kind == "database-away":
        from tests.support import pg_local
        try:
            server = pg_local.LocalPostgres().start()
        except pg_local.Unavailable as exc:
            pytest.skip(f"no PostgreSQL server for this test: {exc}")
        PG[:] = [server]
        try:
            yield kind, server.url, None
        finally:
            server.stop()
        return
    if kind in ("read-only", "disk-full"):
        disk = request.getfixturevalue("small_disk")
        yield kind, str(disk / "p.db"), disk
        return
    yield kind, str(filled_store(tmp_path / "p.db")), None


TRIED: dict[str, set[str]] = {}     # location -> the exercises whose try-its `taught` answered


def taught(location: str) -> None:
    """The bring-in lesson's try-its answered, so Review serves what it teaches (one lesson, not
    all: the store may sit on a 1 MB disk)."""
    TRIED.pop(location, None)
    answer_try_its(location, state.LOCAL.key, [COURSE.lessons["bring-in"]], course=COURSE)
    TRIED[location] = set(stored(location)[0]["exercise"])


def answer_practice(at, right: bool) -> None:
    ex = COURSE.exercises[DEAL]
    good = solvers.to_json(solvers.answer(ex, ex.questions[0]).value)
    radio = at.radio(key=f"practice|{DEAL}|0")
    radio.set_value(good if right else next(o for o in radio.options if o != good))
    at.button(key=f"practice|{DEAL}|0:check").click().run()
    no_error_shown(at)


def verdict(at) -> str:
    return "\n".join(s.value for s in [*at.success, *at.error] if s.value.startswith(("Right", "Not right")))


def expected_card(stored: str, right: bool, hint: bool = False) -> Card:
    """The FSRS card one review at the stored card's own review time gives a new card."""
    when = Card.from_json(stored).last_review
    rating = Rating.Again if not right else (Rating.Hard if hint else Rating.Good)
    card = Card(card_id=Card.from_json(stored).card_id)
    return Scheduler(enable_fuzzing=False).review_card(card, rating, review_datetime=when)[0]


def stored(location: str):
    """The learner's attempts made in the test (not the filled store's `e<n>`, nor the try-its
    `taught` answered) and cards."""
    store = ProgressStore(location)
    try:
        rows = store.attempts("local")
        rows = rows[~rows["exercise"].str.fullmatch(r"e\d+") & ~rows["exercise"].isin(TRIED.get(location, ()))]
        return rows, store.review_cards("local")
    finally:
        store.close()


@pytest.mark.parametrize("store_location", FAULTS, indirect=True)
def test_a_practice_answer_under_a_fault_is_stored_once_with_its_try_and_review(store_location):
    kind, location, disk = store_location
    card = templates.card_for(COURSE.exercises[DEAL])
    with ExitStack() as guard:
        with environment(location):
            ProgressStore(location).close()
            at = open_app("practice", query={"deal": DEAL})
            clear = guard.enter_context(fault_at(kind, location, disk))
            answer_practice(at, right=False)                       # the first try: a miss
            at.button(key=f"practice|{DEAL}|0:retry").click().run()
            answer_practice(at, right=True)                        # the second try
            if kind != "emptied":
                assert "Not saved yet" in texts(at), texts(at)
                assert "in a spool file" in texts(at) and "this tab only" not in texts(at)
            del at                                                 # the tab is closed
        clear()                                                    # then the fault is cleared
    with environment(location):                                    # a new session
        no_error_shown(open_app("map"))
    rows, cards = stored(location)
    assert list(rows["try_kind"]) == ["first", "second"], rows
    assert list(rows["correct"]) == [False, True]
    assert card in cards
    assert Card.from_json(cards[card]).to_dict() == expected_card(cards[card], right=False).to_dict()
    day = next(k for k in cards if k.startswith(schedule.DAY))
    assert json.loads(cards[day]) == {"answered": 1}               # reviewed exactly once
    assert Spool(location).pending() == []


@pytest.mark.parametrize("store_location", FAULTS, indirect=True)
def test_a_review_answer_under_a_fault_is_stored_once_with_its_review(store_location):
    from tests.study.test_study import _session_answer

    kind, location, disk = store_location
    taught(location)
    with ExitStack() as guard:
        with environment(location):
            at = open_app("map")
            at.session_state["review:seed"] = 2026
            at.switch_page(PAGES["review"]).run()
            no_error_shown(at)
            clear = guard.enter_context(fault_at(kind, location, disk))
            _, card = _session_answer(at, 0)
            assert "Right." in texts(at), texts(at)
            del at
        clear()
    with environment(location):
        no_error_shown(open_app("map"))
    rows, cards = stored(location)
    assert list(rows["try_kind"]) == ["first"], rows
    assert card in cards, sorted(cards)
    assert Card.from_json(cards[card]).to_dict() == expected_card(cards[card], right=True).to_dict()
    day = next(k for k in cards if k.startswith(schedule.DAY))
    assert json.loads(cards[day]) == {"answered": 1}
    assert Spool(location).pending() == []


def test_where_nothing_can_be_written_the_verdict_says_the_tab_alone_keeps_it(small_disk, monkeypatch):
    """The store, the user's data folder and the runtime folder all on one full disk: no spool
    can be written. The verdict says the answer is kept in this tab only; once there is room
    again the open tab saves it, once."""
    monkeypatch.setenv("XDG_DATA_HOME", str(small_disk / "data"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(small_disk / "run"))
    path = small_disk / "p.db"
    with environment(path):
        at = open_app("practice", query={"deal": DEAL})
        filler = fill(small_disk)
        answer_practice(at, right=True)
        note = texts(at)
        assert "kept in this tab only; keep it open" in note, note
        assert "kept in a spool file" not in note and "closing the tab loses nothing" not in note
        filler.unlink()
        at.session_state["store_retry_at"] = 0
        at.switch_page(PAGES["progress"]).run()
        no_error_shown(at)
    rows, _ = stored(str(path))
    assert list(rows["try_kind"]) == ["first"]


# -- private and one's own --------------------------------------------------------------------

def attempt(**changes) -> Attempt:
    values = dict(learner="local", exercise="e", question=0, ask="bring_in", skill="bring-in",
                  given="Ben", correct=True, try_kind="hint")
    values.update(changes)
    return Attempt(**values)


def test_spool_files_are_private_and_in_folders_of_the_user(tmp_path):
    location = "postgresql+psycopg://stud@127.0.0.1:9/away"
    spool = Spool(location)
    spool.add(attempt())
    (written,) = [p for p in spool.paths if p.exists()]
    assert oct(written.stat().st_mode & 0o777) == "0o600"
    assert oct(written.parent.stat().st_mode & 0o777) == "0o700"
    assert str(written).startswith(os.environ["XDG_DATA_HOME"])
    import tempfile
    assert not any(str(p).startswith(tempfile.gettempdir() + "/stud-study-room-spool")
                   for p in spool_paths(location))


def test_a_spool_line_of_another_store_or_unreadable_is_refused_logged_and_never_stored(tmp_path, caplog):
    path = tmp_path / "p.db"
    store = ProgressStore(path)
    spool = Spool(str(path))
    spool.add(attempt(exercise="mine"))
    other = Spool(str(tmp_path / "other.db"))
    foreign = json.loads(json.dumps({"kind": "attempt", "id": "x", "store": other.tag,
                                     "learner": "local", "exercise": "planted", "question": 0,
                                     "ask": "a", "skill": "s", "given": 1, "correct": True,
                                     "at": "2026-11-01T00:00:00+00:00"}))
    with open(spool.paths[0], "a", encoding="utf-8") as handle:
        handle.write(json.dumps(foreign) + "\n")
        handle.write("{not json\n")
    caplog.set_level("WARNING", logger="course.spool")
    assert spool.replay(store) == 1
    assert list(store.attempts("local")["exercise"]) == ["mine"]
    assert list(store.attempts("local")["try_kind"]) == ["hint"]    # the try kind kept
    assert sum("refused" in r.getMessage() for r in caplog.records) == 2
    assert Path(f"{spool.paths[0]}.refused").read_text().count("\n") == 2
    assert spool.pending() == []


def test_a_spool_file_of_another_user_is_not_read(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    path = tmp_path / "p.db"
    store = ProgressStore(path)
    spool = Spool(str(path))
    spool.add(attempt(exercise="planted"))
    os.chown(spool.paths[0], 4242, 4242)
    assert spool.pending() == [] and spool.replay(store) == 0
    assert store.attempts("local").empty
    mine = spool.add(attempt(exercise="mine"))              # never written into their file
    assert "mine" not in spool.paths[0].read_text() and spool.pending() == [mine]
    assert spool.replay(store) == 1
    assert list(store.attempts("local")["exercise"]) == ["mine"]


def test_a_spooled_review_is_applied_at_its_own_time(tmp_path):
    path = tmp_path / "p.db"
    store = ProgressStore(path)
    at = datetime.fromisoformat("2026-11-03T10:00:00+00:00")
    Spool(str(path)).add_review("local", "skill/stud-high/bring_in", True, hint=True, at=at)
    assert Spool(str(path)).replay(store) == 1
    cards = store.review_cards("local")
    card = Card.from_json(cards["skill/stud-high/bring_in"])
    assert card.last_review == at
    assert card.to_dict() == expected_card(cards["skill/stud-high/bring_in"], True, hint=True).to_dict()
    assert json.loads(cards["day/2026-11-03"]) == {"answered": 1}
