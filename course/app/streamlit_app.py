"""Stud Study Room: the entry script (`streamlit run course/app/streamlit_app.py`).

It sets up the page, the shared session state and the sidebar, then hands over to the page the
learner picked (`course.app.entry.main`). Pages live in `screens/`, one module per page.

Two modes (README, "Local and shared mode"; docs/shared-mode.md): local, the default, is one learner on their own
computer; shared, switched on by an `[auth]` section in `.streamlit/secrets.toml`, asks everyone
to log in (Streamlit's OpenID Connect login) and shows each role its pages: learners the
learning pages, authors also the Author preview, teachers also the class page.
"""

from course.app.entry import main

main()
