"""Lessons start with doing: each lesson's first try-it comes within MAX_WORDS_BEFORE_TRY words,
and `course check` refuses a lesson where it does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from course import content
from course.content import parse_lesson
from course.content.lessons import MAX_WORDS_BEFORE_TRY, words, words_before_try

ROOT = Path(__file__).resolve().parents[1]
COURSE = content.load_course(ROOT)

LESSON = """\
id: probe-lesson
title: Probe
game: stud-high
order: 99
topic: bring-in
summary: One line.
sources: ['HPD "The deal timeline"']
sections:
  - heading: First
    text: |
      {text}
    cite: ['HPD "The deal timeline"']
  - heading: Second
    text: Short.
    cite: ['HPD "The deal timeline"']
    {try_line}
exercises: [hpd-1-bring-in-suit-tie]
"""


@pytest.mark.parametrize("lesson", sorted(COURSE.lessons.values(), key=lambda l: l.path), ids=lambda l: l.id)
def test_every_lesson_asks_its_first_question_within_the_limit(lesson):
    before = words_before_try(lesson)
    assert before is not None, f"{lesson.id} has no try-it"
    assert before <= MAX_WORDS_BEFORE_TRY, f"{lesson.id}: {before} words before its first try-it"
    first = next(s for s in lesson.sections if s.try_it)
    assert first.try_it in lesson.exercises and first.try_it in COURSE.exercises


def test_words_counts_words_not_markdown():
    assert words("**Ben** brings in | 2 | 4 |\n|---|---|") == 5
    assert words("Ava's 9♥ isn't used.") == 4


def test_check_refuses_a_lesson_whose_first_try_it_comes_too_late():
    long_text = " ".join(["word"] * (MAX_WORDS_BEFORE_TRY + 1))
    lesson, problems = parse_lesson(LESSON.format(text=long_text, try_line="try: hpd-1-bring-in-suit-tie"),
                                    "probe.yaml")
    messages = [str(p) for p in problems]
    assert any("first try-it comes after" in m and "probe.yaml:16:" in m for m in messages), messages
    lesson, problems = parse_lesson(LESSON.format(text="A few words.", try_line="try: hpd-1-bring-in-suit-tie"),
                                    "probe.yaml")
    assert problems == [] and lesson.sections[1].try_it == "hpd-1-bring-in-suit-tie"


def test_check_refuses_a_long_lesson_without_a_try_it_and_a_try_it_it_does_not_list():
    long_text = " ".join(["word"] * MAX_WORDS_BEFORE_TRY)
    _, problems = parse_lesson(LESSON.format(text=long_text, try_line=""), "probe.yaml")
    assert any("no section has a try-it" in str(p) for p in problems)
    _, problems = parse_lesson(LESSON.format(text="A few words.", try_line=""), "probe.yaml")
    assert problems == []  # a short lesson is all read before any question would come
    _, problems = parse_lesson(LESSON.format(text="A few words.", try_line="try: bring-in-ace-is-high"),
                               "probe.yaml")
    assert any("not in this lesson's exercises" in str(p) for p in problems)


SHOWN = """\
id: shown-then-asked
title: Probe
game: stud-high
order: 98
topic: opener
summary: One line.
sections:
  - heading: A worked deal
    text: Cara's three eights open.
    deal:
      seats: [Ava, Ben, Cara]
      hands:
        Ava: {up: K♥ K♦ 2♣}
        Ben: {up: A♣ Q♠ A♥}
        Cara: {up: 8♥ 8♣ 8♦}
    cite: ['HPD exercise 3']
    try: %s
exercises: [%s]
"""


def test_a_try_it_on_the_deal_a_diagram_has_just_answered_is_refused():
    from course.content.load import _tried_again

    again, problems = parse_lesson(SHOWN % (("hpd-3-fifth-street-opener-and-amounts",) * 2), "shown.yaml")
    assert problems == []
    found = _tried_again(again, COURSE.exercises)
    assert len(found) == 1 and "a try-it is a new deal" in found[0].message
    new, _ = parse_lesson(SHOWN % (("opener-pair-beats-ace-king",) * 2), "shown.yaml")
    assert _tried_again(new, COURSE.exercises) == []
