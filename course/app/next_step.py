"""The next step mastery suggests after a lesson (`course.study.mastery.next_step`), as the
Course map and the end of each lesson show it: the rule of the lesson known least so far, with a
link to Practice on a deal that asks it, until every rule the lesson teaches is mastered; then
the next lesson. The measure is the one Progress shows (questions right on the latest try)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from course.app import lesson_view as lv
from course.app import site
from course.app.plain_text import md_escape
from course.rules.points import points
from course.study import mastery


def weakest_words(step: mastery.NextStep) -> str:
    """What a "practise" step asks the learner to practise, in the course's words: the rule
    point's own line, or, for a lesson that teaches no point its questions test, its questions."""
    point = points().get(step.target or "")
    if point is not None:
        return point.line
    return str(step.target) if step.target else "this lesson's questions"


def suggest(course: Any, lesson: Any, mastered: set[tuple[str, int]]) -> mastery.NextStep:
    """Draw the next step after `lesson` for a learner who has mastered `mastered`."""
    step = mastery.next_step(course, lesson, mastered)
    if step.kind == "practise":
        words = weakest_words(step)
        st.caption("Next step: practise the rule of this lesson you know least so far: "
                   f"**{md_escape(words)}**{'' if words.endswith('.') else '.'} The lesson is "
                   "done once every rule it teaches is mastered.")
        deal = course.exercises.get(step.exercise)
        st.page_link(site.page("practice"),
                     query_params={"deal": step.exercise, "q": str((step.question or 0) + 1)},
                     label=f"Practise it: {deal.title if deal is not None else step.exercise}",
                     icon=":material/quiz:", width="stretch")
    elif step.kind == "lesson":
        st.caption("Next step: every rule this lesson teaches is mastered; go on to the next lesson.")
        following = course.lessons.get(step.target)
        st.page_link(site.page("lesson"), query_params={"id": step.target},
                     label=f"Next step: {lv.field(following, 'title') if following is not None else step.target}",
                     icon=":material/arrow_forward:", width="stretch")
    else:
        st.caption("Next step: every lesson of this game is done; Practice and Review keep it fresh.")
    return step
