"""Motivation where the learner looks: the streak and today's goal on the Course map and
Progress (Review has them too), a level per skill from the mastery measure, and Practice's
session summary (right first time, what to review next), as Review ends its sessions.

The figures are the schedule's own (`course.study.schedule`: the daily count, the goal and the
streak) and the progress store's attempts; nothing here grades or counts anew.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

import streamlit as st

from course.app import labels, site, state
from course.app.learner_schedule import schedule_for_learner
from course.study import schedule

if TYPE_CHECKING:
    import pandas as pd

# A skill's level from its mastery (the share of its questions answered right on the latest
# try), in a few named steps: (lowest share, name). The course's own scale.
LEVELS = ((0.0, "New"), (0.01, "Started"), (0.4, "Practising"), (0.7, "Solid"), (0.9, "Mastered"))

GOAL_HELP = ("Each question you answer counts once towards the daily goal, at its first check: in "
             "lesson exercises, on Practice and on Review. The streak is the days in a row with an "
             "answer. Set the goal on Review.")


def level(share: float) -> str:
    """The named step a mastery share (0 to 1) reaches."""
    name = LEVELS[0][1]
    for lowest, step in LEVELS:
        if share >= lowest:
            name = step
    return name


def goal_strip(key: str) -> None:
    """One line: the streak and today's answers against the goal, with its bar."""
    if not state.learner():
        return
    plan = schedule_for_learner()
    today = schedule.now_utc().date()
    done, goal, streak = plan.answered_on(today), max(int(plan.goal or 1), 1), plan.streak(today)
    with st.container(key=key, horizontal=True, vertical_alignment="center", gap="medium"):
        st.markdown(f":material/local_fire_department: **{streak} day{'s' if streak != 1 else ''}** "
                    "in a row", width="content", help=GOAL_HELP)
        st.progress(min(done / goal, 1.0),
                    text=f"Today {done} of {goal}" + (": goal reached" if done >= goal else ""))


# -- Practice's session ---------------------------------------------------------------------

STARTED = "practice_session_started"


def practice_session_start() -> None:
    """The session starts at the first Practice page of a browser session (or a new session)."""
    st.session_state.setdefault(STARTED, datetime.now(timezone.utc))


def new_practice_session() -> None:
    st.session_state[STARTED] = datetime.now(timezone.utc)
    st.session_state["practice_summary"] = False


def session_attempts(since: datetime) -> pd.DataFrame:
    """This learner's Practice and lesson attempts since `since` (Review keeps its own)."""
    import pandas as pd  # here, not at the top: the Course map's first run imports this module

    name, store = state.learner(), state.store()
    if not name or store is None:
        return pd.DataFrame()
    try:
        attempts = store.attempts(name)
    except Exception:  # noqa: BLE001 - the store's panel says what is wrong
        return pd.DataFrame()
    if attempts.empty:
        return attempts
    at = pd.to_datetime(attempts["at"], utc=True, errors="coerce")
    return attempts[at >= pd.Timestamp(since)]


def summary_figures(attempts: pd.DataFrame) -> dict[str, Any]:
    """Questions answered, right first time, and the skills missed (most missed first)."""
    if attempts.empty:
        return {"questions": 0, "first_time": 0, "missed": []}
    first = attempts[attempts["try_kind"] == "first"]
    per_question = attempts.groupby(["exercise", "question"], sort=False)
    missed = attempts[~attempts["correct"].astype(bool)]
    return {"questions": int(per_question.ngroups),
            "first_time": int((first["correct"].astype(bool) & ~first["revealed"].astype(bool)).sum()),
            "missed": list(missed["skill"].value_counts().index)}


def practice_summary() -> None:
    """Practice's session summary, as Review ends its sessions."""
    figures = summary_figures(session_attempts(st.session_state.get(STARTED, datetime.now(timezone.utc))))
    st.header("Session summary")
    c1, c2 = st.columns(2)
    c1.metric("Right first time", f"{figures['first_time']} of {figures['questions']}",
              help="Questions answered right at their first check, without the answer shown.")
    c2.metric("Questions answered", figures["questions"])
    if figures["missed"]:
        st.markdown("**Review next:** " + ", ".join(labels.display_name(s) for s in figures["missed"][:5]))
    elif figures["questions"]:
        st.markdown("**Review next:** nothing missed this session.")
    goal_strip("practice_summary_goal")
    with st.container(horizontal=True, gap="small"):
        st.button("Practise more", key="practice_more", type="primary", on_click=new_practice_session)
        st.page_link(site.page("review"), label="Go to Review", icon=":material/event_repeat:")
