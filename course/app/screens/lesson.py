"""Lesson reader: one lesson's sections, deals, sources and exercises ("try it now"), then the way
on: the next step mastery suggests, practise the lesson, or the previous or next lesson.

The page (`page`) comes first; the lesson itself is drawn by `lesson_view.lesson_body`, which the
Author preview shares."""

from typing import Any

import streamlit as st

from course.app import lesson_view as lv
from course.app import authoring, next_step, pickers, scroll, site, state


def page() -> None:
    """Lesson reader: one lesson's sections, deals, sources and exercises ("try it now"), then
    the way on: practise it, or the previous or next lesson. The picker is on the page itself,
    so a phone reaches it without opening the sidebar."""
    course = state.course()
    lessons, ids, titles, position = state.per_course(course, pickers.lesson_index)
    if not lessons:
        st.title("Lesson reader")
        st.info("No lesson could be loaded.")
        authoring.quiet_line(course)
        return
    wanted = st.query_params.get("id")
    if "lesson_pick" not in st.session_state or st.session_state.get("lesson_from") != wanted:
        # A link (/lesson?id=...) decides and an unknown id opens nothing in its place;
        # without one, the lesson last read here opens again.
        last = st.session_state.get("lesson_from")
        if wanted is None:
            st.session_state["lesson_pick"] = last if last in ids else ids[0]
        else:
            st.session_state["lesson_pick"] = wanted if wanted in ids else None
        st.session_state["lesson_from"] = wanted
    if st.session_state["lesson_pick"] is not None and st.session_state["lesson_pick"] not in position:
        st.session_state["lesson_pick"] = ids[0]
    picked, any_match = pickers.pick_lesson(course, "Lesson", "lesson_pick", titles, 520)
    if not any_match:
        return
    if picked is None:
        st.title("Lesson not found")
        site.not_found("lesson", wanted)
        return
    st.query_params["id"] = picked
    st.session_state["lesson_from"] = picked
    scroll.to_top_when(f"lesson:{picked}")      # every way in opens the lesson at its title
    here = position[picked]
    lesson = lessons[here]
    authoring.quiet_line(course)
    lv.lesson_body(lesson, course, prefix="lesson")

    st.divider()
    # long lesson titles wrap rather than being cut off on a phone
    st.html("<style>.st-key-lesson_onward [data-testid=stPageLink] p{white-space:normal}</style>")
    with st.container(key="lesson_onward"):
        _next_step(course, lesson)
        if lv.lesson_exercise_ids(lesson):
            if st.button("Practise this lesson", type="primary", icon=":material/quiz:",
                         key="lesson_practise"):
                practise_lesson(lesson)
        # No wrap-round: the first lesson has no previous one, the last no next one.
        for label, to, icon in (("Next lesson", here + 1, ":material/arrow_forward:"),
                                ("Previous lesson", here - 1, ":material/arrow_back:")):
            if 0 <= to < len(ids):
                st.page_link(site.page("lesson"), query_params={"id": ids[to]}, icon=icon,
                             label=f"{label}: {lv.field(lessons[to], 'title')}",
                             width="stretch")


def _next_step(course: Any, lesson: Any) -> None:
    """The step mastery suggests after this lesson: its weakest rule point, with a link to
    Practice on a deal that asks it, or the next lesson once every point it teaches is mastered
    (course.study.mastery; the measure Progress shows)."""
    if not state.learner() or not hasattr(lesson, "sections") or not hasattr(course, "lessons_in_order"):
        return
    next_step.suggest(course, lesson, state.mastered(state.learner()))


def practise_lesson(lesson) -> None:
    """Open Practice on this lesson's deals, the first one first."""
    ids = lv.lesson_exercise_ids(lesson)
    st.session_state["practice_scope"] = "Lesson"
    st.session_state["practice_lesson"] = lv.field(lesson, "id")
    st.session_state["practice_deal"] = ids[0] if ids else None
    st.switch_page(site.page("practice"))
