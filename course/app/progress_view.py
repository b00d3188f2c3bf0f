"""The two screens that read the progress store: a learner's own Progress, and the teachers'
Class page. Both only draw what `course.store` computes; a store that fails while reading gives
a message, never a traceback."""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from course.app import lesson_view as lv
from course.app import labels, motivation, quiz, screens, state, study_feedback
from course.store import StoreError
from course.store.progress import csv_text, spreadsheet_safe


def _exercise_titles(course) -> dict[str, str]:
    return {eid: ex.title for eid, ex in lv.exercises(course).items()}


def _titles() -> dict[str, str]:
    course = state.course()
    return state.per_course(course, _exercise_titles)


def question_skills(course) -> dict[str, list[str]]:
    """Exercise id -> the skill each of its questions trains (once per course, see
    state.per_course: a course of 43,000 exercises has about 170,000 questions)."""
    return {eid: [quiz.skill_of(ex, q) for q in ex.questions]
            for eid, ex in lv.exercises(course).items()}


def _skill_totals(course) -> dict[str, int]:
    totals: dict[str, int] = {}
    for skills in state.per_course(course, question_skills).values():
        for skill in skills:
            totals[skill] = totals.get(skill, 0) + 1
    return totals


def _missed_table(missed: pd.DataFrame, key: str, extra: list[str]) -> None:
    titles = _titles()   # looked up row by row: Series.map(dict) would copy all 43,000 titles
    missed = missed.assign(question=missed["question"] + 1,
                           title=[titles.get(eid) or _drill_title(eid) for eid in missed["exercise"]])
    if extra:   # the teachers' Class page: an interactive grid, ids included for the CSV
        shown = missed[["title", "question", "skill", "missed", *extra, "attempts", "exercise", "ask"]]
        st.dataframe(shown.map(spreadsheet_safe), hide_index=True, key=key)   # its CSV too
        return
    # A learner's: their words only (no exercise ids or ask names), in a static table whose
    # columns all fit a phone (an interactive grid there shows one column and scrolls).
    missed = missed.assign(skill=missed["skill"].map(labels.display_name))
    with st.container(key=key):
        st.table(missed[["title", "question", "skill", "missed", "attempts"]], hide_index=True)


def _drill_title(exercise_id: str) -> str:
    """An engine-made item's title (Review saves its attempts under `gen-<template>-<seed>`):
    its template's own, which already says "Drill: ..." or "Trap: ..."."""
    drill = screens.generated_deal(exercise_id)
    return drill.title if drill is not None else ""


def progress() -> None:
    """Progress: accuracy per skill over time, the questions missed most, the history as CSV."""
    st.title("Progress")
    who = state.identity()
    store = state.store()
    if who is None or store is None:
        return                       # the panel above the page says why nothing is saved
    try:
        _progress(store, who)
    except StoreError as exc:
        state.store_failed(exc)                  # a damaged file: the panel offers the move-aside
        st.error(f"Your progress cannot be shown just now: {exc}")


def _progress(store, who: state.Identity) -> None:
    key = who.key
    attempts = store.attempts(key)
    if attempts.empty:
        st.info("No answers checked yet. Try the Practice page.")
        return
    right = int(attempts["correct"].sum())
    motivation.goal_strip("progress_goal")
    c1, c2, c3 = st.columns(3)
    c1.metric("Answers checked", len(attempts), help="Every check, second tries included. The daily "
              "goal on Review counts each question once, at its first check.")
    c2.metric("Right", right)
    plan = study_feedback.schedule_for_learner()
    recall = [plan.mastery(k) for k in plan.cards]
    c3.metric("Recall tomorrow", f"{sum(recall) / len(recall):.0%}" if recall else "new",
              help=study_feedback.RECALL_HELP + " Averaged over what you have reviewed; the "
                   "Spaced review table below gives each.")

    st.subheader("Mastery per skill")
    mastery_chart(state.course(), key)
    st.caption("Mastery of a skill is the share of its questions in the course that you "
               "answered right on your latest try: each bar is one skill.")
    if plan.cards:
        st.subheader("Spaced review")
        st.caption("Recall tomorrow for each skill or deal you have reviewed, and when Review "
                   "brings it back. " + study_feedback.RECALL_HELP)
        study_feedback.mastery(plan, "progress_mastery")
    daily = store.accuracy_over_time(key)
    if len(daily) > 1:
        st.markdown("**Per day** (% right that day)")
        st.line_chart(daily * 100, x_label="day", y_label="% right")

    st.subheader("Accuracy per skill")
    by_skill = store.accuracy_by_skill(key)
    by_skill = by_skill.assign(skill=by_skill["skill"].map(labels.display_name))
    by_skill = by_skill.assign(accuracy=[f"{a:.0%}" for a in by_skill["accuracy"]])
    with st.container(key="progress_skills"):     # static: every column fits a phone
        st.table(by_skill, hide_index=True)

    st.subheader("Questions missed most")
    missed = store.most_missed(key)
    if missed.empty:
        st.success("Nothing missed so far.")
    else:
        _missed_table(missed, "progress_missed", [])
        if st.button("Practise what I missed", type="primary", icon=":material/replay:",
                     key="progress_practise_missed"):
            screens.practise_missed()

    st.download_button("Download my attempt history (CSV)", store.csv(key),
                       file_name="stud-study-progress.csv", mime="text/csv",
                       key="progress_csv")


