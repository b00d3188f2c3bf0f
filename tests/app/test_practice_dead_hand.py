"""Practice draws a dead-hand question (`hand_live`, a yes/no) on a deal with a misdealt hand:
the eight cards drawn, a wrong answer marked wrong, a right one right, and the explanation citing
RRP-H 8.18, with the catalogued mistake named on the wrong answer."""

from __future__ import annotations

from pathlib import Path

from course import content
from course.asks import solvers
from course.app import quiz
from tests.support.apptest import environment, fill_widget, open_app, pick_question, texts

ROOT = Path(__file__).resolve().parents[2]
EXERCISE = "try-dead-hand-eighth-card"


def _deal():
    exercise = content.load_course(ROOT).exercises[EXERCISE]
    index, question = next((n, q) for n, q in enumerate(exercise.questions) if q.ask == "hand_live")
    return exercise, index, question


def _answer(tmp_path, given: bool):
    exercise, index, question = _deal()
    with environment(tmp_path / "p.db"):
        at = open_app("practice")
        at.session_state["practice_deal"] = exercise.id
        at.run()
        assert not at.exception, at.exception
        key = f"practice|{exercise.id}|{index}"
        pick_question(at, exercise.id, index)
        fill_widget(at, key, exercise, "yesno", given)
        at.button(key=f"{key}:check").click().run()
        assert not at.exception, at.exception
        return at, exercise, question


def test_the_dead_hand_question_renders_and_a_wrong_yes_is_marked_wrong(tmp_path):
    at, exercise, question = _answer(tmp_path, True)
    assert solvers.answer(exercise, question).value is False
    assert any(e.value.startswith("Not right.") for e in at.error), texts(at)
    page = texts(at)
    ben = page.split('aria-label="Seat 2: Ben"')[1].split('class="ssr-pot"')[0]
    assert ben.count("data-card=") == 8 and "ace of spades, face down" in ben    # all eight cards drawn
    assert quiz.article_url("RRP-H 8.18") in page
    assert "Known mistake." in page and "wrong number of cards" in page       # the catalogue names it


def test_the_right_no_is_marked_right(tmp_path):
    at, _, _ = _answer(tmp_path, False)
    assert any(s.value.startswith("Right.") for s in at.success), texts(at)
