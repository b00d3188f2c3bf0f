"""Mastery of a lesson, by its rule points: what the path does next depends on what is known.

The measure is the one Progress shows: a question is mastered when its latest attempt was right
without the answer having been shown (`ProgressStore.mastered`). A lesson's points are those its
sections teach (`course.coverage.section_points`) that its own exercises' questions test; a point
is mastered when at least `MASTERY_SHARE` of those questions are; the lesson is done when every
one of its points is. Review may bring a lesson's cards back once its try-its have been answered
(`try_its_answered`), not merely when it was opened. `next_step` is the suggestion the Course map
and the end of a lesson can show: the weakest point to practise, or the next lesson.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from course.coverage import section_points

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

    def words(self, titles: dict[str, str] | None = None) -> str:
        if self.kind == "practise":
            return f"Practise first: {self.target}" + (f" ({self.exercise})" if self.exercise else "")
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
    known = set(mastered)
    return [PointState(p.point, p.questions, sum(q in known for q in p.questions))
            for p in lesson_points(course, lesson)]


def lesson_done(course: Any, lesson: Any, mastered: Iterable[tuple[str, int]]) -> bool:
    points = states(course, lesson, mastered)
    return bool(points) and all(p.done for p in points)


def try_its_answered(lesson: Any, attempted: Iterable[str]) -> bool:
    """Every try-it of the lesson has at least one answer (`attempted`: exercise ids)."""
    tried = {s.try_it for s in lesson.sections if getattr(s, "try_it", None)}
    return bool(tried) and tried <= set(attempted)


def next_step(course: Any, lesson: Any, mastered: Iterable[tuple[str, int]]) -> NextStep:
    """The weakest point of this lesson while it is not done, else the next lesson of its game."""
    points = states(course, lesson, mastered)
    open_points = [p for p in points if not p.done]
    if open_points:
        weakest = min(open_points, key=lambda p: (p.share, points.index(p)))
        known = set(mastered)
        exercise = next((e for e, n in weakest.questions if (e, n) not in known), weakest.questions[0][0])
        return NextStep("practise", weakest.point, exercise)
    path = course.lessons_in_order(lesson.game)
    later = [l for l in path if l.order > lesson.order]
    return NextStep("lesson", later[0].id) if later else NextStep("done", None)
