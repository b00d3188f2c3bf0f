"""Practice: pick what to practise, then one deal at a time, checked by the engine."""

import streamlit as st

from course.app import lesson_view as lv
from course.app import quiz, state

st.title("Practice")

SCOPES = ["Game", "Topic", "Lesson", "Not yet mastered"]


def ordered_exercises(course):
    """Exercises in course order: as the lessons list them, then any others by file."""
    known = lv.exercises(course)
    order = []
    for lesson in lv.lessons(course):
        order += [eid for eid in lv.lesson_exercise_ids(lesson) if eid in known]
    order += list(known)
    return [known[eid] for eid in dict.fromkeys(order)]


def topics_of(course, ex):
    found = {lv.field(l, "topic") for l in lv.lessons(course) if ex.id in lv.lesson_exercise_ids(l)}
    return found | {quiz.skill_of(ex, q) for q in ex.questions}


if not state.missing_notice("content", "questions"):
    course = state.course()
    quiz.problems_panel(lv.problems(course))
    pool_all = ordered_exercises(course)
    if "practice_scope" not in st.session_state:
        st.session_state["practice_scope"] = "Game"
    # /practice?deal=<exercise id> opens that deal (a link to share, and the browser test)
    wanted = st.query_params.get("deal")
    by_id = {ex.id: ex for ex in pool_all}
    if wanted in by_id and st.session_state.get("practice_from") != wanted:
        st.session_state["practice_from"] = wanted
        st.session_state["practice_scope"] = "Game"
        st.session_state["practice_game"] = by_id[wanted].game
        st.session_state["practice_deal"] = wanted
    scope = st.segmented_control("Practise by", SCOPES, key="practice_scope") or "Game"
    if scope == "Game":
        games = list(dict.fromkeys(ex.game for ex in pool_all))
        choice = st.selectbox("Game", games, format_func=lv.game_title, key="practice_game")
        pool = [ex for ex in pool_all if ex.game == choice]
    elif scope == "Topic":
        topics = sorted({t for ex in pool_all for t in topics_of(course, ex)})
        choice = st.selectbox("Topic", topics, key="practice_topic")
        pool = [ex for ex in pool_all if choice in topics_of(course, ex)]
    elif scope == "Lesson":
        lessons = lv.lessons(course)
        titles = {lv.field(l, "id"): lv.field(l, "title") for l in lessons}
        choice = st.selectbox("Lesson", list(titles), format_func=titles.get,
                              key="practice_lesson")
        ids = next((lv.lesson_exercise_ids(l) for l in lessons if lv.field(l, "id") == choice), [])
        known = lv.exercises(course)
        pool = [known[eid] for eid in ids if eid in known]
    else:
        name = state.learner()
        mastered = state.store().mastered(name) if name else set()
        pool = [ex for ex in pool_all
                if any((ex.id, n) not in mastered for n in range(len(ex.questions)))]
        st.caption(f"{len(pool)} of {len(pool_all)} deals still have a question you have not "
                   "answered right on your latest try.")

    if not pool:
        st.info("Nothing to practise here.")
    else:
        ids = [ex.id for ex in pool]
        if st.session_state.get("practice_deal") not in ids:
            st.session_state["practice_deal"] = ids[0]
        here = ids.index(st.session_state["practice_deal"])

        def step(delta: int, ids=ids, here=here) -> None:
            st.session_state["practice_deal"] = ids[(here + delta) % len(ids)]

        left, mid, right = st.columns([1, 3, 1])
        left.button("← Previous deal", key="practice_prev", on_click=step, args=(-1,),
                    disabled=len(ids) < 2)
        mid.markdown(f"Deal **{here + 1}** of **{len(ids)}**")
        right.button("Next deal →", key="practice_next", on_click=step, args=(1,),
                     disabled=len(ids) < 2)
        quiz.exercise_block(pool[here], prefix="practice")
