"""What a learner reads: pot matches (Horn-A-Vika) with amounts still 0 read back as "Ava pays
0, ...", never "nobody, nobody", each wrong decision named by its player, never "?"; the daily
goal says what counts; no markdown marks in question labels; no raw ids (`gen/...`, exercise
ids) on Review, a generated Practice item or Progress."""

from __future__ import annotations

from pathlib import Path

from course import content
from course.asks import solvers
from course.app import quiz
from tests.support.apptest import environment, texts
from course.study import misconceptions
from tests.app.test_practice import open_deal
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()


def a_matches_question():
    for ex in COURSE.exercises.values():
        for n, q in enumerate(ex.questions):
            if q.ask == "pot_matches" and solvers.to_json(solvers.answer(ex, q).value):
                return ex, n, q
    raise AssertionError("the course has no pot-matches question with a match")


def test_zero_amounts_read_back_as_amounts_and_wrong_decisions_are_named():
    ex, n, q = a_matches_question()
    right = solvers.to_json(solvers.answer(ex, q).value)
    players = [p for d in right for p in d]
    extra = next(s for s in ex.seats if s not in players)
    given = [{p: 0} for p in [*players, extra]]
    assert quiz.shown(ex, q, given) == ", ".join(f"{p} pays 0" for p in [*players, extra])
    wrong = misconceptions.wrong_fields(ex, q, given)
    assert wrong and not [w for w in wrong if w.endswith("?")], wrong
    assert f"{len(given)}. {extra}" in wrong


def test_practice_feedback_with_amounts_still_0(tmp_path):
    ex, n, q = a_matches_question()
    right = solvers.to_json(solvers.answer(ex, q).value)
    players = [p for d in right for p in d]
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        key = f"practice|{ex.id}|{n}"
        tabs = next((w for w in at.button_group if w.key == f"practice|{ex.id}:question"), None)
        if tabs is not None:
            tabs.set_value(n).run()
        at.multiselect(key=key).set_value(players).run()
        assert [w.key for w in at.number_input if w.key.startswith(key)] == \
            [f"{key}:amt:{p}" for p in players]                     # a box per player picked
        at.button(key=f"{key}:check").click().run()
        assert not at.exception
        page = texts(at)
    assert "nobody" not in page.lower().replace("nobody had to match", ""), page
    assert ", ".join(f"{p} pays 0" for p in players) in page
    assert "?**" not in page and ". ?" not in page


def test_the_daily_goal_says_what_counts(tmp_path):
    """A Practice answer counts towards Review's daily goal: the page says so where it counts."""
    from tests.support.apptest import open_app
    from tests.app.test_practice import answer_with, right_and_wrong

    ex = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        kind, right, _ = right_and_wrong(ex, ex.questions[0])
        answer_with(at, ex, ex.questions[0], 0, kind, right)
        review = open_app("review")
    today = next(m for m in review.metric if m.label == "Today")
    assert today.value.startswith("1 / ")                                 # the Practice answer
    assert "Practice" in today.proto.help and "Review" in today.proto.help
    (bar,) = review.get("progress")
    assert "on Practice" in bar.proto.text


def test_no_markdown_marks_in_question_labels_on_review_and_practice(tmp_path):
    """Home-game prompts on Review showed "**Which cards does Cara hold now...?**" literally: the
    label came with ** marks (which a screen reader also reads out) and the widgets that write
    their label as a line of text escaped it a second time."""
    from streamlit.testing.v1 import AppTest

    def script():
        import streamlit as st
        from course import content
        from course.app import quiz, widgets
        from course.asks import solvers
        course = content.load_course(".")
        for kind in ("holding", "takes", "map"):
            ex, q = next((e, q) for e in course.exercises.values() for q in e.questions
                         if solvers.answer_kind(e, q) == kind)
            widgets.WIDGETS[solvers.kind_of(ex, q).widget].draw(kind, ex, q, quiz.md_escape("Q1. Cara's [hole] cards: now?"), False)
            st.divider()

    at = AppTest.from_function(script, default_timeout=30)
    at.run()
    assert not at.exception, at.exception
    shown = [m.value for m in at.markdown if "Cara" in m.value]
    assert len(shown) == 3 and all(m.startswith(r"Q1. Cara's \[hole\] cards\: now?") for m in shown), shown
    # Review gives its widgets the same plain label as Practice (no ** marks)
    import inspect
    from course.app.screens import review
    assert '"**' not in inspect.getsource(review._item)


def test_no_raw_ids_on_review_a_generated_item_or_progress(tmp_path):
    from tests.support.apptest import open_app
    from tests.app.test_practice import answer_with, right_and_wrong

    ex = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    from tests.study.test_study import _taught_everything

    with environment(tmp_path / "p.db"):
        _taught_everything(tmp_path / "p.db")      # Review serves what the opened lessons teach
        review = open_app("review")
        assert "Item 1 of" in texts(review) and "gen/" not in texts(review)
        assert not [b for b in review.get("download_button")]            # no "Save as YAML"
        drill = open_app("practice", query={"deal": "gen/bring-in/5"})
        assert "engine-made drill" in texts(drill) and "gen/" not in texts(drill)
        at = open_deal(ex)
        kind, _, wrong = right_and_wrong(ex, ex.questions[0])
        answer_with(at, ex, ex.questions[0], 0, kind, wrong)
        progress = open_app("progress")
    tables = [t.value for t in progress.table]
    assert tables and all(ex.id not in t.to_string() and "bring_in" not in t.to_string() for t in tables)
    assert "the bring-in" in "\n".join(t.to_string() for t in tables)   # the skill by its name
