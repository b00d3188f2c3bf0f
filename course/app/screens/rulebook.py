"""Rulebook: every citation article, in the course's own words, grouped by source, with contents
and a search box; /rulebook?article=<key> opens one article on top."""

import streamlit as st

from course import rules
from course.app import lesson_view as lv
from course.app import labels, quiz


def page() -> None:
    """Rulebook: every citation article, in our own words, grouped by source, with contents
    and a search box."""
    st.title("Rulebook")
    st.markdown("Every rule the engine applies cites one of these articles. The texts are the "
                "course's own summaries of the sources.")

    table = rules.citations()
    # /rulebook?article=<key>: the article an explanation's citation link points at
    wanted = st.query_params.get("article")
    if wanted is not None:
        if wanted not in table:
            st.warning(f"There is no article called {labels.quoted(wanted)}; every article "
                       "is listed below.")
        else:
            with st.container(border=True, key="rulebook_opened"):
                st.markdown(lv.article_md(table[wanted]))
    query = st.text_input("Search the rules", key="rulebook_filter", icon=":material/search:",
                          placeholder="bring-in, spit card, 3.3...")
    words = query.lower().split()
    sources = {}
    for key, cit in table.items():
        blob = f"{key} {labels.article_title(key)} {cit.source_title} {cit.text}".lower()
        if all(w in blob for w in words):
            sources.setdefault(cit.source_title, []).append((key, cit))
    if not sources:
        st.info(f"No article matches {labels.quoted(query)}.")
        return
    anchors = {title: f"source-{n}" for n, title in enumerate(sources, 1)}
    st.markdown("**Contents**  \n" + "  \n".join(
        f"[{quiz.md_escape(title)}](#{anchors[title]}) · {len(items)} "
        + ("article" if len(items) == 1 else "articles") for title, items in sources.items()))
    for source_title, items in sources.items():
        st.header(source_title, divider="gray", anchor=anchors[source_title])
        for key, cit in items:
            st.markdown(lv.article_md(cit, source=False))
