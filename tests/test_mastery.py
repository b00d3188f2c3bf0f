"""Mastery by rule points: a lesson is done when the points it teaches are mastered, Review waits
for its try-its, and the next step is the weakest point or the next lesson."""

from __future__ import annotations

from pathlib import Path

from course import content
from course.study import mastery

ROOT = Path(__file__).resolve().parents[1]
COURSE = content.load_course(ROOT)
OPENER = COURSE.lessons["opener"]


def _all_questions(lesson):
    return {(eid, n) for eid in lesson.exercises for n in range(len(COURSE.exercises[eid].questions))}


def test_a_lesson_has_points_its_own_questions_test():
    points = mastery.lesson_points(COURSE, OPENER)
    ids = [p.point for p in points]
    assert "best-row-opens" in ids and "later-tie-by-position" in ids
    for point in points:
        for eid, n in point.questions:
            assert point.point in COURSE.exercises[eid].questions[n].points


def test_nothing_answered_is_not_done_and_suggests_the_first_weakest_point():
    assert not mastery.lesson_done(COURSE, OPENER, set())
    step = mastery.next_step(COURSE, OPENER, set())
    assert step.kind == "practise" and step.target == mastery.lesson_points(COURSE, OPENER)[0].point
    assert step.exercise in OPENER.exercises


def test_every_question_mastered_is_done_and_suggests_the_next_lesson():
    everything = _all_questions(OPENER)
    assert mastery.lesson_done(COURSE, OPENER, everything)
    step = mastery.next_step(COURSE, OPENER, everything)
    following = [l for l in COURSE.lessons_in_order("stud-high") if l.order > OPENER.order][0]
    assert step == mastery.NextStep("lesson", following.id)


def test_one_point_left_short_is_the_one_suggested():
    points = mastery.lesson_points(COURSE, OPENER)
    short = points[-1]
    almost = _all_questions(OPENER) - set(short.questions)
    assert not mastery.lesson_done(COURSE, OPENER, almost)
    step = mastery.next_step(COURSE, OPENER, almost)
    assert step.kind == "practise"
    assert step.target in {p.point for p in mastery.states(COURSE, OPENER, almost) if not p.done}


def test_review_waits_for_the_try_its_not_the_opening():
    tries = {s.try_it for s in OPENER.sections if s.try_it}
    assert not mastery.try_its_answered(OPENER, set())
    assert not mastery.try_its_answered(OPENER, set(OPENER.exercises) - tries)
    assert mastery.try_its_answered(OPENER, tries)


def test_the_end_of_a_lesson_suggests_the_weakest_point_first(tmp_path):
    from course.rules.points import points
    from tests.support.apptest import environment, open_app

    with environment(tmp_path / "progress.db"):
        at = open_app("lesson", query={"id": OPENER.id})
        assert not at.exception
        captions = [c.value for c in at.caption if c.value.startswith("Next step")]
        first = mastery.next_step(COURSE, OPENER, set())
        assert captions and points()[first.target].line in captions[0]
