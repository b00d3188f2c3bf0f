"""Course map: every lesson in order, grouped by game, with the learner's progress."""

import streamlit as st

from course.app import lesson_view as lv
from course.app import quiz, state

st.title("Course map")
st.markdown("Lessons run in order within each game. Each lesson ends with exercises the rules "
            "engine checks; your progress counts the questions you answered right on your "
            "latest try.")

if not state.missing_notice("content"):
    course = state.course()
    quiz.problems_panel(lv.problems(course))
    exercises = lv.exercises(course)
    name = state.learner()
    mastered = state.store().mastered(name) if name else set()
    lessons = lv.lessons(course)
    if not lessons:
        st.info("No lesson could be loaded.")
    for game in dict.fromkeys(lv.field(l, "game") for l in lessons):
        st.header(lv.game_title(game), divider="gray")
        for lesson in (l for l in lessons if lv.field(l, "game") == game):
            ids = lv.lesson_exercise_ids(lesson)
            total = done = 0
            for eid in ids:
                ex = exercises.get(eid)
                if ex is None:
                    continue
                total += len(ex.questions)
                done += sum((eid, n) in mastered for n in range(len(ex.questions)))
            lid = lv.field(lesson, "id")
            with st.container(border=True):
                left, right = st.columns([3, 1])
                with left:
                    st.page_link("views/lesson.py", query_params={"id": lid},
                                 label=f"**{lv.field(lesson, 'order')}. {lv.field(lesson, 'title')}**",
                                 icon=":material/menu_book:")
                    st.caption(quiz.md_escape(lv.field(lesson, "summary") or ""))
                with right:
                    if total:
                        st.progress(done / total, text=f"{done} of {total} questions right")
                    else:
                        st.caption("No exercises yet")
