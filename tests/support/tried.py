"""A learner who has tried lessons: the first question of each try-it answered right, saved in
the progress store as the lesson page saves an answer. Review brings back what a lesson teaches
only once its try-its are answered (`course.app.unlock`), not when it is opened; tests that need
Review's cards start from here (or answer the try-its on the lesson page themselves)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from course import content
from course.asks import solvers
from course.app import quiz
from course.store import Attempt, ProgressStore
from course.study import mastery


def answer_try_its(location: Path | str, learner: str, lessons: Iterable[Any] | None = None,
                   course: Any = None) -> None:
    """Answer the try-its of `lessons` (every lesson of `course`, the repository's by default)
    for `learner` in the store at `location`."""
    course = course if course is not None else content.load_course()
    lessons = list(course.lessons.values()) if lessons is None else list(lessons)
    store = ProgressStore(location)
    try:
        for lesson in lessons:
            for eid in sorted(mastery.try_its(lesson)) or list(lesson.exercises[:1]):
                exercise = course.exercises[eid]
                question = exercise.questions[0]
                given = solvers.to_json(solvers.answer(exercise, question).value)
                store.record(Attempt(learner=learner, exercise=eid, question=0, ask=question.ask,
                                     skill=quiz.skill_of(exercise, question), given=given,
                                     correct=True, game=exercise.game, rules=exercise.rules,
                                     try_kind="first"))
    finally:
        store.close()
