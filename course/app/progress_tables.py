"""What the Progress and Class pages both draw from the progress store: the skill each question
trains and how many questions each skill has (mastery is out of these), and the table of the
questions missed most."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from course.app import lesson_view as lv
from course.app import attempts, labels, quiz, state
from course.store.progress import spreadsheet_safe

if TYPE_CHECKING:
    import pandas as pd


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


def skill_totals_of(course) -> dict[str, int]:
    totals: dict[str, int] = {}
    for skills in state.per_course(course, question_skills).values():
        for skill in skills:
            totals[skill] = totals.get(skill, 0) + 1
    return totals


def skill_totals() -> dict[str, int]:
    """How many questions of the course train each skill (mastery is out of these)."""
    return dict(state.per_course(state.course(), skill_totals_of))


def missed_table(missed: pd.DataFrame, key: str, extra: list[str]) -> None:
    titles = _titles()   # looked up row by row: Series.map(dict) would copy all 43,000 titles
    missed = missed.assign(question=missed["question"] + 1,
                           title=[titles.get(eid) or drill_title(eid) for eid in missed["exercise"]])
    if extra:   # the teachers' Class page: an interactive grid, ids included for the CSV
        shown = missed[["title", "question", "skill", "missed", *extra, "attempts", "exercise", "ask"]]
        st.dataframe(shown.map(spreadsheet_safe), hide_index=True, key=key)   # its CSV too
        return
    # A learner's: their words only (no exercise ids or ask names), in a static table whose
    # columns all fit a phone (an interactive grid there shows one column and scrolls).
    missed = missed.assign(skill=missed["skill"].map(labels.display_name))
    with st.container(key=key):
        st.table(missed[["title", "question", "skill", "missed", "attempts"]], hide_index=True)


def drill_title(exercise_id: str) -> str:
    """An engine-made item's title (Review saves its attempts under `gen-<template>-<seed>`):
    its template's own, which already says "Drill: ..." or "Trap: ..."."""
    drill = attempts.generated_deal(exercise_id)
    return drill.title if drill is not None else ""
