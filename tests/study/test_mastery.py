"""Mastery by rule points: a lesson is done when the points it teaches are mastered, Review waits
for its try-its, and the next step is the weakest point or the next lesson."""

from __future__ import annotations

from pathlib import Path

from course.study import mastery
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
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


# -- the Course map and the end of a lesson ------------------------------------------------------

def _record(db, pairs) -> None:
    """Right answers, as the pages save them, to the (exercise, question) `pairs`."""
    from course.app import quiz, state
    from course.store import Attempt, ProgressStore

    store = ProgressStore(db)
    for eid, n in sorted(pairs):
        ex = COURSE.exercises[eid]
        q = ex.questions[n]
        store.record(Attempt(learner=state.LOCAL.key, exercise=eid, question=n, ask=q.ask,
                             skill=quiz.skill_of(ex, q), given="x", correct=True, game=ex.game,
                             rules=ex.rules))
    store.close()


def _map_entry(at, lesson):
    """The Course map's link to `lesson` (its number and title) and its progress bar's text."""
    number = COURSE.lessons_in_order(lesson.game).index(lesson) + 1
    link = next(l for l in at.get("page_link") if l.proto.label == f"**{number}. {lesson.title}**")
    return link, [p.proto.text for p in at.get("progress")]


def _one_short(lesson):
    """Every question of `lesson` but one, chosen so that each point it tests keeps at least
    MASTERY_SHARE of its questions: done by points, though not every question is right."""
    points = mastery.lesson_points(COURSE, lesson)
    for q in sorted(_all_questions(lesson)):
        on = [p for p in points if q in p.questions]
        if on and all((len(p.questions) - 1) / len(p.questions) >= mastery.MASTERY_SHARE for p in on):
            return _all_questions(lesson) - {q}
    raise AssertionError(f"no question of {lesson.id} can be left out")


def test_the_map_ticks_a_lesson_whose_points_are_mastered_though_one_question_is_not(tmp_path):
    from tests.support.apptest import environment, open_app

    db = tmp_path / "progress.db"
    with environment(db):
        _record(db, _one_short(OPENER))
        at = open_app("map")
        assert not at.exception
        link, bars = _map_entry(at, OPENER)
        assert link.proto.icon == ":material/check_circle:"               # done
        total = len(mastery.lesson_points(COURSE, OPENER))
        assert f"{total} of {total} rules mastered" in bars


def test_the_map_does_not_tick_a_lesson_whose_try_its_alone_are_answered(tmp_path):
    from tests.support.apptest import environment, open_app

    db = tmp_path / "progress.db"
    with environment(db):
        _record(db, {(eid, 0) for eid in mastery.try_its(OPENER)})
        at = open_app("map")
        link, _ = _map_entry(at, OPENER)
        assert link.proto.icon == ":material/menu_book:"                  # not done


def test_the_map_suggests_the_weakest_point_of_the_lesson_begun(tmp_path):
    """Every lesson before the opener done, the opener's questions all right but one point's:
    the map continues with the opener and names that point, with a link to Practice on a deal
    that asks it."""
    from course.rules.points import points
    from tests.support.apptest import environment, open_app, texts

    db = tmp_path / "progress.db"
    path = COURSE.lessons_in_order("stud-high")
    before = path[:path.index(OPENER)]
    weak = max(mastery.lesson_points(COURSE, OPENER), key=lambda p: len(p.questions))
    with environment(db):
        _record(db, set().union(*(_all_questions(l) for l in before))
                | (_all_questions(OPENER) - set(weak.questions)))
        at = open_app("map")
        assert not at.exception
        shown = texts(at)
        assert "Next step: practise the rule of this lesson you know least so far: **" in shown
        assert points()[weak.point].line in shown.replace("\\", "")
        practise = [l for l in at.get("page_link") if l.proto.label.startswith("Practise it: ")]
        assert practise, [l.proto.label for l in at.get("page_link")]
        step = mastery.next_step(COURSE, OPENER, _all_questions(OPENER) - set(weak.questions))
        assert step.target == weak.point and (step.exercise, step.question) in weak.questions
        assert practise[0].proto.label == f"Practise it: {COURSE.exercises[step.exercise].title}"


def test_the_end_of_a_mastered_lesson_suggests_the_next_one(tmp_path):
    from tests.support.apptest import environment, open_app

    db = tmp_path / "progress.db"
    following = COURSE.lessons_in_order("stud-high")[COURSE.lessons_in_order("stud-high").index(OPENER) + 1]
    with environment(db):
        _record(db, _all_questions(OPENER))
        at = open_app("lesson", query={"id": OPENER.id})
        labels = [l.proto.label for l in at.get("page_link")]
        assert f"Next step: {following.title}" in labels, labels
