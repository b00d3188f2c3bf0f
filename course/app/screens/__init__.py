"""The app's pages, one module per page, each read top to bottom: `page()`, the function
`st.navigation` runs (`entry.build_pages`), comes first, then the helpers only that page uses.
What several pages share lives beside this folder in `course/app/` (`pickers`, `attempts`,
`progress_tables`, `lesson_view`, `quiz`, ...); a page never imports another page, and links to
one through `site.page(name)`.

The folder is not called `pages/`: Streamlit treats a `pages/` folder beside the entry script
as a multipage app of the older kind, and would run `pages/lesson.py` on its own for /lesson,
without the entry script (its set-up, sidebar and error guard)."""
