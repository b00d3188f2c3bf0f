"""Progress: a learner's accuracy per skill over time, mastery per skill, the questions missed
most (with a way to practise them) and the attempt history as CSV. It only draws what
`course.store` computes; a store that fails while reading gives a message, never a traceback."""

from __future__ import annotations

import streamlit as st

from course.app import labels, motivation, progress_tables, site, state, study_feedback
from course.store import StoreError


def page() -> None:
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
        progress_tables.missed_table(missed, "progress_missed", [])
        if st.button("Practise what I missed", type="primary", icon=":material/replay:",
                     key="progress_practise_missed"):
            practise_missed()

    st.download_button("Download my attempt history (CSV)", store.csv(key),
                       file_name="stud-study-progress.csv", mime="text/csv",
                       key="progress_csv")


def mastery_chart(course, name: str) -> None:
    """One bar per skill: the share of its questions answered right on the latest try."""
    skills = state.per_course(course, progress_tables.question_skills)
    right: dict[str, int] = {}
    for eid, n in state.mastered(name):          # the learner's pairs, not the whole course
        of_exercise = skills.get(eid, ())
        if 0 <= n < len(of_exercise):
            right[of_exercise[n]] = right.get(of_exercise[n], 0) + 1
    totals: dict[str, list[int]] = {}             # skills with the same display name are one bar
    for skill, count in state.per_course(course, progress_tables.skill_totals_of).items():
        shown = totals.setdefault(labels.display_name(skill), [0, 0])
        shown[0] += right.get(skill, 0)
        shown[1] += count
    import pandas as pd    # here, not at the top: nor need they wait for pandas

    table = pd.DataFrame({"skill": list(totals),
                          "mastered": [round(100 * d / t) for d, t in totals.values()],
                          "level": [motivation.level(d / t) for d, t in totals.values()]})
    import altair as alt   # here, not at the top: a server's start (and its first page) need not wait for it

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


def practise_missed() -> None:
    st.session_state["practice_scope"] = "Missed most"
    st.session_state["practice_deal"] = None
    st.switch_page(site.page("practice"))
