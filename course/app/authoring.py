"""Authoring errors go to authors: what a learner sees of a broken course file, and the full
list an author sees.

A learner's pages show the course without the files that have problems and, at most, one quiet
line ("one exercise is being fixed"); the problems themselves, with file, line and column, are
on Author preview and in the server's log (written once per course object). The list is the one
`python -m course check` prints (`course.cli.course_problems`): the files' own problems, the
glossary's, the engine's disagreement with an authored answer and a pot the deal cannot make. An
exercise the engine rejects is never served to a learner (`servable`, `served`).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Iterable

import streamlit as st

from course.app import state
from course.content.map_index import CourseIndex

LOG = logging.getLogger("course")

# Up to this many exercises the whole course is checked by the engine once per course object
# (about a millisecond an exercise); beyond it each exercise is checked when it is about to be
# served (`servable`), so a very large course does not pay for the whole check on one rerun.
WHOLE_CHECK_LIMIT = 2000


def course_check(course: Any) -> list[Any]:
    """Every problem `python -m course check` reports for this course (once per course object:
    see `state.per_course`), each also written to the server's log."""
    if isinstance(course, CourseIndex):
        return list(course.problems)    # the Course map's index: no deal to check, logged with the course
    from course import cli              # not for the index: a restarted server's first map need not import it

    if len(course.exercises) > WHOLE_CHECK_LIMIT:
        found = list(course.problems)
    else:
        found = cli.course_problems(course, state.content_root())
    for problem in found:
        LOG.warning("content problem: %s:%s:%s: %s", state.relative(problem.file), problem.line,
                    problem.column, problem.message)
    return found


def problems(course: Any) -> list[Any]:
    return state.per_course(course, course_check)


def _same_file(a: Any, b: Any) -> bool:
    return state.relative(a) == state.relative(b)


def rejected_files(course: Any) -> frozenset[str]:
    """The files (as authors name them) with any problem `course check` reports, once per
    course (every page's quiet line asks, on every rerun: at 43,000 exercises the names cost a
    Course map's run a tenth of a second)."""
    return state.per_course(course, _rejected_files)


def _rejected_files(course: Any) -> frozenset[str]:
    return frozenset(state.relative(p.file) for p in problems(course))


def _rejected_ids(course: Any) -> frozenset[str]:
    bad = rejected_files(course)
    return frozenset(eid for eid, ex in course.exercises.items() if state.relative(ex.path) in bad)


def rejected_ids(course: Any) -> frozenset[str]:
    """The ids of the loaded exercises whose file has a problem (the engine disagrees with an
    authored answer, say): they are not served to learners."""
    return state.per_course(course, _rejected_ids)


def servable(course: Any, exercise: Any) -> bool:
    """May this exercise be shown to a learner? Not when `course check` reports a problem in its
    file; in a course too large for the whole check, its own engine check decides (kept on the
    exercise, so it is run once)."""
    if exercise is None:
        return False
    if getattr(exercise, "id", None) not in getattr(course, "exercises", {}):
        return True                      # an engine-made drill: the engine wrote its answers
    if len(course.exercises) <= WHOLE_CHECK_LIMIT:
        return exercise.id not in rejected_ids(course)

    def check() -> bool:
        from course.content import verdict
        return not verdict.engine_problems([exercise])
    return exercise.replayed(("servable",), check) if hasattr(exercise, "replayed") else check()


def served(course: Any, pool: Iterable[Any]) -> list[Any]:
    """`pool` without the exercises a learner is not shown."""
    if len(getattr(course, "exercises", {})) > WHOLE_CHECK_LIMIT:
        return list(pool)                # checked one by one as they are drawn (`servable`)
    bad = rejected_ids(course)
    if not bad:
        return pool if isinstance(pool, list) else list(pool)
    return [ex for ex in pool if getattr(ex, "id", None) not in bad]


def quiet_words(files: Iterable[str]) -> str | None:
    """The one line a learner reads about files being fixed, or None when none is."""
    files = set(files)
    exercises = sum(1 for f in files if Path(f).parts[:1] == ("exercises",))
    lessons = sum(1 for f in files if Path(f).parts[:1] == ("lessons",))
    parts = []
    if exercises:
        parts.append("one exercise" if exercises == 1 else f"{exercises} exercises")
    if lessons:
        parts.append("one lesson" if lessons == 1 else f"{lessons} lessons")
    if len(files) > exercises + lessons:
        parts.append("a course file" if not parts else "another course file")
    if not parts:
        return None
    verb = "is" if len(files) == 1 else "are"
    return (" and ".join(parts) + f" {verb} being fixed and not shown for now; "
            "everything else is here.").capitalize()


def _quiet_words_of(course: Any) -> str | None:
    return quiet_words(rejected_files(course))


def quiet_line(course: Any) -> None:
    """At most one quiet line on a learner's page: how many files are being fixed (worked out
    once per course)."""
    words = state.per_course(course, _quiet_words_of)
    if words:
        st.caption(words, help="Its author sees what is wrong on Author preview.")
