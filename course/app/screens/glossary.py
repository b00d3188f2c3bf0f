"""The Glossary page: every term of `glossary.yaml` (read by `course.content.glossary`), with its
definition and a link to the lesson that introduces it, filtered by a search box."""

from __future__ import annotations

import streamlit as st

from course.app import lesson_view as lv
from course.app import authoring, quiz, state
from course.content import glossary


def page() -> None:
    """Every term, alphabetically, filtered by the search box, each linked to its lesson."""
    st.title("Glossary")
    st.markdown("The words of the course, each with the lesson that first explains it.")
    terms, _ = glossary.load(state.content_root())     # its problems are on Author preview
    authoring.quiet_line(state.course())
    lessons = state.course().lessons
    numbers = state.per_course(state.course(), lv.lesson_numbers)
    query = st.text_input("Find a word", key="glossary_filter", placeholder="kicker, bring-in...")
    words = query.lower().split()
    shown = [t for t in sorted(terms, key=lambda t: t.term.lower())
             if all(w in f"{t.term} {t.text}".lower() for w in words)]
    if not shown:
        st.info(f"No word matches {query!r}.")
    for t in shown:
        lesson = lessons.get(t.lesson)
        where = ""
        if lesson is not None:
            where = (f"  \n*Explained in [{lv.game_title(lv.field(lesson, 'game'))}, lesson "
                     f"{numbers.get(t.lesson, lv.field(lesson, 'order'))}: {quiz.md_escape(lv.field(lesson, 'title'))}]"
                     f"(lesson?id={t.lesson})*")
        st.markdown(f"**{quiz.md_escape(t.term)}**: {quiz.author_md(t.text)}{where}")
