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

import importlib
from typing import Any

from course import stud_asks_source

# Where each name this package offers is defined. They are imported when first asked for
# (`__getattr__`), not with the package: a restarted server reads the Course map's index through
# `course.content.map_index` and draws its first map before anything validates an exercise, so
# importing the package must not import the validators, the asks' solvers and the engine.
_HOMES = {
    "Ask": "course.asks",
    "suggest": "course.content.checker",
    **dict.fromkeys(("EXERCISE_KEYS", "QUESTION_KEYS", "STAKE_KEYS", "exercise_from_data", "load_exercise",
                     "parse_exercise", "require_exercise", "with_profile"), "course.content.exercises"),
    **dict.fromkeys(("DEAL_KEYS", "LESSON_KEYS", "SECTION_KEYS", "load_lesson", "parse_lesson"),
                    "course.content.lessons"),
    **dict.fromkeys(("content_files", "find_root", "is_lesson_file", "load_course", "load_files"),
                    "course.content.load"),
    **dict.fromkeys(("Node", "parse_yaml"), "course.content.nodes"),
    **dict.fromkeys(("GAMES", "MAX_SEATS", "STREETS", "STUD_ASKS", "TOPICS", "variant_module"), "course.games"),
    "ContentError": "course.errors",
    **dict.fromkeys(("Course", "Deal", "Exercise", "Hand", "Lesson", "Problem", "Question", "Section"),
                    "course.model"),
    "asks_for": "course.asks.solvers",      # the registry, with the stud asks registered
}

__all__ = sorted(_HOMES)

# Importing the package has always been enough to look asks up: the stud asks are registered
# by the solvers, imported when a lookup first needs them (`course.stud_asks_source`).
stud_asks_source.promise("course.asks.solvers")


def __getattr__(name: str) -> Any:
    """One of the package's names (`_HOMES`), imported from its module when first asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value       # later lookups find it without this function
    return value
