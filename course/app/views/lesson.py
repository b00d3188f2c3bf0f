"""Lesson reader: one lesson's sections, deals, sources and exercises ("try it now")."""

import streamlit as st

from course.app import lesson_view as lv
from course.app import quiz, state

if not state.missing_notice("content"):
    course = state.course()
    lessons = lv.lessons(course)
    if not lessons:
        st.title("Lesson reader")
        st.info("No lesson could be loaded.")
        quiz.problems_panel(lv.problems(course))
    else:
        ids = [lv.field(l, "id") for l in lessons]
        wanted = st.query_params.get("id")
        if "lesson_pick" not in st.session_state or (wanted in ids and
                                                     st.session_state.get("lesson_from") != wanted):
            st.session_state["lesson_pick"] = wanted if wanted in ids else ids[0]
            st.session_state["lesson_from"] = wanted
        if st.session_state["lesson_pick"] not in ids:
            st.session_state["lesson_pick"] = ids[0]
        titles = {lv.field(l, "id"): f"{lv.game_title(lv.field(l, 'game'))} "
                  f"{lv.field(l, 'order')}. {lv.field(l, 'title')}" for l in lessons}
        with st.sidebar:
            picked = st.selectbox("Lesson", ids, format_func=titles.get, key="lesson_pick")
        st.query_params["id"] = picked
        st.session_state["lesson_from"] = picked
        lesson = next(l for l in lessons if lv.field(l, "id") == picked)
        path = lv.field(lesson, "path")
        quiz.problems_panel([p for p in lv.problems(course)
                             if path and state.relative(p.file) == state.relative(path)],
                            "This lesson has problems")
        lv.lesson_body(lesson, course, prefix="lesson")
