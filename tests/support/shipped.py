"""The shipped course for the test modules that read it, loaded and validated once per test
process.

Some forty test modules hold the shipped course as a module constant (their parameters are its
exercise and lesson ids). Each loading and validating it again made the collection of the suite
spend half its time there, in every worker. `shipped_course()` loads it once (`load_course`, as
those modules did), keeps it in the form a server's cache keeps a validated course
(`course.content.cache.dumps`), and gives each caller its own copy unpacked from that form, as a
server's restart does: no module shares an exercise object, or the replays kept on it, with
another.
"""

from __future__ import annotations

import pickle
from functools import cache
from pathlib import Path

from course import content
from course.content import cache as course_cache
from course.model import Course

ROOT = Path(__file__).resolve().parents[2]


@cache
def _validated() -> bytes:
    return course_cache.dumps(content.load_course(ROOT))


def shipped_course() -> Course:
    """A copy of the shipped course of its own, as `content.load_course(ROOT)` reads it."""
    return pickle.loads(_validated())
