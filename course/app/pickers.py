"""Choosing a lesson by name, shared by the Lesson reader, Practice and the Course map: each
lesson's label, the lessons in course order, and a picker that stays small however many lessons
the course holds (`pick_lesson`); `matching` is also the Author preview's file search."""

from itertools import compress

import streamlit as st

from course.app import lesson_view as lv
from course.app import state


def lesson_label(lesson, number: int | None = None) -> str:
    """"Seven-Card Stud High 4. Who opens the later streets, and why": `number`, the lesson's
    place in its game (`lv.lesson_numbers`), whatever its `order:` holds."""
    return f"{lv.game_title(lv.field(lesson, 'game'))} {number or lv.field(lesson, 'order')}. " \
        f"{lv.field(lesson, 'title')}"


def lesson_index(course):
    """The lessons in course order, their ids, their picker labels and id -> position (once per
    course: see state.per_course)."""
    lessons = lv.lessons(course)
    ids = [lv.field(l, "id") for l in lessons]
    numbers = lv.lesson_numbers(course)
    return lessons, ids, {lid: lesson_label(l, numbers.get(lid)) for lid, l in zip(ids, lessons)}, \
        {lid: n for n, lid in enumerate(ids)}


SHOWN_LESSONS = 200    # the most lesson names a picker sends to the browser on a rerun


def lesson_search(course) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every lesson id in course order and, for a case-blind search, its label and id lowered
    (once per course: see state.per_course)."""
    _, ids, titles, _ = state.per_course(course, lesson_index)
    return tuple(ids), tuple(f"{titles[i]} {i}".lower() for i in ids)


def matching(names, lowered, find: str) -> list[str]:
    """The names whose lowered text holds every word of `find` (any case), in their order."""
    for word in find.lower().split():   # a pass per word, over the survivors of the last one
        mask = [word in low for low in lowered]
        names, lowered = list(compress(names, mask)), list(compress(lowered, mask))
    return list(names)


def pick_lesson(course, label: str, key: str, titles: dict, width: int) -> tuple[str | None, bool]:
    """A lesson picker: every lesson for a course of up to SHOWN_LESSONS lessons; beyond that, a
    search box and at most SHOWN_LESSONS matches (the lesson picked so far always listed), as
    the Author preview's file picker does, so a rerun does not send every name to the browser.
    Returns the lesson picked and whether any lesson matched the search."""
    ids, lowered = state.per_course(course, lesson_search)
    if len(ids) <= SHOWN_LESSONS:
        return st.selectbox(label, ids, format_func=titles.get, key=key, placeholder="Choose a lesson",
                            width=width), True
    find = st.text_input(f"Find a lesson ({len(ids):,})", key=f"{key}_find", width=width,
                         placeholder="words of its title, e.g. bring-in")
    found = matching(ids, lowered, find)
    shown = found[:SHOWN_LESSONS]
    current = st.session_state.get(key)
    if current is not None and current not in shown and current in titles:
        shown.insert(0, current)               # the lesson open now stays listed
    if not shown:
        st.info("No lesson matches: try fewer or shorter words.")
        return None, False
    if current is not None and current not in shown:
        st.session_state[key] = shown[0]
    picked = st.selectbox(label, shown, format_func=titles.get, key=key, placeholder="Choose a lesson",
                          width=width)
    if len(found) > SHOWN_LESSONS:
        st.caption(f"Showing the first {SHOWN_LESSONS} of {len(found):,} matching lessons: type more "
                   "of the title to narrow the list.")
    return picked, True
