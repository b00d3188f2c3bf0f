"""A wrong answer's judgement (the contrast line, the known mistake, another rule set's word) is
worked out once per question and answer of a loaded exercise: a class giving the same wrong
answer shares it, and what each learner reads is the same as judged afresh."""

from __future__ import annotations

from pathlib import Path

from course.app import study_feedback
from course.study import compare
from tests.app.test_practice import right_and_wrong
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
DEAL = "hpd-1-bring-in-suit-tie"


def test_the_same_wrong_answer_is_judged_once_and_as_afresh(monkeypatch):
    ex = COURSE.exercises[DEAL]
    q = ex.questions[0]
    _kind, good, bad = right_and_wrong(ex, q)
    afresh = compare.judge(ex, q, bad)
    calls = []
    real = compare.judge

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(compare, "judge", counted)
    first = study_feedback.judgement(ex, q, bad)
    again = study_feedback.judgement(ex, q, bad)
    assert len(calls) == 1
    assert first == again == afresh
    assert study_feedback.judgement(ex, q, good).correct       # another answer is judged on its own
    assert len(calls) == 2


def test_answers_beyond_the_kept_number_are_judged_afresh(monkeypatch):
    ex = COURSE.exercises[DEAL]
    q = ex.questions[1]
    calls = []
    real = compare.judge

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(compare, "judge", counted)
    monkeypatch.setattr(study_feedback, "JUDGEMENTS_KEPT", 1)
    seats = list(ex.seats)
    study_feedback.judgement(ex, q, seats[0])
    study_feedback.judgement(ex, q, seats[1])
    study_feedback.judgement(ex, q, seats[1])
    assert len(calls) == 3                        # the second answer was not kept
    study_feedback.judgement(ex, q, seats[0])
    assert len(calls) == 3                        # the first was
