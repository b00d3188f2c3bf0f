"""What Review may bring in: the skills the lessons a learner has tried teach (`taught`, once per
course) and the memory cards they unlock (`unlocked`). A lesson is tried once its try-its have
been answered (`course.study.mastery.try_its_answered`), right or wrong: opening it is not
enough. Used by Review and the Course map; it reads the lesson view, which never imports it back."""

from __future__ import annotations

from typing import Any, Iterable

from course.app import lesson_view as lv
from course.app import state
from course.store import StoreError
from course.study import mastery, schedule


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


def try_its(course: Any) -> dict[str, frozenset[str]]:
    """Lesson id -> the exercises answering which tries it (`mastery.try_its`), for the lessons
    that have try-its (once per course). In the course's own order, not sorted: only looked up."""
    return {str(lv.field(l, "id")): mastery.try_its(l) for l in lv.as_list(lv.field(course, "lessons"))
            if hasattr(l, "sections")}


def answered(name: str) -> set[str]:
    """The exercises the learner has checked an answer to, right or wrong (in a lesson, on
    Practice or on Review); empty without a key or a store, or while the store cannot be read."""
    progress = state.store() if name else None
    if progress is None:
        return set()
    try:
        return progress.answered_exercises(name)
    except StoreError as exc:
        state.store_failed(exc)
        return set()


def tried(course: Any, attempted: Iterable[str]) -> set[str]:
    """The ids of the lessons whose try-its are all answered in `attempted` (exercise ids)."""
    attempted = attempted if isinstance(attempted, (set, frozenset)) else set(attempted)
    out: set[str] = set()
    if not attempted:           # nothing answered tries nothing (and a new learner's first map
        return out              # need not list every lesson's try-its)
    for lid, needed in state.per_course(course, try_its).items():
        if needed:
            if needed <= attempted:
                out.add(lid)
        elif attempted & state.per_course(course, taught).get(lid, (set(), set()))[1]:
            out.add(lid)      # a lesson without try-its: once one of its exercises is answered
    return out


def unlocked(plan: schedule.Schedule, course: Any, keys: list[str], attempted: Iterable[str]) -> list[str]:
    """The memory cards of `keys` that may enter Review: those already reviewed, and new ones
    whose skill a lesson the learner has tried teaches (`tried`: its try-its answered, in
    `attempted`), or whose game the learner chose on Practice. A trap card opens with its
    template's skill; a hand-written deal with its lesson."""
    lessons = state.per_course(course, taught) if course is not None else {}
    asks: set[tuple[str, str]] = set()
    deals: set[str] = set()
    for name in (tried(course, attempted) if course is not None else ()):
        if name in lessons:
            asks |= lessons[name][0]
            deals |= lessons[name][1]
    from course.study import templates    # Review's question, not the Course map's: see `tried`

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
