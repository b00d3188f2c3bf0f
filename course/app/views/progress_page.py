"""Progress: accuracy per skill over time, the questions missed most, the history as CSV."""

import streamlit as st

from course.app import state

st.title("Progress")
name = state.learner()
if not name:
    st.info("Type your name in the sidebar to see your progress.")
else:
    store = state.store()
    attempts = store.attempts(name)
    if attempts.empty:
        st.info(f"No answers checked yet for {name!r}. Try the Practice page.")
    else:
        right = int(attempts["correct"].sum())
        c1, c2, c3 = st.columns(3)
        c1.metric("Answers checked", len(attempts))
        c2.metric("Right", right)
        c3.metric("Accuracy", f"{right / len(attempts):.0%}")

        st.subheader("Accuracy per skill over time")
        over_time = store.accuracy_over_time(name)
        st.line_chart(over_time * 100, x_label="day", y_label="% right")
        st.caption("One point per day you practised a skill: the share of answers that were "
                   "right that day.")

        st.subheader("Accuracy per skill")
        by_skill = store.accuracy_by_skill(name)
        st.bar_chart(by_skill.set_index("skill")["accuracy"] * 100, y_label="% right")
        st.dataframe(by_skill, hide_index=True, key="progress_skills",
                     column_config={"accuracy": st.column_config.ProgressColumn(
                         "accuracy", min_value=0, max_value=1, format="percent")})

        st.subheader("Questions missed most")
        missed = store.most_missed(name)
        if missed.empty:
            st.success("Nothing missed so far.")
        else:
            missed = missed.assign(question=missed["question"] + 1)
            st.dataframe(missed, hide_index=True, key="progress_missed")

        st.download_button("Download my attempt history (CSV)", store.csv(name),
                           file_name=f"stud-study-{name}.csv", mime="text/csv",
                           key="progress_csv")
