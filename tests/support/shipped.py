"""The course as it ships (lessons/ and exercises/ of this repository), loaded once per test
process. Many test files read it at import, and pytest-xdist has every worker import every test
file, so a load per file cost each worker a second or more apiece. Tests only read it: a test
that changes course files works on a copy in its own temporary folder."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from course import content
from course.model import Course

ROOT = Path(__file__).resolve().parents[2]


@cache
def shipped_course() -> Course:
    return content.load_course(ROOT)
