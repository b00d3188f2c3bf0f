"""The whole course, checked by the engine: CI fails the moment content and engine disagree."""

from __future__ import annotations

from pathlib import Path

import pytest

from course import content
from course.asks import solvers
from course.cli import check

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def checked():
    return check([], ROOT)


def test_course_check_passes(checked):
    course, problems = checked
    assert course.files, "no lessons or exercises found"
    assert not problems, "python -m course check found:\n" + "\n".join(str(p) for p in problems)


def test_every_authored_answer_was_compared(checked):
    course, _ = checked
    answered = [q for e in course.exercises.values() for q in e.questions if q.answer is not None]
    assert answered, "no authored answers in the course"
    for exercise in course.exercises.values():
        for question in exercise.questions:
            if question.answer is not None:
                assert solvers.is_correct(exercise, question, question.answer), (exercise.path, question.ask)


def test_every_ask_of_the_format_page_is_used(checked):
    course, _ = checked
    used = {q.ask for e in course.exercises.values() if e.game == "stud-high" for q in e.questions}
    assert set(content.STUD_ASKS) - used == set()


def test_every_stud_profile_and_both_home_games_are_used(checked):
    course, _ = checked
    rules = {e.rules for e in course.exercises.values()}
    assert {"pokerstars", "wsop-2026", "1917poker"} <= rules
    games = {e.game for e in course.exercises.values()}
    assert set(content.GAMES) <= games


def test_every_lesson_has_exercises_and_sources(checked):
    course, _ = checked
    for lesson in course.lessons.values():
        assert lesson.exercises, f"{lesson.path}: no exercises"
        assert lesson.sources, f"{lesson.path}: no sources"


def test_every_exercise_is_reached_from_a_lesson_of_its_game(checked):
    """A beginner following the lessons in order meets every exercise of the course."""
    course, _ = checked
    linked = {ex_id: lesson for lesson in course.lessons.values() for ex_id in lesson.exercises}
    unlinked = sorted(set(course.exercises) - set(linked))
    assert not unlinked, f"no lesson links to {unlinked}"
    for ex_id, lesson in linked.items():
        assert course.exercises[ex_id].game == lesson.game, (ex_id, lesson.id)