def mastery_chart(course, name: str) -> None:
    """One bar per skill: the share of its questions answered right on the latest try."""
    skills = state.per_course(course, question_skills)
    right: dict[str, int] = {}
    for eid, n in state.mastered(name):          # the learner's pairs, not the whole course
        of_exercise = skills.get(eid, ())
        if 0 <= n < len(of_exercise):
            right[of_exercise[n]] = right.get(of_exercise[n], 0) + 1
    totals: dict[str, list[int]] = {}             # skills with the same display name are one bar
    for skill, count in state.per_course(course, _skill_totals).items():
        shown = totals.setdefault(labels.display_name(skill), [0, 0])
        shown[0] += right.get(skill, 0)
        shown[1] += count
    table = pd.DataFrame({"skill": list(totals),
                          "mastered": [round(100 * d / t) for d, t in totals.values()],
                          "level": [motivation.level(d / t) for d, t in totals.values()]})
    # Always 0-100 % (an axis that ends at the best skill would make 40 % look full), and skill
    # names cut at a width that leaves the bars room on a phone.
    chart = alt.Chart(table).mark_bar().encode(
        y=alt.Y("skill:N", sort="-x", title=None, axis=alt.Axis(labelLimit=140)),
        x=alt.X("mastered:Q", scale=alt.Scale(domain=[0, 100]), axis=alt.Axis(values=[0, 25, 50, 75, 100]),
                title="% right on your latest try"),
        tooltip=[alt.Tooltip("skill:N"), alt.Tooltip("mastered:Q", title="% right"),
                 alt.Tooltip("level:N")],
    )
    st.altair_chart(chart, width="stretch")
    # a level per skill, from the same measure, in a few named steps
    levels = table.sort_values("mastered", ascending=False, kind="stable")
    with st.container(key="progress_levels"):
        st.table(levels.assign(mastered=[f"{m}%" for m in levels["mastered"]])[["skill", "level", "mastered"]],
                 hide_index=True)
    st.caption("Levels: " + " · ".join(
        f"{name} from {round(lowest * 100)}%" if lowest else name for lowest, name in motivation.LEVELS[1:])
        + "; New before any right answer.")


def skill_totals() -> dict[str, int]:
    """How many questions of the course train each skill (mastery is out of these)."""
    return dict(state.per_course(state.course(), _skill_totals))


def class_page() -> None:
    """Class (teachers): mastery per skill per learner, the questions most missed across the
    class, and both as CSV."""
    st.title("Class")
    if not state.has_role("teacher"):
        st.error("This page is for teachers.")
        return
    store = state.store()
    if store is None:
        return
    try:
        _class(store)
    except StoreError as exc:
        state.store_failed(exc)                  # a damaged file: the panel offers the move-aside
        st.error(f"The class's progress cannot be shown just now: {exc}")


def _class(store) -> None:
    totals = skill_totals()
    mastery = store.class_mastery(totals)
    if mastery.empty:
        st.info("No learner has checked an answer yet.")
        return
    everything = store.all_attempts()
    c1, c2, c3 = st.columns(3)
    c1.metric("Learners", mastery["learner"].nunique())
    c2.metric("Answers checked", len(everything))
    c3.metric("Right", f"{everything['correct'].mean():.0%}")

    st.subheader("Mastery per skill")
    st.caption("Each cell: the share of the course's questions on that skill whose latest "
               "answer was right without the answer being shown first (a skill not tried "
               "yet counts 0%).")
    grid = mastery.pivot_table(index="learner", columns="skill", values="mastery",
                               aggfunc="first")
    skills = sorted(set(grid.columns) | set(totals))
    grid = (grid.reindex(columns=skills).fillna(0.0) * 100).round()
    names = mastery.drop_duplicates("learner").set_index("learner")["name"]
    # neutralised before the grid is drawn: its own toolbar "Download as CSV" writes cells as
    # they are, so a display name a learner chose must not start like a formula there either
    grid.insert(0, "name", names.reindex(grid.index).map(spreadsheet_safe))
    grid = grid.sort_values("name").reset_index(drop=True).rename(columns={"name": "learner"})
    columns = {skill: st.column_config.ProgressColumn(skill, min_value=0, max_value=100,
                                                      format="%d%%") for skill in skills}
    columns["learner"] = st.column_config.TextColumn("learner", pinned=True)
    st.dataframe(grid, hide_index=True, key="class_mastery", column_config=columns)

    st.subheader("Questions missed most across the class")
    missed = store.class_most_missed()
    if missed.empty:
        st.success("Nobody has missed a question yet.")
    else:
        _missed_table(missed, "class_missed", ["learners"])

    left, right = st.columns(2)
    left.download_button("Download mastery per skill (CSV)",
                         csv_text(mastery.drop(columns="learner")),
                         file_name="stud-study-class-mastery.csv", mime="text/csv",
                         key="class_csv")
    right.download_button("Download every attempt (CSV)",
                          csv_text(everything.assign(name=everything["learner"].map(
                              store.names()))),
                          file_name="stud-study-class-attempts.csv", mime="text/csv",
                          key="class_attempts_csv")
