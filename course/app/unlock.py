"""What Review may bring in: the skills the lessons a learner opened teach (`taught`, once per
course) and the memory cards they unlock (`unlocked`). Used by Review and the Course map; it reads
the lesson view, which never imports it back."""

from __future__ import annotations

from typing import Any

from course.app import lesson_view as lv
from course.app import state
from course.study import schedule, templates


def taught(course: Any) -> dict[str, tuple[set[tuple[str, str]], set[str]]]:
    """Lesson id -> what it teaches: the (game, ask) pairs of its exercises' questions, and its
    exercises' ids (once per course: see state.per_course)."""
    known = lv.exercises(course)
    out = {}
    for lesson in lv.lessons(course):
        ids = [e for e in lv.lesson_exercise_ids(lesson) if e in known]
        out[str(lv.field(lesson, "id"))] = ({(known[e].game, q.ask) for e in ids for q in known[e].questions},
                                            set(ids))
    return out


def unlocked(plan: schedule.Schedule, course: Any, keys: list[str]) -> list[str]:
    """The memory cards of `keys` that may enter Review: those already reviewed, and new ones
    whose skill a lesson the learner opened teaches (or whose game the learner chose). A trap
    card opens with its template's skill; a hand-written deal with its lesson."""
    lessons = state.per_course(course, taught) if course is not None else {}
    asks: set[tuple[str, str]] = set()
    deals: set[str] = set()
    for what in plan.opened:
        kind, _, name = what.partition(":")
        if kind == "lesson" and name in lessons:
            asks |= lessons[name][0]
            deals |= lessons[name][1]
    games = {what.partition(":")[2] for what in plan.opened if what.startswith("game:")}
    by_skill = {t.skill: (t.game, t.ask) for t in templates.templates().values()}
    exercises = lv.exercises(course)

    def open_(key: str) -> bool:
        if key in plan.cards:
            return True
        if key.startswith("exercise/"):
            eid = key[len("exercise/"):]
            return eid in deals or (eid in exercises and exercises[eid].game in games)
        game_ask = by_skill.get(key)
        return game_ask is not None and (game_ask in asks or game_ask[0] in games)

    return [k for k in keys if open_(k)]
