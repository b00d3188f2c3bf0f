"""Course content: load lessons and exercises from YAML, validate them, report every problem.

Data flows one way: YAML -> this module's validated model -> engine. Authors read the problems
this module reports, so each one names the file, line and column, quotes the bad input and says
what was expected. Nothing here raises for bad content: `load_exercise`, `load_lesson` and
`load_course` return the problems beside whatever model could be built.

YAML 1.1 (PyYAML) silently turns some text into other things; the loader works on the composed
node tree, which keeps the raw text and position of every scalar, so it can catch:

- duplicate keys (PyYAML keeps the last one without a word);
- unknown keys, with a "did you mean" suggestion;
- `yes`/`no`/`on`/`off` read as booleans where a name is meant (a player called `No`);
- sexagesimal numbers: `3:1` is read as 181;
- cards dealt twice (both places named), unknown players, asks the game does not support;
- illegal actions (through `course.engine.betting`, which names and cites the rule broken);
- ids used twice across the course and lessons that link to missing exercises.
"""

from __future__ import annotations

from course.asks import Ask
from course.content.checker import suggest
from course.content.exercises import (
    EXERCISE_KEYS, QUESTION_KEYS, STAKE_KEYS, exercise_from_data, load_exercise, parse_exercise, require_exercise, with_profile,
)
from course.content.lessons import DEAL_KEYS, LESSON_KEYS, SECTION_KEYS, load_lesson, parse_lesson
from course.content.load import content_files, find_root, is_lesson_file, load_course, load_files
from course.content.nodes import Node, parse_yaml
from course.games import GAMES, MAX_SEATS, STREETS, STUD_ASKS, TOPICS, variant_module
from course.errors import ContentError
from course.model import Course, Deal, Exercise, Hand, Lesson, Problem, Question, Section
from course.asks.solvers import asks_for   # the registry, with the stud asks registered

__all__ = [
    "Ask", "ContentError", "Course", "DEAL_KEYS", "Deal", "EXERCISE_KEYS", "Exercise",
    "GAMES", "Hand", "LESSON_KEYS", "Lesson", "MAX_SEATS", "Node", "Problem", "QUESTION_KEYS",
    "Question", "SECTION_KEYS", "STAKE_KEYS", "STREETS", "STUD_ASKS", "Section", "TOPICS",
    "asks_for", "content_files", "exercise_from_data", "find_root", "is_lesson_file", "load_course", "load_exercise",
    "load_files",
    "load_lesson", "parse_exercise", "parse_lesson", "parse_yaml", "require_exercise", "suggest",
    "variant_module", "with_profile",
]
