"""Stud Study Room: the entry script (`streamlit run course/app/streamlit_app.py`).

It sets up the page, the shared session state and the sidebar, then hands over to the page the
learner picked. Pages live in `views/` and only lay out the screen.
"""

import streamlit as st

from course.app import cards_view, links, state

st.set_page_config(page_title="Stud Study Room", page_icon="🃏", layout="wide")
state.init()
st.html(cards_view.style_tag())
links.same_tab_links()

with st.sidebar:
    st.text_input("Your name", key="learner", max_chars=60,
                  help="Progress is kept per name on this computer.")
    if not state.learner():
        st.caption("Type a name to keep your progress.")

pages = {
    "Learn": [
        st.Page("views/course_map.py", title="Course map", icon=":material/map:", default=True),
        st.Page("views/lesson.py", title="Lesson reader", icon=":material/menu_book:"),
        st.Page("views/practice.py", title="Practice", icon=":material/quiz:"),
        st.Page("views/review.py", title="Review", icon=":material/event_repeat:", url_path="review"),
        st.Page("views/progress_page.py", title="Progress", icon=":material/insights:",
                url_path="progress"),
    ],
    "Reference": [
        st.Page("views/rulebook.py", title="Rulebook", icon=":material/gavel:"),
        st.Page("views/author.py", title="Author preview", icon=":material/edit_note:"),
    ],
}
st.navigation(pages).run()
