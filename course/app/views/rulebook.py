"""Rulebook: every citation article, in our own words, grouped by source."""

import streamlit as st

from course.app import quiz, state

st.title("Rulebook")
st.markdown("Every rule the engine applies cites one of these articles. The texts are the "
            "course's own summaries of the sources.")

if not state.missing_notice("rules"):
    table = state.module("rules").citations()
    query = st.text_input("Filter", key="rulebook_filter", placeholder="bring-in, spit card...")
    words = query.lower().split()
    sources = {}
    for key, cit in table.items():
        blob = f"{key} {cit.title} {cit.text}".lower()
        if all(w in blob for w in words):
            sources.setdefault(cit.source_title, []).append((key, cit))
    if not sources:
        st.info(f"No article matches {query!r}.")
    for source_title, items in sources.items():
        st.header(source_title, divider="gray")
        for key, cit in items:
            st.markdown(f"**{quiz.md_escape(key)}**  \n{quiz.md_escape(cit.text)}")
