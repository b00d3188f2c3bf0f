"""The app's pages by name, for a link or a switch from one page to another.

`entry.main` builds the pages once per session and role set (an `st.Page` over each screen's
`page` function, `course/app/screens/`) and keeps them in the session under KEPT. A page given by
a function is linked to through its `st.Page` object, not a file name, so a screen asks for it
here by name (its URL path: "lesson", "practice", ...; "course_map" for the Course map) and no
screen imports another."""

from __future__ import annotations

import streamlit as st

from course.app import labels


KEPT = "_app_pages"      # (roles, {section: [st.Page]}, {name: st.Page}), set by entry.main


def page(name: str):
    """This session's page called `name`, as `st.navigation` registered it."""
    return st.session_state[KEPT][2][name]


def not_found(what: str, wanted: str) -> None:
    """Say that a link named an item (`what`: lesson, deal...) that does not exist, instead of
    opening another one in its place; the name from the address is shown quoted, as typed."""
    st.warning(f"There is no {what} called {labels.quoted(wanted)}. Choose one above, or start "
               "from the Course map.")
    st.page_link(page("course_map"), label="Course map", icon=":material/map:")
