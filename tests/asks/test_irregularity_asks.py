"""The asks about a dealing irregularity (course/asks/irregularity.py): answered by the repair
the engine applies to the exercise's deal, explained in steps citing the RRP-H article, drawn by
Practice with the existing widgets, and refused on an exercise without the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from course.asks import solvers
from course.model import Question
from course.study import engine, misconceptions
from tests.support.apptest import environment, fill_widget, open_app, pick_question
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
IRREGULAR = sorted(eid for eid, ex in COURSE.exercises.items() if "irregularity" in ex.extra)
ARTICLE = {"hole-card-up": "RRP-H 8.5", "wrong-bring-in": "RRP-H 8.9", "dealt-too-soon": "RRP-H 8.14"}


def test_the_course_has_hand_written_questions_on_each_repair():
    kinds = {COURSE.exercises[eid].extra["irregularity"]["kind"] for eid in IRREGULAR}
    assert kinds == set(ARTICLE)
    assert sum(len(COURSE.exercises[eid].questions) for eid in IRREGULAR) >= 3


@pytest.mark.parametrize("eid", IRREGULAR)
def test_every_answer_is_the_engines_and_its_steps_cite_the_article(eid):
    exercise = COURSE.exercises[eid]
    article = ARTICLE[exercise.extra["irregularity"]["kind"]]
    for question in exercise.questions:
        result = solvers.answer(exercise, question)
        assert solvers.is_correct(exercise, question, question.answer, result)
        assert any(article in step.cite for step in result.steps), result.explain()
        assert "dealing-irregularities" in question.points


def answer_of(eid: str, ask: str, **params):
    exercise = COURSE.exercises[eid]
    question = next(q for q in exercise.questions if q.ask == ask and all(q.params.get(k) == v for k, v in params.items()))
    return solvers.answer(exercise, question).value


def test_the_answers_follow_the_articles():
    assert answer_of("irregularity-hole-card-up-low", "repair_first_to_act") == "Drew"      # left of Cara's 2♥
    assert answer_of("irregularity-hole-card-up-low", "repair_bring_in", player="Cara") is False
    assert answer_of("irregularity-both-hole-cards-up", "repair_bring_in", player="Ben") is False   # dead
    assert answer_of("irregularity-both-hole-cards-up", "repair_bring_in", player="Drew") is True
    assert answer_of("irregularity-wrong-bring-in-corrected", "repair_bring_in", player="Ben") is True
    assert answer_of("irregularity-wrong-bring-in-stands", "repair_bring_in", player="Drew") is False
    assert answer_of("irregularity-cards-dealt-too-soon", "repair_gets_card", player="Drew") is True      # 4♣
    assert answer_of("irregularity-cards-dealt-too-soon", "repair_gets_card", cards=["5♦"]) is False


def test_an_ask_about_a_repair_needs_the_key():
    exercise = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    question = Question(ask="repair_first_to_act", prompt=None, answer=None, explain=None, cite=[], params={},
                        line=1, column=1)
    with pytest.raises(ValueError, match="needs an 'irregularity:'"):
        solvers.answer(exercise, question)


@pytest.mark.parametrize("eid, ask, params, wrong, entry", [
    ("irregularity-wrong-bring-in-corrected", "repair_bring_in", {}, False, "wrong-bring-in-always-stands"),
    ("irregularity-hole-card-up-low", "repair_first_to_act", {}, "Cara", "exposed-card-brings-in"),
    ("irregularity-hole-card-up-low", "repair_bring_in", {}, True, "exposed-card-brings-in"),
    ("irregularity-cards-dealt-too-soon", "repair_gets_card", {"cards": ["5♦"]}, True, "nothing-more-set-aside"),
])
def test_the_typical_mistake_is_named_on_its_wrong_answer(eid, ask, params, wrong, entry):
    exercise = COURSE.exercises[eid]
    question = next(q for q in exercise.questions
                    if q.ask == ask and all([str(c) for c in q.params.get(k, [])] == v for k, v in params.items()))
    right = engine.answer(exercise, question)
    assert not engine.is_correct(exercise, question, wrong, right)
    assert [m.id for m in misconceptions.diagnose(exercise, question, wrong, right)] == [entry]
    assert misconceptions.diagnose(exercise, question, engine.answer_json(exercise, question), right) == []


@pytest.mark.parametrize("eid", ["irregularity-hole-card-up-low", "irregularity-cards-dealt-too-soon"])
def test_practice_draws_each_question_with_its_widget_and_grades_the_engines_answer(eid, tmp_path):
    exercise = COURSE.exercises[eid]
    with environment(tmp_path / "p.db"):
        for index, question in enumerate(exercise.questions):
            at = open_app("practice", query={"deal": eid})
            assert not at.exception, at.exception
            pick_question(at, eid, index)
            key = f"practice|{eid}|{index}"
            fill_widget(at, key, exercise, solvers.answer_kind(exercise, question),
                        engine.answer_json(exercise, question))
            at.button(key=f"{key}:check").click().run()
            assert not at.exception, at.exception
            assert at.success and at.success[0].value.startswith("Right."), [s.value for s in at.success]
