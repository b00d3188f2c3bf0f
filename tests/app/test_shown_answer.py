"""A shown answer is a miss: once Show answer was pressed on a question, every later check of it
(after Try again, after going to another question and back, after a reload, through a deep link)
is saved as shown, and the Course map and the schedule count it as not known."""

from __future__ import annotations

from pathlib import Path

from course.asks import solvers
from course.app import state
from course.store import ProgressStore
from tests.support.apptest import environment, open_app, pick_question
from tests.app.test_practice import answer_with, open_deal, right_and_wrong
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
DEAL = "razz-bring-in-ace-is-low"


def deal_and_question(several: bool = False):
    if not several:
        ex = COURSE.exercises[DEAL]
        return ex, 0, ex.questions[0]
    ex = next(e for e in COURSE.exercises.values() if len(e.questions) > 1 and e.game == "stud-high"
              and solvers.answer_kind(e, e.questions[0]) == "player")
    return ex, 0, ex.questions[0]


def rows(db):
    return ProgressStore(db).attempts(state.LOCAL.key)


def checks(db):
    """The rows of checked answers (Show answer writes a row with no answer given)."""
    frame = rows(db)
    return frame[frame["given"].astype(str) != "null"]


def assert_shown_and_not_mastered(db, ex, index):
    checked = checks(db)
    assert len(checked) >= 1
    last = checked.iloc[-1]
    assert bool(last["correct"]) is True            # the answer given was right ...
    assert bool(last["revealed"]) is True           # ... but after the answer was shown
    assert last["try_kind"] == "shown"
    assert (ex.id, index) not in ProgressStore(db).mastered(state.LOCAL.key)


def show(at, ex, index):
    key = f"practice|{ex.id}|{index}"
    pick_question(at, ex.id, index)
    at.button(key=f"{key}:show").click().run()
    assert not at.exception, at.exception
    return key


def test_show_then_try_again_then_the_right_answer_is_saved_as_shown(tmp_path):
    ex, index, q = deal_and_question()
    kind, good, _bad = right_and_wrong(ex, q)
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        key = show(at, ex, index)
        at.button(key=f"{key}:retry").click().run()
        answer_with(at, ex, q, index, kind, good)
        assert_shown_and_not_mastered(tmp_path / "p.db", ex, index)
        # the schedule heard a miss: the item's card is not recalled as known
        from course.study import schedule, templates
        plan = schedule.Schedule(ProgressStore(tmp_path / "p.db"), state.LOCAL.key)
        assert plan.mastery(templates.card_for(ex)) < 0.9


def test_show_then_another_question_and_back_is_saved_as_shown(tmp_path):
    ex, index, q = deal_and_question(several=True)
    kind, good, _bad = right_and_wrong(ex, q)
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        key = show(at, ex, index)
        pick_question(at, ex.id, 1)
        pick_question(at, ex.id, index)
        if any(b.key == f"{key}:retry" for b in at.button):
            at.button(key=f"{key}:retry").click().run()
        answer_with(at, ex, q, index, kind, good)
        assert_shown_and_not_mastered(tmp_path / "p.db", ex, index)


def test_show_then_reload_is_saved_as_shown(tmp_path):
    ex, index, q = deal_and_question()
    kind, good, _bad = right_and_wrong(ex, q)
    with environment(tmp_path / "p.db"):
        show(open_deal(ex), ex, index)
        fresh = open_deal(ex)                      # a new session: nothing kept but the store
        answer_with(fresh, ex, q, index, kind, good)
        assert_shown_and_not_mastered(tmp_path / "p.db", ex, index)


def test_show_then_deep_link_is_saved_as_shown(tmp_path):
    ex, index, q = deal_and_question()
    kind, good, _bad = right_and_wrong(ex, q)
    with environment(tmp_path / "p.db"):
        show(open_deal(ex), ex, index)
        linked = open_app("practice", query={"deal": ex.id})
        assert not linked.exception, linked.exception
        answer_with(linked, ex, q, index, kind, good)
        assert_shown_and_not_mastered(tmp_path / "p.db", ex, index)


def test_a_right_answer_without_showing_is_saved_as_a_first_try(tmp_path):
    ex, index, q = deal_and_question()
    kind, good, _bad = right_and_wrong(ex, q)
    with environment(tmp_path / "p.db"):
        answer_with(open_deal(ex), ex, q, index, kind, good)
        last = checks(tmp_path / "p.db").iloc[-1]
        assert bool(last["correct"]) and not bool(last["revealed"]) and last["try_kind"] == "first"
        assert (ex.id, index) in ProgressStore(tmp_path / "p.db").mastered(state.LOCAL.key)


def test_practice_keeps_the_deal_s_title_until_an_answer_is_checked(tmp_path):
    ex, index, q = deal_and_question()
    kind, _good, bad = right_and_wrong(ex, q)
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        assert ex.title not in [h.value for h in at.subheader]     # "Razz: an ace showing never brings in"
        assert ex.intro is None or any(ex.intro.split()[0] in m.value for m in at.markdown)
        answer_with(at, ex, q, index, kind, bad)
        assert ex.title in [h.value for h in at.subheader]


def test_a_show_in_another_tab_after_a_check_here_marks_the_next_check(tmp_path):
    """Check (wrong) in one tab, Show answer in a second tab, then Try again and the right answer
    in the first: the first tab's earlier "not shown" must not be trusted, the check is a show."""
    ex, index, q = deal_and_question()
    kind, good, bad = right_and_wrong(ex, q)
    with environment(tmp_path / "p.db"):
        first = open_deal(ex)
        key = answer_with(first, ex, q, index, kind, bad)
        show(open_deal(ex), ex, index)             # the second tab: its own session, the same store
        first.button(key=f"{key}:retry").click().run()
        answer_with(first, ex, q, index, kind, good)
        assert_shown_and_not_mastered(tmp_path / "p.db", ex, index)
