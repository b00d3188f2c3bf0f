"""Warnings about how lessons point at each other: a gap in a game's lesson order (the Course map
numbers lessons 1, 2, 3 ... within each game) and a "lesson N" in a lesson's text that names no
lesson the Course map shows under that number.

A reference is read against the lesson's own game first, then Seven-Card Stud High, the course's
main path (a Have a Heart lesson may send the learner to a stud lesson for the betting rules).
"""

from __future__ import annotations

import re
from typing import Iterable

from course.model import Lesson, Problem

MAIN_GAME = "stud-high"
# "lesson 5", "lessons 2 to 6", "lessons 2 and 6", "lessons 2, 3 and 6", "lessons 2-6"
_REFERENCE = re.compile(r"\blessons?\s+(\d+(?:\s*(?:,|and|to|-|–)\s*\d+)*)", re.I)


def numbers(reference: str) -> list[int]:
    """The lesson numbers of one reference; a range (`2 to 6`) gives both ends."""
    return [int(n) for n in re.findall(r"\d+", reference)]


def warnings(lessons: Iterable[Lesson]) -> list[Problem]:
    lessons = list(lessons)
    by_game: dict[str, dict[int, Lesson]] = {}
    for lesson in lessons:
        by_game.setdefault(lesson.game, {})[lesson.order] = lesson
    found: list[Problem] = []
    for game, orders in by_game.items():
        expected = 1
        for order in sorted(orders):
            if order != expected:
                lesson = orders[order]
                line, column = lesson.marks.get("order", (lesson.line, 1))
                missing = f"{expected}" if order == expected + 1 else f"{expected} to {order - 1}"
                found.append(Problem(lesson.path, line, column,
                                     f"warning: order {order} leaves a gap in {game}'s lessons (no lesson "
                                     f"{missing}); the Course map shows this lesson as number {order}"))
            expected = order + 1
    for lesson in lessons:
        own, main = by_game.get(lesson.game, {}), by_game.get(MAIN_GAME, {})
        for section in lesson.sections:
            for match in _REFERENCE.finditer(section.text or ""):
                bad = [n for n in numbers(match.group(1)) if n not in own and n not in main]
                if bad:
                    line, column = _where(lesson, section, match.group(0))
                    found.append(Problem(lesson.path, line, column,
                                         f"warning: {match.group(0)!r} names no lesson {', '.join(map(str, bad))} "
                                         f"on the Course map ({lesson.game} has lessons "
                                         f"{_span(own)}; {MAIN_GAME} has {_span(main)})"))
    return found


def _span(orders: dict[int, Lesson]) -> str:
    return f"1 to {max(orders)}" if orders else "none"


def _where(lesson: Lesson, section, text: str) -> tuple[int, int]:
    """The line of the reference in the lesson file (its first line when it cannot be found)."""
    try:
        with open(lesson.path, encoding="utf-8") as handle:
            for n, row in enumerate(handle, 1):
                at = row.find(text)
                if at >= 0:
                    return n, at + 1
    except OSError:
        pass
    return lesson.line, 1
