"""Mastery of a lesson, by its rule points: what the path does next depends on what is known.

The measure is the one Progress shows: a question is mastered when its latest attempt was right
without the answer having been shown (`ProgressStore.mastered`). A lesson's points are those its
sections teach (`course.study.coverage.section_points`) that its own exercises' questions test; a point
is mastered when at least `MASTERY_SHARE` of those questions are; the lesson is done when every
one of its points is. Review may bring a lesson's cards back once its try-its have been answered
(`try_its_answered`), not merely when it was opened. `next_step` is the suggestion the Course map
and the end of a lesson can show: the weakest point to practise, or the next lesson.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from course.study.coverage import section_points

MASTERY_SHARE = 0.8


@dataclass(frozen=True)
class PointState:
    point: str
    questions: tuple[tuple[str, int], ...]     # (exercise id, question index) of the lesson
    mastered: int

    @property
    def share(self) -> float:
        return self.mastered / len(self.questions) if self.questions else 0.0

    @property
    def done(self) -> bool:
        return bool(self.questions) and self.share >= MASTERY_SHARE


@dataclass(frozen=True)
class NextStep:
    kind: str                  # "practise": a point of this lesson; "lesson": the next lesson; "done"
    target: str | None         # the point id, or the lesson id
    exercise: str | None = None  # for "practise": an exercise of the lesson that tests the point
    question: int | None = None  # ... and the index of its first question on the point not mastered

    def words(self, titles: dict[str, str] | None = None) -> str:
        if self.kind == "practise":
            return f"Practise first: {self.target or 'this lesson'}" + (f" ({self.exercise})" if self.exercise else "")
        if self.kind == "lesson":
            return f"Next: {(titles or {}).get(self.target or '', self.target)}"
        return "Every lesson of this game is done."


def lesson_points(course: Any, lesson: Any) -> list[PointState]:
    """Each point the lesson teaches and its own exercises test, with the learner's count filled
    in later (`states`)."""
    taught: list[str] = []
    for section in lesson.sections:
        for pid in section_points(lesson, section):
            if pid not in taught:
                taught.append(pid)
    asked: dict[str, list[tuple[str, int]]] = {}
    for eid in lesson.exercises:
        exercise = course.exercises.get(eid)
        for n, question in enumerate(getattr(exercise, "questions", ()) or ()):
            for pid in question.points:
                asked.setdefault(pid, []).append((eid, n))
    return [PointState(pid, tuple(asked[pid]), 0) for pid in taught if asked.get(pid)]


def states(course: Any, lesson: Any, mastered: Iterable[tuple[str, int]]) -> list[PointState]:
    return scored(lesson_points(course, lesson), mastered)


def scored(points: Iterable[PointState], mastered: Iterable[tuple[str, int]]) -> list[PointState]:
    """`points` (as `lesson_points` gives them) with the learner's count of mastered questions."""
    known = mastered if isinstance(mastered, (set, frozenset)) else set(mastered)
    return [PointState(p.point, p.questions, sum(q in known for q in p.questions)) for p in points]


def lesson_questions(course: Any, lesson: Any) -> tuple[tuple[str, int], ...]:
    """Every (exercise id, question index) of the lesson's own exercises."""
    return tuple((eid, n) for eid in lesson.exercises
                 for n in range(len(getattr(course.exercises.get(eid), "questions", ()) or ())))


def lesson_done(course: Any, lesson: Any, mastered: Iterable[tuple[str, int]]) -> bool:
    """Every point the lesson teaches is mastered. A lesson that teaches no point its questions
    test (a lesson of mixed mistakes, say) is done when MASTERY_SHARE of its questions are."""
    return done(states(course, lesson, mastered), lesson_questions(course, lesson), mastered)


def done(points: list[PointState], questions: tuple[tuple[str, int], ...],
         mastered: Iterable[tuple[str, int]]) -> bool:
    """`lesson_done` from a lesson's scored points and its questions."""
    if points:
        return all(p.done for p in points)
    known = mastered if isinstance(mastered, (set, frozenset)) else set(mastered)
    return PointState("", questions, sum(q in known for q in questions)).done


def try_its(lesson: Any) -> frozenset[str]:
    """The exercises a learner answers to have tried the lesson: its sections' try-its; for a
    lesson without any, its own exercises (one of them answered is enough, `try_its_answered`)."""
    return frozenset(s.try_it for s in lesson.sections if getattr(s, "try_it", None))


def try_its_answered(lesson: Any, attempted: Iterable[str]) -> bool:
    """Every try-it of the lesson has at least one answer (`attempted`: exercise ids); a lesson
    without try-its, once one of its exercises has."""
    tried = try_its(lesson)
    answered = attempted if isinstance(attempted, (set, frozenset)) else set(attempted)
    if not tried:
        return any(eid in answered for eid in lesson.exercises)
    return tried <= answered


def next_step(course: Any, lesson: Any, mastered: Iterable[tuple[str, int]]) -> NextStep:
    """The weakest point of this lesson while it is not done, else the next lesson of its game.
    A lesson that teaches no point its questions test suggests its first question not mastered
    (target None) until it is done."""
    known = set(mastered)
    points = states(course, lesson, known)
    open_points = [p for p in points if not p.done]
    if open_points:
        weakest = min(open_points, key=lambda p: (p.share, points.index(p)))
        exercise, question = next(((e, n) for e, n in weakest.questions if (e, n) not in known),
                                  weakest.questions[0])
        return NextStep("practise", weakest.point, exercise, question)
    questions = lesson_questions(course, lesson)
    if not points and questions and not done(points, questions, known):
        exercise, question = next(q for q in questions if q not in known)
        return NextStep("practise", None, exercise, question)
    path = course.lessons_in_order(lesson.game)
    later = [l for l in path if l.order > lesson.order]
    return NextStep("lesson", later[0].id) if later else NextStep("done", None)
