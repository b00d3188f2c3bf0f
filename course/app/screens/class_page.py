"""Class (teachers only): mastery per skill per learner, the questions most missed across the
class, and both as CSV. A store that fails while reading gives a message, never a traceback."""

from __future__ import annotations

import streamlit as st

from course.app import progress_tables, state
from course.store import StoreError
from course.store.progress import csv_text, spreadsheet_safe


def page() -> None:
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
    totals = progress_tables.skill_totals()
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
        progress_tables.missed_table(missed, "class_missed", ["learners"])

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
