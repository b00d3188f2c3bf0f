"""`course check` warns about a gap in a game's lesson order and about a "lesson N" in a lesson's
text that the Course map does not show."""

from __future__ import annotations

from pathlib import Path

from course import content
from course.content import lesson_order, parse_lesson

ROOT = Path(__file__).resolve().parents[2]

LESSON = """\
id: {id}
title: Probe
game: {game}
order: {order}
topic: review
summary: One line.
sections:
  - heading: First
    text: |
      {text}
exercises: []
"""


def _lesson(id: str, game: str, order: int, text: str = "Words."):
    lesson, problems = parse_lesson(LESSON.format(id=id, game=game, order=order, text=text), f"{id}.yaml")
    assert lesson is not None, problems
    return lesson


def test_a_gap_in_a_games_order_is_warned_at_the_lesson_after_it():
    found = lesson_order.warnings([_lesson("a", "stud-high", 1), _lesson("b", "stud-high", 2),
                                   _lesson("c", "stud-high", 5), _lesson("d", "razz", 1)])
    assert [(w.file, w.line) for w in found] == [("c.yaml", 4)]
    assert "no lesson 3 to 4" in found[0].message


def test_a_lesson_reference_must_match_the_course_map():
    stud = [_lesson(f"s{n}", "stud-high", n) for n in (1, 2, 3)]
    heart = _lesson("h1", "have-a-heart", 1, "The betting of lessons 2 to 3 applies; all-ins are in lesson 19.")
    found = lesson_order.warnings([*stud, heart])
    assert len(found) == 1 and "'lesson 19'" in found[0].message and found[0].file == "h1.yaml"
    ok = _lesson("h2", "have-a-heart", 2, "See lesson 1 and lessons 2 and 3.")
    assert lesson_order.warnings([*stud, heart.__class__(**{**heart.__dict__, "sections": ok.sections})]) == []


def test_the_course_has_no_gap_and_no_stray_lesson_reference():
    course = content.load_course(ROOT)
    assert lesson_order.warnings(course.lessons.values()) == []
