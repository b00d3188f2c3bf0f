"""Lessons start with doing: each lesson's first try-it comes within MAX_WORDS_BEFORE_TRY words,
and `course check` refuses a lesson where it does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from course import content
from course.content import parse_lesson
from course.content.lessons import (MAX_WORDS_BEFORE_TRY, try_point_problems, unmarked_try_warnings,
                                    uses_points, words, words_before_try)
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()

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


def test_a_repeated_deal_is_reported_at_its_try_line():
    from course.content.load import _tried_again

    again, _ = parse_lesson(SHOWN % (("hpd-3-fifth-street-opener-and-amounts",) * 2), "shown.yaml")
    (found,) = _tried_again(again, COURSE.exercises)
    assert (found.file, found.line) == ("shown.yaml", 17)


# -- every section that teaches a rule names its points and ends with a try-it asking them --------

MARKED = """\
id: marked-lesson
title: Probe
game: stud-high
order: 97
topic: bring-in
summary: One line.
sources: ['HPD "The deal timeline"']
sections:
  - heading: Lowest door card
    text: The lowest face-up card pays the bring-in.
    cite: ['RRP-H 8.1']
    points: [{points_one}]
    {try_one}
  - heading: Then clockwise
    text: The turn then passes clockwise.
    cite: ['HPD exercise 1']
    {points_two}
    {try_two}
exercises: [bring-in-ace-is-high, hpd-1-bring-in-suit-tie]
"""


def marked(points_one="bring-in-lowest-door-card", try_one="try: bring-in-ace-is-high",
           points_two="points: [door-tie-by-suit, third-street-clockwise]", try_two="try: hpd-1-bring-in-suit-tie"):
    return parse_lesson(MARKED.format(points_one=points_one, try_one=try_one, points_two=points_two,
                                      try_two=try_two), "marked.yaml")


def test_a_lesson_whose_sections_name_their_points_and_try_them_is_accepted():
    lesson, problems = marked()
    assert problems == [], problems
    assert lesson.sections[1].points == ("door-tie-by-suit", "third-street-clockwise")
    assert try_point_problems(lesson, COURSE.exercises) == []
    assert unmarked_try_warnings([lesson]) == []


def test_a_section_that_names_points_without_a_try_it_is_refused_at_its_points_line():
    _, problems = marked(try_two="")
    assert [(p.line, "has no try-it" in p.message) for p in problems] == [(17, True)], problems
    assert "door-tie-by-suit, third-street-clockwise" in problems[0].message


def test_a_try_it_without_points_is_refused_once_the_lesson_marks_any_section():
    _, problems = marked(points_two="")
    assert [(p.line, "names no rule point" in p.message) for p in problems] == [(18, True)], problems
    _, problems = marked(points_two="points: []")
    assert any(p.line == 17 and "points is empty" in p.message for p in problems), problems


def test_an_old_lesson_that_names_no_points_still_loads_with_a_warning_per_try_it():
    lesson, problems = marked(points_one="", points_two="")  # `points: []` in section 1 is empty
    assert any("points is empty" in p.message for p in problems)
    text = MARKED.replace("    points: [{points_one}]\n", "").format(try_one="try: bring-in-ace-is-high",
                                                                      points_two="", try_two="")
    lesson, problems = parse_lesson(text, "old.yaml")
    assert problems == [] and lesson.sections[0].try_it == "bring-in-ace-is-high"
    warnings = unmarked_try_warnings([lesson])
    assert [(w.file, w.line) for w in warnings] == [("old.yaml", 12)]
    assert warnings[0].message.startswith("warning: section 1 ('Lowest door card') ends with try")


def test_a_point_the_try_it_does_not_ask_is_refused_at_that_point():
    # bring-in-ace-is-high asks the lowest door card and the clockwise order, not the suit tie
    lesson, problems = marked(points_one="bring-in-lowest-door-card, door-tie-by-suit")
    assert problems == []
    found = try_point_problems(lesson, COURSE.exercises)
    assert [(p.file, p.line, p.column) for p in found] == [("marked.yaml", 12, 41)], found
    assert "'door-tie-by-suit' but its try-it 'bring-in-ace-is-high' does not ask it" in found[0].message
    assert "bring-in-lowest-door-card, third-street-clockwise" in found[0].message  # what it does ask


def test_course_check_reports_a_point_the_try_it_does_not_ask(tmp_path):
    lesson_file = tmp_path / "lessons" / "marked.yaml"
    lesson_file.parent.mkdir()
    lesson_file.write_text(MARKED.format(points_one="bring-in-lowest-door-card, door-tie-by-suit",
                                         try_one="try: bring-in-ace-is-high",
                                         points_two="points: [door-tie-by-suit]",
                                         try_two="try: hpd-1-bring-in-suit-tie"), encoding="utf-8")
    loaded = content.load_files([lesson_file, ROOT / "exercises"], ROOT)
    found = [p for p in loaded.problems if p.file.endswith("marked.yaml")]
    assert [(p.line, "does not ask it" in p.message) for p in found] == [(12, True)], found


FIRST_TWELVE = sorted((l for l in COURSE.lessons.values() if Path(l.path).name[:2] <= "12"), key=lambda l: l.path)


def test_lessons_one_to_twelve_are_there():
    assert [Path(l.path).name[:2] for l in FIRST_TWELVE] == [f"{n:02d}" for n in range(1, 13)]


@pytest.mark.parametrize("lesson", list(COURSE.lessons.values()), ids=lambda l: l.id)
def test_every_try_it_of_every_lesson_names_the_points_it_asks(lesson):
    """Every lesson of the course is held to the marker: its try-it sections name their points,
    each asked by the try-it, one try-it per section."""
    assert uses_points(lesson), f"{lesson.id} names no points"
    assert unmarked_try_warnings([lesson]) == []
    assert try_point_problems(lesson, COURSE.exercises) == []
    tries = [s for s in lesson.sections if s.try_it]
    marked_sections = [s for s in lesson.sections if s.points]
    assert len(tries) >= len(marked_sections) >= 1
    assert len({s.try_it for s in tries}) == len(tries), "one try-it per section, none twice"


def test_course_check_prints_the_warning_and_fails_on_a_point_not_asked(tmp_path, capsys):
    from course.cli import main

    (tmp_path / "lessons").mkdir()   # a file is read as a lesson in a lessons/ folder
    old = tmp_path / "lessons" / "old.yaml"
    old.write_text(MARKED.replace("    points: [{points_one}]\n", "").format(
        try_one="try: bring-in-ace-is-high", points_two="", try_two=""), encoding="utf-8")
    exercises = [str(ROOT / "exercises" / "stud-high" / f"{e}.yaml")
                 for e in ("bring-in-ace-is-high", "hpd-1-bring-in-suit-tie")]
    assert main(["check", str(old), *exercises]) == 0
    out = capsys.readouterr().out
    assert f"{old.as_posix()}:12:10: warning: section 1 ('Lowest door card') ends with try" in out
    bad = tmp_path / "lessons" / "bad.yaml"
    bad.write_text(MARKED.format(points_one="bring-in-lowest-door-card, door-tie-by-suit",
                                 try_one="try: bring-in-ace-is-high", points_two="points: [door-tie-by-suit]",
                                 try_two="try: hpd-1-bring-in-suit-tie"), encoding="utf-8")
    assert main(["check", str(bad), *exercises]) == 1
    out = capsys.readouterr().out
    assert f"{bad.as_posix()}:12:41: section 1 ('Lowest door card') teaches 'door-tie-by-suit'" in out
